// Builders and a signed-in world for the join-request, invitation, notice and race tests.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type { EnrollmentStatus, TeamRequestStatus } from '@teamup/shared';
import {
  auditEvents,
  courses,
  enrollments,
  invitations,
  joinRequests,
  teamMembers,
  teamNotices,
  teams,
} from '../../../src/db/schema/index.js';
import {
  makeAdminOf,
  makeCourse,
  makeEnrollment,
  makeOrganization,
  makeTeam,
  makeUser,
} from '../../fixtures.js';
import { bearer, getWorkerDb, signIn } from '../../helper.js';
import { recordAudit } from '../../../src/lib/audit.js';
import { disbandTeam, lockTeam, teamAudit } from '../../../src/modules/teams/membership.js';

const short = () => randomUUID().slice(0, 8);

/** A user with an enrollment (ACTIVE unless told otherwise) in the course. */
export async function makeStudent(
  courseId: string,
  input: { fullname?: string; status?: EnrollmentStatus } = {},
) {
  const user = await makeUser({
    email: `student-${short()}@example.edu`,
    fullname: input.fullname ?? 'Test Student',
  });
  await makeEnrollment(courseId, {
    email: user.email,
    userId: user.id,
    fullname: user.fullname,
    status: input.status ?? 'ACTIVE',
  });
  return user;
}

export async function makeJoinRequest(
  team: { id: string; courseId: string },
  userId: string,
  input: { status?: TeamRequestStatus; message?: string; createdAt?: Date } = {},
) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .insert(joinRequests)
    .values({
      teamId: team.id,
      courseId: team.courseId,
      userId,
      message: input.message ?? '',
      status: input.status ?? 'PENDING',
      decidedAt: input.status && input.status !== 'PENDING' ? new Date() : null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function makeInvitation(
  team: { id: string; courseId: string; leaderId: string | null },
  inviteeId: string,
  input: { status?: TeamRequestStatus; message?: string; createdAt?: Date } = {},
) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .insert(invitations)
    .values({
      teamId: team.id,
      courseId: team.courseId,
      inviteeId,
      invitedBy: team.leaderId,
      message: input.message ?? '',
      status: input.status ?? 'PENDING',
      decidedAt: input.status && input.status !== 'PENDING' ? new Date() : null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function makeNotice(
  teamId: string,
  authorId: string,
  input: { body?: string; pinned?: boolean; createdAt?: Date } = {},
) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .insert(teamNotices)
    .values({
      teamId,
      authorId,
      body: input.body ?? 'Meeting on Friday',
      pinned: input.pinned ?? false,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

/**
 * Organization A with course A: team T (leader Lea, member Max, 4 seats), students Sue and
 * Tom without a team; an admin of A, an admin of B, a superadmin; Olga, a student of a course
 * of organization B. Everyone is signed in; `as.x` are their headers.
 */
export async function teamWorld(
  app: FastifyInstance,
  input: { maxSize?: number; deadline?: Date; teamSizeMax?: number } = {},
) {
  const orgA = await makeOrganization({ name: 'Org A' });
  const orgB = await makeOrganization({ name: 'Org B' });
  const course = await makeCourse(orgA.id, {
    code: 'A101',
    title: 'Course A',
    teamSizeMax: input.teamSizeMax ?? 6,
    ...(input.deadline ? { deadline: input.deadline } : {}),
  });
  const courseB = await makeCourse(orgB.id, { code: 'B101', title: 'Course B' });
  const adminA = await makeAdminOf([orgA.id], { email: `admin-a-${short()}@example.edu` });
  const adminB = await makeAdminOf([orgB.id], { email: `admin-b-${short()}@example.edu` });
  const superadmin = await makeUser({ email: `super-${short()}@example.edu`, role: 'SUPERADMIN' });
  const lea = await makeStudent(course.id, { fullname: 'Lea Leader' });
  const max = await makeStudent(course.id, { fullname: 'Max Member' });
  const sue = await makeStudent(course.id, { fullname: 'Sue Student' });
  const tom = await makeStudent(course.id, { fullname: 'Tom Student' });
  const olga = await makeStudent(courseB.id, { fullname: 'Olga Other' });
  const team = await makeTeam(course.id, lea.id, {
    name: 'Team T',
    maxSize: input.maxSize ?? 4,
    members: [max.id],
  });
  const people = { lea, max, sue, tom, olga, adminA, adminB, superadmin };
  const tokens = await Promise.all(
    Object.values(people).map(async (u) => bearer((await signIn(app, u.email)).token)),
  );
  const as = Object.fromEntries(Object.keys(people).map((key, i) => [key, tokens[i]!])) as Record<
    keyof typeof people,
    { authorization: string }
  >;
  return { orgA, orgB, course, courseB, team, ...people, as };
}
export type TeamWorld = Awaited<ReturnType<typeof teamWorld>>;

// ---------------------------------------------------------------------------------------
// Reading the database back

export async function requestRow(id: string) {
  const { db } = await getWorkerDb();
  const [row] = await db.select().from(joinRequests).where(eq(joinRequests.id, id));
  return row!;
}

export async function invitationRow(id: string) {
  const { db } = await getWorkerDb();
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id));
  return row!;
}

export async function teamRow(id: string) {
  const { db } = await getWorkerDb();
  const [row] = await db.select().from(teams).where(eq(teams.id, id));
  return row!;
}

export async function membersOf(teamId: string): Promise<string[]> {
  const { db } = await getWorkerDb();
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return rows.map((r) => r.userId).sort();
}

export async function teamsOf(courseId: string, userId: string): Promise<string[]> {
  const { db } = await getWorkerDb();
  const rows = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.courseId, courseId), eq(teamMembers.userId, userId)));
  return rows.map((r) => r.teamId);
}

export async function teamAuditOf(teamId: string) {
  const { db } = await getWorkerDb();
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.teamId, teamId))
    .orderBy(asc(auditEvents.createdAt));
}

export async function countRows(
  table: typeof joinRequests | typeof invitations | typeof teamNotices | typeof auditEvents,
): Promise<number> {
  const { db } = await getWorkerDb();
  return (await db.select().from(table)).length;
}

export async function setEnrollmentStatus(
  courseId: string,
  userId: string,
  status: EnrollmentStatus,
) {
  const { db } = await getWorkerDb();
  await db
    .update(enrollments)
    .set({ status })
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)));
}

export async function setCourse(
  courseId: string,
  values: Partial<{ teamFormationDeadline: Date; archivedAt: Date | null }>,
) {
  const { db } = await getWorkerDb();
  await db.update(courses).set(values).where(eq(courses.id, courseId));
}

export const pastDate = () => new Date(Date.now() - 86_400_000);

export async function setTeam(
  teamId: string,
  values: Partial<{
    maxSize: number;
    openToRequests: boolean;
    memberCount: number;
    leaderId: string;
  }>,
) {
  const { db } = await getWorkerDb();
  await db.update(teams).set(values).where(eq(teams.id, teamId));
}

/** Disbands through the membership core, as the disband call does. */
export async function disband(teamId: string, actorId: string) {
  const { db } = await getWorkerDb();
  await db.transaction(async (tx) => disbandTeam(tx, await lockTeam(tx, teamId), actorId));
}

/**
 * The audit entry a join leaves: builders insert members directly, and a disbanded team is
 * readable only by those the log shows as former members.
 */
export async function recordJoined(w: TeamWorld, userId: string) {
  const { db } = await getWorkerDb();
  await recordAudit(
    db,
    teamAudit({ ...w.team, organizationId: w.orgA.id }, userId, 'MEMBER_JOINED', userId),
  );
}
