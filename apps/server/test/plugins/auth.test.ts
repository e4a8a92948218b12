import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../src/lib/access-token.js';
import { authPlugin } from '../../src/plugins/auth.js';
import { dbPlugin } from '../../src/plugins/db.js';
import { errorsPlugin } from '../../src/plugins/errors.js';
import { buildTestApp, getWorkerDb } from '../helper.js';

describe('route access declarations', () => {
  it('every route declares who may call it, and non-public routes refuse anonymous callers', async () => {
    const app = await buildTestApp({ GOOGLE_CLIENT_ID: 'x.apps', AUTH_DEV_LOGIN: true });
    const routes = app.routeAccess;
    expect(routes.length).toBeGreaterThan(10);

    const undeclared = routes.filter((r) => r.access === undefined);
    expect(undeclared, 'routes without config.access').toEqual([]);

    const protectedRoutes = routes.filter((r) => r.access !== 'public' && r.method !== 'HEAD');
    expect(protectedRoutes.length).toBeGreaterThan(5);
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:[A-Za-z]+/g, randomUUID());
      for (const method of route.method.split(',')) {
        const res = await app.inject({ method: method as 'GET', url });
        expect(res.statusCode, `${method} ${route.url}`).toBe(401);
        expect(res.json(), `${method} ${route.url}`).toMatchObject({
          success: false,
          code: 'UNAUTHENTICATED',
        });
      }
    }
  });

  it('refuses at run time a route registered without a declaration', async () => {
    const app = Fastify({ logger: { level: 'silent' } });
    await app.register(errorsPlugin);
    await app.register(dbPlugin, { handle: await getWorkerDb() });
    await app.register(authPlugin, { accessTokens: createAccessTokens('s'.repeat(32), 60) });
    app.get('/forgotten', async () => ({ secret: 'data' }));
    try {
      const res = await app.inject({ method: 'GET', url: '/forgotten' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        code: 'INTERNAL_ERROR',
        message: 'Internal server error',
      });
      expect(app.routeAccess).toContainEqual({
        method: 'GET',
        url: '/forgotten',
        access: undefined,
      });
    } finally {
      await app.close();
    }
  });
});
