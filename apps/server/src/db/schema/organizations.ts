import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ENROLLMENT_SOURCES, ENROLLMENT_STATUSES } from '@teamup/shared';
import { users } from './users.js';

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    /** Issue 26: the digest's time zone for members whose browser never reported one. */
    defaultTimeZone: text('default_time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Soft delete: a deleted organization keeps all its data and can be restored. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('organizations_slug_unique').on(t.slug),
    index('organizations_name_idx').on(t.name),
  ],
);

export const organizationAdmins = pgTable(
  'organization_admins',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appointedBy: uuid('appointed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index('organization_admins_user_idx').on(t.userId),
  ],
);

/**
 * An email domain an organization owns (issue 34, decision 141), set by a superadmin: the
 * organization's LMS platforms vouch for emails inside its domains only. A domain belongs to
 * one organization at most.
 */
export const organizationDomains = pgTable(
  'organization_domains',
  {
    domain: text('domain').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organization_domains_organization_idx').on(t.organizationId)],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    title: text('title').notNull(),
    term: text('term').notNull(),
    description: text('description').notNull().default(''),
    teamSizeMin: integer('team_size_min').notNull(),
    teamSizeMax: integer('team_size_max').notNull(),
    teamFormationDeadline: timestamp('team_formation_deadline', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleting a course archives it; nothing is lost. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * How many live teams (not disbanded, with a leader) the course has: the total of its
     * unfiltered team list. A trigger on teams keeps it, at commit (decision 098).
     */
    liveTeamCount: integer('live_team_count').notNull().default(0),
    /**
     * The course's enrollments (not removed) by status, and its pending join requests and
     * invitations: the formation dashboard's figures without counting rows per request. Triggers
     * on enrollments, join_requests and invitations keep them, at commit (migration 0012,
     * decision 108), like live_team_count.
     */
    pendingCount: integer('pending_count').notNull().default(0),
    activeCount: integer('active_count').notNull().default(0),
    inactiveCount: integer('inactive_count').notNull().default(0),
    pendingJoinRequestCount: integer('pending_join_request_count').notNull().default(0),
    pendingInvitationCount: integer('pending_invitation_count').notNull().default(0),
    /** Students in a team of the course (team_members rows), kept by a trigger (migration 0014). */
    placedCount: integer('placed_count').notNull().default(0),
    /**
     * The course's live (not disbanded) teams by size: element i + 1 counts those of i members
     * (missing or null elements: none), and of them the full ones (member_count >= max_size).
     * The dashboard's teams, open, full and under-minimum figures without reading the teams; kept
     * by a trigger on teams at commit like the counters above (migration 0024, decision 129).
     */
    liveTeamSizes: integer('live_team_sizes')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    fullTeamCount: integer('full_team_count').notNull().default(0),
  },
  (t) => [
    // Codes are unique within an organization whatever their case ("cs101" = "CS101").
    uniqueIndex('courses_org_code_unique').on(t.organizationId, sql`lower(${t.code})`),
    index('courses_org_idx').on(t.organizationId, t.archivedAt),
    check(
      'courses_team_size_range',
      sql`${t.teamSizeMin} >= 1 AND ${t.teamSizeMin} <= ${t.teamSizeMax}`,
    ),
  ],
);

export const enrollmentStatusEnum = pgEnum('enrollment_status', ENROLLMENT_STATUSES);
export const enrollmentSourceEnum = pgEnum('enrollment_source', ENROLLMENT_SOURCES);

export const enrollments = pgTable(
  'enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Lower-cased; the key until the student signs in. */
    email: text('email').notNull(),
    /** Set once the student has an account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullname: text('fullname').notNull().default(''),
    studentId: text('student_id'),
    /**
     * The course section the student is in (issue 36, decision 154): the roster's section
     * column, a manual add, or the LMS (the launch's LIS claim, the roster sync). One line,
     * 1-60 characters, or null. Placement can keep each section's students together.
     */
    section: text('section'),
    status: enrollmentStatusEnum('status').notNull(),
    source: enrollmentSourceEnum('source').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** Removed by an admin: hidden everywhere, kept for the record; adding again restores it. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * "Looking for a team" in this course (issue 12), with an optional note. A trigger on
     * team_members switches it off when the student joins a team of the course (0009).
     */
    lookingForTeam: boolean('looking_for_team').notNull().default(false),
    lookingNote: text('looking_note').notNull().default(''),
    /**
     * The enrolled user's skill_keys, copied by triggers (migration 0023, decision 129) so the
     * directory filters a course's roster rows by skill without reading each user: set from the
     * user on every insert or relink, rewritten when the user's skills change. Never written by
     * the app.
     */
    memberSkillKeys: text('member_skill_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('enrollments_course_email_unique').on(t.courseId, t.email),
    index('enrollments_email_idx').on(t.email),
    index('enrollments_user_idx').on(t.userId),
    index('enrollments_course_status_idx').on(t.courseId, t.status),
    // Admin student lists page through enrollments by name then email, across the admin's
    // organizations or within one course's roster; removed enrollments are never listed.
    index('enrollments_fullname_email_idx')
      .on(t.fullname, t.email)
      .where(sql`${t.removedAt} IS NULL`),
    index('enrollments_course_fullname_email_idx')
      .on(t.courseId, t.fullname, t.email)
      .where(sql`${t.removedAt} IS NULL`),
    check('enrollments_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check(
      'enrollments_section_single_line',
      sql`${t.section} IS NULL OR (char_length(${t.section}) BETWEEN 1 AND 60 AND ${t.section} !~ '[[:cntrl:]]')`,
    ),
    // The looking students of a course, for the directory filter and the course page.
    index('enrollments_course_looking_idx')
      .on(t.courseId, t.userId)
      .where(sql`${t.lookingForTeam} AND ${t.removedAt} IS NULL`),
  ],
);

/**
 * Who changed what, for enrollments now and teams later (DESIGN §7.8). One table keeps every
 * history query an index scan on the object it is about.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    enrollmentId: uuid('enrollment_id').references(() => enrollments.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id'),
    /** Null when the system acted (e.g. a first sign-in activating an enrollment). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the event changed in its course's ACTIVE students and placed students (-n..n), set
     * from action and data by a trigger at insert (migration 0012; the table is in decision
     * 108): the formation curve sums these instead of reading every event's JSON.
     */
    formationActive: smallint('formation_active').notNull().default(0),
    formationPlaced: smallint('formation_placed').notNull().default(0),
  },
  (t) => [
    index('audit_events_enrollment_idx').on(t.enrollmentId, t.createdAt),
    index('audit_events_team_idx').on(t.teamId, t.createdAt),
    index('audit_events_org_idx').on(t.organizationId, t.createdAt),
    // A course's formation changes in order, read from the index alone (issue 13: formation
    // progress day by day).
    index('audit_events_formation_idx')
      .on(t.courseId, t.createdAt, t.formationActive, t.formationPlaced)
      .where(sql`${t.formationActive} <> 0 OR ${t.formationPlaced} <> 0`),
    // A user's own activity (GET /auth/profile/activity): what they did or what was done to them.
    index('audit_events_actor_idx').on(t.actorId, t.createdAt),
    index('audit_events_target_user_idx').on(t.targetUserId, t.createdAt),
  ],
);

/**
 * Each course's formation changes per UTC day: the sums of its audit events' formation_active
 * and formation_placed (migration 0012), kept by a deferred trigger on audit_events (migration
 * 0014, decision 108), so the progress curve reads one row per course and day.
 */
export const courseFormationDays = pgTable(
  'course_formation_days',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    active: integer('active').notNull().default(0),
    placed: integer('placed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.day] })],
);

export type OrganizationRow = typeof organizations.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;
