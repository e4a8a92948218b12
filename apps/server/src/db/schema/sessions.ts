import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Who used Teamup on which day (UTC), fed by the sessions: a sign-in adds one to `sign_ins`, and
 * the once-a-minute last-used write of a session records the day its user was active. System
 * Analytics (issue 13) counts sign-ins and distinct active users per day from it; unlike the
 * sessions, it survives their retention. One row per user and day.
 */
export const userActivityDays = pgTable(
  'user_activity_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signIns: integer('sign_ins').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId] }),
    index('user_activity_days_user_day_idx').on(t.userId, t.day),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** sha-256 hex of the random token; the token itself is only ever in the cookie. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * ID tokens (Google's or the development issuer's) that have signed someone in, kept until
 * they expire so that the same credential cannot sign in twice (replay). Keyed by a sha-256
 * of the issuer and the token, never the token itself.
 */
export const usedIdTokens = pgTable(
  'used_id_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('used_id_tokens_expires_at_idx').on(t.expiresAt)],
);
