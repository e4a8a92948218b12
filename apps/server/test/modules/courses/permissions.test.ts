import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, makeOrgAdmin } from '../../fixtures.js';
import { API, bearer, buildTestApp, signIn } from '../../helper.js';
import {
  courseRow,
  signedInWorld,
  validCourseBody,
  type SignedInWorld,
} from './signed-in-world.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface RouteCase {
  name: string;
  method: Method;
  /** A request about organization A's data. */
  url: (w: SignedInWorld) => string;
  payload?: (w: SignedInWorld) => Record<string, unknown>;
  prepare?: (app: FastifyInstance, w: SignedInWorld) => Promise<void>;
  okStatus: number;
}

const ROUTES: RouteCase[] = [
  {
    name: 'POST /courses',
    method: 'POST',
    url: () => `${API}/courses`,
    payload: (w) => validCourseBody(w.orgA.id),
    okStatus: 201,
  },
  { name: 'GET /courses', method: 'GET', url: () => `${API}/courses`, okStatus: 200 },
  {
    name: 'GET /courses/{id}',
    method: 'GET',
    url: (w) => `${API}/courses/${w.courseA.id}`,
    okStatus: 200,
  },
  {
    name: 'PATCH /courses/{id}/update',
    method: 'PATCH',
    url: (w) => `${API}/courses/${w.courseA.id}/update`,
    payload: () => ({ title: 'Renamed' }),
    okStatus: 200,
  },
  {
    name: 'DELETE /courses/{id}',
    method: 'DELETE',
    url: (w) => `${API}/courses/${w.courseA.id}`,
    okStatus: 200,
  },
  {
    name: 'POST /courses/{id}/restore',
    method: 'POST',
    url: (w) => `${API}/courses/${w.courseA.id}/restore`,
    prepare: async (app, w) => {
      const res = await app.inject({
        method: 'DELETE',
        url: `${API}/courses/${w.courseA.id}`,
        headers: w.as.adminA,
      });
      expect(res.statusCode).toBe(200);
    },
    okStatus: 200,
  },
  {
    name: 'GET /courses/organization/{orgId}/courses',
    method: 'GET',
    url: (w) => `${API}/courses/organization/${w.orgA.id}/courses`,
    okStatus: 200,
  },
];

describe('course routes: permission matrix', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const call = (route: RouteCase, w: SignedInWorld, headers: Record<string, string> = {}) =>
    app.inject({
      method: route.method,
      url: route.url(w),
      headers,
      ...(route.payload ? { payload: route.payload(w) } : {}),
    });

  it("declares every course route for admins, and one course's routes for its staff too", () => {
    const declared = app.routeAccess.filter((r) => r.url.startsWith(`${API}/courses`));
    expect(declared.length).toBeGreaterThanOrEqual(ROUTES.length);
    // Issue 28: the calls on one course admit its staff (settings, deletion and restore only
    // its instructors); listing and creating courses stay the organization admins'.
    const staffLevel: Record<string, string> = {
      [`GET ${API}/courses/:id`]: 'TEACHING_ASSISTANT',
      [`HEAD ${API}/courses/:id`]: 'TEACHING_ASSISTANT',
      [`PATCH ${API}/courses/:id/update`]: 'INSTRUCTOR',
      [`DELETE ${API}/courses/:id`]: 'INSTRUCTOR',
      [`POST ${API}/courses/:id/restore`]: 'INSTRUCTOR',
    };
    for (const route of declared) {
      const key = `${route.method} ${route.url}`;
      const level = staffLevel[key];
      expect(route.access, key).toEqual(
        level
          ? { roles: ['ORG_ADMIN', 'SUPERADMIN'], courseStaff: level }
          : ['ORG_ADMIN', 'SUPERADMIN'],
      );
    }
  });

  describe.each(ROUTES)('$name', (route) => {
    it('401 without a token', async () => {
      const w = await signedInWorld(app);
      await route.prepare?.(app, w);
      const res = await call(route, w);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    });

    it('403 for a student', async () => {
      const w = await signedInWorld(app);
      await route.prepare?.(app, w);
      const res = await call(route, w, w.as.student);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    });

    it('is allowed to the organization’s admin and to a superadmin', async () => {
      const w = await signedInWorld(app);
      await route.prepare?.(app, w);
      const res = await call(route, w, w.as.adminA);
      expect(res.statusCode, res.body).toBe(route.okStatus);
      expect(res.json().success).toBe(true);

      // A second world for the superadmin, so state-changing calls start from the same place.
      const w2 = await signedInWorld(app);
      await route.prepare?.(app, w2);
      const asSuper = await call(route, w2, w2.as.superadmin);
      expect(asSuper.statusCode, asSuper.body).toBe(route.okStatus);
    });
  });

  describe('admin of another organization', () => {
    it('gets 404 for every course and organization of organization A, and nothing changes', async () => {
      const w = await signedInWorld(app);
      const before = await courseRow(w.courseA.id);
      for (const route of ROUTES.filter((r) => r.url(w).includes(w.courseA.id))) {
        const res = await call(route, w, w.as.adminB);
        expect(res.statusCode, route.name).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
      const orgCourses = await app.inject({
        method: 'GET',
        url: `${API}/courses/organization/${w.orgA.id}/courses`,
        headers: w.as.adminB,
      });
      expect(orgCourses.statusCode).toBe(404);
      expect(await courseRow(w.courseA.id)).toEqual(before);
    });

    it('cannot create a course in organization A: 400 on organizationId', async () => {
      const w = await signedInWorld(app);
      const res = await app.inject({
        method: 'POST',
        url: `${API}/courses`,
        headers: w.as.adminB,
        payload: validCourseBody(w.orgA.id),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'organizationId', message: 'Unknown organization' }],
      });
    });

    it('does not see organization A’s courses in the list', async () => {
      const w = await signedInWorld(app);
      const res = await app.inject({ method: 'GET', url: `${API}/courses`, headers: w.as.adminB });
      expect(res.json().data.items.map((c: { id: string }) => c.id)).toEqual([w.courseB.id]);
    });
  });

  it('an admin of several organizations sees all of them; one of none sees nothing', async () => {
    const w = await signedInWorld(app);
    await makeOrgAdmin(w.orgB.id, w.adminA.id);
    const both = await app.inject({ method: 'GET', url: `${API}/courses`, headers: w.as.adminA });
    expect(both.json().data.total).toBe(2);

    const lonely = await makeUser({ email: 'lonely@example.edu', role: 'ORG_ADMIN' });
    const { token } = await signIn(app, lonely.email);
    const none = await app.inject({ method: 'GET', url: `${API}/courses`, headers: bearer(token) });
    expect(none.json().data).toEqual({ items: [], page: 1, limit: 20, total: 0 });
    const one = await app.inject({
      method: 'GET',
      url: `${API}/courses/${w.courseA.id}`,
      headers: bearer(token),
    });
    expect(one.statusCode).toBe(404);
  });
});
