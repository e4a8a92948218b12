import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ActivatedEnrollment,
  Enrollment,
  EnrollmentDetail,
  EnrollmentStatusBody,
  adminStudentsQuerySchema,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  auditEvents,
  courses,
  enrollments,
  organizations,
  teamMembers,
  teams,
  users,
  type UserRow,
} from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { containsPattern } from '../../lib/like-pattern.js';
import {
  adminScope,
  courseInScope,
  courseIsInScope,
  courseScopeCondition,
  outOfScope,
  type AdminScope,
} from '../../lib/org-scope.js';
import type { AuthContext } from '../../plugins/auth.js';
import { conflict } from '../../plugins/errors.js';

type Caller = Pick<AuthContext, 'userId' | 'role'>;

/** The list query as the route schema hands it over, defaults applied. */
type ListQuery = z.output<typeof adminStudentsQuerySchema>;

const enrollmentColumns = {
  id: enrollments.id,
  courseId: enrollments.courseId,
  courseCode: courses.code,
  courseTitle: courses.title,
  archivedAt: courses.archivedAt,
  organizationId: courses.organizationId,
  organizationName: organizations.name,
  email: enrollments.email,
  fullname: enrollments.fullname,
  studentId: enrollments.studentId,
  section: enrollments.section,
  userId: enrollments.userId,
  status: enrollments.status,
  source: enrollments.source,
  createdAt: enrollments.createdAt,
  updatedAt: enrollments.updatedAt,
  activatedAt: enrollments.activatedAt,
  teamId: teams.id,
  teamName: teams.name,
  emailUndeliverableAt: users.emailUndeliverableAt,
};

/**
 * Enrollments with their course, organization and the student's team in the course. A student
 * is in at most one team per course (a unique constraint), and only live teams have members,
 * so the team joins add no rows.
 */
function selectEnrollments(db: DbOrTx) {
  return db
    .select(enrollmentColumns)
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(organizations, eq(organizations.id, courses.organizationId))
    .leftJoin(
      teamMembers,
      and(
        eq(teamMembers.courseId, enrollments.courseId),
        eq(teamMembers.userId, enrollments.userId),
      ),
    )
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .leftJoin(users, eq(users.id, enrollments.userId));
}

type EnrollmentJoinedRow = Awaited<ReturnType<typeof selectEnrollments>>[number];

function toEnrollment(row: EnrollmentJoinedRow): Enrollment {
  return {
    id: row.id,
    courseId: row.courseId,
    courseCode: row.courseCode,
    courseTitle: row.courseTitle,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    email: row.email,
    fullname: row.fullname,
    studentId: row.studentId,
    section: row.section,
    userId: row.userId,
    status: row.status,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    team: row.teamId && row.teamName !== null ? { id: row.teamId, name: row.teamName } : null,
    emailUndeliverable: row.emailUndeliverableAt !== null,
  };
}

/** Enrollments an admin may see: not removed, of a live organization in their scope. */
function visible(scope: AdminScope): SQL {
  return and(
    isNull(enrollments.removedAt),
    isNull(organizations.deletedAt),
    courseScopeCondition(scope, courses.organizationId, courses.id),
  )!;
}

async function listWhere(db: DbOrTx, where: SQL, page: number, limit: number) {
  const [rows, [counted]] = await Promise.all([
    selectEnrollments(db)
      .where(where)
      // Id last: the same student in two courses has the same name and email, and pages
      // must not shuffle them between requests.
      .orderBy(
        asc(enrollments.fullname),
        asc(enrollments.email),
        asc(courses.code),
        asc(enrollments.id),
      )
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: count() })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .innerJoin(organizations, eq(organizations.id, courses.organizationId))
      .where(where),
  ]);
  return { items: rows.map(toEnrollment), page, limit, total: counted?.total ?? 0 };
}

function filters(query: Partial<ListQuery> & { section?: string }): SQL[] {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(enrollments.fullname, pattern), ilike(enrollments.email, pattern))!);
  }
  if (query.organizationId) conditions.push(eq(courses.organizationId, query.organizationId));
  if (query.courseId) conditions.push(eq(enrollments.courseId, query.courseId));
  if (query.status) conditions.push(eq(enrollments.status, query.status));
  if (query.section) conditions.push(eq(enrollments.section, query.section));
  return conditions;
}

/**
 * Every enrollment of the caller's organizations, one row per enrollment. A filter naming an
 * organization or course outside the scope simply matches nothing.
 */
export async function listEnrollments(db: DbOrTx, caller: Caller, query: ListQuery) {
  const scope = await adminScope(db, caller);
  const where = and(visible(scope), ...filters(query))!;
  return listWhere(db, where, query.page, query.limit);
}

