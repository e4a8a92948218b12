import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeWorld } from '../fixtures.js';
import { API, bearer, buildTestApp, signIn, tempDir } from '../helper.js';

// Every answer carries the security headers and, for the web app's origin, CORS, whichever
// layer answers (decision 080). Signed-in JSON is never cached.

const ORIGIN = 'http://localhost:5173';

function expectSecurityHeaders(res: LightMyRequestResponse, label: string) {
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(String(res.headers['content-security-policy']), label).toContain("default-src 'self'");
  expect(res.headers['x-frame-options'], label).toBe('SAMEORIGIN');
  expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
}

function expectCors(res: LightMyRequestResponse, label: string) {
  expect(res.headers['access-control-allow-origin'], label).toBe(ORIGIN);
  expect(res.headers['access-control-allow-credentials'], label).toBe('true');
}

function varyNames(res: LightMyRequestResponse): string[] {
  return String(res.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
}

describe('headers on refusals of the access check', () => {
  let app: FastifyInstance;
  let studentToken: string;
  beforeAll(async () => {
    app = await buildTestApp({ PUBLIC_URL: ORIGIN });
  });
  // setup.ts empties the database before each test.
  beforeEach(async () => {
    const world = await makeWorld();
    studentToken = (await signIn(app, world.student.email)).token;
  });

  it('401 without a token carries the security and CORS headers', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${API}/admin/students`,
      headers: { origin: ORIGIN },
    });
    expect(res.statusCode).toBe(401);
    expectSecurityHeaders(res, '401');
    expectCors(res, '401');
  });

  it('401 with a bad token and 403 for the wrong role carry them too', async () => {
    const bad = await app.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: { origin: ORIGIN, authorization: 'Bearer not-a-token' },
    });
    expect(bad.statusCode).toBe(401);
    expectSecurityHeaders(bad, 'bad token');
    expectCors(bad, 'bad token');
    const forbidden = await app.inject({
      method: 'GET',
      url: `${API}/admin/students`,
      headers: { origin: ORIGIN, ...bearer(studentToken) },
    });
    expect(forbidden.statusCode).toBe(403);
    expectSecurityHeaders(forbidden, '403');
    expectCors(forbidden, '403');
  });

  it('validation errors and unknown routes carry them', async () => {
    const invalid = await app.inject({
      method: 'POST',
      url: `${API}/auth/login/google`,
      headers: { origin: ORIGIN },
      payload: { credential: 42 },
    });
    expect(invalid.statusCode).toBe(400);
    expectSecurityHeaders(invalid, '400');
    expectCors(invalid, '400');
    const unknown = await app.inject({
      method: 'GET',
      url: `${API}/no/such/route`,
      headers: { origin: ORIGIN },
    });
    expect(unknown.statusCode).toBe(404);
    expectSecurityHeaders(unknown, '404');
    expectCors(unknown, '404');
  });

  it('gives another origin no CORS headers, even on a refusal', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${API}/admin/students`,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(401);
    expectSecurityHeaders(res, 'other origin');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('caching', () => {
  let app: FastifyInstance;
  let token: string;
  let dist: string;
  beforeAll(async () => {
    dist = tempDir('web-dist');
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Teamup</title>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    app = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  beforeEach(async () => {
    const world = await makeWorld();
    token = (await signIn(app, world.adminA.email)).token;
  });

  it('signed-in JSON answers are no-store and vary by Authorization', async () => {
    for (const url of [`${API}/auth/profile`, `${API}/admin/students`, `${API}/courses`]) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(varyNames(res), url).toContain('authorization');
    }
  });

  it('so are their errors and the sign-in answer that hands out a token', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: `${API}/courses/00000000-0000-4000-8000-000000000000`,
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(varyNames(missing)).toContain('authorization');
    const login = await signIn(app, 'cache-login@example.edu');
    expect(login.response.headers['cache-control']).toBe('no-store');
  });

  it('keeps CORS on Vary next to Authorization', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: { ...bearer(token), origin: ORIGIN },
    });
    expect(varyNames(res)).toEqual(expect.arrayContaining(['origin', 'authorization']));
  });

  it("leaves the web app's files to their own caching", async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(varyNames(asset)).not.toContain('authorization');
    const page = await app.inject({ method: 'GET', url: '/teams/my' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(page, 'page');
  });
});
