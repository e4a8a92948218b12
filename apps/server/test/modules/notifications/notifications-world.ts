// Reading notifications back for the notification tests (issue 14).
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { notifications } from '../../../src/db/schema/index.js';
import { API, getWorkerDb } from '../../helper.js';

/** Every notification in the database as "kind → user id" (the whole table: who got what). */
export async function allNotifications() {
  const { db } = await getWorkerDb();
  return db
    .select({
      userId: notifications.userId,
      kind: notifications.kind,
      actorId: notifications.actorId,
      teamId: notifications.teamId,
      courseId: notifications.courseId,
      data: notifications.data,
    })
    .from(notifications)
    .where(eq(notifications.shownInApp, true))
    .orderBy(asc(notifications.seq));
}

/** Rows kept only for their email (the kind muted in the app): [kind, userId] pairs, sorted. */
export async function hiddenForEmail(): Promise<[string, string][]> {
  const { db } = await getWorkerDb();
  const rows = await db
    .select({
      kind: notifications.kind,
      userId: notifications.userId,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.shownInApp, false));
  if (rows.some((r) => r.readAt === null)) throw new Error('a hidden row is unread');
  return rows
    .map((n) => [n.kind, n.userId] as [string, string])
    .sort((a, b) => (a.join() < b.join() ? -1 : a.join() > b.join() ? 1 : 0));
}

/** [kind, user id] pairs of every notification, sorted: an exact "who got what". */
export async function received(): Promise<[string, string][]> {
  return (await allNotifications())
    .map((n) => [n.kind, n.userId] as [string, string])
    .sort((a, b) => (a.join() < b.join() ? -1 : a.join() > b.join() ? 1 : 0));
}

export const pairs = (...list: [string, { id: string }][]): [string, string][] =>
  list
    .map(([kind, user]) => [kind, user.id] as [string, string])
    .sort((a, b) => (a.join() < b.join() ? -1 : a.join() > b.join() ? 1 : 0));

export async function clearNotifications() {
  const { db } = await getWorkerDb();
  await db.delete(notifications);
}

/** A call that must succeed (2xx), returning its data. */
export async function ok(
  app: FastifyInstance,
  headers: { authorization: string },
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url: `${API}${url}`,
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ data: any }>().data; // eslint-disable-line @typescript-eslint/no-explicit-any
}
