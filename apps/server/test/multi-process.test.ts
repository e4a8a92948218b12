// Two API processes on one PostgreSQL database (issue 11, "Capacity on paper"). The server keeps
// no session state of its own (DESIGN §2), so a session ended through one process must be
// refused by every other at once. Two apps built in this process stand in for the two
// processes: each has its own connection pool on the worker's database and shares only the
// database and the JWT secret with the other, as two processes do. `npm run bench:teams:multi`
// makes the same check against two real server processes.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, bearer, buildTwoProcesses, driver, signIn } from './helper.js';

describe.skipIf(driver !== 'postgres')('two API processes on one PostgreSQL', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, close } = await buildTwoProcesses());
  });
  afterAll(() => close());

  const get = (app: FastifyInstance, path: string, token: string) =>
    app.inject({ method: 'GET', url: `${API}${path}`, headers: bearer(token) });
  const refresh = (app: FastifyInstance, cookie: string) =>
    app.inject({
      method: 'GET',
      url: `${API}/auth/refresh-token`,
      cookies: { teamup_refresh: cookie },
    });

  it('the two apps share the database, not a connection pool', () => {
    expect(a.db).not.toBe(b.db);
  });

  it('a sign-out through A is refused by B at once, for the access token and the cookie', async () => {
    const session = await signIn(a, 'two-processes@example.edu', 'Two Processes');
    // B accepts the session A opened (same database, same secret) and has its statements ready.
    expect((await get(b, '/auth/session/me', session.token)).statusCode).toBe(200);
    expect((await get(b, '/student/me/teams', session.token)).statusCode).toBe(200);

    const logout = await a.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers: bearer(session.token),
    });
    expect(logout.statusCode).toBe(200);

    for (const path of ['/auth/session/me', '/student/me/teams']) {
      const res = await get(b, path, session.token);
      expect(res.statusCode, path).toBe(401);
      expect(res.json(), path).toMatchObject({ success: false, code: 'SESSION_REVOKED' });
    }
    const renewed = await refresh(b, session.cookie);
    expect(renewed.statusCode).toBe(401);
    expect(renewed.json()).toMatchObject({ success: false });
    expect((await get(a, '/auth/session/me', session.token)).statusCode).toBe(401);
  });

  it('a session revoked by id through A is refused by B at once; the caller’s own stays live', async () => {
    const laptop = await signIn(b, 'revoker@example.edu', 'Revoker');
    const phone = await signIn(b, 'revoker@example.edu');
    expect((await get(b, '/auth/session/me', phone.token)).statusCode).toBe(200);
    const phoneSession = await get(b, '/auth/session', phone.token);
    const phoneId = phoneSession.json().data.id as string;

    const revoke = await a.inject({
      method: 'DELETE',
      url: `${API}/auth/session/${phoneId}`,
      headers: bearer(laptop.token),
    });
    expect(revoke.statusCode).toBe(200);

    const refused = await get(b, '/auth/session/me', phone.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, code: 'SESSION_REVOKED' });
    expect((await get(b, '/auth/session/me', laptop.token)).statusCode).toBe(200);
    expect((await get(a, '/auth/session/me', laptop.token)).statusCode).toBe(200);
  });
});
