// Issue 24 (decision 122): filing and taking back a join request (or an invitation) over and
// over leaves the other side's bell with at most one unread notification of it, and the filings
// themselves are throttled per student and team with a 429 and Retry-After.
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPEAT_FILINGS_MAX, REPEAT_FILINGS_WINDOW_MINUTES } from '@teamup/shared';
import { invitations, joinRequests, notifications } from '../../../src/db/schema/index.js';
import { API, buildTestApp, getWorkerDb } from '../../helper.js';
import {
  listening,
  openStream,
  sleep,
  type SseEvent,
  type SseStream,
} from '../events/sse-client.js';
import { ok } from '../notifications/notifications-world.js';
import { teamWorld, type TeamWorld } from './requests-world.js';

let app: FastifyInstance;
let base: string;
let w: TeamWorld;
const streams: SseStream[] = [];

beforeAll(async () => {
  app = await buildTestApp({}, { csvWorker: false, events: { heartbeatMs: 300 } });
  base = await listening(app);
});
afterAll(() => app.close());
beforeEach(async () => {
  w = await teamWorld(app);
});
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  await sleep(20);
});

/** The unread notifications `userId` holds about `aboutId`'s asks on Team T, by kind. */
async function unreadAbout(userId: string, about: { actorId?: string } = {}) {
  const { db } = await getWorkerDb();
  const rows = await db
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.teamId, w.team.id),
        isNull(notifications.readAt),
        about.actorId ? eq(notifications.actorId, about.actorId) : undefined,
      ),
    );
  return rows.map((r) => r.kind).sort();
}

/** The bell's figure, as the web reads it. */
async function bell(headers: { authorization: string }): Promise<number> {
  return (await ok(app, headers, 'GET', '/notifications/unread-count')).unread;
}

/** Moves every filing out of the throttle's window, as if an hour had passed. */
async function anHourLater() {
  const { db } = await getWorkerDb();
  const back = sql.raw(`interval '${REPEAT_FILINGS_WINDOW_MINUTES + 1} minutes'`);
  await db.update(joinRequests).set({ createdAt: sql`${joinRequests.createdAt} - ${back}` });
  await db.update(invitations).set({ createdAt: sql`${invitations.createdAt} - ${back}` });
}

const apply = (headers = w.as.sue) =>
  app.inject({
    method: 'POST',
    url: `${API}/student/teams/${w.team.id}/join-requests`,
    headers,
    payload: {},
  });
const invite = (userId = w.sue.id) =>
  app.inject({
    method: 'POST',
    url: `${API}/student/teams/${w.team.id}/invite`,
    headers: w.as.lea,
    payload: { userId },
  });

const withdraw = (id: string) => ok(app, w.as.sue, 'POST', `/student/join-requests/${id}/withdraw`);
const cancel = (id: string) => ok(app, w.as.lea, 'POST', `/student/invitations/${id}/cancel`);

/**
 * Files an ask and takes it back `times` times; with `limit`, an hour passes after every
 * `limit` of them.
 */
async function fileAndTakeBack(
  times: number,
  file: () => ReturnType<typeof apply>,
  takeBack: (id: string) => Promise<unknown>,
  limit = Infinity,
) {
  for (let cycle = 0; cycle < times; cycle++) {
    if (cycle > 0 && cycle % limit === 0) await anHourLater();
    const res = await file();
    expect(res.statusCode, res.body).toBe(201);
    await takeBack(res.json<{ data: { id: string } }>().data.id);
  }
}

async function readAll(headers: { authorization: string }) {
  await ok(app, headers, 'POST', '/notifications/read-all');
}

describe('join requests filed and withdrawn again and again', () => {
  it('20 cycles leave the leader no unread notification about the student; a last filing leaves one', async () => {
    await fileAndTakeBack(20, apply, withdraw, REPEAT_FILINGS_MAX);
    expect(await unreadAbout(w.lea.id, { actorId: w.sue.id })).toEqual([]);
    expect(await bell(w.as.lea)).toBe(0);
    // The history keeps every step, for the team's log.
    const { db } = await getWorkerDb();
    expect(await db.$count(joinRequests, eq(joinRequests.userId, w.sue.id))).toBe(20);

    await anHourLater();
    expect((await apply()).statusCode).toBe(201);
    expect(await unreadAbout(w.lea.id, { actorId: w.sue.id })).toEqual(['JOIN_REQUEST_RECEIVED']);
    expect(await bell(w.as.lea)).toBe(1);
  });

  it('a request the leader has read is withdrawn out loud, one unread "withdrawn" at most', async () => {
    for (let cycle = 0; cycle < 3; cycle++) {
      const id = (await apply()).json<{ data: { id: string } }>().data.id;
      // The leader reads the request before it is withdrawn.
      const list = await ok(app, w.as.lea, 'GET', '/notifications?unread=true');
      expect(list.items.map((n: { kind: string }) => n.kind)).toContain('JOIN_REQUEST_RECEIVED');
      for (const n of list.items as { id: string; kind: string }[]) {
        if (n.kind === 'JOIN_REQUEST_RECEIVED') {
          await ok(app, w.as.lea, 'POST', `/notifications/${n.id}/read`);
        }
      }
      await withdraw(id);
      expect(await unreadAbout(w.lea.id, { actorId: w.sue.id }), `cycle ${cycle}`).toEqual([
        'JOIN_REQUEST_WITHDRAWN',
      ]);
    }
    // Asking again replaces the unread "withdrawn" with the new request.
    expect((await apply()).statusCode).toBe(201);
    expect(await unreadAbout(w.lea.id, { actorId: w.sue.id })).toEqual(['JOIN_REQUEST_RECEIVED']);
  });

  it("the leader's live stream is told the lower count when a request they had not read is withdrawn", async () => {
    const id = (await apply()).json<{ data: { id: string } }>().data.id;
    const { db } = await getWorkerDb();
    const leader = await openStream(base, w.as.lea.authorization.replace(/^Bearer /, ''));
    streams.push(leader);
    await expect.poll(() => leader.comments).toContain('connected');
    await withdraw(id);
    await leader.next((e: SseEvent) => e.event === 'unread' && JSON.parse(e.data).unread === 0);
    // No "withdrawn" notification reaches the stream: it was never kept.
    await sleep(100);
    expect(leader.events.filter((e) => e.event === 'notification')).toEqual([]);
    expect(await db.$count(notifications, eq(notifications.userId, w.lea.id))).toBe(0);
  });
});

