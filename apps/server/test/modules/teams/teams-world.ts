// A signed-in world and database read-backs for the team, member, admin and audit tests.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { EnrollmentStatus, TeamDetail } from '@teamup/shared';
import {
  auditEvents,
  courses,
  enrollments,
  invitations,
  joinRequests,
  teamMembers,
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
import { expect } from 'vitest';
import type { Tx } from '../../../src/db/client.js';
import { API, bearer, driver, getWorkerDb, signIn } from '../../helper.js';

const short = () => randomUUID().slice(0, 8);

/** A user enrolled in the course (ACTIVE unless told otherwise). */
export async function enrolledStudent(
  courseId: string,
  fullname: string,
  status: EnrollmentStatus = 'ACTIVE',
) {
  const user = await makeUser({
    email: `${fullname.split(' ')[0]!.toLowerCase()}-${short()}@example.edu`,
    fullname,
  });
  await makeEnrollment(courseId, { email: user.email, userId: user.id, fullname, status });
  return user;
}

/**
 * Organization A, course A101 (team size 2–4, deadline in two weeks) with team "Alpha": Lea
 * leads, Max and Mia joined after her, in that order. Sue is an ACTIVE classmate without a
 * team, Ina an INACTIVE one. Olga studies B101 of organization B. Admins of A and of B and a
 * superadmin. Everyone is signed in; `as.x` are their headers.
 */
export async function world(
  app: FastifyInstance,
  input: { deadline?: Date; teamSizeMax?: number; maxSize?: number } = {},
) {
  const orgA = await makeOrganization({ name: 'Org A' });
  const orgB = await makeOrganization({ name: 'Org B' });
  const course = await makeCourse(orgA.id, {
    code: 'A101',
    title: 'Course A',
    teamSizeMin: 2,
    teamSizeMax: input.teamSizeMax ?? 4,
    ...(input.deadline ? { deadline: input.deadline } : {}),
  });
  const courseB = await makeCourse(orgB.id, { code: 'B101', title: 'Course B' });
  const adminA = await makeAdminOf([orgA.id], { email: `admin-a-${short()}@example.edu` });
  const adminB = await makeAdminOf([orgB.id], { email: `admin-b-${short()}@example.edu` });
  const superadmin = await makeUser({ email: `root-${short()}@example.edu`, role: 'SUPERADMIN' });
  const lea = await enrolledStudent(course.id, 'Lea Leader');
  const max = await enrolledStudent(course.id, 'Max Member');
  const mia = await enrolledStudent(course.id, 'Mia Member');
  const sue = await enrolledStudent(course.id, 'Sue Solo');
  const ina = await enrolledStudent(course.id, 'Ina Inactive', 'INACTIVE');
  const olga = await enrolledStudent(courseB.id, 'Olga Other');
  const team = await makeTeam(course.id, lea.id, {
    name: 'Alpha',
    description: 'We build things',
    maxSize: input.maxSize ?? 4,
    members: [max.id, mia.id],
  });
  const people = { lea, max, mia, sue, ina, olga, adminA, adminB, superadmin };
  const tokens = await Promise.all(
    Object.values(people).map(async (u) => bearer((await signIn(app, u.email)).token)),
  );
  const as = Object.fromEntries(Object.keys(people).map((key, i) => [key, tokens[i]!])) as Record<
    keyof typeof people,
    { authorization: string }
  >;
  return { orgA, orgB, course, courseB, team, ...people, as };
}
export type World = Awaited<ReturnType<typeof world>>;

/** Calls the API; `headers` undefined means no token. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  path: string,
  headers?: Record<string, string>,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url: `${API}${path}`,
    ...(headers ? { headers } : {}),
    ...(payload ? { payload } : {}),
  });
}

export async function detailOf(
  app: FastifyInstance,
  teamId: string,
  headers: Record<string, string>,
) {
  const res = await call(app, 'GET', `/student/teams/${teamId}`, headers);
  if (res.statusCode !== 200) throw new Error(`detail: ${res.statusCode} ${res.body}`);
  return res.json<{ data: TeamDetail }>().data;
}

// ---------------------------------------------------------------------------------------
// Reading the database back

export async function teamRow(id: string) {
  const { db } = await getWorkerDb();
  const [row] = await db.select().from(teams).where(eq(teams.id, id));
  return row!;
}

/** Member ids, oldest first. */
export async function memberIds(teamId: string): Promise<string[]> {
  const { db } = await getWorkerDb();
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.joinedAt));
  return rows.map((r) => r.userId);
}

