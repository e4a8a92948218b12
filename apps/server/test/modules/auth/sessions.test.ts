import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../src/db/schema/index.js';
import { API, bearer, buildTestApp, getWorkerDb, setRole, signIn } from '../../helper.js';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

describe('sessions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const get = (url: string, token: string) =>
    app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
  const logout = (opts: { token?: string; cookie?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      ...(opts.token ? { headers: bearer(opts.token) } : {}),
      ...(opts.cookie ? { cookies: { teamup_refresh: opts.cookie } } : {}),
    });

  it('logout ends the session at once and clears the cookie', async () => {
    const { token, cookie } = await signIn(app, 'leaving@example.edu');
    expect((await get('/auth/session/me', token)).statusCode).toBe(200);

    const res = await logout({ token, cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: 'Logged out' });
    expect(String(res.headers['set-cookie'])).toMatch(/teamup_refresh=;.*Path=\/api\/v1\/auth/);

    const after = await get('/auth/session/me', token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 'SESSION_REVOKED' });
    const refresh = await app.inject({
      method: 'GET',
      url: `${API}/auth/refresh-token`,
      cookies: { teamup_refresh: cookie },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('logout works with only the refresh cookie (expired access token)', async () => {
    const { token, cookie } = await signIn(app, 'cookie-only@example.edu');
    expect((await logout({ cookie })).statusCode).toBe(200);
    expect((await get('/auth/session/me', token)).statusCode).toBe(401);
  });

  it('logout is idempotent and needs nothing', async () => {
    expect((await logout()).json()).toEqual({ success: true, data: null, message: 'Logged out' });
    expect((await logout({ token: 'garbage', cookie: 'garbage' })).statusCode).toBe(200);
  });

  it('lists my live sessions with device labels and marks the current one', async () => {
    const laptop = await signIn(app, 'multi@example.edu', undefined, {
      'user-agent': CHROME_LINUX,
    });
    const desktop = await signIn(app, 'multi@example.edu', undefined, {
      'user-agent': FIREFOX_WINDOWS,
    });
    const ended = await signIn(app, 'multi@example.edu');
    await logout({ token: ended.token });
    await signIn(app, 'someone-else@example.edu');

    const res = await get('/auth/session/all', laptop.token);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { device: string; current: boolean; ip: string }[];
    expect(list).toHaveLength(2);
    expect(list.map((s) => s.device).sort()).toEqual(['Chrome on Linux', 'Firefox on Windows']);
    expect(list.filter((s) => s.current)).toEqual([
      expect.objectContaining({ device: 'Chrome on Linux', ip: '127.0.0.1' }),
    ]);

    const current = await get('/auth/session', desktop.token);
    expect(current.statusCode).toBe(200);
    expect(current.json().data).toMatchObject({
      device: 'Firefox on Windows',
      current: true,
      userAgent: FIREFOX_WINDOWS,
    });
  });

  it('revokes one of my other sessions', async () => {
    const keep = await signIn(app, 'revoker@example.edu');
    const other = await signIn(app, 'revoker@example.edu');
    const otherId = (await get('/auth/session', other.token)).json().data.id;

    const res = await app.inject({
      method: 'DELETE',
      url: `${API}/auth/session/${otherId}`,
      headers: bearer(keep.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: null });
    expect((await get('/auth/session/me', other.token)).statusCode).toBe(401);
    expect((await get('/auth/session/me', keep.token)).statusCode).toBe(200);
    expect((await get('/auth/session/all', keep.token)).json().data).toHaveLength(1);

    // Once revoked it is no longer one of my live sessions.
    const again = await app.inject({
      method: 'DELETE',
      url: `${API}/auth/session/${otherId}`,
      headers: bearer(keep.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it("cannot revoke someone else's session or an unknown one", async () => {
    const me = await signIn(app, 'me@example.edu');
    const them = await signIn(app, 'them@example.edu');
    const theirId = (await get('/auth/session', them.token)).json().data.id;
    for (const id of [theirId, '4b6f3c2e-0000-4000-8000-000000000000']) {
      const res = await app.inject({
        method: 'DELETE',
        url: `${API}/auth/session/${id}`,
        headers: bearer(me.token),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect((await get('/auth/session/me', them.token)).statusCode).toBe(200);
  });

  it('session/me shows a changed name, avatar and role at once and refuses a revoked session', async () => {
    const { token, user } = await signIn(app, 'changing@example.edu', 'Old Name');
    const me = async () => (await get('/auth/session/me', token)).json().data;
    expect(await me()).toMatchObject({ id: user.id, fullname: 'Old Name', role: 'STUDENT' });

    const { db } = await getWorkerDb();
    await db
      .update(users)
      .set({ fullname: 'New Name', avatar: 'https://example.edu/new.png' })
      .where(eq(users.id, user.id));
    await setRole('changing@example.edu', 'ORG_ADMIN');
    const changed = await get('/auth/session/me', token);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      success: true,
      data: {
        id: user.id,
        fullname: 'New Name',
        email: 'changing@example.edu',
        avatar: 'https://example.edu/new.png',
        role: 'ORG_ADMIN',
        expiresAt: expect.any(String),
      },
    });

    await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.userId, user.id));
    const revoked = await get('/auth/session/me', token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ success: false, code: 'SESSION_REVOKED' });
  });

  it('records use of a session at most once a minute', async () => {
    const { token, user } = await signIn(app, 'busy@example.edu');
    const { db } = await getWorkerDb();
    const lastUsed = async () =>
      (await db.select().from(sessions).where(eq(sessions.userId, user.id)))[0]!.lastUsedAt;

    await db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '5 minutes'` })
      .where(eq(sessions.userId, user.id));
    const old = await lastUsed();
    await get('/auth/session/me', token);
    const touched = await lastUsed();
    expect(Date.now() - touched.getTime()).toBeLessThan(10_000);
    expect(touched.getTime()).toBeGreaterThan(old.getTime());
    await get('/auth/session/me', token);
    expect((await lastUsed()).getTime()).toBe(touched.getTime());
  });

  it('refuses tampered, foreign and expired access tokens', async () => {
    const { token } = await signIn(app, 'tamper@example.edu');
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, role: 'SUPERADMIN' })).toString(
      'base64url',
    );
    const otherSecretApp = await buildTestApp({ JWT_SECRET: 'another-secret-another-secret-4242' });
    const foreign = await signIn(otherSecretApp, 'tamper@example.edu');
    const shortApp = await buildTestApp({ ACCESS_TOKEN_TTL: 1 });
    const short = await signIn(shortApp, 'tamper@example.edu');
    await new Promise((r) => setTimeout(r, 2100));

    for (const bad of [`${h}.${forged}.${s}`, foreign.token, short.token, `${h}.${p}.`]) {
      const res = await get('/auth/session/me', bad);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });
});
