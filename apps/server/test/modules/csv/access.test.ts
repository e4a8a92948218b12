import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeWorld } from '../../fixtures.js';
import { API, bearer, buildTestApp, signIn } from '../../helper.js';
import { dbCounts, fixture, multipartBody, uploadParts, uploadRoster } from './csv-api.js';

type World = Awaited<ReturnType<typeof makeWorld>> & { uploadA: string };
type Who = 'student' | 'adminA' | 'adminB' | 'superadmin';

interface RouteCase {
  name: string;
  /** A request about organization A's course or upload. */
  request: (w: World) => InjectOptions;
  ok: number;
  /** What an admin of organization B gets: 404, or an empty list for the "my uploads" lists. */
  foreign: 'not found' | 'empty list';
}

function uploadRequest(w: World): InjectOptions {
  const body = multipartBody(uploadParts(w.courseA.id, fixture('roster-basic.csv')));
  return { method: 'POST', url: `${API}/csv/upload`, payload: body.payload, headers: body.headers };
}

const ROUTES: RouteCase[] = [
  { name: 'POST /csv/upload', request: uploadRequest, ok: 202, foreign: 'not found' },
  {
    name: 'GET /csv/status/{id}',
    request: (w) => ({ method: 'GET', url: `${API}/csv/status/${w.uploadA}` }),
    ok: 200,
    foreign: 'not found',
  },
  {
    name: 'GET /csv/status/{id}/errors.csv',
    request: (w) => ({ method: 'GET', url: `${API}/csv/status/${w.uploadA}/errors.csv` }),
    ok: 200,
    foreign: 'not found',
  },
  {
    name: 'GET /csv/course/{courseId}',
    request: (w) => ({ method: 'GET', url: `${API}/csv/course/${w.courseA.id}` }),
    ok: 200,
    foreign: 'not found',
  },
  {
    name: 'GET /csv/uploads',
    request: () => ({ method: 'GET', url: `${API}/csv/uploads` }),
    ok: 200,
    foreign: 'empty list',
  },
  {
    name: 'GET /admin/csv-uploads',
    request: () => ({ method: 'GET', url: `${API}/admin/csv-uploads` }),
    ok: 200,
    foreign: 'empty list',
  },
];

// No worker: the upload of organization A stays as it was stored, so every check below sees
// the same database before and after the refused call.
describe('CSV routes: who may call them', () => {
  let app: FastifyInstance;
  let w: World;
  const tokens: Record<Who, string> = { student: '', adminA: '', adminB: '', superadmin: '' };

  beforeAll(async () => {
    app = await buildTestApp({}, { csvWorker: false });
  });

  beforeEach(async () => {
    const world = await makeWorld();
    for (const who of ['student', 'adminA', 'adminB', 'superadmin'] as const) {
      tokens[who] = (await signIn(app, world[who].email)).token;
    }
    const uploadA = await uploadRoster(
      app,
      tokens.adminA,
      world.courseA.id,
      fixture('roster-bad-rows.csv'),
    );
    w = { ...world, uploadA };
  });

  const call = (route: RouteCase, who?: Who) => {
    const options = route.request(w);
    return app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), ...(who ? bearer(tokens[who]) : {}) },
    });
  };

  describe.each(ROUTES)('$name', (route) => {
    it('needs a token (401) and changes nothing', async () => {
      const before = await dbCounts();
      const res = await call(route);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(await dbCounts()).toEqual(before);
    });

    it('refuses students (403) and changes nothing', async () => {
      const before = await dbCounts();
      const res = await call(route, 'student');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(await dbCounts()).toEqual(before);
    });

    it('hides organization A from the admin of organization B', async () => {
      const before = await dbCounts();
      const res = await call(route, 'adminB');
      if (route.foreign === 'not found') {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual({ items: [], page: 1, limit: 20, total: 0 });
      }
      expect(await dbCounts()).toEqual(before);
    });

    it.each(['adminA', 'superadmin'] as const)('lets %s in', async (who) => {
      const res = await call(route, who);
      expect(res.statusCode, res.body).toBe(route.ok);
      if (res.headers['content-type']?.toString().startsWith('application/json')) {
        expect(res.json().success).toBe(true);
      }
    });
  });

  it('the admin of organization B finds nothing of A even by filtering for it', async () => {
    for (const query of [`?organizationId=${w.orgA.id}`, `?courseId=${w.courseA.id}`]) {
      const res = await app.inject({
        method: 'GET',
        url: `${API}/csv/uploads${query}`,
        headers: bearer(tokens.adminB),
      });
      expect(res.json().data.total, query).toBe(0);
    }
  });

  describe('bad input is 400 VALIDATION_ERROR naming the field', () => {
    it.each([
      ['/csv/status/not-a-uuid', 'params.id'],
      ['/csv/status/not-a-uuid/errors.csv', 'params.id'],
      ['/csv/course/CS101', 'params.courseId'],
      ['/csv/uploads?status=DONE', 'query.status'],
      ['/admin/csv-uploads?courseId=x', 'query.courseId'],
      ['/csv/uploads?limit=101', 'query.limit'],
      ['/csv/course/00000000-0000-4000-8000-000000000000?page=0', 'query.page'],
    ])('GET %s', async (url, path) => {
      const res = await app.inject({
        method: 'GET',
        url: `${API}${url}`,
        headers: bearer(tokens.adminA),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        details: [expect.objectContaining({ path })],
      });
    });

    it('an upload that does not exist is 404', async () => {
      const res = await app.inject({
        method: 'GET',
        url: `${API}/csv/status/00000000-0000-4000-8000-000000000000`,
        headers: bearer(tokens.superadmin),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Upload not found' });
    });
  });
});
