// Issue 34 item 9 (decision 142): the routes a cookie authenticates (the refresh and the logout)
// answer Teamup's own pages only. Another site's page could make the browser send the refresh
// cookie with a bodiless POST /auth/logout (a "simple" request, no preflight) and end the
// session; Fetch Metadata, or the Origin where a browser sends no Fetch Metadata, tells.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, bearer, buildTestApp, signIn, type SignedIn } from '../../helper.js';

const OWN = 'http://localhost:5173';
const EVIL = 'https://evil.example';

let app: FastifyInstance;
let ada: SignedIn;

const logout = (headers: Record<string, string>, cookie = ada.cookie) =>
  app.inject({
    method: 'POST',
    url: `${API}/auth/logout`,
    headers,
    cookies: { teamup_refresh: cookie },
  });
const refresh = (headers: Record<string, string>, cookie = ada.cookie) =>
  app.inject({
    method: 'GET',
    url: `${API}/auth/refresh-token`,
    headers,
    cookies: { teamup_refresh: cookie },
  });

function expectRefused(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, label).toBe(403);
  expect(res.json(), label).toEqual({
    success: false,
    code: 'CROSS_SITE_REQUEST',
    message:
      "This request came from another site's page; Teamup accepts it from its own pages only.",
  });
  // Nothing of the session was touched: no cookie is set or cleared.
  expect(res.headers['set-cookie'], label).toBeUndefined();
}

/** The session is alive: its access token still reads the caller. */
async function sessionAlive(token: string): Promise<boolean> {
  const me = await app.inject({
    method: 'GET',
    url: `${API}/auth/session/me`,
    headers: bearer(token),
  });
  return me.statusCode === 200;
}

beforeEach(async () => {
  app = await buildTestApp();
  ada = await signIn(app, 'ada.cross@example.edu');
});

describe('cookie-authenticated routes refuse other sites', () => {
  it("another site's bodiless POST /auth/logout is refused and the session lives on", async () => {
    const attempts: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: EVIL },
      // A sibling subdomain is the same site, not Teamup.
      { 'sec-fetch-site': 'same-site', origin: 'https://blog.localhost:5173' },
      { 'sec-fetch-site': 'cross-site' },
      // A browser without Fetch Metadata: its Origin.
      { origin: EVIL },
      { origin: 'null' },
    ];
    for (const headers of attempts) {
      expectRefused(await logout(headers), JSON.stringify(headers));
    }
    expect(await sessionAlive(ada.token)).toBe(true);
    // The cookie still refreshes, from Teamup's own page.
    const own = await refresh({ 'sec-fetch-site': 'same-origin', origin: OWN });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("another site's GET /auth/refresh-token is refused before the cookie rotates", async () => {
    expectRefused(await refresh({ 'sec-fetch-site': 'cross-site' }), 'cross-site');
    expectRefused(await refresh({ origin: EVIL }), 'origin');
    // The cookie was not rotated (a rotation would make this one a reuse and end the session).
    const own = await refresh({ 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode, own.body).toBe(200);
    expect(await sessionAlive(ada.token)).toBe(true);
  });

  it("Teamup's own pages, a typed address and a client without a browser's headers pass", async () => {
    // The web app served from PUBLIC_URL while the API is elsewhere: same-site, own Origin.
    const rotated = await refresh({ 'sec-fetch-site': 'same-site', origin: OWN });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const cookie = rotated.cookies.find((c) => c.name === 'teamup_refresh')!.value;
    const typed = await refresh({ 'sec-fetch-site': 'none' }, cookie);
    expect(typed.statusCode, typed.body).toBe(200);
    const next = typed.cookies.find((c) => c.name === 'teamup_refresh')!.value;
    const plain = await refresh({}, next);
    expect(plain.statusCode, plain.body).toBe(200);
    const last = plain.cookies.find((c) => c.name === 'teamup_refresh')!.value;

    // The web app's logout (framed in an LMS or not, its calls are same-origin) ends it.
    const out = await logout({ 'sec-fetch-site': 'same-origin', origin: OWN }, last);
    expect(out.statusCode, out.body).toBe(200);
    expect(await sessionAlive(ada.token)).toBe(false);
  });

  it('a logout without any browser header (curl, the tests) still works', async () => {
    const out = await logout({});
    expect(out.statusCode, out.body).toBe(200);
    expect(await sessionAlive(ada.token)).toBe(false);
  });
});
