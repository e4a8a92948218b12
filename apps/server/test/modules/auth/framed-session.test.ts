// A session opened inside an LMS's frame (issue 28, decision 139): over https its refresh cookie
// is SameSite=None and Partitioned, the kind a cross-site frame keeps; refreshing keeps it in
// that cookie; logging out ends it and clears both kinds. Outside a frame, or over http, the
// SameSite=Strict cookie as ever.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { issueLoginCode } from '../../../src/lib/lti-login-code.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';

const TTL = 7 * 86_400;
const HTTPS = { PUBLIC_URL: 'https://teamup.example.edu', REFRESH_TOKEN_TTL: TTL };

const setCookies = (res: LightMyRequestResponse) =>
  [res.headers['set-cookie'] ?? []].flat().map(String);
const cookieNamed = (res: LightMyRequestResponse, name: string) =>
  setCookies(res).find((c) => c.startsWith(`${name}=`));
const valueOf = (header: string | undefined) => header?.split(';')[0]!.split('=')[1];
/** A Set-Cookie header's attributes (not its name and value), lower-cased and sorted. */
/** A Set-Cookie header that removes its cookie: no value, expired. */
const isClearing = (header: string | undefined) =>
  valueOf(header) === '' && /Expires=Thu, 01 Jan 1970/.test(header ?? '');
const attributesOf = (header: string | undefined) =>
  (header ?? '')
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase())
    .sort();

