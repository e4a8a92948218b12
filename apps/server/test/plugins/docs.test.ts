import { describe, expect, it } from 'vitest';
import { operationIdOf } from '../../src/plugins/docs.js';
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
    // Public calls say so (`security: []`); every other call names the bearer scheme.
    expect(login.security).toEqual([]);
    expect(doc.paths['/api/v1/auth/profile'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/healthcheck/detailed'].get.description).toContain('SUPERADMIN');
    expect(login.responses['4XX'].content['application/json'].schema.properties).toHaveProperty(
      'code',
    );
    // Decision 149: every signed-in change documents its Idempotency-Key; reads and public calls do not.
    type Param = { in: string; name: string };
    const headerNames = (op: { parameters?: Param[] } | undefined) =>
      (op?.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
    expect(headerNames(doc.paths['/api/v1/student/courses/{courseId}/teams'].post)).toContain(
      'idempotency-key',
    );
    expect(headerNames(doc.paths['/api/v1/student/courses/{courseId}/teams'].get)).toEqual([]);
    expect(headerNames(login)).toEqual([]);
  });

  it('names every operation once, from its method and URL, and states its security', async () => {
    const app = await buildTestApp();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
    }>();
    expect(doc.servers).toEqual([{ url: '/', description: 'This server' }]);
    const ids: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.operationId, `${method} ${path}`).toMatch(
          /^[a-z]+(?:[A-Z0-9][a-z0-9]*)+$/,
        );
        expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
        ids.push(operation.operationId!);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/v1/student/teams/{id}']!.get!.operationId).toBe('getStudentTeamsById');
    expect(doc.paths['/api/v1/auth/refresh-token']!.get!.operationId).toBe('getAuthRefreshToken');
    expect(
      doc.paths['/api/v1/student/teams/{teamId}/members/{memberId}']!.delete!.operationId,
    ).toBe('deleteStudentTeamsByTeamIdMembersByMemberId');
    expect(doc.paths['/api/v1/healthcheck']!.get!.security).toEqual([]);
    expect(doc.paths['/api/v1/courses']!.get!.security).toEqual([{ bearerAuth: [] }]);
  });

  it('derives operation names from the method and the URL without the API prefix', () => {
    expect(operationIdOf('GET', '/api/v1/student/me/invitations')).toBe('getStudentMeInvitations');
    expect(operationIdOf('POST', '/api/v1/csv/status/:id/errors.csv')).toBe(
      'postCsvStatusByIdErrorsCsv',
    );
    expect(operationIdOf('PATCH', '/api/v1/admin/enrollment/{id}/status')).toBe(
      'patchAdminEnrollmentByIdStatus',
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
