import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Session } from '@teamup/shared';
import { API, bearer, buildTestApp, devCredential, refreshCookieOf, signIn } from '../helper.js';

// inject() requests come from 127.0.0.1, standing in for the load balancer's address.
const CLIENT = '203.0.113.9';
const OTHER_CLIENT = '198.51.100.23';

async function sessionIps(app: FastifyInstance, token: string): Promise<(string | null)[]> {
  const res = await app.inject({
    method: 'GET',
    url: `${API}/auth/session/all`,
    headers: bearer(token),
  });
  return res.json<{ data: Session[] }>().data.map((s) => s.ip);
}

const loginAttempt = (app: FastifyInstance, forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: `${API}/auth/login/google`,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { credential: 'not-a-token' },
  });

describe('TRUST_PROXY', () => {
  it('off (the default): X-Forwarded-For is ignored, the peer address is the client', async () => {
    const app = await buildTestApp();
    const { token } = await signIn(app, 'direct@example.edu', undefined, {
      'x-forwarded-for': CLIENT,
    });
    expect(await sessionIps(app, token)).toEqual(['127.0.0.1']);
  });

  it('set to the proxy address: the forwarded client address is recorded', async () => {
    const app = await buildTestApp({ TRUST_PROXY: ['127.0.0.1'] });
    const { token } = await signIn(app, 'behind-lb@example.edu', undefined, {
      // A client-supplied entry first, then what the balancer appended: the last one counts.
      'x-forwarded-for': `10.9.9.9, ${CLIENT}`,
    });
    expect(await sessionIps(app, token)).toEqual([CLIENT]);
  });

  it('a request from an address that is not a trusted proxy cannot choose its own IP', async () => {
    const app = await buildTestApp({ TRUST_PROXY: ['10.0.0.0/8'] });
    const { token } = await signIn(app, 'spoofer@example.edu', undefined, {
      'x-forwarded-for': CLIENT,
    });
    expect(await sessionIps(app, token)).toEqual(['127.0.0.1']);
  });

  it('behind a trusted proxy, each client has its own sign-in rate limit', async () => {
    const app = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 2, TRUST_PROXY: ['loopback'] });
    for (let i = 0; i < 2; i++) expect((await loginAttempt(app, CLIENT)).statusCode).toBe(401);
    expect((await loginAttempt(app, CLIENT)).statusCode).toBe(429);
    // Another client behind the same balancer is not held back by the first one.
    expect((await loginAttempt(app, OTHER_CLIENT)).statusCode).toBe(401);
  });

  it('without it, every client behind the balancer shares one budget', async () => {
    const app = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 2 });
    for (let i = 0; i < 2; i++) expect((await loginAttempt(app, CLIENT)).statusCode).toBe(401);
    expect((await loginAttempt(app, OTHER_CLIENT)).statusCode).toBe(429);
  });
});

describe('refresh rate limit', () => {
  it('is kept per refresh cookie, so a class behind one NAT address is not limited together', async () => {
    // Sign-in happens on an app without a tight limit; both apps share the database and secret.
    const signInApp = await buildTestApp();
    const students = await Promise.all(
      ['ana', 'ben', 'cai', 'dee'].map((name) => signIn(signInApp, `${name}@example.edu`)),
    );
    const app = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 2 });
    const refresh = (cookie?: string) =>
      app.inject({
        method: 'GET',
        url: `${API}/auth/refresh-token`,
        ...(cookie ? { cookies: { teamup_refresh: cookie } } : {}),
      });

    // Eight refreshes from one address within the minute, four times the per-key limit.
    for (const student of students) {
      let cookie = student.cookie;
      for (let i = 0; i < 2; i++) {
        const res = await refresh(cookie);
        expect(res.statusCode).toBe(200);
        cookie = refreshCookieOf(res)!;
      }
    }

    // A client retrying one bad cookie in a loop is stopped.
    expect((await refresh('stale-cookie')).statusCode).toBe(401);
    expect((await refresh('stale-cookie')).statusCode).toBe(401);
    const limited = await refresh('stale-cookie');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });

    // Without a cookie the address is the key.
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh()).statusCode).toBe(429);
  });

  it('sign-in keeps its per-address limit (dev tokens too)', async () => {
    const app = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 2 });
    await devCredential(app, 'one@example.edu');
    await devCredential(app, 'two@example.edu');
    const third = await app.inject({
      method: 'POST',
      url: `${API}/dev/id-token`,
      payload: { email: 'three@example.edu' },
    });
    expect(third.statusCode).toBe(429);
  });
});
