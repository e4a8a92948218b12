import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { helmetOptions } from '../../src/plugins/security.js';
import { API, bearer, buildTestApp, signIn } from '../helper.js';

/** What @fastify/helmet itself sets, run per request as the app did before decision 094. */
async function perRequestHelmet(publicUrl: string): Promise<Record<string, unknown>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions({ PUBLIC_URL: publicUrl }));
  probe.get('/', async () => ({}));
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const {
    'content-type': _t,
    'content-length': _l,
    date: _d,
    connection: _c,
    ...set
  } = res.headers;
  return set;
}

const HELMET_NAMES = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  it('sends a CSP that lets Google sign-in load', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: `${API}/healthcheck` });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(csp).toContain('frame-src https://accounts.google.com/gsi/');
    expect(csp).toContain("connect-src 'self' https://accounts.google.com/gsi/");
    expect(csp).toContain('https://accounts.google.com/gsi/style');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('upgrades insecure requests and sends HSTS behind https', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'https://teamup.example.edu' });
    const res = await app.inject({ method: 'GET', url: `${API}/healthcheck` });
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});

describe('security headers computed once (decision 094)', () => {
  for (const publicUrl of ['http://localhost:5173', 'https://teamup.example.edu']) {
    it(`are exactly helmet's on 200, 401, 403 and 404 answers (${publicUrl})`, async () => {
      const expected = await perRequestHelmet(publicUrl);
      const names = publicUrl.startsWith('https://')
        ? [...HELMET_NAMES, 'strict-transport-security'].sort()
        : HELMET_NAMES;
      expect(Object.keys(expected).sort()).toEqual(names);

      const app = await buildTestApp({ PUBLIC_URL: publicUrl });
      const student = await signIn(app, 'headers-once@example.edu');
      const answers = [
        [200, await app.inject({ method: 'GET', url: `${API}/healthcheck` })],
        [401, await app.inject({ method: 'GET', url: `${API}/auth/session/me` })],
        [
          403,
          await app.inject({
            method: 'GET',
            url: `${API}/admin/students`,
            headers: bearer(student.token),
          }),
        ],
        [404, await app.inject({ method: 'GET', url: `${API}/no-such-route` })],
      ] as const;
      for (const [status, res] of answers) {
        expect(res.statusCode).toBe(status);
        for (const [name, value] of Object.entries(expected)) {
          expect(res.headers[name], `${status} ${name}`).toBe(value);
        }
        if (!publicUrl.startsWith('https://')) {
          expect(res.headers['strict-transport-security']).toBeUndefined();
        }
      }
    });
  }
});

describe('CORS', () => {
  it('echoes the web app origin with credentials', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'http://localhost:5173' });
    const res = await app.inject({
      method: 'OPTIONS',
      url: `${API}/auth/login/google`,
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('does not allow another origin', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'http://localhost:5173' });
    const res = await app.inject({
      method: 'GET',
      url: `${API}/healthcheck`,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limit on sign-in routes', () => {
  it('answers 429 in the envelope after AUTH_RATE_LIMIT_MAX requests a minute', async () => {
    const app = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 3 });
    const attempt = () =>
      app.inject({ method: 'POST', url: `${API}/auth/login/google`, payload: { credential: 'x' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeDefined();
    // Routes that hand out nothing are not limited.
    for (let i = 0; i < 5; i++) {
      expect((await app.inject({ method: 'GET', url: `${API}/healthcheck` })).statusCode).toBe(200);
    }
  });
});
