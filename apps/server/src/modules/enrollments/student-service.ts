import {
  and,
  asc,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Classmate,
  classmatesQuerySchema,
  Looking,
  lookingBodySchema,
  MyCourse,
  Paginated,
  PaginationQuery,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  courses,
  enrollments,
  invitations,
  organizations,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { emailShownSql } from '../../lib/email-rule.js';
import { containsPattern } from '../../lib/like-pattern.js';
import { adminScope, inScope } from '../../lib/org-scope.js';
import type { AuthContext } from '../../plugins/auth.js';
import { AppError, conflict, notFound } from '../../plugins/errors.js';

type ClassmatesInput = z.output<typeof classmatesQuerySchema>;
type LookingInput = z.output<typeof lookingBodySchema>;
type Caller = Pick<AuthContext, 'userId' | 'role'>;

/**
 * A student's own enrollments. Removed ones and those of deleted organizations are hidden;
 * INACTIVE ones and archived courses stay visible, since their status is what the student
 * needs to see.
 */
const selectMyCourses = (db: DbOrTx) =>
  db
    .select({
      enrollmentId: enrollments.id,
      status: enrollments.status,
      enrolledAt: enrollments.createdAt,
      activatedAt: enrollments.activatedAt,
      courseId: courses.id,
      code: courses.code,
      title: courses.title,
      term: courses.term,
      description: courses.description,
      teamSizeMin: courses.teamSizeMin,
      teamSizeMax: courses.teamSizeMax,
      teamFormationDeadline: courses.teamFormationDeadline,
      archivedAt: courses.archivedAt,
      organizationId: organizations.id,
      organizationName: organizations.name,
      teamId: teams.id,
      teamName: teams.name,
      lookingForTeam: enrollments.lookingForTeam,
      lookingNote: enrollments.lookingNote,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(organizations, eq(organizations.id, courses.organizationId))
    // The student's seat in this course: at most one (team_members_one_team_per_course).
    .leftJoin(
      teamMembers,
      and(
        eq(teamMembers.courseId, enrollments.courseId),
        eq(teamMembers.userId, enrollments.userId),
      ),
    )
    .leftJoin(teams, and(eq(teams.id, teamMembers.teamId), isNull(teams.disbandedAt)));
type MyCourseRow = Awaited<ReturnType<typeof selectMyCourses>>[number];

const visibleTo = (userId: string): SQL =>
  and(
    eq(enrollments.userId, userId),
    isNull(enrollments.removedAt),
    isNull(organizations.deletedAt),
  )!;

function toMyCourse(row: MyCourseRow): MyCourse {
  return {
    enrollmentId: row.enrollmentId,
    status: row.status,
    enrolledAt: row.enrolledAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    course: {
      id: row.courseId,
      code: row.code,
      title: row.title,
      term: row.term,
      description: row.description,
      teamSizeMin: row.teamSizeMin,
      teamSizeMax: row.teamSizeMax,
      teamFormationDeadline: row.teamFormationDeadline.toISOString(),
      archivedAt: row.archivedAt?.toISOString() ?? null,
      organization: { id: row.organizationId, name: row.organizationName },
    },
    team:
      row.teamId === null || row.teamName === null ? null : { id: row.teamId, name: row.teamName },
    lookingForTeam: row.lookingForTeam,
    lookingNote: row.lookingNote,
  };
}

/** Nearest deadline first, archived courses last. */
export async function listMyCourses(
  db: DbOrTx,
  userId: string,
  query: PaginationQuery,
): Promise<Paginated<MyCourse>> {
  const rows = await selectMyCourses(db)
    .where(visibleTo(userId))
    .orderBy(
      sql`${courses.archivedAt} is not null`,
      asc(courses.teamFormationDeadline),
      asc(courses.code),
      asc(enrollments.id),
    )
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(organizations, eq(organizations.id, courses.organizationId))
    .where(visibleTo(userId));
  return {
    items: rows.map(toMyCourse),
    page: query.page,
    limit: query.limit,
    total: total?.count ?? 0,
  };
}

/** The caller's enrollment in the course; 404 when there is none (or it was removed). */
export async function getMyCourse(db: DbOrTx, userId: string, courseId: string): Promise<MyCourse> {
  const [row] = await selectMyCourses(db)
    .where(and(visibleTo(userId), eq(enrollments.courseId, courseId)))
    .limit(1);
  if (!row) throw notFound('Course not found');
  return toMyCourse(row);
}

/**
 * The course's ACTIVE classmates with an account, without the caller. Only a student whose own
 * enrollment is ACTIVE may look: not enrolled (or removed) is a 404, so the course's existence
 * is not revealed; an INACTIVE enrollment is a 403 that tells the student why.
 *
 * Emails follow the email rule unless the caller administers the course's organization, and
 * so does the search. Each
 * classmate's matchedSkills are those of their skills (as they typed them) that the team the
 * caller leads here wants; sort=match puts the most matched first, looking ones first among
 * equals. Two statements whatever the page size (the page, its total).
 */
export async function listClassmates(
  db: DbOrTx,
  caller: Caller,
  courseId: string,
  query: ClassmatesInput,
): Promise<Paginated<Classmate>> {
  const userId = caller.userId;
  const [mine, scope] = await Promise.all([
    getMyCourse(db, userId, courseId),
    caller.role === 'STUDENT' ? undefined : adminScope(db, caller),
  ]);
  if (mine.status !== 'ACTIVE') {
    throw new AppError(403, 'NOT_ENROLLED', 'Your enrollment in this course is inactive');
  }
  const isAdmin = scope !== undefined && inScope(scope, mine.course.organization.id);

  const conditions: (SQL | undefined)[] = [
    eq(enrollments.courseId, courseId),
    eq(enrollments.status, 'ACTIVE'),
    isNull(enrollments.removedAt),
    isNotNull(enrollments.userId),
    ne(enrollments.userId, userId),
  ];
  // The search matches an email only where the caller may see it (decision 121): otherwise
  // growing a prefix in front of the domain would spell out a hidden address.
  const emailShown = emailShownSql(users.id, users.showEmail, userId);
  if (query.search) {
    const pattern = containsPattern(query.search);
    const emailMatches = ilike(users.email, pattern);
    conditions.push(
      or(ilike(users.fullname, pattern), isAdmin ? emailMatches : and(emailShown, emailMatches)),
    );
  }
  if (query.withoutTeam) conditions.push(isNull(teamMembers.userId));
  if (query.inTeam) conditions.push(isNotNull(teamMembers.userId));
  if (query.looking) conditions.push(eq(enrollments.lookingForTeam, true));
  const where = and(...conditions);
  // team_members holds at most one row per (course, student): the join adds no rows.
  const memberOfCourse = and(
    eq(teamMembers.courseId, enrollments.courseId),
    eq(teamMembers.userId, enrollments.userId),
  );

  // A pending invitation from the team the caller leads here (a live team has one leader, and a
  // student leads at most one live team per course): the page needs no second round for the
  // team's invitations (decision 093). A member who does not lead sees false, as the team's
  // invitations are the leader's to read.
  const ledByMe = db
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(eq(teams.courseId, courseId), eq(teams.leaderId, userId), isNull(teams.disbandedAt)),
    );
  const invitedByMyTeam = exists(
    db
      .select({ one: sql`1` })
      .from(invitations)
      .where(
        and(
          eq(invitations.inviteeId, users.id),
          eq(invitations.courseId, courseId),
          eq(invitations.status, 'PENDING'),
          inArray(invitations.teamId, ledByMe),
        ),
      ),
  );
  // The wanted skills of the team the caller leads here, as keys: constant for the statement.
  const wantedKeys = sql`array(
    select lower(btrim(wanted.skill))
    from ${teams} cross join unnest(${teams.wantedSkills}) as wanted(skill)
    where ${teams.courseId} = ${courseId}
      and ${teams.leaderId} = ${userId}
      and ${teams.disbandedAt} is null)`;
  const matchedSkills = sql<string[]>`array(
    select own.skill from unnest(${users.skills}) with ordinality as own(skill, n)
    where lower(btrim(own.skill)) = any(${wantedKeys})
    order by own.n)`;
  const order =
    query.sort === 'match'
      ? [
          desc(sql`cardinality(${matchedSkills})`),
          desc(enrollments.lookingForTeam),
          asc(users.fullname),
          asc(users.id),
        ]
      : [asc(users.fullname), asc(users.id)];

  // The total reads users only to search them: every enrollment counted has its user (the
  // foreign key), and joining 2,000 enrollments to the users table was most of the count's cost
  // on a course page (decision 130).
  const countQuery = db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(enrollments)
    .$dynamic();
  if (query.search) countQuery.innerJoin(users, eq(users.id, enrollments.userId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: users.id,
        fullname: users.fullname,
        email: users.email,
        emailShown,
        avatar: users.avatar,
        headline: users.headline,
        skills: users.skills,
        lookingForTeam: enrollments.lookingForTeam,
        lookingNote: enrollments.lookingNote,
        matchedSkills,
        invitedByMyTeam: sql<boolean>`${invitedByMyTeam}`.mapWith(Boolean),
        teamId: teams.id,
        teamName: teams.name,
      })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .leftJoin(teamMembers, memberOfCourse)
      .leftJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countQuery.leftJoin(teamMembers, memberOfCourse).where(where),
  ]);
  return {
    items: rows.map(({ teamId, teamName, email, emailShown: shown, ...classmate }) => ({
      ...classmate,
      email: isAdmin || shown ? email : null,
      team: teamId && teamName ? { id: teamId, name: teamName } : null,
    })),
    page: query.page,
    limit: query.limit,
    total: total?.count ?? 0,
  };
}

