// Data builders for integration tests: they write straight to the worker's database, so a
// test states only what it is about. Calls under test go through app.inject().
import { randomUUID } from 'node:crypto';
import type { EnrollmentSource, EnrollmentStatus, Role } from '@teamup/shared';
import {
  courses,
  enrollments,
  organizationAdmins,
  organizationDomains,
  organizations,
  teamMembers,
  teams,
  users,
} from '../src/db/schema/index.js';
import { getWorkerDb } from './helper.js';

const short = () => randomUUID().slice(0, 8);

export async function makeUser(input: { email?: string; fullname?: string; role?: Role } = {}) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .insert(users)
    .values({
      email: (input.email ?? `user-${short()}@example.edu`).toLowerCase(),
      fullname: input.fullname ?? 'Test User',
      role: input.role ?? 'STUDENT',
    })
    .returning();
  return row!;
}

export async function makeOrganization(input: { name?: string; slug?: string } = {}) {
  const { db } = await getWorkerDb();
  const id = short();
  const [row] = await db
    .insert(organizations)
    .values({ name: input.name ?? `Org ${id}`, slug: input.slug ?? `org-${id}` })
    .returning();
  return row!;
}

/** The email domains the organization owns (decision 141: what its LMS platforms vouch for). */
export async function giveDomains(organizationId: string, domains: readonly string[]) {
  const { db } = await getWorkerDb();
  await db
    .insert(organizationDomains)
    .values(domains.map((domain) => ({ domain, organizationId })));
}

/** Makes `userId` an admin of the organization; the user's role is left as it is. */
export async function makeOrgAdmin(organizationId: string, userId: string) {
  const { db } = await getWorkerDb();
  await db.insert(organizationAdmins).values({ organizationId, userId });
}

export async function makeCourse(
  organizationId: string,
  input: Partial<{
    code: string;
    title: string;
    term: string;
    teamSizeMin: number;
    teamSizeMax: number;
    deadline: Date;
    archived: boolean;
  }> = {},
) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .insert(courses)
    .values({
      organizationId,
      code: input.code ?? `C-${short()}`,
      title: input.title ?? 'Test Course',
      term: input.term ?? 'Fall 2026',
      teamSizeMin: input.teamSizeMin ?? 2,
      teamSizeMax: input.teamSizeMax ?? 4,
      teamFormationDeadline: input.deadline ?? new Date(Date.now() + 14 * 86_400_000),
      archivedAt: input.archived ? new Date() : null,
    })
    .returning();
  return row!;
}

export async function makeEnrollment(
  courseId: string,
  input: {
    email: string;
    userId?: string | null;
    fullname?: string;
    status?: EnrollmentStatus;
    source?: EnrollmentSource;
  },
) {
  const { db } = await getWorkerDb();
  const status = input.status ?? (input.userId ? 'ACTIVE' : 'PENDING');
  const [row] = await db
    .insert(enrollments)
    .values({
      courseId,
      email: input.email.toLowerCase(),
      userId: input.userId ?? null,
      fullname: input.fullname ?? 'Enrolled Student',
      status,
      source: input.source ?? 'MANUAL',
      activatedAt: status === 'PENDING' ? null : new Date(),
    })
    .returning();
  return row!;
}

/**
 * A small world for permission tests: two organizations, each with an admin and a course,
 * a student enrolled (ACTIVE) in the first course, and a superadmin. Users are created in
 * the database; sign them in with `signIn(app, email)` from helper.ts.
 */
export async function makeWorld() {
  const superadmin = await makeUser({ email: `super-${short()}@example.edu`, role: 'SUPERADMIN' });
  const orgA = await makeOrganization({ name: 'Org A' });
  const orgB = await makeOrganization({ name: 'Org B' });
  const adminA = await makeUser({ email: `admin-a-${short()}@example.edu`, role: 'ORG_ADMIN' });
  const adminB = await makeUser({ email: `admin-b-${short()}@example.edu`, role: 'ORG_ADMIN' });
  await makeOrgAdmin(orgA.id, adminA.id);
  await makeOrgAdmin(orgB.id, adminB.id);
  const courseA = await makeCourse(orgA.id, { code: 'A101', title: 'Course A' });
  const courseB = await makeCourse(orgB.id, { code: 'B101', title: 'Course B' });
  const student = await makeUser({
    email: `student-${short()}@example.edu`,
    fullname: 'Sam Student',
  });
  const enrollmentA = await makeEnrollment(courseA.id, {
    email: student.email,
    userId: student.id,
    fullname: student.fullname,
  });
  return { superadmin, orgA, orgB, adminA, adminB, courseA, courseB, student, enrollmentA };
}

/** A user who administers the given organizations (role ORG_ADMIN unless told otherwise). */
export async function makeAdminOf(
  organizationIds: string[],
  input: { email?: string; fullname?: string; role?: Role } = {},
) {
  const user = await makeUser({ role: 'ORG_ADMIN', ...input });
  for (const organizationId of organizationIds) await makeOrgAdmin(organizationId, user.id);
  return user;
}

/**
 * A live team led by `leaderUserId`, with `members` after the leader. Join times are one
 * second apart in that order, so leader succession (longest-standing member first) is
 * predictable. Enrollments are not created: make them with makeEnrollment.
 */
export async function makeTeam(
  courseId: string,
  leaderUserId: string,
  input: Partial<{
    name: string;
    description: string;
    maxSize: number;
    openToRequests: boolean;
    members: string[];
  }> = {},
) {
  const { db } = await getWorkerDb();
  const memberIds = [leaderUserId, ...(input.members ?? [])];
  const [team] = await db
    .insert(teams)
    .values({
      courseId,
      name: input.name ?? `Team ${short()}`,
      description: input.description ?? '',
      leaderId: leaderUserId,
      maxSize: input.maxSize ?? Math.max(4, memberIds.length),
      openToRequests: input.openToRequests ?? true,
      memberCount: memberIds.length,
      createdBy: leaderUserId,
    })
    .returning();
  const start = Date.now() - 3_600_000;
  await db.insert(teamMembers).values(
    memberIds.map((userId, i) => ({
      teamId: team!.id,
      userId,
      courseId,
      joinedAt: new Date(start + i * 1000),
    })),
  );
  return team!;
}
