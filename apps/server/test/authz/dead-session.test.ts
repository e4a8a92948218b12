// Every signed-in route refuses a dead session (decision 096): each non-public route the app
// registered (every method, HEAD included), called with a well-formed request (the matrix's
// builders) and a valid access token whose session was revoked, or has expired, answers 401 in
// the envelope and changes nothing in the database. The caller is one whose role the route
// admits, so reads take the deferred path (the session check going out with the read). A
// route that the builders cannot address (no document operation, an unknown path parameter)
// fails the test: a new route joins it by joining the authorization matrix.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Role } from '@teamup/shared';
import { sessions } from '../../src/db/schema/index.js';
import { isStaffAccess, type RouteAccess } from '../../src/lib/route.js';
import { buildTestApp, getWorkerDb } from '../helper.js';
import { operationsOf, requestOf, type DocOperation } from './requests.js';
import { authzWorld, type AuthzWorld, type Caller } from './world.js';

const app: FastifyInstance = await buildTestApp({}, { csvWorker: false });
const operations: DocOperation[] = operationsOf(
  (await app.inject({ method: 'GET', url: '/api/docs/json' })).json(),
);

interface SignedInRoute {
  method: string;
  url: string;
  access: Exclude<RouteAccess, 'public'>;
}

/** Every non-public route and method the app registered. */
function signedInRoutes(): SignedInRoute[] {
  return app.routeAccess.flatMap((route) =>
    route.access === undefined || route.access === 'public'
      ? []
      : route.method.split(',').map((method) => ({
          method,
          url: route.url,
          access: route.access as SignedInRoute['access'],
        })),
  );
}

/** A caller of the world whose role the route admits (so a read is deferred, not refused). */
function callerFor(access: SignedInRoute['access']): Exclude<Caller, 'anonymous'> {
  if (access === 'authenticated') return 'leader';
  const byRole: [Role, Exclude<Caller, 'anonymous'>][] = [
    ['SUPERADMIN', 'superadmin'],
    ['ORG_ADMIN', 'admin'],
    ['STUDENT', 'leader'],
  ];
  const roles = isStaffAccess(access) ? access.roles : access;
  const found = byRole.find(([role]) => roles.includes(role));
  if (!found) throw new Error(`no caller for access ${JSON.stringify(access)}`);
  return found[1];
}

/** The well-formed request of a route, from the matrix's builders. */
function requestFor(w: AuthzWorld, route: SignedInRoute, caller: Caller): InjectOptions {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  // HEAD answers the GET route of the same path.
  const docMethod = route.method === 'HEAD' ? 'GET' : route.method;
  const op = operations.find((o) => o.path === path && o.method === docMethod);
  if (!op)
    throw new Error(`no request builder: ${route.method} ${route.url} is not in the document`);
  return requestOf(w, { ...op, method: route.method }, w.headers(caller));
}

/** A fingerprint of every table's rows: equal before and after means nothing changed. */
async function databaseDigest(): Promise<string> {
  const { db } = await getWorkerDb();
  const tables = (
    (await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { rows: { tablename: string }[] }
  ).rows.map((r) => r.tablename);
  const parts = tables.map(
    (t) =>
      `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`,
  );
  const result = (await db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: { t: string; h: string }[];
  };
  return result.rows.map((r) => `${r.t}:${r.h}`).join('\n');
}

async function expectEveryRouteRefuses(
  w: AuthzWorld,
  expected: { code: string; message: string },
): Promise<void> {
  const routes = signedInRoutes();
  expect(routes.length).toBeGreaterThan(40);
  expect(routes.some((r) => r.method === 'HEAD')).toBe(true);
  const problems: string[] = [];
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    let request: InjectOptions;
    try {
      request = requestFor(w, route, callerFor(route.access));
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
      continue;
    }
    const before = await databaseDigest();
    const res = await app.inject(request);
    const after = await databaseDigest();
    if (res.statusCode !== 401) {
      problems.push(`${name}: expected 401, got ${res.statusCode} ${res.body.slice(0, 200)}`);
    } else if (route.method !== 'HEAD') {
      const body = res.json<Record<string, unknown>>();
      if (
        body.success !== false ||
        body.code !== expected.code ||
        body.message !== expected.message
      ) {
        problems.push(`${name}: not the ${expected.code} envelope: ${res.body.slice(0, 200)}`);
      }
    }
    if (before !== after) problems.push(`${name}: the database changed`);
  }
  expect(problems).toEqual([]);
}

describe('every signed-in route refuses a dead session', () => {
  it('a revoked session: 401 SESSION_REVOKED, nothing changed', async () => {
    const w = await authzWorld();
    const { db } = await getWorkerDb();
    await db.update(sessions).set({ revokedAt: new Date() });
    await expectEveryRouteRefuses(w, {
      code: 'SESSION_REVOKED',
      message: 'This session has ended',
    });
  }, 300_000);

  it('an expired session: 401 UNAUTHENTICATED, nothing changed', async () => {
    const w = await authzWorld();
    const { db } = await getWorkerDb();
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    await expectEveryRouteRefuses(w, { code: 'UNAUTHENTICATED', message: 'Session expired' });
  }, 300_000);

  it('the same requests from a live session are not refused (the test is not vacuous)', async () => {
    const w = await authzWorld();
    const problems: string[] = [];
    for (const route of signedInRoutes().filter((r) => r.method === 'GET')) {
      const res = await app.inject(requestFor(w, route, callerFor(route.access)));
      if (res.statusCode === 401) problems.push(`${route.method} ${route.url}: ${res.body}`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
