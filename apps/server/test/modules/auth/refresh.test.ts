import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../src/db/schema/index.js';
import {
  API,
  bearer,
  buildTestApp,
  driver,
  getWorkerDb,
  refreshCookieOf,
  signIn,
} from '../../helper.js';

describe('refresh token rotation', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const refresh = (cookie?: string) =>
    app.inject({
      method: 'GET',
      url: `${API}/auth/refresh-token`,
      ...(cookie ? { cookies: { teamup_refresh: cookie } } : {}),
    });
  const me = (token: string) =>
    app.inject({ method: 'GET', url: `${API}/auth/session/me`, headers: bearer(token) });

  it('exchanges the cookie for a new access token and a new cookie', async () => {
    const first = await signIn(app, 'rotate@example.edu', 'Rotate Me');
    const res = await refresh(first.cookie);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toMatchObject({ id: first.user.id, fullname: 'Rotate Me', role: 'STUDENT' });
    expect(Date.parse(data.user.expiresAt)).toBeGreaterThan(Date.now());
    expect((await me(data.token)).statusCode).toBe(200);

    const next = refreshCookieOf(res);
    expect(next).toBeDefined();
    expect(next).not.toBe(first.cookie);
    expect(String(res.headers['set-cookie'])).toContain('Path=/api/v1/auth');
    // The new cookie works in turn.
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('revokes the whole session when an old cookie comes back', async () => {
    const first = await signIn(app, 'stolen@example.edu');
    const rotated = await refresh(first.cookie);
    const current = { token: rotated.json().data.token, cookie: refreshCookieOf(rotated)! };

    const replay = await refresh(first.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false, code: 'REFRESH_TOKEN_REUSED' });
    expect(String(replay.headers['set-cookie'])).toMatch(
      /teamup_refresh=;.*Expires=Thu, 01 Jan 1970/,
    );

    // Everything of that session is dead now: the latest access token and the latest cookie.
    const afterToken = await me(current.token);
    expect(afterToken.statusCode).toBe(401);
    expect(afterToken.json().code).toBe('SESSION_REVOKED');
    expect((await me(first.token)).statusCode).toBe(401);
    const afterCookie = await refresh(current.cookie);
    expect(afterCookie.statusCode).toBe(401);

    const { db } = await getWorkerDb();
    const [row] = await db.select().from(sessions).where(eq(sessions.userId, first.user.id));
    expect(row?.revokedReason).toBe('refresh_token_reused');
  });

  it('answers 401 and clears the cookie without a valid cookie', async () => {
    for (const cookie of [undefined, 'not-a-token', 'A'.repeat(43)]) {
      const res = await refresh(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(String(res.headers['set-cookie'])).toContain('teamup_refresh=;');
    }
  });

  it('refuses a cookie of an expired session', async () => {
    const { cookie, token, user } = await signIn(app, 'expired@example.edu');
    const { db } = await getWorkerDb();
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.id));
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
  });

  it.skipIf(driver !== 'postgres')(
    'gives exactly one winner to two concurrent refreshes with one cookie, then ends the session (PostgreSQL only: PGlite has a single connection, so requests cannot race)',
    async () => {
      for (let round = 0; round < 5; round++) {
        const { cookie } = await signIn(app, `race-${round}@example.edu`);
        const results = await Promise.all([refresh(cookie), refresh(cookie)]);
        const codes = results.map((r) => r.statusCode).sort();
        expect(codes).toEqual([200, 401]);
        const loser = results.find((r) => r.statusCode === 401)!;
        expect(loser.json().code).toBe('REFRESH_TOKEN_REUSED');
        const winner = results.find((r) => r.statusCode === 200)!;
        expect((await me(winner.json().data.token)).statusCode).toBe(401);
        expect((await refresh(refreshCookieOf(winner))).statusCode).toBe(401);
      }
    },
  );
});
