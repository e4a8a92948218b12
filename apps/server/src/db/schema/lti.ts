import { sql } from 'drizzle-orm';
import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses, organizations } from './organizations.js';
import { users } from './users.js';

/**
 * An LMS registered as an LTI 1.3 platform (issue 28, decisions 136 and 138). It belongs to one
 * organization: its launches create and find that organization's courses and people only.
 */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    authorizationUrl: text('authorization_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    /** The client assertion's `aud` when it is not the token URL (D2L); null: tokenUrl. */
    authTokenAudience: text('auth_token_audience'),
    deploymentIds: text('deployment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** MANUAL (the admin's form) or DYNAMIC (LTI Dynamic Registration). */
    registeredBy: text('registered_by').notNull().default('MANUAL'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_platforms_issuer_client_idx').on(t.issuer, t.clientId),
    index('lti_platforms_organization_idx').on(t.organizationId),
  ],
);

/** A launch's nonce, claimed once (kept until its id_token expires, then pruned). */
export const ltiNonces = pgTable(
  'lti_nonces',
  {
    issuer: text('issuer').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.nonce] }),
    index('lti_nonces_expires_idx').on(t.expiresAt),
  ],
);

/** A person at a platform: (platform, `sub`) is who they are; the user is their Teamup account. */
export const ltiIdentities = pgTable(
  'lti_identities',
  {
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    sub: text('sub').notNull(),
    /** A handle for the profile's Unlink (the key is the pair above). */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email the platform sent (latest launch or roster), vouched for or not (decision 141). */
    email: text('email'),
    /** NEW (a new LMS-only account) | VOUCHED_EMAIL | PERSON (linked by the person). */
    linkSource: text('link_source').notNull().default('NEW'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLaunchAt: timestamp('last_launch_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.platformId, t.sub] }),
    index('lti_identities_user_idx').on(t.userId),
    uniqueIndex('lti_identities_id_idx').on(t.id),
  ],
);

/** An LMS course (context) and the Teamup course it is; its roster service when known. */
export const ltiContexts = pgTable(
  'lti_contexts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    contextId: text('context_id').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id').notNull(),
    title: text('title').notNull().default(''),
    label: text('label').notNull().default(''),
    /** The NRPS context_memberships_url of the latest launch that carried one. */
    membershipsUrl: text('memberships_url'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** When the nightly job last took this course up (its claim: one process a day). */
    syncClaimedAt: timestamp('sync_claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_contexts_platform_context_idx').on(t.platformId, t.contextId),
    uniqueIndex('lti_contexts_course_idx').on(t.courseId),
  ],
);

/**
 * The one-time code a launch hands the browser (at most 60 s, single use): exchanged at
 * POST /auth/login/lti for the usual tokens. Only its sha-256 is stored.
 */
export const ltiLoginCodes = pgTable(
  'lti_login_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where the app lands: the course page or the course's admin page. */
    target: text('target').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('lti_login_codes_expires_idx').on(t.expiresAt)],
);
