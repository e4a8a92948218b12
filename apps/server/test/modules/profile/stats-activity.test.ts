import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Paginated, ProfileActivityEntry, ProfileStats } from '@teamup/shared';
import {
  makeAdminOf,
  makeCourse,
  makeEnrollment,
  makeOrganization,
  makeUser,
} from '../../fixtures.js';
import { API, bearer, buildTestApp, signIn } from '../../helper.js';

type Headers = { authorization: string };

describe('profile stats and activity', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const call = async (
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    headers?: Headers,
    payload?: Record<string, unknown>,
  ) => {
    const res = await app.inject({
      method,
      url: `${API}${path}`,
      ...(headers ? { headers } : {}),
      ...(payload ? { payload } : {}),
    });
    return res;
  };
  const ok = async <T>(...args: Parameters<typeof call>): Promise<T> => {
    const res = await call(...args);
    if (res.statusCode !== 200 && res.statusCode !== 201) {
      throw new Error(`${args[0]} ${args[1]}: ${res.statusCode} ${res.body}`);
    }
    return res.json<{ data: T }>().data;
  };

  const stats = (as: Headers) => ok<ProfileStats>('GET', '/auth/profile/stats', as);
  const activity = (as: Headers, query = '') =>
    ok<Paginated<ProfileActivityEntry>>('GET', `/auth/profile/activity${query}`, as);

  /**
   * Northfield runs three live courses and an archived one; Ada administers it. Maya is enrolled
   * in the three live ones, and her enrollment in DB301 is made INACTIVE by Ada. Maya creates a
   * team in CS101, applies to Leo's team in CS201 and is invited by Nia to hers.
   */
  async function world() {
    const org = await makeOrganization({ name: 'Northfield University' });
    const otherOrg = await makeOrganization({ name: 'Riverside College' });
    const cs101 = await makeCourse(org.id, { code: 'CS101', title: 'Intro to Computing' });
    const cs201 = await makeCourse(org.id, { code: 'CS201', title: 'Data Structures' });
    const db301 = await makeCourse(org.id, { code: 'DB301', title: 'Databases' });
    const old = await makeCourse(org.id, { code: 'OLD100', title: 'Old', archived: true });
    const elsewhere = await makeCourse(otherOrg.id, { code: 'RC1', title: 'Elsewhere' });
    const ada = await makeAdminOf([org.id], { email: 'ada@northfield.edu', fullname: 'Ada Admin' });
    const maya = await makeUser({ email: 'maya@northfield.edu', fullname: 'Maya Chen' });
    const leo = await makeUser({ email: 'leo@northfield.edu', fullname: 'Leo Park' });
    const nia = await makeUser({ email: 'nia@northfield.edu', fullname: 'Nia Obi' });
    for (const course of [cs101, cs201]) {
      await makeEnrollment(course.id, { email: maya.email, userId: maya.id, fullname: 'Maya' });
    }
    const mayaInDb301 = await makeEnrollment(db301.id, { email: maya.email, userId: maya.id });
    await makeEnrollment(db301.id, { email: 'other@northfield.edu', fullname: 'Not Maya' });
    await makeEnrollment(cs201.id, { email: leo.email, userId: leo.id });
    await makeEnrollment(cs201.id, { email: nia.email, userId: nia.id });
    // Counted nowhere for Ada: an archived course, and another organization.
    await makeEnrollment(old.id, { email: 'gone@northfield.edu' });
    await makeEnrollment(elsewhere.id, { email: 'far@riverside.edu' });

    const [asMaya, asLeo, asNia, asAda] = await Promise.all(
      [maya, leo, nia, ada].map(async (u) => bearer((await signIn(app, u.email)).token)),
    );
    return {
      org,
      cs101,
      cs201,
      db301,
      maya,
      leo,
      nia,
      ada,
      mayaInDb301,
      as: { maya: asMaya!, leo: asLeo!, nia: asNia!, ada: asAda! },
    };
  }

  async function act(w: Awaited<ReturnType<typeof world>>) {
    const mine = await ok<{ id: string }>(
      'POST',
      `/student/courses/${w.cs101.id}/teams`,
      w.as.maya,
      {
        name: 'Maya Makers',
      },
    );
    const leos = await ok<{ id: string }>(
      'POST',
      `/student/courses/${w.cs201.id}/teams`,
      w.as.leo,
      {
        name: 'Leo Lions',
      },
    );
    const nias = await ok<{ id: string }>(
      'POST',
      `/student/courses/${w.cs201.id}/teams`,
      w.as.nia,
      {
        name: 'Nia Nodes',
      },
    );
    await ok('POST', `/student/teams/${leos.id}/join-requests`, w.as.maya, {
      message: 'I like trees',
    });
    await ok('POST', `/student/teams/${nias.id}/invite`, w.as.nia, { userId: w.maya.id });
    await ok('PATCH', `/admin/enrollment/${w.mayaInDb301.id}/status`, w.as.ada, {
      status: 'INACTIVE',
    });
    return { mine, leos, nias };
  }

  it('answers 401 without a token', async () => {
    for (const path of ['/auth/profile/stats', '/auth/profile/activity']) {
      const res = await call('GET', path);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });

  it('a new user has zeros and no activity', async () => {
    const { token } = await signIn(app, 'fresh@example.edu', 'Fresh Person');
    expect(await stats(bearer(token))).toEqual({
      enrollments: { total: 0, active: 0, inactive: 0 },
      teams: { joined: 0, leading: 0 },
      pendingJoinRequests: 0,
      pendingInvitations: 0,
      administration: null,
    });
    expect(await activity(bearer(token))).toEqual({ items: [], page: 1, limit: 20, total: 0 });
  });

  it("counts a student's enrollments, teams, requests and invitations after real actions", async () => {
    const w = await world();
    await act(w);
    expect(await stats(w.as.maya)).toEqual({
      enrollments: { total: 3, active: 2, inactive: 1 },
      teams: { joined: 1, leading: 1 },
      pendingJoinRequests: 1,
      pendingInvitations: 1,
      administration: null,
    });
    // Leo leads his team and has nothing pending; his request inbox is not his own request.
    expect(await stats(w.as.leo)).toMatchObject({
      teams: { joined: 1, leading: 1 },
      pendingJoinRequests: 0,
      pendingInvitations: 0,
    });
  });

  it('a member who is not the leader is counted as joined, not leading', async () => {
    const w = await world();
    await act(w);
    const [invitation] = await ok<{ items: { id: string }[] }>(
      'GET',
      '/student/me/invitations',
      w.as.maya,
    ).then((d) => d.items);
    // Maya already leads a CS101 team; joining Nia's CS201 team is allowed (another course).
    await ok('POST', `/student/invitations/${invitation!.id}/accept`, w.as.maya);
    expect(await stats(w.as.maya)).toMatchObject({
      teams: { joined: 2, leading: 1 },
      // Joining Nia's team cancelled her request to Leo's team in the same course.
      pendingJoinRequests: 0,
      pendingInvitations: 0,
    });
    expect(await stats(w.as.nia)).toMatchObject({ teams: { joined: 1, leading: 1 } });
  });

  it("counts an organization admin's organizations, live courses and distinct students", async () => {
    const w = await world();
    await act(w);
    expect(await stats(w.as.ada)).toEqual({
      enrollments: { total: 0, active: 0, inactive: 0 },
      teams: { joined: 0, leading: 0 },
      pendingJoinRequests: 0,
      pendingInvitations: 0,
      // CS101, CS201, DB301 (OLD100 is archived); Maya (three courses), Leo, Nia, "other".
      administration: { organizations: 1, courses: 3, students: 4 },
    });
  });

  it('lists what the user did and what was done about them, newest first, with names', async () => {
    const w = await world();
    const { mine, leos, nias } = await act(w);
    const page = await activity(w.as.maya);
    expect(page).toMatchObject({ page: 1, limit: 20, total: 4 });
    expect(page.items.map((e) => e.action)).toEqual([
      'STATUS_CHANGED',
      'INVITATION_CREATED',
      'REQUEST_CREATED',
      'TEAM_CREATED',
    ]);
    const [status, invited, requested, created] = page.items;
    expect(status).toMatchObject({
      actor: { id: w.ada.id, fullname: 'Ada Admin' },
      target: { id: w.maya.id, fullname: 'Maya Chen' },
      team: null,
      course: { id: w.db301.id, code: 'DB301', title: 'Databases' },
      organization: { id: w.org.id, name: 'Northfield University' },
      data: { from: 'ACTIVE', to: 'INACTIVE' },
    });
    expect(invited).toMatchObject({
      actor: { id: w.nia.id, fullname: 'Nia Obi' },
      target: { id: w.maya.id },
      team: { id: nias.id, name: 'Nia Nodes' },
      course: { code: 'CS201' },
    });
    expect(requested).toMatchObject({
      actor: { id: w.maya.id },
      team: { id: leos.id, name: 'Leo Lions' },
    });
    expect(created).toMatchObject({
      actor: { id: w.maya.id },
      team: { id: mine.id, name: 'Maya Makers' },
      course: { id: w.cs101.id, code: 'CS101', title: 'Intro to Computing' },
    });
    for (let i = 1; i < page.items.length; i++) {
      expect(page.items[i - 1]!.createdAt >= page.items[i]!.createdAt).toBe(true);
    }
    // Other people's events stay theirs: Leo sees his team and Maya's request to it, not
    // Maya's own team or her enrollment.
    const leo = await activity(w.as.leo);
    expect(leo.items.map((e) => e.action)).toEqual(['TEAM_CREATED']);
  });

  it('pages through the activity', async () => {
    const w = await world();
    await act(w);
    const first = await activity(w.as.maya, '?page=1&limit=3');
    const second = await activity(w.as.maya, '?page=2&limit=3');
    const beyond = await activity(w.as.maya, '?page=3&limit=3');
    expect(first).toMatchObject({ page: 1, limit: 3, total: 4 });
    expect(first.items).toHaveLength(3);
    expect(second).toMatchObject({ page: 2, limit: 3, total: 4 });
    expect(second.items.map((e) => e.action)).toEqual(['TEAM_CREATED']);
    expect(beyond).toEqual({ items: [], page: 3, limit: 3, total: 4 });
    const all = await activity(w.as.maya, '?limit=100');
    expect([...first.items, ...second.items].map((e) => e.id)).toEqual(all.items.map((e) => e.id));
  });

  it.each([
    ['page=0', 'query.page'],
    ['page=abc', 'query.page'],
    ['page=1.5', 'query.page'],
    ['limit=0', 'query.limit'],
    ['limit=101', 'query.limit'],
    ['limit=-3', 'query.limit'],
  ])('refuses %s with 400 VALIDATION_ERROR naming %s', async (query, path) => {
    const { token } = await signIn(app, 'pager@example.edu');
    const res = await call('GET', `/auth/profile/activity?${query}`, bearer(token));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ path })],
    });
  });
});
