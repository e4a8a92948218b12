import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditEvents, courses, organizations } from './organizations.js';
import { users } from './users.js';

/**
 * What happened to a user (issue 14, decision 111), written in the same transaction as the
 * change that caused it, so none is lost and none is sent for a change that rolled back. An
 * insert tells every process at commit (a statement trigger calls pg_notify on the events
 * channel, migration 0016); the live stream reads the rows by `seq`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Increasing in insert order: the live stream's event id (Last-Event-ID replays after it). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_KINDS (@teamup/shared). */
    kind: text('kind').notNull(),
    /** The audit event it comes from, when one does (its actor, team and course are copied). */
    auditEventId: uuid('audit_event_id').references(() => auditEvents.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id'),
    /** What the sentence needs beyond the joined names (an upload's file name, counts…). */
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * Issue 26: false when the user muted the kind in the app but wants it by email; such a row
     * is written read and the bell, the list and the live stream leave it out.
     */
    shownInApp: boolean('shown_in_app').notNull().default(true),
  },
  (t) => [
    // A user's list, newest first, and the replay after a seq.
    index('notifications_user_seq_idx').on(t.userId, t.seq),
    // The unread count and the unread filter read only the unread rows.
    index('notifications_user_unread_idx')
      .on(t.userId, t.seq)
      .where(sql`${t.readAt} IS NULL`),
    // Retention deletes by age.
    index('notifications_created_at_idx').on(t.createdAt),
  ],
);

/**
 * DEADLINE_SOON reminders sent: one row per course and deadline, claimed by insert in the
 * transaction that writes the reminders, so however many processes run the job, a deadline is
 * announced once (and again if the deadline moves).
 */
export const notificationDeadlineReminders = pgTable(
  'notification_deadline_reminders',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** Issue 26: how long before the deadline (72 or 24); rows from before it are 24 h ones. */
    hours: integer('hours').notNull().default(24),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.deadline, t.hours] })],
);