/**
 * "Looking for a team" in one course (issue 12): only on the caller's own ACTIVE enrollment
 * (not removed) of a course that is not archived, and only while they have no team there
 * (switching it off is always allowed). A note left out keeps the current one, so switching off
 * and on again brings it back. A trigger switches it off when they join a team (0009).
 */
export async function setLooking(
  db: DbOrTx,
  caller: Caller,
  courseId: string,
  body: LookingInput,
): Promise<Looking> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: enrollments.id,
        status: enrollments.status,
        lookingForTeam: enrollments.lookingForTeam,
        lookingNote: enrollments.lookingNote,
        organizationId: courses.organizationId,
        archivedAt: courses.archivedAt,
      })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .innerJoin(organizations, eq(organizations.id, courses.organizationId))
      .where(and(visibleTo(caller.userId), eq(enrollments.courseId, courseId)))
      .limit(1)
      .for('update', { of: enrollments });
    if (!row) throw notFound('Course not found');
    if (row.status !== 'ACTIVE') {
      throw new AppError(403, 'NOT_ENROLLED', 'Your enrollment in this course is not active');
    }
    if (row.archivedAt) {
      throw conflict('COURSE_ARCHIVED', 'This course is archived; its teams can no longer change');
    }
    // Read after the enrollment's lock, which every join takes first (lockStudentInCourse): a
    // join that committed meanwhile is seen here, and one still to come switches this off.
    const [seat] = body.looking
      ? await tx
          .select({ teamId: teamMembers.teamId })
          .from(teamMembers)
          .where(and(eq(teamMembers.courseId, courseId), eq(teamMembers.userId, caller.userId)))
      : [];
    if (seat) {
      throw conflict(
        'ALREADY_IN_TEAM',
        'You already have a team in this course; looking for one is for students without a team',
      );
    }
    const note = body.note ?? row.lookingNote;
    if (body.looking !== row.lookingForTeam || note !== row.lookingNote) {
      await tx
        .update(enrollments)
        .set({ lookingForTeam: body.looking, lookingNote: note })
        .where(eq(enrollments.id, row.id));
      await recordAudit(tx, {
        action: 'LOOKING_FOR_TEAM_CHANGED',
        actorId: caller.userId,
        organizationId: row.organizationId,
        courseId,
        enrollmentId: row.id,
        targetUserId: caller.userId,
        data: {
          before: { looking: row.lookingForTeam, note: row.lookingNote },
          after: { looking: body.looking, note },
        },
      });
    }
    return { courseId, looking: body.looking, note };
  });
}
