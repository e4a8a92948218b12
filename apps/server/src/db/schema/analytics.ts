import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The past days (UTC) whose activity is rolled up into `analytics_activity_rollup` (System
 * Analytics, decision 109). A day is listed once its rows are written, in the same transaction;
 * a day not listed is computed live from user_activity_days by the usage call.
 */
export const analyticsRollupDays = pgTable('analytics_rollup_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One past day's activity, for everyone (organization_id = the nil UUID) and per organization
 * (its people that day: enrolled, not removed, in one of its courses, or its admins). Past days
 * never change (activity rows are written for today only), so the usage call reads these
 * instead of the day's user_activity_days rows.
 *
 * `first_after[k + 1]` (k = 0 … 89) counts the day's active users whose previous active day is
 * more than k days before it (or who had none in the 90 days before): those are the users for
 * whom this day is their first of a range that starts k days before it. Distinct active users
 * over a range are then a sum: for each day d of the range, first_after[d − start + 1].
 */
export const analyticsActivityRollup = pgTable(
  'analytics_activity_rollup',
  {
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => analyticsRollupDays.day, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    activeUsers: integer('active_users').notNull(),
    signIns: integer('sign_ins').notNull(),
    firstAfter: integer('first_after').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.organizationId] })],
);

/**
 * Each organization's people (users enrolled, not removed, in one of its courses, and its
 * admins, counted once), recounted by every run of the rollup job (every few minutes) for the
 * usage call's rankings, which would otherwise count every enrollment on each call. Until the
 * job first ran, the call counts them itself.
 */
export const analyticsOrganizationPeople = pgTable('analytics_organization_people', {
  organizationId: uuid('organization_id').primaryKey(),
  people: integer('people').notNull(),
  countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The usage call's per-day figures kept as rows change (issue 25, decision 129), per day of the
 * row's creation (UTC): CSV uploads (count, failed, finished, rows processed) per organization,
 * and new users (organization_id = the nil UUID: everyone). Statement triggers on csv_uploads and
 * users insert each statement's change as rows here, never an update, so writers never wait on
 * each other; a day's figure is the sum of its rows, and the rollup job folds them into one row
 * per organization and day. Migration 0025 wrote the rows of the data that existed before it.
 */
export const analyticsDailyCounts = pgTable(
  'analytics_daily_counts',
  {
    organizationId: uuid('organization_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    newUsers: integer('new_users').notNull().default(0),
    csvUploads: integer('csv_uploads').notNull().default(0),
    csvFailed: integer('csv_failed').notNull().default(0),
    csvFinished: integer('csv_finished').notNull().default(0),
    csvRowsProcessed: bigint('csv_rows_processed', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('analytics_daily_counts_day_idx').on(t.day, t.organizationId)],
);

/**
 * Teams formed per course and day of creation (UTC), kept like analytics_daily_counts by a
 * statement trigger on teams (decision 129). Per course, so a deleted course's rows find no
 * course at read time, as its teams (deleted with it) did.
 */
export const analyticsDailyTeams = pgTable(
  'analytics_daily_teams',
  {
    courseId: uuid('course_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    teamsFormed: integer('teams_formed').notNull(),
  },
  (t) => [index('analytics_daily_teams_day_idx').on(t.day, t.courseId)],
);
