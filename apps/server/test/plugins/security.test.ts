import { describe, expect, it } from 'vitest';
import { API, buildTestApp } from '../helper.js';

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