describe('invitations sent and cancelled again and again', () => {
  it('20 cycles leave the invitee no unread notification from the team; a last one leaves one', async () => {
    await fileAndTakeBack(20, invite, cancel, REPEAT_FILINGS_MAX);
    expect(await unreadAbout(w.sue.id)).toEqual([]);
    expect(await bell(w.as.sue)).toBe(0);

    await anHourLater();
    expect((await invite()).statusCode).toBe(201);
    expect(await unreadAbout(w.sue.id)).toEqual(['INVITATION_RECEIVED']);
  });

  it('an invitation the invitee has read is cancelled out loud, one unread "cancelled" at most', async () => {
    for (let cycle = 0; cycle < 3; cycle++) {
      const id = (await invite()).json<{ data: { id: string } }>().data.id;
      await readAll(w.as.sue);
      await cancel(id);
      expect(await unreadAbout(w.sue.id), `cycle ${cycle}`).toEqual(['INVITATION_CANCELLED']);
    }
    expect((await invite()).statusCode).toBe(201);
    expect(await unreadAbout(w.sue.id)).toEqual(['INVITATION_RECEIVED']);
  });
});

describe('the throttle', () => {
  it(`refuses the ${REPEAT_FILINGS_MAX + 1}th join request to one team in the window with 429 and Retry-After`, async () => {
    await fileAndTakeBack(REPEAT_FILINGS_MAX, apply, withdraw);
    const refused = await apply();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: 'JOIN_REQUEST_THROTTLED',
      message: `You have asked to join Team T ${REPEAT_FILINGS_MAX} times in the last ${REPEAT_FILINGS_WINDOW_MINUTES} minutes; try again in ${REPEAT_FILINGS_WINDOW_MINUTES} minutes`,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan((REPEAT_FILINGS_WINDOW_MINUTES - 1) * 60);
    expect(retryAfter).toBeLessThanOrEqual(REPEAT_FILINGS_WINDOW_MINUTES * 60);
    // Nothing was filed, and the leader was told nothing.
    const { db } = await getWorkerDb();
    expect(await db.$count(joinRequests, eq(joinRequests.userId, w.sue.id))).toBe(
      REPEAT_FILINGS_MAX,
    );
    expect(await bell(w.as.lea)).toBe(0);
    // Another student asking the same team is not held back by Sue's filings.
    expect((await apply(w.as.tom)).statusCode).toBe(201);
    // Once the window has passed, Sue may ask again.
    await anHourLater();
    expect((await apply()).statusCode).toBe(201);
  });

  it(`refuses the ${REPEAT_FILINGS_MAX + 1}th invitation of one student by one team in the window`, async () => {
    await fileAndTakeBack(REPEAT_FILINGS_MAX, invite, cancel);
    const refused = await invite();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'INVITATION_THROTTLED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await invite(w.tom.id)).statusCode).toBe(201);
    await anHourLater();
    expect((await invite()).statusCode).toBe(201);
  });

  it('takes its count from TEAM_ASK_LIMIT', async () => {
    const roomy = await buildTestApp(
      { TEAM_ASK_LIMIT: REPEAT_FILINGS_MAX + 2 },
      { csvWorker: false },
    );
    const file = () =>
      roomy.inject({
        method: 'POST',
        url: `${API}/student/teams/${w.team.id}/join-requests`,
        headers: w.as.sue,
        payload: {},
      });
    await fileAndTakeBack(REPEAT_FILINGS_MAX + 2, file, withdraw);
    const refused = await file();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain(`${REPEAT_FILINGS_MAX + 2} times`);
    await roomy.close();
  });

  it('comes after the rules: an open request still answers 409 ALREADY_REQUESTED', async () => {
    await fileAndTakeBack(REPEAT_FILINGS_MAX - 1, apply, withdraw);
    expect((await apply()).statusCode).toBe(201);
    const again = await apply();
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REQUESTED');
  });
});
