import {
  and,
  asc,
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
import { containsPattern } from '../../lib/like-pattern.js';
import { AppError, notFound } from '../../plugins/errors.js';

type ClassmatesInput = z.output<typeof classmatesQuerySchema>;

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
 */
export async function listClassmates(
  db: DbOrTx,
  userId: string,
  courseId: string,
  query: ClassmatesInput,
): Promise<Paginated<Classmate>> {
  const mine = await getMyCourse(db, userId, courseId);
  if (mine.status !== 'ACTIVE') {
    throw new AppError(403, 'NOT_ENROLLED', 'Your enrollment in this course is inactive');
  }

  const conditions: (SQL | undefined)[] = [
    eq(enrollments.courseId, courseId),
    eq(enrollments.status, 'ACTIVE'),
    isNull(enrollments.removedAt),
    isNotNull(enrollments.userId),
    ne(enrollments.userId, userId),
  ];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(users.fullname, pattern), ilike(users.email, pattern)));
  }
  if (query.withoutTeam) conditions.push(isNull(teamMembers.userId));
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

  const rows = await db
    .select({
      userId: users.id,
      fullname: users.fullname,
      email: users.email,
      avatar: users.avatar,
      skills: users.skills,
      lookingForTeam: users.lookingForTeam,
      invitedByMyTeam: sql<boolean>`${invitedByMyTeam}`.mapWith(Boolean),
      teamId: teams.id,
      teamName: teams.name,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .leftJoin(teamMembers, memberOfCourse)
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(where)
    .orderBy(asc(users.fullname), asc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .leftJoin(teamMembers, memberOfCourse)
    .where(where);
  return {
    items: rows.map(({ teamId, teamName, ...classmate }) => ({
      ...classmate,
      team: teamId && teamName ? { id: teamId, name: teamName } : null,
    })),
    page: query.page,
    limit: query.limit,
    total: total?.count ?? 0,
  };
}