export async function auditActions(teamId: string): Promise<string[]> {
  const { db } = await getWorkerDb();
  const rows = await db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.teamId, teamId))
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.action));
  return rows.map((r) => r.action);
}

export async function auditRows(teamId: string) {
  const { db } = await getWorkerDb();
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.teamId, teamId))
    .orderBy(desc(auditEvents.createdAt));
}

export async function setCourse(
  courseId: string,
  values: Partial<{ teamFormationDeadline: Date; archivedAt: Date | null; teamSizeMax: number }>,
) {
  const { db } = await getWorkerDb();
  await db.update(courses).set(values).where(eq(courses.id, courseId));
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

export const yesterday = () => new Date(Date.now() - 86_400_000);

export async function pendingRequest(team: { id: string; courseId: string }, userId: string) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .insert(joinRequests)
    .values({ teamId: team.id, courseId: team.courseId, userId })
    .returning();
  return row!;
}

export async function pendingInvitation(
  team: { id: string; courseId: string; leaderId: string | null },
  inviteeId: string,
) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .insert(invitations)
    .values({ teamId: team.id, courseId: team.courseId, inviteeId, invitedBy: team.leaderId })
    .returning();
  return row!;
}

export async function requestStatus(id: string) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .select({ status: joinRequests.status })
    .from(joinRequests)
    .where(eq(joinRequests.id, id));
  return row!.status;
}

export async function invitationStatus(id: string) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .select({ status: invitations.status })
    .from(invitations)
    .where(eq(invitations.id, id));
  return row!.status;
}

export async function teamOfIn(courseId: string, userId: string): Promise<string | null> {
  const { db } = await getWorkerDb();
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.courseId, courseId), eq(teamMembers.userId, userId)));
  return row?.teamId ?? null;
}

/** Backends of the worker's database waiting for a lock (PostgreSQL only). */
export async function waitingForLocks(): Promise<number> {
  const { db } = await getWorkerDb();
  const result = (await db.execute(
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** Polls until `count` backends wait for a lock, or 10 s passed; returns the last count. */
export async function untilWaitingForLocks(count: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  let waiting = await waitingForLocks();
  while (waiting < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    waiting = await waitingForLocks();
  }
  return waiting;
}

/**
 * On PostgreSQL, runs `race` while the test holds a row lock (`lock` takes it in the test's
 * transaction), and lets go only once `racers` transactions are queued behind it, so they are
 * all open at the same moment. On PGlite (one connection) transactions cannot overlap: the race
 * just runs.
 */
export async function whileRowLocked<T>(
  lock: (tx: Tx) => Promise<unknown>,
  racers: number,
  race: () => Promise<T>,
  queued: string,
): Promise<T> {
  if (driver !== 'postgres') return race();
  const { db } = await getWorkerDb();
  let locked!: () => void;
  let release!: () => void;
  const haveLock = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const holder = db.transaction(async (tx) => {
    await lock(tx);
    locked();
    await released;
  });
  await haveLock;
  const running = race();
  try {
    expect(await untilWaitingForLocks(racers), queued).toBe(racers);
  } finally {
    release();
    await holder;
  }
  return running;
}

/** `race` with its `racers` transactions all open at once, queued on the team's row lock. */
export function allAtOnce<T>(teamId: string, racers: number, race: () => Promise<T>): Promise<T> {
  return whileRowLocked(
    (tx) => tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update'),
    racers,
    race,
    'transactions open at once, queued on the team lock',
  );
}
