// The live stream (issue 14, decision 113): GET /events over real HTTP on 127.0.0.1, read with
// fetch as the web app reads it, on both drivers. Notifications and course changes are made by
// writing rows (the NOTIFY triggers of migration 0016 fire on any insert).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  changedEventSchema,
  EVENTS_MAX_STREAMS_PER_USER,
  EVENTS_REPLAY_LIMIT,
  isRefetchAll,
  notificationSchema,
  type NotificationKind,
} from '@teamup/shared';
import { notifications, sessions } from '../../../src/db/schema/index.js';
import { recordAudit } from '../../../src/lib/audit.js';
import {
  makeCourse,
  makeEnrollment,
  makeOrgAdmin,
  makeOrganization,
  makeTeam,
  makeUser,
} from '../../fixtures.js';
import { API, bearer, buildTestApp, driver, getWorkerDb, signIn } from '../../helper.js';
import {
  listening,
  openStream,
  sleep,
  within,
  type SseEvent,
  type SseStream,
} from './sse-client.js';

const HEARTBEAT_MS = 300;

let app: FastifyInstance;
let base: string;
const open: SseStream[] = [];

beforeAll(async () => {
  app = await buildTestApp({}, { csvWorker: false, events: { heartbeatMs: HEARTBEAT_MS } });
  base = await listening(app);
});

afterEach(async () => {
  for (const stream of open.splice(0)) stream.close();
  // Let the server see the clients go before the next test empties the tables.
  await sleep(20);
});

async function stream(token: string, options: Parameters<typeof openStream>[2] = {}) {
  const s = await openStream(base, token, options);
  open.push(s);
  return s;
}

async function notify(userId: string, kind: NotificationKind = 'JOIN_REQUEST_RECEIVED') {
  const { db } = await getWorkerDb();
  const [row] = await db.insert(notifications).values({ userId, kind }).returning();
  return row!;
}

const isNotification = (seq: number) => (e: SseEvent) =>
  e.event === 'notification' && e.id === String(seq);
const changedFor = (courseId: string) => (e: SseEvent) =>
  e.event === 'changed' &&
  changedEventSchema.parse(JSON.parse(e.data)).courseIds.includes(courseId);

/** Two organizations, a course in each, students, their admins and a superadmin, signed in. */
async function world() {
  const orgA = await makeOrganization({ name: 'Stream Org A' });
  const orgB = await makeOrganization({ name: 'Stream Org B' });
  const courseA = await makeCourse(orgA.id, { code: 'SA101' });
  const courseB = await makeCourse(orgB.id, { code: 'SB101' });
  const adminA = await makeUser({ role: 'ORG_ADMIN', email: 'stream-admin-a@example.edu' });
  const adminB = await makeUser({ role: 'ORG_ADMIN', email: 'stream-admin-b@example.edu' });
  await makeOrgAdmin(orgA.id, adminA.id);
  await makeOrgAdmin(orgB.id, adminB.id);
  const superadmin = await makeUser({ role: 'SUPERADMIN', email: 'stream-super@example.edu' });
  const ada = await makeUser({ email: 'stream-ada@example.edu', fullname: 'Ada' });
  const bob = await makeUser({ email: 'stream-bob@example.edu', fullname: 'Bob' });
  const cyd = await makeUser({ email: 'stream-cyd@example.edu', fullname: 'Cyd' });
  await makeEnrollment(courseA.id, { email: ada.email, userId: ada.id });
  await makeEnrollment(courseA.id, { email: bob.email, userId: bob.id });
  await makeEnrollment(courseB.id, { email: cyd.email, userId: cyd.id });
  const team = await makeTeam(courseA.id, ada.id, { members: [bob.id] });
  const tokens = {
    ada: (await signIn(app, ada.email)).token,
    bob: (await signIn(app, bob.email)).token,
    cyd: (await signIn(app, cyd.email)).token,
    adminA: (await signIn(app, adminA.email)).token,
    adminB: (await signIn(app, adminB.email)).token,
    superadmin: (await signIn(app, superadmin.email)).token,
  };
  return { orgA, orgB, courseA, courseB, adminA, adminB, superadmin, ada, bob, cyd, team, tokens };
}

