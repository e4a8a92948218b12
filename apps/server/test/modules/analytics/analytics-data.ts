// Builders for the System Analytics tests (decision 109): days relative to today (UTC), activity
// rows, uploads and teams created on a given day. Times are noon UTC of the day, so a test run
// near midnight still lands every row on the intended day (the figures are by UTC day).
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { csvUploads, teams, userActivityDays, users } from '../../../src/db/schema/index.js';
import { makeUser } from '../../fixtures.js';
import { API, bearer, getWorkerDb, signIn } from '../../helper.js';

const DAY_MS = 86_400_000;

/** The UTC date `n` days before today, as YYYY-MM-DD. */
export function dayAgo(n: number): string {
  return new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
}

/** Noon UTC of the day `n` days ago. */
export function noonAgo(n: number): Date {
  return new Date(`${dayAgo(n)}T12:00:00.000Z`);
}

/** The Monday starting the ISO week of a YYYY-MM-DD day. */
export function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * DAY_MS).toISOString().slice(0, 10);
}

export async function activity(userId: string, daysAgo: number, signIns = 0) {
  const { db } = await getWorkerDb();
  await db.insert(userActivityDays).values({ day: dayAgo(daysAgo), userId, signIns });
}

/** Every user row (made so far) created on the day `n` days ago. */
export async function createdAgo(userIds: string[], n: number) {
  const { db } = await getWorkerDb();
  await db
    .update(users)
    .set({ createdAt: noonAgo(n) })
    .where(inArray(users.id, userIds));
}

export async function teamCreatedAgo(courseId: string, n: number, disbanded = false) {
  const { db } = await getWorkerDb();
  const leader = await makeUser();
  await createdAgo([leader.id], 400);
  const [team] = await db
    .insert(teams)
    .values({
      courseId,
      name: `Team ${Math.random().toString(36).slice(2, 10)}`,
      leaderId: leader.id,
      maxSize: 4,
      memberCount: 1,
      createdAt: noonAgo(n),
      disbandedAt: disbanded ? new Date() : null,
    })
    .returning({ id: teams.id });
  return team!.id;
}

export async function upload(
  courseId: string,
  organizationId: string,
  input: {
    daysAgo: number;
    status: 'QUEUED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
    processedRows?: number;
    fileName?: string;
    failureMessage?: string;
  },
) {
  const { db } = await getWorkerDb();
  const at = noonAgo(input.daysAgo);
  const finished = input.status === 'COMPLETED' || input.status === 'FAILED';
  const [row] = await db
    .insert(csvUploads)
    .values({
      courseId,
      organizationId,
      fileName: input.fileName ?? 'roster.csv',
      content: '',
      status: input.status,
      totalRows: input.processedRows ?? 0,
      processedRows: input.processedRows ?? 0,
      failureMessage: input.failureMessage ?? null,
      createdAt: at,
      finishedAt: finished ? new Date(at.getTime() + 60_000) : null,
    })
    .returning({ id: csvUploads.id });
  return row!.id;
}

/**
 * A signed-in superadmin whose own sign-in (today) is taken out of the activity figures and
 * whose account was made long ago, so that tests count only the rows they build.
 */
export async function quietSuperadmin(app: FastifyInstance) {
  const { db } = await getWorkerDb();
  const user = await makeUser({ role: 'SUPERADMIN' });
  const { token } = await signIn(app, user.email);
  await db.delete(userActivityDays).where(eq(userActivityDays.userId, user.id));
  await createdAgo([user.id], 400);
  return { user, token };
}

export async function getJson<T>(app: FastifyInstance, token: string, url: string) {
  const res = await app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
  return { status: res.statusCode, body: res.json<{ data: T; code?: string }>() };
}
