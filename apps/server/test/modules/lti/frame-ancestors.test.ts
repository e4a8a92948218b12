// Issue 34 item 5 (decision 142): a document a launch opens may be framed by that launch's
// platform, and by no other; every other page stays `frame-ancestors 'self'` with
// X-Frame-Options, whatever platforms other organizations registered.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ltiPlatforms } from '../../../src/db/schema/index.js';
import {
  launchFrameCookie,
  launchFrameToken,
  platformOfFrameCookie,
  platformOfFrameToken,
} from '../../../src/modules/lti/frame-ancestors.js';
import { makeAdminOf, makeOrganization } from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn, tempDir } from '../../helper.js';
import {
  LIS,
  parseAutoPostForm,
  startPlatformSimulator,
  type PlatformSimulator,
  type SimulatorLaunch,
} from './simulator.js';

const PAGE = '<!doctype html><html><body><div id="root"></div></body></html>';
const SECRET = 'test-secret-test-secret-test-secret-42';
/** Another organization's LMS, registered by its admin: it must never frame anyone else's page. */
const OTHER_LMS = 'https://canvas.other-org.example';

/** A built web app: index.html, a prerendered page and an asset. */
function webDist(): string {
  const dir = tempDir('web-dist-frames');
  writeFileSync(join(dir, 'index.html'), PAGE);
  mkdirSync(join(dir, 'prerendered'));
  writeFileSync(join(dir, 'prerendered', 'dashboard.html'), PAGE);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log("app")');
  return dir;
}

function frameAncestorsOf(res: LightMyRequestResponse): string {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directive = csp.split(';').find((d) => d.trim().startsWith('frame-ancestors'));
  return (directive ?? '').trim();
}

const cookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((c) => c.split(';')[0]!)
    .join('; ');

const frameSetCookie = (res: LightMyRequestResponse) =>
  [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('teamup_frame='));

let app: FastifyInstance;
let sim: PlatformSimulator;
let simOrigin: string;
let simPlatformId: string;
let otherPlatformId: string;
let adminToken: string;

// An instructor: the first launch of a course creates it (a learner's would wait for one).
const instructor = (sub: string): SimulatorLaunch => ({
  user: { sub, name: `Instructor ${sub}`, email: null, roles: [LIS.instructor] },
  context: { id: 'ctx-frames', title: 'Framing 101', label: 'FR101' },
});

/** The browser's whole launch: /lti/login, the platform's form, POST /lti/launch. */
async function launch(l: SimulatorLaunch) {
  const loginUrl = new URL(sim.loginUrl(l));
  const login = await app.inject({ method: 'GET', url: loginUrl.pathname + loginUrl.search });
  expect(login.statusCode, login.body).toBe(302);
  const auth = await fetch(String(login.headers.location));
  const form = parseAutoPostForm(await auth.text());
  const answer = await app.inject({
    method: 'POST',
    url: '/lti/launch',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookieOf(login.headers['set-cookie']),
      origin: simOrigin,
      'sec-fetch-dest': 'iframe',
    },
    payload: new URLSearchParams(form.fields).toString(),
  });
  expect(answer.statusCode, answer.body).toBe(303);
  const to = new URL(String(answer.headers.location));
  return { answer, landing: to.pathname + to.search, code: to.searchParams.get('code')! };
}

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

function expectSelfOnly(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, label).toBe(200);
  expect(frameAncestorsOf(res), label).toBe("frame-ancestors 'self'");
  expect(res.headers['x-frame-options'], label).toBe('SAMEORIGIN');
}

function expectFramedBy(res: LightMyRequestResponse, origins: string[], label: string) {
  expect(res.statusCode, label).toBe(200);
  expect(frameAncestorsOf(res), label).toBe(`frame-ancestors 'self' ${origins.join(' ')}`);
  expect(res.headers['x-frame-options'], label).toBeUndefined();
}

