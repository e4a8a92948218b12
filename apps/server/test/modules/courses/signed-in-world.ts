import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { auditEvents, courses } from '../../../src/db/schema/index.js';
import { makeWorld } from '../../fixtures.js';
import { API, bearer, getWorkerDb, signIn } from '../../helper.js';

/** makeWorld with everyone signed in, and the headers each of them sends. */
export async function signedInWorld(app: FastifyInstance) {
  const world = await makeWorld();
  const [superadmin, adminA, adminB, student] = await Promise.all(
    [world.superadmin, world.adminA, world.adminB, world.student].map((u) => signIn(app, u.email)),
  );
  return {
    ...world,
    as: {
      superadmin: bearer(superadmin!.token),
      adminA: bearer(adminA!.token),
      adminB: bearer(adminB!.token),
      student: bearer(student!.token),
    },
  };
}
export type SignedInWorld = Awaited<ReturnType<typeof signedInWorld>>;

export const futureIso = (days = 30) => new Date(Date.now() + days * 86_400_000).toISOString();

export function validCourseBody(organizationId: string, overrides: Record<string, unknown> = {}) {
  return {
    organizationId,
    code: 'CS101',
    title: 'Intro to Computing',
    term: 'Fall 2026',
    description: 'Teams of three build a small app.',
    teamSizeMin: 2,
    teamSizeMax: 4,
    teamFormationDeadline: futureIso(),
    ...overrides,
  };
}

export async function courseCount(): Promise<number> {
  const { db } = await getWorkerDb();
  const [row] = await db.select({ n: count() }).from(courses);
  return row!.n;
}

export async function courseRow(id: string) {
  const { db } = await getWorkerDb();
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return row!;
}

export async function auditOf(courseId: string) {
  const { db } = await getWorkerDb();
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.courseId, courseId))
    .orderBy(auditEvents.createdAt);
}

export const coursesUrl = `${API}/courses`;