async function ltiLogin(app: FastifyInstance, email: string, framed?: boolean) {
  const user = await signIn(app, email);
  const { db } = await getWorkerDb();
  const code = await issueLoginCode(db, user.user.id, '/dashboard');
  const res = await app.inject({
    method: 'POST',
    url: `${API}/auth/login/lti`,
    payload: framed === undefined ? { code } : { code, framed },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const refresh = (app: FastifyInstance, cookies: Record<string, string>) =>
  app.inject({ method: 'GET', url: `${API}/auth/refresh-token`, cookies });

describe('the refresh cookie of a session inside an LMS frame', () => {
  it('is partitioned and SameSite=None over https when framed, and only that one', async () => {
    const app = await buildTestApp(HTTPS);
    const res = await ltiLogin(app, 'framed@uni.example.edu', true);
    const framed = cookieNamed(res, 'teamup_refresh_framed');
    expect(framed).toBeDefined();
    expect(valueOf(framed)).toMatch(/^[\w-]{43}$/);
    expect(attributesOf(framed)).toEqual(
      [
        'httponly',
        `max-age=${TTL}`,
        'partitioned',
        'path=/api/v1/auth',
        'samesite=none',
        'secure',
      ].sort(),
    );
    // Not the strict one: at most a clearing of an older session's (see below).
    expect(isClearing(cookieNamed(res, 'teamup_refresh'))).toBe(true);
  });

  it('is the SameSite=Strict one outside a frame, and over http even framed', async () => {
    const https = await buildTestApp(HTTPS);
    for (const framed of [undefined, false]) {
      const notFramed = await ltiLogin(https, `top-${framed}@uni.example.edu`, framed);
      expect(attributesOf(cookieNamed(notFramed, 'teamup_refresh'))).toEqual(
        ['httponly', `max-age=${TTL}`, 'path=/api/v1/auth', 'samesite=strict', 'secure'].sort(),
      );
      expect(isClearing(cookieNamed(notFramed, 'teamup_refresh_framed'))).toBe(true);
    }

    const http = await buildTestApp({
      PUBLIC_URL: 'http://localhost:3000',
      REFRESH_TOKEN_TTL: TTL,
    });
    const framedHttp = await ltiLogin(http, 'dev@uni.example.edu', true);
    expect(attributesOf(cookieNamed(framedHttp, 'teamup_refresh'))).toEqual(
      ['httponly', `max-age=${TTL}`, 'path=/api/v1/auth', 'samesite=strict'].sort(),
    );
    expect(cookieNamed(framedHttp, 'teamup_refresh_framed')).toBeUndefined();
  });

  // Where the LMS and Teamup share a site (lms.uni.edu framing teamup.uni.edu), the frame and a
  // Teamup tab share one cookie jar: a sign-in of one kind removes the other kind's cookie, of an
  // older session, which a refresh would otherwise use in place of the new one.
  it('a sign-in clears the cookie of the other kind', async () => {
    const app = await buildTestApp(HTTPS);
    const framedLogin = await ltiLogin(app, 'both@uni.example.edu', true);
    const strictCleared = cookieNamed(framedLogin, 'teamup_refresh');
    expect(isClearing(strictCleared)).toBe(true);
    expect(strictCleared).toMatch(/SameSite=Strict/);
    expect(strictCleared).toMatch(/Path=\/api\/v1\/auth/);

    const tabLogin = await signIn(app, 'both@uni.example.edu');
    const framedCleared = cookieNamed(tabLogin.response, 'teamup_refresh_framed');
    expect(isClearing(framedCleared)).toBe(true);
    // Cleared in the partition it lives in: the clearing cookie is partitioned too.
    expect(framedCleared).toMatch(/Partitioned/);
    expect(framedCleared).toMatch(/Path=\/api\/v1\/auth/);
    expect(valueOf(cookieNamed(tabLogin.response, 'teamup_refresh'))).toBe(tabLogin.cookie);
  });

  it('refreshes in the same cookie; an old one coming back ends the session', async () => {
    const app = await buildTestApp(HTTPS);
    const login = await ltiLogin(app, 'rotate-framed@uni.example.edu', true);
    const first = valueOf(cookieNamed(login, 'teamup_refresh_framed'))!;

    const rotated = await refresh(app, { teamup_refresh_framed: first });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next = cookieNamed(rotated, 'teamup_refresh_framed');
    expect(attributesOf(next)).toEqual(attributesOf(cookieNamed(login, 'teamup_refresh_framed')));
    expect(valueOf(next)).not.toBe(first);
    expect(cookieNamed(rotated, 'teamup_refresh')).toBeUndefined();
    const token = rotated.json().data.token as string;

    // The first cookie again: reuse, the whole session ends and the framed cookie is cleared.
    const replay = await refresh(app, { teamup_refresh_framed: first });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_TOKEN_REUSED');
    const cleared = cookieNamed(replay, 'teamup_refresh_framed');
    expect(valueOf(cleared)).toBe('');
    // Cleared in the partition it lives in: the clearing cookie is partitioned too.
    expect(attributesOf(cleared)).toEqual(
      expect.arrayContaining(['partitioned', 'samesite=none', 'secure', 'path=/api/v1/auth']),
    );
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cookieNamed(replay, 'teamup_refresh')).toBeUndefined();
    // The whole session ended: the newer token refreshes nothing either.
    const after = await refresh(app, { teamup_refresh_framed: valueOf(next)! });
    expect(after.statusCode).toBe(401);
    const me = await app.inject({
      method: 'GET',
      url: `${API}/auth/session/me`,
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(401);
  });

  it('logs out by the framed cookie alone, clearing both kinds', async () => {
    const app = await buildTestApp(HTTPS);
    const login = await ltiLogin(app, 'logout-framed@uni.example.edu', true);
    const cookie = valueOf(cookieNamed(login, 'teamup_refresh_framed'))!;
    const out = await app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      cookies: { teamup_refresh_framed: cookie },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(cookieNamed(out, 'teamup_refresh_framed')).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cookieNamed(out, 'teamup_refresh_framed')).toMatch(/Partitioned/);
    expect(cookieNamed(out, 'teamup_refresh')).toMatch(/Expires=Thu, 01 Jan 1970/);
    // The session is over: its cookie refreshes nothing.
    expect((await refresh(app, { teamup_refresh_framed: cookie })).statusCode).toBe(401);
  });
});
