import type { FastifyInstance, InjectOptions } from 'fastify';
import { count } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, enrollments } from '../../../src/db/schema/index.js';
import { makeEnrollment, makeWorld } from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';

type World = Awaited<ReturnType<typeof makeWorld>>;

interface RouteCase {
  name: string;
  /** A request touching organization A's objects. */
  request: (w: World) => InjectOptions;
  /** The status an admin of organization A (or a superadmin) gets. */
  ok: number;
  writes: boolean;
}

const ROUTES: RouteCase[] = [
  {
    name: 'GET /admin/students',
    request: () => ({ method: 'GET', url: `${API}/admin/students` }),
    ok: 200,
    writes: false,
  },
  {
    name: 'GET /admin/course/{id}/students',
    request: (w) => ({ method: 'GET', url: `${API}/admin/course/${w.courseA.id}/students` }),
    ok: 200,
    writes: false,
  },
  {
    name: 'POST /admin/students/manual-add',
    request: (w) => ({
      method: 'POST',
      url: `${API}/admin/students/manual-add`,
      payload: { courseId: w.courseA.id, email: 'new.one@example.edu', fullname: 'New One' },
    }),
    ok: 201,
    writes: true,
  },
  {
    name: 'GET /admin/enrollment/{id}',
    request: (w) => ({ method: 'GET', url: `${API}/admin/enrollment/${w.enrollmentA.id}` }),
    ok: 200,
    writes: false,
  },
  {
    name: 'PATCH /admin/enrollment/{id}/status',
    request: (w) => ({
      method: 'PATCH',
      url: `${API}/admin/enrollment/${w.enrollmentA.id}/status`,
      payload: { status: 'INACTIVE' },
    }),
    ok: 200,
    writes: true,
  },
  {
    name: 'DELETE /admin/enrollment/{id}/remove',
    request: (w) => ({
      method: 'DELETE',
      url: `${API}/admin/enrollment/${w.enrollmentA.id}/remove`,
    }),
    ok: 200,
    writes: true,
  },
];

async function snapshot() {
  const { db } = await getWorkerDb();
  const [e] = await db.select({ n: count() }).from(enrollments);
  const [a] = await db.select({ n: count() }).from(auditEvents);
  const rows = await db.select().from(enrollments);
  return { enrollments: e!.n, audits: a!.n, rows };
}

describe('admin enrollment routes: who may call them', () => {
  let app: FastifyInstance;
  let w: World;
  const tokens: Record<'student' | 'adminA' | 'adminB' | 'superadmin', string> = {
    student: '',
    adminA: '',
    adminB: '',
    superadmin: '',
  };

  beforeAll(async () => {
    app = await buildTestApp();
  });

  beforeEach(async () => {
    w = await makeWorld();
    tokens.student = (await signIn(app, w.student.email)).token;
    tokens.adminA = (await signIn(app, w.adminA.email)).token;
    tokens.adminB = (await signIn(app, w.adminB.email)).token;
    tokens.superadmin = (await signIn(app, w.superadmin.email)).token;
  });

  const call = (route: RouteCase, token?: string) => {
    const options = route.request(w);
    return app.inject({ ...options, headers: token ? bearer(token) : {} });
  };

  describe.each(ROUTES)('$name', (route) => {
    it('needs a token (401)', async () => {
      const before = await snapshot();
      const res = await call(route);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses students (403)', async () => {
      const before = await snapshot();
      const res = await call(route, tokens.student);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(await snapshot()).toEqual(before);
    });

    it('lets the organization admin in', async () => {
      const res = await call(route, tokens.adminA);
      expect(res.statusCode).toBe(route.ok);
      expect(res.json().success).toBe(true);
    });

    it('lets a superadmin in', async () => {
      const res = await call(route, tokens.superadmin);
      expect(res.statusCode).toBe(route.ok);
      expect(res.json().success).toBe(true);
    });
  });

  describe('an admin of another organization', () => {
    it.each(ROUTES.filter((r) => r.name !== 'GET /admin/students'))(
      '$name gets 404 and changes nothing',
      async (route) => {
        const before = await snapshot();
        const res = await call(route, tokens.adminB);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
        expect(await snapshot()).toEqual(before);
      },
    );

    it('sees none of its students in GET /admin/students, even when filtering for them', async () => {
      await makeEnrollment(w.courseB.id, { email: 'b.student@example.edu', fullname: 'B Student' });
      for (const query of ['', `?organizationId=${w.orgA.id}`, `?courseId=${w.courseA.id}`]) {
        const res = await app.inject({
          method: 'GET',
          url: `${API}/admin/students${query}`,
          headers: bearer(tokens.adminB),
        });
        expect(res.statusCode).toBe(200);
        const emails = res.json().data.items.map((e: { email: string }) => e.email);
        expect(emails).not.toContain(w.student.email);
        if (query === '') expect(emails).toEqual(['b.student@example.edu']);
        else expect(emails).toEqual([]);
      }
    });
  });

  it('a removed enrollment is gone for everyone: 404 on detail, status and remove', async () => {
    const remove = await call(ROUTES[5]!, tokens.adminA);
    expect(remove.statusCode).toBe(200);
    for (const route of ROUTES.slice(3)) {
      const before = await snapshot();
      const res = await call(route, tokens.superadmin);
      expect(res.statusCode, route.name).toBe(404);
      expect(await snapshot()).toEqual(before);
    }
  });
});