beforeEach(async () => {
  app = await buildTestApp({ WEB_DIST_DIR: webDist() });
  sim = await startPlatformSimulator({
    toolBaseUrl: 'http://localhost:5173',
    toolJwks: async () => (await app.inject({ method: 'GET', url: '/lti/jwks' })).json(),
  });
  simOrigin = new URL(sim.platform().authorizationUrl).origin;
  // Organization A registers the simulator through the admin API, as its admin would.
  const orgA = await makeOrganization({ name: 'Riverside' });
  const admin = await makeAdminOf([orgA.id], { email: `frames-admin-${Date.now()}@a.example` });
  adminToken = (await signIn(app, admin.email)).token;
  const p = sim.platform();
  const registered = await app.inject({
    method: 'POST',
    url: `${API}/admin/lti/platforms`,
    headers: bearer(adminToken),
    payload: {
      name: 'Riverside Moodle',
      issuer: p.issuer,
      clientId: p.clientId,
      authorizationUrl: p.authorizationUrl,
      tokenUrl: p.tokenUrl,
      jwksUrl: p.jwksUrl,
      deploymentIds: p.deploymentIds,
    },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  simPlatformId = registered.json().data.id;
  // Organization B registers an LMS of its own.
  const orgB = await makeOrganization({ name: 'Northfield' });
  const { db } = await getWorkerDb();
  const [other] = await db
    .insert(ltiPlatforms)
    .values({
      organizationId: orgB.id,
      name: 'Northfield Canvas',
      issuer: OTHER_LMS,
      clientId: 'northfield',
      authorizationUrl: `${OTHER_LMS}/api/lti/authorize_redirect`,
      tokenUrl: `${OTHER_LMS}/login/oauth2/token`,
      jwksUrl: `${OTHER_LMS}/api/lti/security/jwks`,
      deploymentIds: ['1'],
    })
    .returning();
  otherPlatformId = other!.id;
});
afterEach(async () => {
  await sim.close();
});

describe('framing of the web app', () => {
  it("a page requested without a launch's cookie is framed by Teamup only, with X-Frame-Options", async () => {
    for (const url of ['/', '/s/dashboard', '/dashboard', '/auth/lti', '/courses/x']) {
      expectSelfOnly(await page(url), url);
      expectSelfOnly(await page(url, { 'sec-fetch-dest': 'iframe' }), `${url} in a frame`);
      const res = await page(url);
      expect(res.headers['content-security-policy']).not.toContain(OTHER_LMS);
      expect(res.headers['content-security-policy']).not.toContain(simOrigin);
    }
  });

  it("a launch's documents are framed by its own platform's origin and no other's", async () => {
    const { answer, landing } = await launch(instructor('fr-1'));
    const setCookie = frameSetCookie(answer)!;
    expect(setCookie).toMatch(
      /^teamup_frame=[0-9a-f-]{36}\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const cookie = setCookie.split(';')[0]!;

    // The landing document, before any cookie: the `frame` parameter bound to its code.
    const landed = await page(landing, { 'sec-fetch-dest': 'iframe' });
    expectFramedBy(landed, [simOrigin], 'landing');
    expect(landed.headers['content-security-policy']).not.toContain(OTHER_LMS);
    expect(String(landed.headers.vary)).toMatch(/Cookie/);

    // Later documents of the frame carry the cookie.
    for (const url of ['/s/dashboard', '/dashboard', '/']) {
      expectFramedBy(await page(url, { cookie, 'sec-fetch-dest': 'iframe' }), [simOrigin], url);
      // A browser without Fetch Metadata (plain http on another host) sends the cookie alone.
      expectFramedBy(await page(url, { cookie }), [simOrigin], `${url} without metadata`);
      // The same cookie on a top-level document: nothing to frame.
      expectSelfOnly(await page(url, { cookie, 'sec-fetch-dest': 'document' }), `${url} on top`);
    }
    // An asset or an API answer is no document: untouched.
    const asset = await page('/assets/app-1234.js', { cookie, 'sec-fetch-dest': 'iframe' });
    expect(asset.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('a forged, foreign or spent name of a platform frames nothing', async () => {
    const { answer, landing, code } = await launch(instructor('fr-2'));
    const cookie = frameSetCookie(answer)!.split(';')[0]!;
    const [, mac] = cookie.split('.');
    // Another organization's platform under this launch's signature, or unsigned.
    for (const forged of [
      `teamup_frame=${otherPlatformId}.${mac}`,
      `teamup_frame=${otherPlatformId}`,
      `teamup_frame=${otherPlatformId}.${mac}.x`,
    ]) {
      expectSelfOnly(await page('/s/dashboard', { cookie: forged }), forged);
    }
    // The landing's parameter names its code: with another code, or another platform, nothing.
    const token = new URL(landing, 'http://x').searchParams.get('frame')!;
    const otherCode = (await launch(instructor('fr-3'))).code;
    expectSelfOnly(
      await page(`/auth/lti?code=${otherCode}&frame=${encodeURIComponent(token)}`),
      'another code',
    );
    const swapped = token.replace(simPlatformId, otherPlatformId);
    expectSelfOnly(
      await page(`/auth/lti?code=${code}&frame=${encodeURIComponent(swapped)}`),
      'another platform',
    );
    // Once the code is spent, its landing is framed by nobody (without the cookie).
    const exchanged = await app.inject({
      method: 'POST',
      url: `${API}/auth/login/lti`,
      payload: { code },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expectSelfOnly(await page(landing), 'spent code');

    // A platform removed frames nothing, its cookie neither.
    const removed = await app.inject({
      method: 'DELETE',
      url: `${API}/admin/lti/platforms/${simPlatformId}`,
      headers: bearer(adminToken),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expectSelfOnly(await page('/s/dashboard', { cookie }), 'removed platform');
  });
});

describe('the launch names its platform', () => {
  const id = '5f0c7c52-3d4b-4c39-9a43-0d3f4e2a1b10';

  it('over https the cookie is partitioned, Secure and SameSite=None; over http Lax', () => {
    const https = launchFrameCookie(SECRET, id, 'https://teamup.example.edu');
    expect(https).toMatch(
      /^teamup_frame=[^;]+; Path=\/; Secure; HttpOnly; SameSite=None; Partitioned$/,
    );
    expect(launchFrameCookie(SECRET, id, 'http://localhost:3000')).toMatch(/; SameSite=Lax$/);
    const value = https.split(';')[0]!.slice('teamup_frame='.length);
    expect(platformOfFrameCookie(SECRET, value)).toBe(id);
    expect(platformOfFrameCookie('another-secret-another-secret-12345', value)).toBeNull();
  });

  it("the landing's parameter holds for its code for the code's minute only", () => {
    const now = Date.now();
    const token = launchFrameToken(SECRET, id, 'the-code', now);
    expect(platformOfFrameToken(SECRET, token, 'the-code', now)).toBe(id);
    expect(platformOfFrameToken(SECRET, token, 'the-code', now + 59_000)).toBe(id);
    expect(platformOfFrameToken(SECRET, token, 'the-code', now + 61_000)).toBeNull();
    expect(platformOfFrameToken(SECRET, token, 'another-code', now)).toBeNull();
    expect(platformOfFrameToken(SECRET, token, undefined, now)).toBeNull();
  });
});
