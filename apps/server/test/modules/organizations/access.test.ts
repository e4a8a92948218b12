import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../fixtures.js';
import { API, bearer, buildTestApp, signIn } from '../../helper.js';
import { snapshot } from './org-api.js';

type World = Awaited<ReturnType<typeof makeWorld>>;

interface RouteCase {
  name: string;
  /** The call, aimed at organization A. */
  request: (w: World) => InjectOptions;
  /** Who may call it at all; an ORG_ADMIN of organization B gets 404 on A's routes. */
  access: 'superadmin' | 'admins';
  /** For admin routes about one organization: admin B must get 404 for organization A. */
  aboutOneOrganization?: boolean;
}

const CASES: RouteCase[] = [
  {
    name: 'GET /organizations',
    request: () => ({ method: 'GET', url: `${API}/organizations` }),
    access: 'admins',
  },
  {
    name: 'POST /organizations',
    request: () => ({
      method: 'POST',
      url: `${API}/organizations`,
      payload: { name: 'New Org', slug: 'new-org' },
    }),
    access: 'superadmin',
  },
  {
    name: 'PUT /organizations/{id}',
    request: (w) => ({
      method: 'PUT',
      url: `${API}/organizations/${w.orgA.id}`,
      payload: { description: 'Changed' },
    }),
    access: 'admins',
    aboutOneOrganization: true,
  },
  {
    name: 'DELETE /organizations/{id}',
    request: (w) => ({ method: 'DELETE', url: `${API}/organizations/${w.orgA.id}` }),
    access: 'superadmin',
  },
  {
    name: 'POST /organizations/super/{id}/restore',
    request: (w) => ({ method: 'POST', url: `${API}/organizations/super/${w.orgA.id}/restore` }),
    access: 'superadmin',
  },
  {
    name: 'GET /organizations/super/list',
    request: () => ({ method: 'GET', url: `${API}/organizations/super/list` }),
    access: 'superadmin',
  },
  {
    name: 'GET /organizations/super/{id}',
    request: (w) => ({ method: 'GET', url: `${API}/organizations/super/${w.orgA.id}` }),
    access: 'superadmin',
  },
  {
    name: 'POST /organizations/super/{id}/admin',
    request: (w) => ({
      method: 'POST',
      url: `${API}/organizations/super/${w.orgA.id}/admin`,
      payload: { email: 'appointed@example.edu' },
    }),
    access: 'superadmin',
  },
  {
    name: 'DELETE /organizations/super/{id}/admin',
    request: (w) => ({
      method: 'DELETE',
      url: `${API}/organizations/super/${w.orgA.id}/admin?userId=${w.adminA.id}`,
    }),
    access: 'superadmin',
  },
  {
    name: 'PUT /organizations/super/{id}/domains',
    request: (w) => ({
      method: 'PUT',
      url: `${API}/organizations/super/${w.orgA.id}/domains`,
      payload: { domains: ['science.example.edu'] },
    }),
    access: 'superadmin',
  },
  {
    name: 'GET /organizations/super/users/list',
    request: () => ({ method: 'GET', url: `${API}/organizations/super/users/list` }),
    access: 'superadmin',
  },
  {
    name: 'GET /organizations/admin/my',
    request: () => ({ method: 'GET', url: `${API}/organizations/admin/my` }),
    access: 'admins',
  },
  {
    name: 'GET /organizations/admin/my/{id}',
    request: (w) => ({ method: 'GET', url: `${API}/organizations/admin/my/${w.orgA.id}` }),
    access: 'admins',
    aboutOneOrganization: true,
  },
];

describe('organizations: who may call what', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  it('declares every organizations route covered here', () => {
    const declared = app.routeAccess
      .filter((r) => r.url.startsWith(`${API}/organizations`) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.slice(API.length).replace(/:id/g, '{id}')}`)
      .sort();
    expect(declared).toEqual(CASES.map((c) => c.name).sort());
  });

  it.each(CASES)('$name', async (route) => {
    const w = await makeWorld();
    const [student, adminA, adminB] = await Promise.all([
      signIn(app, w.student.email),
      signIn(app, w.adminA.email),
      signIn(app, w.adminB.email),
    ]);
    const before = await snapshot();
    const call = (token?: string) => {
      const options = route.request(w);
      return app.inject({
        ...options,
        headers: { ...(options.headers ?? {}), ...(token ? bearer(token) : {}) },
      });
    };

    const anonymous = await call();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });

    const asStudent = await call(student.token);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });

    if (route.access === 'superadmin') {
      const asAdmin = await call(adminA.token);
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    if (route.aboutOneOrganization) {
      const asForeignAdmin = await call(adminB.token);
      expect(asForeignAdmin.statusCode).toBe(404);
      expect(asForeignAdmin.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    // Sign-ins write sessions and last sign-in times, not these tables.
    expect(await snapshot()).toEqual(before);

    if (route.access === 'admins') {
      const asOwnAdmin = await call(adminA.token);
      expect(asOwnAdmin.statusCode).toBe(200);
      expect(asOwnAdmin.json()).toMatchObject({ success: true });
    }
  });

  it('an admin of B does not see A in their lists', async () => {
    const w = await makeWorld();
    const { token } = await signIn(app, w.adminB.email);
    for (const url of ['/organizations', '/organizations/admin/my']) {
      const res = await app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.items.map((o: { id: string }) => o.id)).toEqual([w.orgB.id]);
    }
  });
});
