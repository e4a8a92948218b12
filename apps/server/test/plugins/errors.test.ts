import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.js';
import { makeOrganization, makeUser } from '../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../helper.js';

describe('error envelope', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const post = (payload: string, contentType = 'application/json') =>
    app.inject({
      method: 'POST',
      url: `${API}/auth/login/google`,
      headers: { 'content-type': contentType },
      payload,
    });

  it('answers malformed JSON with 400 VALIDATION_ERROR', async () => {
    const res = await post('{"credential": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'The request body is not valid JSON',
    });
  });

  it('answers a field of the wrong type with its path', async () => {
    const res = await post(JSON.stringify({ credential: 42 }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.details).toEqual([{ path: 'credential', message: expect.any(String) }]);
  });

  it('refuses unknown fields and names them', async () => {
    const res = await post(JSON.stringify({ credential: 'abc', role: 'SUPERADMIN' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'role', message: 'Unknown field' }]);
  });

  it('names invalid path parameters', async () => {
    const { token } = await signIn(app, 'params@example.edu');
    const res = await app.inject({
      method: 'DELETE',
      url: `${API}/auth/session/not-a-uuid`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'params.id', message: expect.any(String) }]);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await post(JSON.stringify({ credential: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a non-JSON content type with 415', async () => {
    for (const type of ['text/plain', 'application/xml']) {
      const res = await post('credential=abc', type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: `${API}/no/such/thing?x=1` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('hides the internals of a 500', async () => {
    const real = await getWorkerDb();
    const failing = (): never => {
      throw new Error('connect ECONNREFUSED secret-db-host:5432');
    };
    const broken: DbHandle = {
      ...real,
      db: new Proxy(real.db, {
        get: (target, prop, receiver) =>
          ['select', 'insert', 'update', 'transaction', 'execute'].includes(String(prop))
            ? failing
            : Reflect.get(target, prop, receiver),
      }),
    };
    const brokenApp = await buildTestApp({}, { db: broken });
    const { token } = await signIn(app, 'five-hundred@example.edu');
    const res = await brokenApp.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    });
    expect(res.body).not.toContain('secret-db-host');
  });
});

// Decision 073: list routes ignore query parameters they do not know (tracking tags, cache
// busters, links from older clients); the `page`/`limit` they answer with show what applied.
// Action routes that take their input from the query refuse unknown ones, like bodies do.
describe('unknown query parameters', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  it('a list route ignores them and answers with what it applied', async () => {
    const { token } = await signIn(app, 'lister@example.edu');
    const res = await app.inject({
      method: 'GET',
      url: `${API}/auth/profile/activity?page=1&limt=5&utm_source=newsletter`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    // The misspelt `limt` changed nothing: the default page size applied, and says so.
    expect(res.json().data).toEqual({ items: [], page: 1, limit: 20, total: 0 });
  });

  it('a list route still refuses a known parameter with a bad value', async () => {
    const { token } = await signIn(app, 'lister2@example.edu');
    const res = await app.inject({
      method: 'GET',
      url: `${API}/student/teams?limit=500&whatever=1`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'query.limit', message: expect.any(String) }],
    });
  });

  it('an action route with a strict query refuses them with 400 VALIDATION_ERROR', async () => {
    const root = await makeUser({ email: 'root-query@example.edu', role: 'SUPERADMIN' });
    const org = await makeOrganization();
    const { token } = await signIn(app, root.email);
    const res = await app.inject({
      method: 'DELETE',
      url: `${API}/organizations/super/${org.id}/admin?userId=${root.id}&force=true`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      details: [{ path: 'query.force', message: 'Unknown field' }],
    });
  });
});