/** A course's roster; archived courses still show theirs. */
export async function listCourseRoster(
  db: DbOrTx,
  caller: Caller,
  courseId: string,
  query: Omit<ListQuery, 'organizationId' | 'courseId'> & { section?: string },
) {
  const scope = await adminScope(db, caller);
  await courseInScope(db, scope, courseId);
  const where = and(visible(scope), eq(enrollments.courseId, courseId), ...filters(query))!;
  return listWhere(db, where, query.page, query.limit);
}

async function findEnrollment(db: DbOrTx, caller: Caller, id: string, lock = false) {
  const scope = await adminScope(db, caller);
  const base = selectEnrollments(db)
    .where(and(eq(enrollments.id, id), visible(scope)))
    .limit(1);
  const [row] = await (lock ? base.for('update', { of: enrollments }) : base);
  if (!row) throw outOfScope(scope, 'Enrollment not found');
  return row;
}

/** The team a student left when their enrollment stopped counting. */
export interface LeftTeam {
  id: string;
  name: string;
  disbanded: boolean;
}

/**
 * What ending an enrollment does to the student's teams (decision 081). The teams feature
 * provides it and app.ts composes it in, so enrollments does not import teams.
 */
export interface TeamRelease {
  /**
   * Locks the student's live team in the course (if any), then their enrollment: the order of
   * every membership change. Returns what `release` needs.
   */
  lock(tx: DbOrTx, courseId: string, userId: string): Promise<unknown>;
  /**
   * Takes the student out of that team with the usual rules and cancels their pending requests
   * and invitations in the course, audited as the admin's action.
   */
  release(
    tx: DbOrTx,
    scope: { organizationId: string; courseId: string },
    locked: unknown,
    input: { userId: string; actorId: string; enrollmentId: string; reason: string },
  ): Promise<LeftTeam | null>;
}

/**
 * The enrollment locked for a change. When the change may take the student out of their team,
 * the locks are taken in the order of every membership change: the student's team first, then
 * the enrollment; the row is read once to know whom to lock and again under the lock.
 */
async function lockEnrollment(
  tx: DbOrTx,
  caller: Caller,
  id: string,
  teams: TeamRelease | null,
): Promise<{ row: EnrollmentJoinedRow; locked: unknown }> {
  if (!teams) return { row: await findEnrollment(tx, caller, id, true), locked: null };
  const seen = await findEnrollment(tx, caller, id);
  const locked = seen.userId ? await teams.lock(tx, seen.courseId, seen.userId) : null;
  const row = await findEnrollment(tx, caller, id, true);
  if (row.userId !== seen.userId) {
    // The student signed in between the two reads: their team (if any) is not locked.
    throw conflict(
      'CONFLICT',
      `${row.email} signed in just now, which changed the enrollment; look again and retry`,
    );
  }
  return { row, locked };
}

/** Takes the student out of the course's teams; the returned row no longer names a team. */
async function leaveCourseTeams(
  tx: DbOrTx,
  caller: Caller,
  teams: TeamRelease,
  enrollment: { row: EnrollmentJoinedRow; locked: unknown },
  reason: string,
): Promise<{ leftTeam: LeftTeam | null; row: EnrollmentJoinedRow }> {
  const { row, locked } = enrollment;
  if (!row.userId) return { leftTeam: null, row };
  const leftTeam = await teams.release(tx, row, locked, {
    userId: row.userId,
    actorId: caller.userId,
    enrollmentId: row.id,
    reason,
  });
  return { leftTeam, row: { ...row, teamId: null, teamName: null } };
}

