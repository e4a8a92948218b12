import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.js';

describe('API documentation', () => {
  it('serves an OpenAPI document generated from the route schemas', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ scheme: 'bearer' });
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/v1/healthcheck',
      '/api/v1/healthcheck/detailed',
      '/api/v1/auth/login/google',
      '/api/v1/auth/refresh-token',
      '/api/v1/auth/session/{id}',
      '/api/v1/auth/profile/update',
      '/api/v1/dev/id-token',
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths.some((p) => p.startsWith('/api/docs'))).toBe(false);
    const login = doc.paths['/api/v1/auth/login/google'].post;
    expect(login.tags).toEqual(['auth']);
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'credential',
    );
    expect(login.security).toBeUndefined();
    expect(doc.paths['/api/v1/auth/profile'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/healthcheck/detailed'].get.description).toContain('SUPERADMIN');
    expect(login.responses['4XX'].content['application/json'].schema.properties).toHaveProperty(
      'code',
    );
  });

  it('serves Swagger UI with its own assets under the CSP', async () => {
    const app = await buildTestApp();
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    // No inline script: everything the page runs comes from 'self'.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    for (const asset of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const res = await app.inject({ method: 'GET', url: `/api/docs/static/${asset}` });
      expect(res.statusCode, asset).toBe(200);
    }
  });
});