describe('GET /events', () => {
  it('opens at once as an event stream, then a committed notification arrives with its seq as id', async () => {
    const w = await world();
    const s = await stream(w.tokens.ada);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toBe('no-cache');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('content-encoding')).toBeNull();
    await expect.poll(() => s.comments).toContain('connected');

    const row = await notify(w.ada.id, 'JOIN_REQUEST_RECEIVED');
    const event = await s.next(isNotification(row.seq));
    const notification = notificationSchema.parse(JSON.parse(event.data));
    expect(notification).toMatchObject({ id: row.id, seq: row.seq, kind: 'JOIN_REQUEST_RECEIVED' });
  });

  it('a real change (a join request through the API) reaches the leader as a notification and a "changed"', async () => {
    const w = await world();
    const dee = await makeUser({ email: 'stream-dee@example.edu', fullname: 'Dee' });
    await makeEnrollment(w.courseA.id, { email: dee.email, userId: dee.id });
    const deeToken = (await signIn(app, dee.email)).token;
    const leader = await stream(w.tokens.ada);
    const applicant = await stream(deeToken);
    await expect.poll(() => leader.comments).toContain('connected');
    await expect.poll(() => applicant.comments).toContain('connected');
    const res = await app.inject({
      method: 'POST',
      url: `${API}/student/teams/${w.team.id}/join-requests`,
      headers: bearer(deeToken),
      payload: {},
    });
    expect(res.statusCode).toBe(201);
    const event = await leader.next((e) => e.event === 'notification');
    expect(notificationSchema.parse(JSON.parse(event.data))).toMatchObject({
      kind: 'JOIN_REQUEST_RECEIVED',
      team: { id: w.team.id },
    });
    const changed = await leader.next(changedFor(w.courseA.id));
    expect(JSON.parse(changed.data).teamIds).toContain(w.team.id);
    // The applicant sees the course change; the notification is the leader's alone.
    await applicant.next(changedFor(w.courseA.id));
    await sleep(100);
    expect(applicant.events.filter((e) => e.event === 'notification')).toEqual([]);
  });

  it('never sends a notification of a transaction that rolled back, nor another user’s', async () => {
    const w = await world();
    const s = await stream(w.tokens.ada);
    await expect.poll(() => s.comments).toContain('connected');
    const { db } = await getWorkerDb();
    let rolledBackSeq = 0;
    await db
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(notifications)
          .values({ userId: w.ada.id, kind: 'BECAME_LEADER' })
          .returning();
        rolledBackSeq = row!.seq;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const bobs = await notify(w.bob.id);
    // Ada's next committed one arrives: what came before it has been delivered by then.
    const later = await notify(w.ada.id, 'NOTICE_PINNED');
    await s.next(isNotification(later.seq));
    await sleep(100);
    const seqs = s.events.filter((e) => e.event === 'notification').map((e) => Number(e.id));
    expect(seqs).toEqual([later.seq]);
    expect(seqs).not.toContain(rolledBackSeq);
    expect(seqs).not.toContain(bobs.seq);
  });

  it('sends "changed" to the course’s students, its organization’s admin and superadmins only', async () => {
    const w = await world();
    const streams = {
      ada: await stream(w.tokens.ada),
      bob: await stream(w.tokens.bob),
      cyd: await stream(w.tokens.cyd),
      adminA: await stream(w.tokens.adminA),
      adminB: await stream(w.tokens.adminB),
      superadmin: await stream(w.tokens.superadmin),
    };
    for (const s of Object.values(streams))
      await expect.poll(() => s.comments).toContain('connected');
    const { db } = await getWorkerDb();
    await recordAudit(db, {
      action: 'TEAM_UPDATED',
      actorId: w.ada.id,
      organizationId: w.orgA.id,
      courseId: w.courseA.id,
      teamId: w.team.id,
    });
    for (const name of ['ada', 'bob', 'adminA', 'superadmin'] as const) {
      const event = await streams[name].next(changedFor(w.courseA.id));
      expect(JSON.parse(event.data), name).toEqual({
        teamIds: [w.team.id],
        courseIds: [w.courseA.id],
        enrollments: false,
      });
    }
    // A change in course B reaches its people; by then course A's has been delivered to all.
    await recordAudit(db, {
      action: 'TEAM_UPDATED',
      actorId: w.cyd.id,
      organizationId: w.orgB.id,
      courseId: w.courseB.id,
    });
    await streams.adminB.next(changedFor(w.courseB.id));
    await streams.cyd.next(changedFor(w.courseB.id));
    await streams.superadmin.next(changedFor(w.courseB.id));
    await sleep(100);
    expect(streams.adminB.events.filter(changedFor(w.courseA.id))).toEqual([]);
    expect(streams.cyd.events.filter(changedFor(w.courseA.id))).toEqual([]);
    expect(streams.ada.events.filter(changedFor(w.courseB.id))).toEqual([]);
    expect(streams.adminA.events.filter(changedFor(w.courseB.id))).toEqual([]);
  });

  it('tells a user named by an enrollment change, and from then on sends them that course’s changes', async () => {
    const w = await world();
    const cyd = await stream(w.tokens.cyd);
    await expect.poll(() => cyd.comments).toContain('connected');
    const enrollment = await makeEnrollment(w.courseA.id, { email: w.cyd.email, userId: w.cyd.id });
    const { db } = await getWorkerDb();
    await recordAudit(db, {
      action: 'ENROLLMENT_ADDED',
      actorId: w.adminA.id,
      organizationId: w.orgA.id,
      courseId: w.courseA.id,
      enrollmentId: enrollment.id,
      targetUserId: w.cyd.id,
    });
    const first = await cyd.next(changedFor(w.courseA.id));
    expect(JSON.parse(first.data)).toEqual({
      teamIds: [],
      courseIds: [w.courseA.id],
      enrollments: true,
    });
    // Cyd's scope was read again: a team change in course A now reaches Cyd too.
    await sleep(100);
    await recordAudit(db, {
      action: 'TEAM_UPDATED',
      actorId: w.ada.id,
      organizationId: w.orgA.id,
      courseId: w.courseA.id,
      teamId: w.team.id,
    });
    const second = await cyd.next(
      (e) => e.event === 'changed' && JSON.parse(e.data).teamIds.includes(w.team.id),
    );
    expect(JSON.parse(second.data)).toMatchObject({ enrollments: false });
  });

  it('replays the notifications after Last-Event-ID (header or query), then goes on live', async () => {
    const w = await world();
    const first = await notify(w.ada.id, 'INVITATION_RECEIVED');
    const second = await notify(w.ada.id, 'INVITATION_CANCELLED');
    await notify(w.bob.id);
    const third = await notify(w.ada.id, 'BECAME_LEADER');

    const byHeader = await stream(w.tokens.ada, { lastEventId: first.seq });
    await byHeader.next(isNotification(third.seq));
    const live = await notify(w.ada.id, 'NOTICE_PINNED');
    await byHeader.next(isNotification(live.seq));
    const replayed = byHeader.events.filter((e) => e.event === 'notification');
    expect(replayed.map((e) => Number(e.id))).toEqual([second.seq, third.seq, live.seq]);
    expect(replayed.map((e) => notificationSchema.parse(JSON.parse(e.data)).kind)).toEqual([
      'INVITATION_CANCELLED',
      'BECAME_LEADER',
      'NOTICE_PINNED',
    ]);
    expect(byHeader.events.filter((e) => e.event === 'changed')).toEqual([]);

    const byQuery = await stream(w.tokens.ada, { query: `?lastEventId=${third.seq}` });
    await byQuery.next(isNotification(live.seq));
    expect(byQuery.events.map((e) => Number(e.id))).toEqual([live.seq]);
  });

  it(`replays at most ${EVENTS_REPLAY_LIMIT}, then says to refetch everything`, async () => {
    const w = await world();
    const { db } = await getWorkerDb();
    const rows = await db
      .insert(notifications)
      .values(
        Array.from({ length: EVENTS_REPLAY_LIMIT + 5 }, () => ({
          userId: w.ada.id,
          kind: 'NOTICE_PINNED' as const,
        })),
      )
      .returning({ seq: notifications.seq });
    const s = await stream(w.tokens.ada, { lastEventId: 0 });
    const refetch = await s.next((e) => e.event === 'changed');
    expect(isRefetchAll(changedEventSchema.parse(JSON.parse(refetch.data)))).toBe(true);
    const seqs = s.events.filter((e) => e.event === 'notification').map((e) => Number(e.id));
    const sorted = rows.map((r) => r.seq).sort((a, b) => a - b);
    expect(seqs.slice(0, EVENTS_REPLAY_LIMIT)).toEqual(sorted.slice(0, EVENTS_REPLAY_LIMIT));
    // The rows' NOTIFY may reach the hub after the stream opened (PostgreSQL delivers it over
    // the listening connection): the newer ones may follow live, none twice.
    await sleep(200);
    const all = s.events.filter((e) => e.event === 'notification').map((e) => Number(e.id));
    expect(new Set(all).size).toBe(all.length);
    expect(
      all
        .slice(EVENTS_REPLAY_LIMIT)
        .every((seq) => sorted.slice(EVENTS_REPLAY_LIMIT).includes(seq)),
    ).toBe(true);
  });

  it('refuses a malformed Last-Event-ID with 400 in the envelope, and no token with 401', async () => {
    const w = await world();
    for (const headers of [{ 'last-event-id': 'abc' }, { 'last-event-id': '-1' }]) {
      const res = await app.inject({
        method: 'GET',
        url: `${API}/events`,
        headers: { ...bearer(w.tokens.ada), ...headers },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: expect.any(String) });
    }
    const byQuery = await app.inject({
      method: 'GET',
      url: `${API}/events?lastEventId=1e9`,
      headers: bearer(w.tokens.ada),
    });
    expect(byQuery.statusCode).toBe(400);
    const anonymous = await stream('not-a-token');
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text!)).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('answers an injected request (no socket to hold) with the opening and the replay, then ends', async () => {
    const w = await world();
    const row = await notify(w.ada.id);
    const res = await app.inject({
      method: 'GET',
      url: `${API}/events?lastEventId=0`,
      headers: bearer(w.tokens.ada),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(': connected');
    expect(res.body).toContain(`id: ${row.seq}\n`);
    expect(res.body).toContain(': end once');
  });

  it('ends when the session is signed out or revoked by id', async () => {
    const w = await world();
    const s = await stream(w.tokens.ada);
    await expect.poll(() => s.comments).toContain('connected');
    const logout = await app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers: bearer(w.tokens.ada),
    });
    expect(logout.statusCode).toBe(200);
    expect(await within(s.ended, 2_000)).toBe(true);
    expect(await s.ended).toBe('end revoked');

    const laptop = await signIn(app, w.bob.email);
    const phone = await signIn(app, w.bob.email);
    const phoneStream = await stream(phone.token);
    const laptopStream = await stream(laptop.token);
    await expect.poll(() => laptopStream.comments).toContain('connected');
    const me = await app.inject({
      method: 'GET',
      url: `${API}/auth/session`,
      headers: bearer(phone.token),
    });
    const phoneId = me.json<{ data: { id: string } }>().data.id;
    const revoke = await app.inject({
      method: 'DELETE',
      url: `${API}/auth/session/${phoneId}`,
      headers: bearer(laptop.token),
    });
    expect(revoke.statusCode).toBe(200);
    expect(await within(phoneStream.ended, 2_000)).toBe(true);
    expect(await phoneStream.ended).toBe('end revoked');
    expect(laptopStream.isEnded()).toBe(false);
  });

  it('ends when the session expires (timer) and when it is deleted (the heartbeat’s check)', async () => {
    const w = await world();
    const { db } = await getWorkerDb();
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 700) })
      .where(sql`${sessions.userId} = ${w.ada.id}`);
    const expiring = await stream(w.tokens.ada);
    expect(expiring.status).toBe(200);
    expect(await within(expiring.ended, 2_000)).toBe(true);
    expect(await expiring.ended).toBe('end expired');

    const deleted = await stream(w.tokens.bob);
    await expect.poll(() => deleted.comments).toContain('connected');
    await db.delete(sessions).where(sql`${sessions.userId} = ${w.bob.id}`);
    expect(await within(deleted.ended, HEARTBEAT_MS * 2 + 1_000)).toBe(true);
    expect(await deleted.ended).toBe('end session-ended');
  });

  it(`keeps at most ${EVENTS_MAX_STREAMS_PER_USER} streams per user: one more ends the oldest`, async () => {
    const w = await world();
    const streams: SseStream[] = [];
    for (let i = 0; i < EVENTS_MAX_STREAMS_PER_USER; i++) {
      const s = await stream(w.tokens.ada);
      await expect.poll(() => s.comments).toContain('connected');
      streams.push(s);
    }
    const sixth = await stream(w.tokens.ada);
    await expect.poll(() => sixth.comments).toContain('connected');
    expect(await within(streams[0]!.ended, 2_000)).toBe(true);
    expect(await streams[0]!.ended).toBe('end replaced');
    const row = await notify(w.ada.id);
    for (const s of [...streams.slice(1), sixth]) await s.next(isNotification(row.seq));
    expect(streams.slice(1).some((s) => s.isEnded())).toBe(false);
    // Another user's streams do not count.
    const bob = await stream(w.tokens.bob);
    await expect.poll(() => bob.comments).toContain('connected');
    await sleep(50);
    expect(sixth.isEnded()).toBe(false);
  });

  it('tells every stream of the user the unread count when notifications are read elsewhere, and no one else', async () => {
    const w = await world();
    const first = await notify(w.ada.id);
    await notify(w.ada.id);
    await notify(w.bob.id);
    const tab = await stream(w.tokens.ada);
    const otherTab = await stream(w.tokens.ada);
    const bob = await stream(w.tokens.bob);
    const isUnread = (n: number) => (e: SseEvent) =>
      e.event === 'unread' && JSON.parse(e.data).unread === n;

    const read = await app.inject({
      method: 'POST',
      url: `${API}/notifications/${first.id}/read`,
      headers: bearer(w.tokens.ada),
    });
    expect(read.statusCode).toBe(200);
    await tab.next(isUnread(1));
    await otherTab.next(isUnread(1));

    const all = await app.inject({
      method: 'POST',
      url: `${API}/notifications/read-all`,
      headers: bearer(w.tokens.ada),
    });
    expect(all.statusCode).toBe(200);
    await tab.next(isUnread(0));
    await otherTab.next(isUnread(0));
    // Marking read again changes nothing, and Bob's stream never heard of Ada's reads.
    await app.inject({
      method: 'POST',
      url: `${API}/notifications/${first.id}/read`,
      headers: bearer(w.tokens.ada),
    });
    await sleep(100);
    expect(tab.events.filter((e) => e.event === 'unread')).toHaveLength(2);
    expect(bob.events.filter((e) => e.event === 'unread')).toHaveLength(0);
  });

  it('sends a heartbeat comment on every stream', async () => {
    const w = await world();
    const s = await stream(w.tokens.ada);
    await expect
      .poll(() => s.comments.filter((c) => c === 'heartbeat').length, { timeout: HEARTBEAT_MS * 8 })
      .toBeGreaterThanOrEqual(2);
  });

  it('closing the app ends its streams at once (close does not wait for them)', async () => {
    const w = await world();
    const other = await buildTestApp({}, { csvWorker: false });
    const otherBase = await listening(other);
    const s = await openStream(otherBase, w.tokens.ada);
    open.push(s);
    await expect.poll(() => s.comments).toContain('connected');
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await within(s.ended, 1_000)).toBe(true);
    expect(await s.ended).toBe('end shutdown');
  });

  it.skipIf(driver !== 'postgres')(
    'after the listening connection is lost, listens again and tells every stream to refetch',
    async () => {
      const w = await world();
      const s = await stream(w.tokens.ada);
      await expect.poll(() => s.comments).toContain('connected');
      const { db } = await getWorkerDb();
      await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'teamup-listener' and datname = current_database()`);
      const refetch = await s.next((e) => e.event === 'changed', 10_000);
      expect(isRefetchAll(changedEventSchema.parse(JSON.parse(refetch.data)))).toBe(true);
      // Listening again: live notifications arrive.
      const row = await notify(w.ada.id);
      await s.next(isNotification(row.seq));
    },
  );
});
