// A session opened inside an LMS's frame (issue 28, decision 139): over https its refresh cookie
// is SameSite=None and Partitioned, the kind a cross-site frame keeps; refreshing keeps it in
// that cookie; logging out ends it and clears both kinds. Outside a frame, or over http, the
// SameSite=Strict cookie as ever.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { issueLoginCode } from '../../../src/lib/lti-login-code.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';

const HTTPS = { PUBLIC_URL: 'https://teamup.example.edu' };

const setCookies = (res: LightMyRequestResponse) =>
  [res.headers['set-cookie'] ?? []].flat().map(String);
const cookieNamed = (res: LightMyRequestResponse, name: string) =>
  setCookies(res).find((c) => c.startsWith(`${name}=`));
const valueOf = (header: string | undefined) => header?.split(';')[0]!.split('=')[1];

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
    const attributes = framed!.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining(['httponly', 'secure', 'samesite=none', 'partitioned']),
    );
    expect(attributes).toContain('path=/api/v1/auth');
    expect(cookieNamed(res, 'teamup_refresh')).toBeUndefined();
  });

  it('is the SameSite=Strict one outside a frame, and over http even framed', async () => {
    const https = await buildTestApp(HTTPS);
    const notFramed = await ltiLogin(https, 'top@uni.example.edu');
    expect(cookieNamed(notFramed, 'teamup_refresh')).toMatch(/SameSite=Strict/);
    expect(cookieNamed(notFramed, 'teamup_refresh_framed')).toBeUndefined();

    const http = await buildTestApp();
    const framedHttp = await ltiLogin(http, 'dev@uni.example.edu', true);
    expect(cookieNamed(framedHttp, 'teamup_refresh')).toMatch(/SameSite=Strict/);
    expect(cookieNamed(framedHttp, 'teamup_refresh_framed')).toBeUndefined();
  });

  it('refreshes in the same cookie; an old one coming back ends the session', async () => {
    const app = await buildTestApp(HTTPS);
    const login = await ltiLogin(app, 'rotate-framed@uni.example.edu', true);
    const first = valueOf(cookieNamed(login, 'teamup_refresh_framed'))!;

    const rotated = await refresh(app, { teamup_refresh_framed: first });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next = cookieNamed(rotated, 'teamup_refresh_framed');
    expect(next).toMatch(/Partitioned/);
    expect(valueOf(next)).not.toBe(first);
    expect(cookieNamed(rotated, 'teamup_refresh')).toBeUndefined();
    const token = rotated.json().data.token as string;

    // The first cookie again: reuse, the whole session ends and the framed cookie is cleared.
    const replay = await refresh(app, { teamup_refresh_framed: first });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_TOKEN_REUSED');
    expect(cookieNamed(replay, 'teamup_refresh_framed')).toMatch(/Expires=Thu, 01 Jan 1970/);
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
    expect(cookieNamed(out, 'teamup_refresh')).toMatch(/Expires=Thu, 01 Jan 1970/);
    // The session is over: its cookie refreshes nothing.
    expect((await refresh(app, { teamup_refresh_framed: cookie })).statusCode).toBe(401);
  });
});
