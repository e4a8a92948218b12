// LMS roster sync benchmark (`npm run bench:lti`, issue 28). Builds the real app, registers a
// platform simulator (its own keys, token endpoint and NRPS pages of 250 members), launches as
// the course's instructor (which creates the course), then syncs a roster of 2,000 members:
// the preview, the first sync (every learner enrolled) and a second one (nothing to change).
// Prints the time and the statements each took. PGlite always; PostgreSQL too when
// DATABASE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { organizationAdmins, organizations, users } from '../src/db/schema/index.js';
import {
  LIS,
  makeRoster,
  parseAutoPostForm,
  startPlatformSimulator,
} from '../test/modules/lti/simulator.js';

const API = '/api/v1';
const MEMBERS = 2_000;
const TOOL = 'http://127.0.0.1:5173';

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** Counts the statements sent to the database while `fn` runs. */
async function counted<T>(app: FastifyInstance, postgres: boolean, fn: () => Promise<T>) {
  const target = postgres
    ? (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown })
    : (app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = target.query;
  let statements = 0;
  target.query = function (this: unknown, ...args: unknown[]) {
    statements += 1;
    return original.apply(this, args);
  };
  const start = process.hrtime.bigint();
  try {
    const value = await fn();
    return { value, ms: ms(start), statements };
  } finally {
    target.query = original;
  }
}

async function run(database: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'teamup-bench-lti-'));
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
      AUTH_RATE_LIMIT_MAX: '100000',
      SEED_DEMO: 'off',
      AUTH_DEV_LOGIN: 'on',
      PUBLIC_URL: TOOL,
      ...(database === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    }),
    { csvWorker: false, mail: false },
  );
  const sim = await startPlatformSimulator({
    toolBaseUrl: TOOL,
    toolJwks: async () => (await app.inject({ method: 'GET', url: '/lti/jwks' })).json(),
    pageSize: 250,
  });
  try {
    const suffix = Date.now().toString(36);
    const [org] = await app.db
      .insert(organizations)
      .values({ name: `Bench LMS ${suffix}`, slug: `bench-lms-${suffix}` })
      .returning({ id: organizations.id });
    const [admin] = await app.db
      .insert(users)
      .values({
        email: `admin-${suffix}@bench.example.edu`,
        fullname: 'Bench Admin',
        role: 'ORG_ADMIN',
      })
      .returning({ id: users.id, email: users.email });
    await app.db.insert(organizationAdmins).values({ organizationId: org!.id, userId: admin!.id });
    const credential = await app.inject({
      method: 'POST',
      url: `${API}/dev/id-token`,
      payload: { email: admin!.email, fullname: 'Bench Admin' },
    });
    const login = await app.inject({
      method: 'POST',
      url: `${API}/auth/login/google`,
      payload: { credential: credential.json().data.credential },
    });
    const adminToken = login.json().data.token as string;
    const p = sim.platform();
    const registered = await app.inject({
      method: 'POST',
      url: `${API}/admin/lti/platforms`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: {
        organizationId: org!.id,
        name: 'Bench LMS',
        issuer: p.issuer,
        clientId: p.clientId,
        authorizationUrl: p.authorizationUrl,
        tokenUrl: p.tokenUrl,
        jwksUrl: p.jwksUrl,
        deploymentIds: p.deploymentIds,
      },
    });
    if (registered.statusCode !== 201) throw new Error(registered.body);

    // The instructor's launch: the browser's part, driven by hand.
    const launch = {
      user: { sub: 'bench-inst', name: 'Bench Instructor', email: null, roles: [LIS.instructor] },
    };
    const loginUrl = new URL(sim.loginUrl(launch));
    const toolLogin = await app.inject({ method: 'GET', url: loginUrl.pathname + loginUrl.search });
    const form = parseAutoPostForm(await (await fetch(String(toolLogin.headers.location))).text());
    const cookie = [toolLogin.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0])
      .join('; ');
    const launched = await app.inject({
      method: 'POST',
      url: '/lti/launch',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams(form.fields).toString(),
    });
    const code = new URL(String(launched.headers.location)).searchParams.get('code');
    const exchanged = await app.inject({
      method: 'POST',
      url: `${API}/auth/login/lti`,
      payload: { code },
    });
    const { token, target } = exchanged.json().data as { token: string; target: string };
    const courseId = target.split('/').pop()!;

    sim.setRoster([
      { user_id: 'bench-inst', name: 'Bench Instructor', roles: [LIS.instructor] },
      ...makeRoster(MEMBERS - 1),
    ]);
    const sync = (preview: boolean) =>
      app.inject({
        method: 'POST',
        url: `${API}/admin/courses/${courseId}/lti/sync`,
        headers: { authorization: `Bearer ${token}` },
        payload: { preview },
      });
    const rows: Record<string, string | number>[] = [];
    for (const [label, preview] of [
      ['preview', true],
      ['first sync', false],
      ['second sync (no change)', false],
    ] as const) {
      const result = await counted(app, database === 'postgres', () => sync(preview));
      const body = result.value.json();
      if (result.value.statusCode !== 200) {
        throw new Error(`${result.value.body} ${JSON.stringify(sim.stats)}`);
      }
      rows.push({
        database,
        step: label,
        members: body.data.members,
        enrolled: body.data.enrolled,
        ms: Math.round(result.ms),
        statements: result.statements,
        nrpsPages: 0,
      });
    }
    rows.forEach((r, i) => (r.nrpsPages = i === 0 ? sim.stats.nrpsRequests : r.nrpsPages));
    return rows;
  } finally {
    await sim.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [...(await run('pglite'))];
if (process.env.DATABASE_URL) results.push(...(await run('postgres')));
console.log(`\nLMS roster sync of ${MEMBERS.toLocaleString('en')} members (NRPS pages of 250)\n`);
console.table(
  results.map(({ database, step, members, enrolled, ms: time, statements }) => ({
    database,
    step,
    members,
    enrolled,
    'time (ms)': time,
    // PGlite's transactions do not go through the counted client: PostgreSQL's count is the one.
    statements: database === 'postgres' ? statements : 'n/a',
  })),
);
