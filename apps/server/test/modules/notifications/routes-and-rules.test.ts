// The notifications API (a user's own rows only) and the rules every writer keeps: a refused or
// rolled-back change writes none, a muted kind is not written.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@teamup/shared';
import { courseStaff, notifications } from '../../../src/db/schema/index.js';
import { acceptJoinRequest, applyToTeam } from '../../../src/modules/teams/requests-service.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import { makeEnrollment, makeUser } from '../../fixtures.js';
import { makeJoinRequest, teamWorld, type TeamWorld } from '../teams/requests-world.js';
import { ok, pairs, received } from './notifications-world.js';

async function write(userId: string, count: number, kind = 'DEADLINE_SOON') {
  const { db } = await getWorkerDb();
  const rows = await db
    .insert(notifications)
    .values(Array.from({ length: count }, () => ({ userId, kind })))
    .returning({ id: notifications.id, seq: notifications.seq });
  return rows.sort((a, b) => a.seq - b.seq);
}

describe('notifications API', () => {
  let app: FastifyInstance;
  let w: TeamWorld;

  beforeAll(async () => {
    app = await buildTestApp();
  });

  beforeEach(async () => {
    w = await teamWorld(app);
  });

  const call = (
    headers: { authorization: string },
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });

  it('lists my notifications newest first, paged, with the unread filter and count', async () => {
    const mine = await write(w.sue.id, 5);
    await write(w.tom.id, 3);
    const { db } = await getWorkerDb();
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(inArray(notifications.id, [mine[0]!.id, mine[4]!.id]));

    const page1 = await ok(app, w.as.sue, 'GET', '/notifications?limit=2');
    expect(page1).toMatchObject({ page: 1, limit: 2, total: 5 });
    expect(page1.items.map((n: { id: string }) => n.id)).toEqual([mine[4]!.id, mine[3]!.id]);
    const page3 = await ok(app, w.as.sue, 'GET', '/notifications?limit=2&page=3');
    expect(page3.items.map((n: { id: string }) => n.id)).toEqual([mine[0]!.id]);
    const beyond = await ok(app, w.as.sue, 'GET', '/notifications?limit=2&page=9');
    expect(beyond).toMatchObject({ items: [], total: 5 });

    const unread = await ok(app, w.as.sue, 'GET', '/notifications?unread=true');
    expect(unread.total).toBe(3);
    expect(unread.items.map((n: { id: string }) => n.id)).toEqual(
      [mine[3]!, mine[2]!, mine[1]!].map((n) => n.id),
    );
    expect(unread.items[0]).toMatchObject({
      kind: 'DEADLINE_SOON',
      actor: null,
      team: null,
      course: null,
      readAt: null,
      link: '/dashboard',
    });
    expect(await ok(app, w.as.sue, 'GET', '/notifications/unread-count')).toEqual({ unread: 3 });
    expect(await ok(app, w.as.lea, 'GET', '/notifications')).toMatchObject({ items: [], total: 0 });
  });

  it('marks one read (idempotent, keeping the first time) and all read; never another user’s', async () => {
    const [a] = await write(w.sue.id, 2);
    const [toms] = await write(w.tom.id, 1);

    const first = await ok(app, w.as.sue, 'POST', `/notifications/${a!.id}/read`);
    expect(first.readAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const again = await ok(app, w.as.sue, 'POST', `/notifications/${a!.id}/read`);
    expect(again.readAt).toBe(first.readAt);
    expect(await ok(app, w.as.sue, 'GET', '/notifications/unread-count')).toEqual({ unread: 1 });

    const foreign = await call(w.as.sue, 'POST', `/notifications/${toms!.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false });
    const unknown = await call(w.as.sue, 'POST', `/notifications/${randomUUID()}/read`);
    expect(unknown.statusCode).toBe(404);
    expect((await call(w.as.sue, 'POST', '/notifications/not-a-uuid/read')).statusCode).toBe(400);

    expect(await ok(app, w.as.sue, 'POST', '/notifications/read-all')).toEqual({ marked: 1 });
    expect(await ok(app, w.as.sue, 'POST', '/notifications/read-all')).toEqual({ marked: 0 });
    expect(await ok(app, w.as.tom, 'GET', '/notifications/unread-count')).toEqual({ unread: 1 });
  });

  it('refuses bad query input with 400', async () => {
    for (const query of ['unread=yes', 'limit=0', 'page=0', 'limit=1000']) {
      const res = await call(w.as.sue, 'GET', `/notifications?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('round-trips the preferences; an unknown kind is a 400', async () => {
    const initial = await ok(app, w.as.sue, 'GET', '/notifications/preferences');
    expect(initial.kinds).toHaveLength(NOTIFICATION_KINDS.length);
    expect(initial.kinds.every((k: { muted: boolean }) => !k.muted)).toBe(true);
    expect(initial.kinds[0]).toEqual({
      kind: 'JOIN_REQUEST_RECEIVED',
      label: 'Someone asks to join my team',
      muted: false,
    });

    const saved = await ok(app, w.as.sue, 'PUT', '/notifications/preferences', {
      muted: ['DEADLINE_SOON', 'NOTICE_PINNED', 'DEADLINE_SOON'],
    });
    const muted = (p: { kinds: { kind: string; muted: boolean }[] }) =>
      p.kinds.filter((k) => k.muted).map((k) => k.kind);
    expect(muted(saved)).toEqual(['NOTICE_PINNED', 'DEADLINE_SOON']);
    expect(muted(await ok(app, w.as.sue, 'GET', '/notifications/preferences'))).toEqual([
      'NOTICE_PINNED',
      'DEADLINE_SOON',
    ]);
    expect(muted(await ok(app, w.as.tom, 'GET', '/notifications/preferences'))).toEqual([]);

    for (const body of [{ muted: ['NOPE'] }, {}, { muted: 'DEADLINE_SOON' }]) {
      const res = await call(w.as.sue, 'PUT', '/notifications/preferences', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await ok(app, w.as.sue, 'PUT', '/notifications/preferences', { muted: [] })).toEqual(
      initial,
    );
  });

  it("says whom each person's kinds reach (issue 35), and keeps a setting of a kind not shown", async () => {
    const { db } = await getWorkerDb();
    const ta = await makeUser({ fullname: 'Tess Assistant' });
    await db
      .insert(courseStaff)
      .values({ courseId: w.course.id, userId: ta.id, role: 'TEACHING_ASSISTANT' });
    const newcomer = await makeUser({ fullname: 'New Student' });
    const [taAs, newAs] = await Promise.all(
      [ta, newcomer].map(async (u) => bearer((await signIn(app, u.email)).token)),
    );
    const audiences = async (as: { authorization: string }) => [
      (await ok(app, as, 'GET', '/notifications/preferences')).audiences,
      (await ok(app, as, 'GET', '/profile/email-preferences')).audiences,
    ];
    expect(await audiences(w.as.sue)).toEqual([
      ['STUDENT', 'EVERYONE'],
      ['STUDENT', 'EVERYONE'],
    ]);
    expect(await audiences(taAs!)).toEqual([
      ['COURSE_STAFF', 'EVERYONE'],
      ['COURSE_STAFF', 'EVERYONE'],
    ]);
    expect(await audiences(w.as.adminA)).toEqual([
      ['COURSE_STAFF', 'EVERYONE'],
      ['COURSE_STAFF', 'EVERYONE'],
    ]);
    // A student account not yet in a course still gets a student's kinds.
    expect(await audiences(newAs!)).toEqual([
      ['STUDENT', 'EVERYONE'],
      ['STUDENT', 'EVERYONE'],
    ]);
    // Staff who are also enrolled somewhere get both.
    await makeEnrollment(w.courseB.id, { email: ta.email, userId: ta.id, fullname: ta.fullname });
    expect((await audiences(taAs!))[0]).toEqual(['STUDENT', 'COURSE_STAFF', 'EVERYONE']);

    // Every kind is still listed and accepted: an admin's muted student kind stays muted.
    const saved = await ok(app, w.as.adminA, 'PUT', '/notifications/preferences', {
      muted: ['SURVEY_OPENED'],
    });
    expect(saved.kinds).toHaveLength(NOTIFICATION_KINDS.length);
    expect(saved.audiences).toEqual(['COURSE_STAFF', 'EVERYONE']);
    const again = await ok(app, w.as.adminA, 'GET', '/notifications/preferences');
    expect(again.kinds.filter((k: { muted: boolean }) => k.muted)).toEqual([
      expect.objectContaining({ kind: 'SURVEY_OPENED', muted: true }),
    ]);
  });

  it('answers 401 without a token', async () => {
    const res = await app.inject({ method: 'GET', url: `${API}/notifications` });
    expect(res.statusCode).toBe(401);
  });
});

describe('notification rules', () => {
  let app: FastifyInstance;
  let w: TeamWorld;

  beforeAll(async () => {
    app = await buildTestApp();
  });

  beforeEach(async () => {
    w = await teamWorld(app, { maxSize: 2 });
  });

  it('a refused change writes none: accepting into a full team, accepting twice', async () => {
    const request = await makeJoinRequest(w.team, w.sue.id);
    const res = await app.inject({
      method: 'POST',
      url: `${API}/student/join-requests/${request.id}/accept`,
      headers: w.as.lea,
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(await received()).toEqual([]);

    // A seat frees up: the accept goes through once; the second is refused and writes nothing.
    await ok(app, w.as.max, 'POST', `/student/teams/${w.team.id}/leave`);
    await ok(app, w.as.lea, 'POST', `/student/join-requests/${request.id}/accept`, {});
    const second = await app.inject({
      method: 'POST',
      url: `${API}/student/join-requests/${request.id}/accept`,
      headers: w.as.lea,
      payload: {},
    });
    expect(second.statusCode).toBe(409);
    expect(await received()).toEqual(pairs(['JOIN_REQUEST_ACCEPTED', w.sue]));
  });

  it('a transaction that throws after the change writes none', async () => {
    const { db } = await getWorkerDb();
    const request = await makeJoinRequest(w.team, w.sue.id);
    await ok(app, w.as.max, 'POST', `/student/teams/${w.team.id}/leave`);
    const before = await received();
    await expect(
      db.transaction(async (tx) => {
        await applyToTeam(tx, { userId: w.tom.id, role: 'STUDENT' }, w.team.id, { message: '' });
        await acceptJoinRequest(tx, { userId: w.lea.id, role: 'STUDENT' }, request.id, {});
        // Written inside: the leader's request received, the applicant's acceptance.
        expect(await tx.select().from(notifications)).toHaveLength(before.length + 2);
        throw new Error('after the change');
      }),
    ).rejects.toThrow('after the change');
    expect(await received()).toEqual(before);
  });

  it('a muted kind is not written for that user; others still get theirs', async () => {
    await ok(app, w.as.max, 'POST', `/student/teams/${w.team.id}/leave`);
    await ok(app, w.as.lea, 'PUT', '/notifications/preferences', {
      muted: ['JOIN_REQUEST_RECEIVED'],
    });
    await ok(app, w.as.sue, 'PUT', '/notifications/preferences', {
      muted: ['JOIN_REQUEST_REJECTED'],
    });
    const request = await ok(app, w.as.sue, 'POST', `/student/teams/${w.team.id}/join-requests`, {
      message: '',
    });
    await ok(app, w.as.lea, 'POST', `/student/join-requests/${request.id}/reject`, {});
    await ok(app, w.as.sue, 'POST', `/student/teams/${w.team.id}/join-requests`, { message: '' });
    const toms = await ok(app, w.as.tom, 'POST', `/student/teams/${w.team.id}/join-requests`, {
      message: '',
    });
    expect(await received()).toEqual([]);

    // Shown again: written again.
    await ok(app, w.as.lea, 'PUT', '/notifications/preferences', { muted: [] });
    await ok(app, w.as.tom, 'POST', `/student/join-requests/${toms.id}/withdraw`);
    expect(await received()).toEqual(pairs(['JOIN_REQUEST_WITHDRAWN', w.lea]));
    // Tom asks again: the new request replaces the unread "withdrawn" (decision 122).
    await ok(app, w.as.tom, 'POST', `/student/teams/${w.team.id}/join-requests`, { message: '' });
    expect(await received()).toEqual(pairs(['JOIN_REQUEST_RECEIVED', w.lea]));
  });
});
