import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { TEAM_REQUEST_STATUSES } from '@teamup/shared';
import { courses } from './organizations.js';
import { users } from './users.js';

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    leaderId: uuid('leader_id').references(() => users.id, { onDelete: 'set null' }),
    // The leader's name, email and avatar, copied so that lists and details read no user row
    // for the leader (decision 098). Database triggers keep them equal to the user's: one on
    // teams fills them whenever leader_id is set, one on users rewrites them when those change.
    leaderFullname: text('leader_fullname'),
    leaderEmail: text('leader_email'),
    leaderAvatar: text('leader_avatar'),
    maxSize: integer('max_size').notNull(),
    openToRequests: boolean('open_to_requests').notNull().default(true),
    /** Skills the team is looking for, as the leader typed them (at most 10, issue 12). */
    wantedSkills: text('wanted_skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Kept up to date in the same transaction as membership changes; lists read it. */
    memberCount: integer('member_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    disbandedAt: timestamp('disbanded_at', { withTimezone: true }),
    /**
     * Issue 27 (decision 135): the project a placement by criteria gave the team (the survey's
     * project name as it was then); null when none was given.
     */
    project: text('project'),
  },
  (t) => [
    // Names are unique among a course's live teams, whatever their case.
    uniqueIndex('teams_course_name_unique')
      .on(t.courseId, sql`lower(${t.name})`)
      .where(sql`${t.disbandedAt} IS NULL`),
    index('teams_course_idx').on(t.courseId, t.disbandedAt),
    // The live teams a student leads (community invite options, decision 129).
    index('teams_leader_idx')
      .on(t.leaderId)
      .where(sql`${t.disbandedAt} IS NULL`),
    // System Analytics' teams formed per day: the teams created in its range with their course,
    // from the index alone (migration 0015).
    index('teams_created_at_idx').on(t.createdAt, t.courseId),
    // The target of the (team, course) foreign keys below: rows that copy a team's course
    // must copy it right.
    unique('teams_id_course_unique').on(t.id, t.courseId),
    check('teams_max_size_positive', sql`${t.maxSize} >= 1`),
    check('teams_capacity', sql`${t.memberCount} >= 0 AND ${t.memberCount} <= ${t.maxSize}`),
    check(
      'teams_leader_copy',
      sql`${t.leaderId} IS NULL OR (${t.leaderFullname} IS NOT NULL AND ${t.leaderEmail} IS NOT NULL)`,
    ),
  ],
);

/**
 * Members, join requests and invitations copy their team's course (so that "one team per
 * course" and "cancel the student's other requests in the course" are index lookups); this
 * key makes the database refuse a copy that differs from the team's, and deletes the row with
 * its team.
 */
const teamCourseKey = (name: string, t: { teamId: AnyPgColumn; courseId: AnyPgColumn }) =>
  foreignKey({
    name,
    columns: [t.teamId, t.courseId],
    foreignColumns: [teams.id, teams.courseId],
  }).onDelete('cascade');

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Copied from the team so the database can hold "one team per student per course". */
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the member last saw the team's notices (issue 13: the dashboard lists teams with
     * notices posted since). Null: never, so every notice is new to them.
     */
    noticesSeenAt: timestamp('notices_seen_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    unique('team_members_one_team_per_course').on(t.courseId, t.userId),
    // The copied course is the team's course, or "one team per course" would hold nothing.
    teamCourseKey('team_members_team_course_fk', t),
    index('team_members_user_idx').on(t.userId),
  ],
);

export const teamRequestStatusEnum = pgEnum('team_request_status', TEAM_REQUEST_STATUSES);

export const joinRequests = pgTable(
  'join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    status: teamRequestStatusEnum('status').notNull().default('PENDING'),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // One open request (PENDING or WAITLISTED) per student per team (DESIGN §7.5, issue 15).
    // Written with the closed statuses: a migration cannot use an enum value it adds
    // (WAITLISTED, migration 0020) in the same transaction.
    uniqueIndex('join_requests_one_open')
      .on(t.teamId, t.userId)
      .where(sql`${t.status} NOT IN ('ACCEPTED', 'REJECTED', 'WITHDRAWN', 'CANCELLED')`),
    index('join_requests_team_idx').on(t.teamId, t.status),
    index('join_requests_user_idx').on(t.userId, t.courseId, t.status),
    // A course's pending requests by age (the dashboard's "unanswered for 48 h").
    index('join_requests_pending_course_idx')
      .on(t.courseId, t.createdAt)
      .where(sql`${t.status} = 'PENDING'`),
    teamCourseKey('join_requests_team_course_fk', t),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    inviteeId: uuid('invitee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    status: teamRequestStatusEnum('status').notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_one_pending')
      .on(t.teamId, t.inviteeId)
      .where(sql`${t.status} = 'PENDING'`),
    index('invitations_team_idx').on(t.teamId, t.status),
    index('invitations_invitee_idx').on(t.inviteeId, t.courseId, t.status),
    // A course's pending invitations, recounted by the counter trigger (migration 0021).
    index('invitations_pending_course_idx')
      .on(t.courseId)
      .where(sql`${t.status} = 'PENDING'`),
    teamCourseKey('invitations_team_course_fk', t),
  ],
);

export const teamNotices = pgTable(
  'team_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_notices_team_idx').on(t.teamId, t.pinned, t.createdAt)],
);

export type TeamRow = typeof teams.$inferSelect;

/**
 * Team membership as periods (issue 15, decision 115): one row per stay of a student in a team.
 * Triggers on team_members open a period on insert and close it on delete (migration 0021), so
 * the periods follow the membership table whatever writes it; the closing reason is the one the
 * writer set for the transaction (`teamup.leave_reason`, see membership.ts). The migration
 * backfilled the periods from the audit trail. `?at=` exports and team histories read them.
 */
export const teamMembershipPeriods = pgTable(
  'team_membership_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** One of MEMBERSHIP_END_REASONS (@teamup/shared); null while open. */
    leftReason: text('left_reason'),
  },
  (t) => [
    // At most one open period per student and team (the member row it mirrors).
    uniqueIndex('team_membership_periods_open')
      .on(t.teamId, t.userId)
      .where(sql`${t.leftAt} IS NULL`),
    index('team_membership_periods_course_idx').on(t.courseId, t.joinedAt),
    index('team_membership_periods_user_idx').on(t.userId, t.courseId),
    check(
      'team_membership_periods_order',
      sql`${t.leftAt} IS NULL OR ${t.leftAt} >= ${t.joinedAt}`,
    ),
  ],
);
