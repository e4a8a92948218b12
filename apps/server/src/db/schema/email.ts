import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { notifications } from './notifications.js';
import { courses } from './organizations.js';
import { users } from './users.js';

/**
 * The email outbox (issue 26, decision 133). A statement trigger on notifications writes one row
 * per notification the recipient wants by email, in the notification's transaction: PENDING to
 * be sent at once, HELD for the daily digest. The mail worker claims PENDING rows under a lease
 * (`attempts` is the fencing token), the digest job turns a user's HELD rows into one DIGEST row
 * (they become DIGESTED, pointing at it). Deleting the notification (taken back, retention)
 * deletes its row: what was taken back before it went out is never sent.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** NOTIFICATION (one notification) or DIGEST (the notifications pointing at it). */
    kind: text('kind').notNull(),
    notificationId: uuid('notification_id')
      .unique()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** PENDING, HELD, DIGESTED, SENT, FAILED, EXPIRED or CANCELLED. */
    state: text('state').notNull(),
    /** Claims so far; a claim's writes hold only while this is still theirs. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last failure: TEMPORARY, PERMANENT or UNDELIVERABLE, and its SMTP code. */
    errorClass: text('error_class'),
    errorCode: integer('error_code'),
    /** A HELD row once a digest took it: that digest's row. */
    digestId: uuid('digest_id'),
    /** A digest: the recipient's local date it is for. */
    digestOn: date('digest_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('email_deliveries_kind', sql`${t.kind} IN ('NOTIFICATION', 'DIGEST')`),
    check(
      'email_deliveries_state',
      sql`${t.state} IN ('PENDING', 'HELD', 'DIGESTED', 'SENT', 'FAILED', 'EXPIRED', 'CANCELLED')`,
    ),
    // The worker's claim: the due rows in order, nothing else read.
    index('email_deliveries_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'PENDING'`),
    // The digest: a user's held rows.
    index('email_deliveries_held_idx')
      .on(t.userId)
      .where(sql`${t.state} = 'HELD'`),
    // The hourly cap: a user's emails sent in the last hour.
    index('email_deliveries_user_sent_idx')
      .on(t.userId, t.sentAt)
      .where(sql`${t.state} = 'SENT'`),
    index('email_deliveries_digest_idx')
      .on(t.digestId)
      .where(sql`${t.digestId} IS NOT NULL`),
    index('email_deliveries_created_at_idx').on(t.createdAt),
  ],
);

/** A user's email choice per kind, only where it differs from EMAIL_DEFAULTS (@teamup/shared). */
export const userEmailPreferences = pgTable(
  'user_email_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** IMMEDIATE, DIGEST or OFF. */
    mode: text('mode').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('user_email_preferences_mode', sql`${t.mode} IN ('IMMEDIATE', 'DIGEST', 'OFF')`),
  ],
);

/**
 * The development mailbox: without SMTP_URL and with the development sign-in on, every email
 * is kept here instead of leaving the machine, so every process's mail is in one place.
 */
export const devMail = pgTable(
  'dev_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    messageId: text('message_id').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mail_created_at_idx').on(t.createdAt)],
);

/** "Remind students without a team": when each course's last went out (once per 24 h). */
export const courseReminders = pgTable(
  'course_reminders',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    recipients: integer('recipients').notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.kind] })],
);
