import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { teamNotices } from '../../../src/db/schema/index.js';
import { API, buildTestApp, getWorkerDb } from '../../helper.js';
import {
  countRows,
  disband,
  makeNotice,
  pastDate,
  recordJoined,
  setCourse,
  setEnrollmentStatus,
  teamAuditOf,
  teamWorld,
  type TeamWorld,
} from './requests-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

type Headers = Record<string, string>;
const post = (w: TeamWorld, headers: Headers, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `${API}/student/teams/${w.team.id}/notices`,
    headers,
    payload,
  });
const list = (w: TeamWorld, headers: Headers, query = '') =>
  app.inject({ method: 'GET', url: `${API}/student/teams/${w.team.id}/notices${query}`, headers });
const patch = (id: string, headers: Headers, payload: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: `${API}/student/notices/${id}`, headers, payload });
const remove = (id: string, headers: Headers) =>
  app.inject({ method: 'DELETE', url: `${API}/student/notices/${id}`, headers });

async function noticeRow(id: string) {
  const { db } = await getWorkerDb();
  const [row] = await db.select().from(teamNotices).where(eq(teamNotices.id, id));
  return row;
}

describe('POST /student/teams/{id}/notices', () => {
  it('lets a member post, and audits it', async () => {
    const w = await teamWorld(app);
    const res = await post(w, w.as.max, { body: '  Stand-up at 10  ', pinned: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: 'Notice posted',
      data: {
        id: expect.any(String),
        teamId: w.team.id,
        author: { id: w.max.id, fullname: 'Max Member', email: w.max.email, avatar: null },
        body: 'Stand-up at 10',
        pinned: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect(await teamAuditOf(w.team.id)).toEqual([
      expect.objectContaining({
        action: 'NOTICE_POSTED',
        actorId: w.max.id,
        data: { noticeId: res.json().data.id, pinned: true },
      }),
    ]);
  });

  it('is allowed after the formation deadline (notices are not membership)', async () => {
    const w = await teamWorld(app);
    await setCourse(w.course.id, { teamFormationDeadline: pastDate() });
    const res = await post(w, w.as.lea, { body: 'Still here' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.pinned).toBe(false);
  });

  it('refuses non-members (403 NOT_TEAM_MEMBER), outsiders (404), no token (401)', async () => {
    const w = await teamWorld(app);
    for (const who of ['sue', 'adminA', 'superadmin'] as const) {
      const res = await post(w, w.as[who], { body: 'hello' });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('NOT_TEAM_MEMBER');
    }
    expect((await post(w, w.as.olga, { body: 'hello' })).statusCode).toBe(404);
    expect((await post(w, w.as.adminB, { body: 'hello' })).statusCode).toBe(404);
    expect((await post(w, {}, { body: 'hello' })).statusCode).toBe(401);
    expect(await countRows(teamNotices)).toBe(0);
  });

  it('refuses a member whose enrollment is INACTIVE: 403 NOT_ENROLLED', async () => {
    const w = await teamWorld(app);
    await setEnrollmentStatus(w.course.id, w.max.id, 'INACTIVE');
    const res = await post(w, w.as.max, { body: 'hello' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_ENROLLED');
  });

  it('refuses on a disbanded team and in an archived course', async () => {
    const w = await teamWorld(app);
    await setCourse(w.course.id, { archivedAt: new Date() });
    const archived = await post(w, w.as.max, { body: 'hello' });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().code).toBe('COURSE_ARCHIVED');
    await setCourse(w.course.id, { archivedAt: null });
    await recordJoined(w, w.max.id);
    await disband(w.team.id, w.lea.id);
    const disbanded = await post(w, w.as.max, { body: 'hello' });
    expect(disbanded.statusCode).toBe(409);
    expect(disbanded.json().code).toBe('TEAM_DISBANDED');
    expect(await countRows(teamNotices)).toBe(0);
  });

  it('rejects bad input with 400 naming the field, writing nothing', async () => {
    const w = await teamWorld(app);
    const empty = await post(w, w.as.max, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ path: 'body', message: 'Write something' }]);
    const long = await post(w, w.as.max, { body: 'x'.repeat(2001) });
    expect(long.json().details).toEqual([expect.objectContaining({ path: 'body' })]);
    const pinned = await post(w, w.as.max, { body: 'ok', pinned: 'yes' });
    expect(pinned.json().details).toEqual([expect.objectContaining({ path: 'pinned' })]);
    expect(await countRows(teamNotices)).toBe(0);
    expect(await teamAuditOf(w.team.id)).toEqual([]);
  });
});

describe('GET /student/teams/{id}/notices', () => {
  it('shows members the board: pinned first, then newest, paged', async () => {
    const w = await teamWorld(app);
    const t = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const oldPinned = await makeNotice(w.team.id, w.lea.id, { pinned: true, createdAt: t(60) });
    const old = await makeNotice(w.team.id, w.max.id, { body: 'old', createdAt: t(30) });
    const fresh = await makeNotice(w.team.id, w.max.id, { body: 'fresh', createdAt: t(1) });

    const res = await list(w, w.as.max);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ page: 1, limit: 20, total: 3 });
    expect(data.items.map((n: { id: string }) => n.id)).toEqual([oldPinned.id, fresh.id, old.id]);
    expect(data.items[1]).toEqual({
      id: fresh.id,
      teamId: w.team.id,
      author: { id: w.max.id, fullname: 'Max Member', email: w.max.email, avatar: null },
      body: 'fresh',
      pinned: false,
      createdAt: fresh.createdAt.toISOString(),
      updatedAt: fresh.updatedAt.toISOString(),
    });

    const page2 = await list(w, w.as.lea, '?limit=2&page=2');
    expect(page2.json().data).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(page2.json().data.items.map((n: { id: string }) => n.id)).toEqual([old.id]);
  });

  it("lets the course's admins read the board", async () => {
    const w = await teamWorld(app);
    await makeNotice(w.team.id, w.lea.id);
    for (const who of ['adminA', 'superadmin'] as const) {
      const res = await list(w, w.as[who]);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data.total).toBe(1);
    }
  });

  it('refuses classmates (403 NOT_TEAM_MEMBER), outsiders (404), no token (401), bad page (400)', async () => {
    const w = await teamWorld(app);
    const classmate = await list(w, w.as.sue);
    expect(classmate.statusCode).toBe(403);
    expect(classmate.json().code).toBe('NOT_TEAM_MEMBER');
    expect((await list(w, w.as.olga)).statusCode).toBe(404);
    expect((await list(w, w.as.adminB)).statusCode).toBe(404);
    expect((await list(w, {})).statusCode).toBe(401);
    const bad = await list(w, w.as.max, '?limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: 'query.limit' })]);
  });
});

describe('PATCH /student/notices/{id}', () => {
  it('lets the author edit and pin, and audits what changed', async () => {
    const w = await teamWorld(app);
    const notice = await makeNotice(w.team.id, w.max.id, {
      body: 'draft',
      createdAt: new Date(Date.now() - 3_600_000),
    });
    const res = await patch(notice.id, w.as.max, { body: 'final', pinned: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Notice updated',
      data: { id: notice.id, body: 'final', pinned: true },
    });
    expect(res.json().data.createdAt).toBe(notice.createdAt.toISOString());
    expect(new Date(res.json().data.updatedAt).getTime()).toBeGreaterThan(
      notice.updatedAt.getTime(),
    );
    expect(await teamAuditOf(w.team.id)).toEqual([
      expect.objectContaining({
        action: 'NOTICE_UPDATED',
        actorId: w.max.id,
        targetUserId: w.max.id,
        data: {
          noticeId: notice.id,
          changed: ['body', 'pinned'],
          pinned: { from: false, to: true },
        },
      }),
    ]);
  });

  it("lets the leader edit a member's notice", async () => {
    const w = await teamWorld(app);
    const notice = await makeNotice(w.team.id, w.max.id);
    const res = await patch(notice.id, w.as.lea, { pinned: true });
    expect(res.statusCode).toBe(200);
    expect((await noticeRow(notice.id))!.pinned).toBe(true);
  });

  it('writes nothing when nothing changes', async () => {
    const w = await teamWorld(app);
    const notice = await makeNotice(w.team.id, w.max.id, { body: 'same' });
    const res = await patch(notice.id, w.as.max, { body: 'same' });
    expect(res.statusCode).toBe(200);
    expect(await teamAuditOf(w.team.id)).toEqual([]);
  });

  it('refuses other members (403), classmates (403), outsiders (404), no token (401)', async () => {
    const w = await teamWorld(app);
    const notice = await makeNotice(w.team.id, w.lea.id, { body: 'mine' });
    const member = await patch(notice.id, w.as.max, { body: 'hacked' });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({
      code: 'NOT_NOTICE_AUTHOR',
      message: 'Only the member who posted this notice or the team leader can edit it',
    });
    for (const who of ['sue', 'adminA'] as const) {
      const res = await patch(notice.id, w.as[who], { body: 'hacked' });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('NOT_TEAM_MEMBER');
    }
    expect((await patch(notice.id, w.as.olga, { body: 'x' })).statusCode).toBe(404);
    expect((await patch(notice.id, w.as.adminB, { body: 'x' })).statusCode).toBe(404);
    expect((await patch(notice.id, {}, { body: 'x' })).statusCode).toBe(401);
    const missing = await patch('00000000-0000-4000-8000-000000000000', w.as.lea, { body: 'x' });
    expect(missing.statusCode).toBe(404);
    expect((await noticeRow(notice.id))!.body).toBe('mine');
  });

  it('rejects an empty or unknown change with 400', async () => {
    const w = await teamWorld(app);
    const notice = await makeNotice(w.team.id, w.max.id, { body: 'keep' });
    const nothing = await patch(notice.id, w.as.max, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().details).toEqual([{ path: '', message: 'Nothing to update' }]);
    const unknown = await patch(notice.id, w.as.max, { author: w.lea.id });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toContainEqual({ path: 'author', message: 'Unknown field' });
    const blank = await patch(notice.id, w.as.max, { body: '' });
    expect(blank.json().details).toEqual([{ path: 'body', message: 'Write something' }]);
    expect((await noticeRow(notice.id))!.body).toBe('keep');
  });

  it('refuses an author who left the team', async () => {
    const w = await teamWorld(app);
    const notice = await makeNotice(w.team.id, w.sue.id, { body: 'from before' });
    const res = await patch(notice.id, w.as.sue, { body: 'edited' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_TEAM_MEMBER');
  });
});

describe('DELETE /student/notices/{id}', () => {
  it('lets the author delete, and audits it', async () => {
    const w = await teamWorld(app);
    const notice = await makeNotice(w.team.id, w.max.id);
    const res = await remove(notice.id, w.as.max);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Notice deleted',
      data: { id: notice.id },
    });
    expect(await noticeRow(notice.id)).toBeUndefined();
    expect(await teamAuditOf(w.team.id)).toEqual([
      expect.objectContaining({
        action: 'NOTICE_DELETED',
        actorId: w.max.id,
        targetUserId: w.max.id,
        data: { noticeId: notice.id, pinned: false },
      }),
    ]);
    expect((await remove(notice.id, w.as.max)).statusCode).toBe(404);
  });

  it("lets the leader delete a member's notice; other members may not", async () => {
    const w = await teamWorld(app);
    const byMax = await makeNotice(w.team.id, w.max.id);
    const byLea = await makeNotice(w.team.id, w.lea.id);
    const denied = await remove(byLea.id, w.as.max);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      code: 'NOT_NOTICE_AUTHOR',
      message: 'Only the member who posted this notice or the team leader can delete it',
    });
    expect((await remove(byMax.id, w.as.lea)).statusCode).toBe(200);
    expect(await noticeRow(byLea.id)).toBeDefined();
  });

  it('refuses classmates (403), outsiders (404), no token (401), a bad id (400)', async () => {
    const w = await teamWorld(app);
    const notice = await makeNotice(w.team.id, w.max.id);
    expect((await remove(notice.id, w.as.sue)).statusCode).toBe(403);
    expect((await remove(notice.id, w.as.olga)).statusCode).toBe(404);
    expect((await remove(notice.id, w.as.adminB)).statusCode).toBe(404);
    expect((await remove(notice.id, {})).statusCode).toBe(401);
    const bad = await remove('x', w.as.max);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: 'params.id' })]);
    expect(await noticeRow(notice.id)).toBeDefined();
  });
});