describe('admin enrollment routes: bad input', () => {
  let app: FastifyInstance;
  let w: World;
  let token: string;

  beforeAll(async () => {
    app = await buildTestApp();
  });

  beforeEach(async () => {
    w = await makeWorld();
    token = (await signIn(app, w.adminA.email)).token;
  });

  const expectInvalid = async (options: InjectOptions, path: string, message?: unknown) => {
    const before = await snapshot();
    const res = await app.inject({ ...options, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path, ...(message ? { message } : {}) })]),
    );
    expect(await snapshot()).toEqual(before);
  };

  const manualAdd = (payload: Record<string, unknown>): InjectOptions => ({
    method: 'POST',
    url: `${API}/admin/students/manual-add`,
    payload,
  });

  it('manual add: malformed email', async () => {
    await expectInvalid(
      manualAdd({ courseId: w.courseA.id, email: 'not-an-email', fullname: 'X' }),
      'email',
      'Enter a valid email address',
    );
  });

  it('manual add: missing or blank fullname', async () => {
    await expectInvalid(manualAdd({ courseId: w.courseA.id, email: 'x@example.edu' }), 'fullname');
    await expectInvalid(
      manualAdd({ courseId: w.courseA.id, email: 'x@example.edu', fullname: '   ' }),
      'fullname',
      'Full name is required',
    );
  });

  it('manual add: a full name over 120 characters', async () => {
    await expectInvalid(
      manualAdd({ courseId: w.courseA.id, email: 'x@example.edu', fullname: 'N'.repeat(121) }),
      'fullname',
      expect.stringMatching(/120/),
    );
    // 120 is the limit, not one less.
    const res = await app.inject({
      ...manualAdd({ courseId: w.courseA.id, email: 'x@example.edu', fullname: 'N'.repeat(120) }),
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(201);
  });

  it('manual add: an email over 254 characters, even one shaped like an address', async () => {
    const label = (c: string) => c.repeat(63);
    // 64 + 1 + 63 + 1 + 63 + 1 + 63 + 4 = 260 characters.
    const email = `${'a'.repeat(64)}@${label('b')}.${label('c')}.${label('d')}.edu`;
    expect(email.length).toBeGreaterThan(254);
    await expectInvalid(
      manualAdd({ courseId: w.courseA.id, email, fullname: 'X' }),
      'email',
      expect.stringMatching(/254/),
    );
  });

  it('manual add: unknown field', async () => {
    await expectInvalid(
      manualAdd({ courseId: w.courseA.id, email: 'x@example.edu', fullname: 'X', role: 'ADMIN' }),
      'role',
      'Unknown field',
    );
  });

  it('manual add: course id that is not a uuid', async () => {
    await expectInvalid(
      manualAdd({ courseId: 'cs101', email: 'x@example.edu', fullname: 'X' }),
      'courseId',
    );
  });

  it('manual add: an unknown course is 404 and writes nothing', async () => {
    const before = await snapshot();
    const res = await app.inject({
      ...manualAdd({
        courseId: '00000000-0000-4000-8000-000000000000',
        email: 'x@example.edu',
        fullname: 'X',
      }),
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('status: PENDING is not a status an admin can set', async () => {
    await expectInvalid(
      {
        method: 'PATCH',
        url: `${API}/admin/enrollment/${w.enrollmentA.id}/status`,
        payload: { status: 'PENDING' },
      },
      'status',
    );
  });

  it('status: unknown field and missing status', async () => {
    const url = `${API}/admin/enrollment/${w.enrollmentA.id}/status`;
    await expectInvalid({ method: 'PATCH', url, payload: { status: 'ACTIVE', note: 'x' } }, 'note');
    await expectInvalid({ method: 'PATCH', url, payload: {} }, 'status');
  });

  it.each([
    ['GET', '/admin/enrollment/nope'],
    ['PATCH', '/admin/enrollment/nope/status'],
    ['DELETE', '/admin/enrollment/nope/remove'],
    ['GET', '/admin/course/nope/students'],
  ] as const)('%s %s: an id that is not a uuid', async (method, url) => {
    await expectInvalid(
      {
        method,
        url: `${API}${url}`,
        ...(method === 'PATCH' ? { payload: { status: 'ACTIVE' } } : {}),
      },
      'params.id',
    );
  });

  it('list queries: bad status, organization id and limit', async () => {
    await expectInvalid(
      { method: 'GET', url: `${API}/admin/students?status=GONE` },
      'query.status',
    );
    await expectInvalid(
      { method: 'GET', url: `${API}/admin/students?organizationId=1` },
      'query.organizationId',
    );
    await expectInvalid({ method: 'GET', url: `${API}/admin/students?limit=101` }, 'query.limit');
    await expectInvalid(
      { method: 'GET', url: `${API}/admin/course/${w.courseA.id}/students?page=0` },
      'query.page',
    );
  });
});
