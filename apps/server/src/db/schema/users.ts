import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { PROFILE_VISIBILITIES, ROLES, type ProfileLink } from '@teamup/shared';

export const roleEnum = pgEnum('role', ROLES);
export const profileVisibilityEnum = pgEnum('profile_visibility', PROFILE_VISIBILITIES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    googleSub: text('google_sub').unique(),
    fullname: text('fullname').notNull(),
    avatar: text('avatar'),
    role: roleEnum('role').notNull().default('STUDENT'),
    bio: text('bio').notNull().default(''),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    links: jsonb('links')
      .$type<ProfileLink[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** One line above the bio (issue 12). */
    headline: text('headline').notNull().default(''),
    /**
     * The skills trimmed and lower-cased, without repeats: what search and matching compare
     * (the GIN index below). A trigger keeps it from `skills` (migration 0009), so every writer
     * of users keeps it.
     */
    skillKeys: text('skill_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Who may see the profile: students sharing an ACTIVE course, or everyone in the orgs. */
    profileVisibility: profileVisibilityEnum('profile_visibility').notNull().default('CLASSMATES'),
    /** Whether other students see the email (teammates always do). */
    showEmail: boolean('show_email').notNull().default(false),
    /**
     * Notification kinds the user muted (issue 14, decision 111): the writers of notifications
     * skip them, so a muted kind is neither stored nor streamed.
     */
    mutedNotificationKinds: text('muted_notification_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Issue 26: the IANA time zone the browser reported (the digest's 08:00); null: not yet. */
    timeZone: text('time_zone'),
    /** Issue 26: "all Teamup emails" off (the unsubscribe page or /profile): nothing is queued. */
    emailAllOff: boolean('email_all_off').notNull().default(false),
    /**
     * Issue 26: the address refused mail with a 5xx reply; nothing is queued for it until the
     * user says on /profile that their mailbox works again. The reply code is kept beside it.
     */
    emailUndeliverableAt: timestamp('email_undeliverable_at', { withTimezone: true }),
    emailUndeliverableCode: integer('email_undeliverable_code'),
    /** Issue 26: the local date of the last daily digest (claimed by a conditional update). */
    lastDigestOn: date('last_digest_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    // Emails are compared lower-cased everywhere (DESIGN §5); the database holds the rule too.
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    // The superadmin user directory pages through users by name then email, all of them or
    // one role at a time: each index hands a page over in order without sorting the table.
    // Its substring search (ILIKE '%…%') cannot use a btree; see decision 040.
    index('users_fullname_email_idx').on(t.fullname, t.email),
    index('users_role_fullname_email_idx').on(t.role, t.fullname, t.email),
    // Skill search (community directory, matching): an index, not a scan of every profile.
    index('users_skill_keys_idx').using('gin', t.skillKeys),
    // The few students who opened their profile to their organizations: the directory's
    // organization-visibility branch starts here instead of reading every user (migration 0010).
    index('users_organization_visible_idx')
      .on(t.id)
      .where(sql`${t.profileVisibility} = 'ORGANIZATION'`),
    // System Analytics' new users per week reads the accounts created in its range, not every
    // user (migration 0015).
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