export async function getEnrollmentDetail(
  db: DbOrTx,
  caller: Caller,
  id: string,
): Promise<EnrollmentDetail> {
  const row = await findEnrollment(db, caller, id);
  const events = await db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      data: auditEvents.data,
      createdAt: auditEvents.createdAt,
      actorId: users.id,
      actorFullname: users.fullname,
      actorEmail: users.email,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(eq(auditEvents.enrollmentId, id))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
  return {
    ...toEnrollment(row),
    history: events.map((e) => ({
      id: e.id,
      action: e.action,
      actor:
        e.actorId && e.actorFullname !== null && e.actorEmail !== null
          ? { id: e.actorId, fullname: e.actorFullname, email: e.actorEmail }
          : null,
      data: e.data,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

/** An archived course is a closed record: its roster no longer changes. */
function assertNotArchived(row: { archivedAt: Date | null; courseCode: string }) {
  if (row.archivedAt) {
    throw conflict(
      'COURSE_ARCHIVED',
      `${row.courseCode} is archived; its enrollments cannot change`,
    );
  }
}

/**
 * Enrolls an email in a course by hand: ACTIVE at once when that person already has an
 * account, else PENDING until their first sign-in. A removed enrollment of the same email is
 * brought back rather than duplicated. The unique index on (course, email) settles races:
 * of two adds at once, the second inserts nothing and gets ALREADY_ENROLLED.
 */
export async function manualAdd(
  tx: DbOrTx,
  caller: Caller,
  body: { courseId: string; email: string; fullname: string; section?: string | null },
): Promise<{ enrollment: Enrollment; restored: boolean }> {
  const scope = await adminScope(tx, caller);
  const [course] = await tx
    .select({
      id: courses.id,
      code: courses.code,
      title: courses.title,
      archivedAt: courses.archivedAt,
      organizationId: courses.organizationId,
      organizationName: organizations.name,
    })
    .from(courses)
    .innerJoin(organizations, eq(organizations.id, courses.organizationId))
    .where(and(eq(courses.id, body.courseId), isNull(organizations.deletedAt)))
    .limit(1);
  if (!course || !courseIsInScope(scope, course.organizationId, course.id)) {
    throw outOfScope(scope, 'Course not found');
  }
  assertNotArchived({ archivedAt: course.archivedAt, courseCode: course.code });

  const email = body.email.toLowerCase();
  const alreadyEnrolled = () =>
    conflict('ALREADY_ENROLLED', `${email} is already enrolled in ${course.code}`);

  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const state = user
    ? { userId: user.id, status: 'ACTIVE' as const }
    : { userId: null, status: 'PENDING' as const };

  const [existing] = await tx
    .select({ id: enrollments.id, removedAt: enrollments.removedAt })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, course.id), eq(enrollments.email, email)))
    .limit(1);
  if (existing && !existing.removedAt) throw alreadyEnrolled();

  let saved: typeof enrollments.$inferSelect | undefined;
  if (existing) {
    // Conditional on still being removed, so a concurrent restore of the same row loses.
    [saved] = await tx
      .update(enrollments)
      .set({
        ...state,
        fullname: body.fullname,
        ...(body.section !== undefined ? { section: body.section || null } : {}),
        source: 'MANUAL',
        removedAt: null,
        createdBy: caller.userId,
        updatedAt: sql`now()`,
        activatedAt: user ? sql`coalesce(${enrollments.activatedAt}, now())` : null,
      })
      .where(and(eq(enrollments.id, existing.id), isNotNull(enrollments.removedAt)))
      .returning();
  } else {
    [saved] = await tx
      .insert(enrollments)
      .values({
        ...state,
        courseId: course.id,
        email,
        fullname: body.fullname,
        section: body.section || null,
        source: 'MANUAL',
        createdBy: caller.userId,
        activatedAt: user ? sql`now()` : null,
      })
      .onConflictDoNothing({ target: [enrollments.courseId, enrollments.email] })
      .returning();
  }
  if (!saved) throw alreadyEnrolled();

  await recordAudit(tx, {
    action: existing ? 'RESTORED' : 'ENROLLED',
    actorId: caller.userId,
    organizationId: course.organizationId,
    courseId: course.id,
    enrollmentId: saved.id,
    targetUserId: saved.userId,
    data: { email, status: saved.status, source: saved.source },
  });
  // Removal took the student out of their team and restoring gives no seat back (decision
  // 081), so this normally finds none; it is read rather than assumed.
  const [team] = saved.userId
    ? await tx
        .select({ teamId: teams.id, teamName: teams.name })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(and(eq(teamMembers.courseId, course.id), eq(teamMembers.userId, saved.userId)))
        .limit(1)
    : [];
  return {
    restored: Boolean(existing),
    enrollment: toEnrollment({
      ...saved,
      courseCode: course.code,
      courseTitle: course.title,
      archivedAt: course.archivedAt,
      organizationId: course.organizationId,
      organizationName: course.organizationName,
      teamId: team?.teamId ?? null,
      teamName: team?.teamName ?? null,
      emailUndeliverableAt: null,
    }),
  };
}

/**
 * ACTIVE ↔ INACTIVE. A PENDING enrollment has no account behind it yet, so there is nothing
 * to switch; setting the status it already has changes nothing and records nothing. Going
 * INACTIVE takes the student out of their team in the course and cancels their pending
 * requests and invitations there (decision 081); going ACTIVE again gives no seat back.
 */
export async function changeStatus(
  tx: DbOrTx,
  caller: Caller,
  teams: TeamRelease,
  id: string,
  to: EnrollmentStatusBody['status'],
): Promise<{ enrollment: Enrollment; changed: boolean; leftTeam: LeftTeam | null }> {
  const locked = await lockEnrollment(tx, caller, id, to === 'INACTIVE' ? teams : null);
  let row = locked.row;
  if (row.status === 'PENDING') {
    throw conflict(
      'ENROLLMENT_PENDING',
      `${row.email} has not signed in yet; the enrollment becomes active at their first sign-in`,
    );
  }
  if (row.status === to) {
    return { enrollment: toEnrollment(row), changed: false, leftTeam: null };
  }
  assertNotArchived(row);

  const [updated] = await tx
    .update(enrollments)
    .set({ status: to, updatedAt: sql`now()` })
    .where(eq(enrollments.id, id))
    .returning({ status: enrollments.status, updatedAt: enrollments.updatedAt });
  let leftTeam: LeftTeam | null = null;
  if (to === 'INACTIVE') {
    ({ leftTeam, row } = await leaveCourseTeams(
      tx,
      caller,
      teams,
      locked,
      'Enrollment set to INACTIVE',
    ));
  }
  await recordAudit(tx, {
    action: 'STATUS_CHANGED',
    actorId: caller.userId,
    organizationId: row.organizationId,
    courseId: row.courseId,
    enrollmentId: id,
    targetUserId: row.userId,
    data: { from: row.status, to, ...(leftTeam ? { leftTeam } : {}) },
  });
  return { enrollment: toEnrollment({ ...row, ...updated! }), changed: true, leftTeam };
}

/**
 * Hides the enrollment everywhere but keeps it (and its history); adding again restores it.
 * The student leaves their team in the course and their pending requests and invitations
 * there are cancelled, in the same transaction (decision 081).
 */
export async function removeEnrollment(
  tx: DbOrTx,
  caller: Caller,
  teams: TeamRelease,
  id: string,
): Promise<{ enrollment: Enrollment; leftTeam: LeftTeam | null }> {
  const locked = await lockEnrollment(tx, caller, id, teams);
  assertNotArchived(locked.row);
  const [updated] = await tx
    .update(enrollments)
    .set({ removedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(enrollments.id, id))
    .returning({ updatedAt: enrollments.updatedAt });
  const { leftTeam, row } = await leaveCourseTeams(
    tx,
    caller,
    teams,
    locked,
    'Enrollment removed from the course',
  );
  await recordAudit(tx, {
    action: 'REMOVED',
    actorId: caller.userId,
    organizationId: row.organizationId,
    courseId: row.courseId,
    enrollmentId: id,
    targetUserId: row.userId,
    data: { email: row.email, status: row.status, ...(leftTeam ? { leftTeam } : {}) },
  });
  return { enrollment: toEnrollment({ ...row, ...updated! }), leftTeam };
}

/**
 * Links a signing-in user to the enrollments of their email (DESIGN §4): PENDING ones become
 * ACTIVE and are returned; ones already ACTIVE or INACTIVE without a user (their account was
 * deleted and made again) only get the link back. Enrollments of deleted organizations wait
 * until the organization is restored. Runs inside the sign-in transaction, one statement per
 * kind of change whatever the number of enrollments.
 */
export async function activatePendingEnrollments(
  tx: DbOrTx,
  user: Pick<UserRow, 'id' | 'email'>,
  /** An LMS launch vouches for its own organization's courses only (decision 141). */
  organizationId?: string,
): Promise<ActivatedEnrollment[]> {
  const claimable = and(
    eq(enrollments.email, user.email),
    isNull(enrollments.userId),
    isNull(enrollments.removedAt),
    eq(courses.id, enrollments.courseId),
    isNull(organizations.deletedAt),
    organizationId ? eq(courses.organizationId, organizationId) : undefined,
  );

  const activated = await tx
    .update(enrollments)
    .set({
      userId: user.id,
      status: 'ACTIVE',
      activatedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .from(courses)
    .innerJoin(organizations, eq(organizations.id, courses.organizationId))
    .where(and(claimable, eq(enrollments.status, 'PENDING')))
    .returning({
      enrollmentId: enrollments.id,
      courseId: enrollments.courseId,
      courseTitle: courses.title,
      courseCode: courses.code,
      organizationId: organizations.id,
      organizationName: organizations.name,
    });

  await tx
    .update(enrollments)
    .set({ userId: user.id, updatedAt: sql`now()` })
    .from(courses)
    .innerJoin(organizations, eq(organizations.id, courses.organizationId))
    .where(and(claimable, ne(enrollments.status, 'PENDING')));

  await recordAudit(
    tx,
    ...activated.map((a) => ({
      action: 'ACTIVATED',
      actorId: null,
      organizationId: a.organizationId,
      courseId: a.courseId,
      enrollmentId: a.enrollmentId,
      targetUserId: user.id,
      data: { email: user.email, from: 'PENDING', to: 'ACTIVE' },
    })),
  );

  return activated
    .sort(
      (a, b) =>
        a.organizationName.localeCompare(b.organizationName) ||
        a.courseCode.localeCompare(b.courseCode),
    )
    .map(({ organizationId: _organizationId, ...rest }) => rest);
}
