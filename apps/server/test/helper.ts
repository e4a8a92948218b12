import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT, createLocalJWKSet, importJWK, type JWK, type JWTPayload } from 'jose';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import type { AuthUser, Role } from '@teamup/shared';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDb, openPglite, openPostgres, type DbHandle } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';

export const API = '/api/v1';
export const TEST_GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';
export const driver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

// ---------------------------------------------------------------------------------------
// One database per worker (see vitest.config.ts), emptied between tests by setup.ts.

let workerDb: Promise<DbHandle> | undefined;
let workerDbReady: DbHandle | undefined;

/** This worker's PostgreSQL database: its name and URL (the postgres project only). */
function workerPostgres(): { base: string; name: string; url: string } {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres project');
  // TEST_DB_PREFIX lets several runs share one PostgreSQL server without sharing databases.
  const prefix = (process.env.TEST_DB_PREFIX ?? '').replace(/[^a-z0-9_]/gi, '').toLowerCase();
  const name = `teamup_test_${prefix}${process.env.VITEST_POOL_ID ?? '1'}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { base, name, url: url.toString() };
}

/**
 * The URL of this worker's PostgreSQL database, for a test that needs a second connection
 * pool on it (e.g. a larger one for races). Open the worker database first (getWorkerDb).
 */
export function workerDatabaseUrl(): string {
  return workerPostgres().url;
}

async function openWorkerDb(): Promise<DbHandle> {
  if (driver === 'postgres') {
    const { base, name, url } = workerPostgres();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const handle = openPostgres(url);
    await handle.migrate();
    return handle;
  }
  const handle = openPglite();
  await handle.migrate();
  return handle;
}

export async function getWorkerDb(): Promise<DbHandle> {
  workerDb ??= openWorkerDb().then((handle) => (workerDbReady = handle));
  return workerDb;
}

let tableNames: string[] | undefined;

/** Empties every table; a no-op until some test of this worker opened the database. */
export async function resetDatabase(): Promise<void> {
  const handle = workerDbReady;
  if (!handle) return;
  if (!tableNames) {
    // Both drivers answer raw SQL with `{ rows }`; the shared Db type cannot say so.
    const result = (await handle.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    )) as unknown as { rows: { tablename: string }[] };
    tableNames = result.rows.map((r) => r.tablename);
  }
  if (tableNames.length === 0) return;
  const truncate = sql.raw(
    `TRUNCATE TABLE ${tableNames.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`,
  );
  // TRUNCATE locks every table in turn; a background job of an app the file still has open (a
  // worker writing a notification, whose triggers then read users and write the email outbox)
  // may hold one and wait for another: PostgreSQL ends one of the two with a deadlock (40P01).
  // That is the cleanup's loss, not the test's: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      await handle.db.execute(truncate);
      return;
    } catch (error) {
      const failure = error as { cause?: { code?: string }; code?: string };
      const code = failure.cause?.code ?? failure.code;
      if (code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

// ---------------------------------------------------------------------------------------
// Apps

const workerDir = mkdtempSync(join(tmpdir(), 'teamup-test-'));
const noWebDist = join(workerDir, 'no-web-build');
mkdirSync(noWebDist, { recursive: true });

/** A private temporary directory, e.g. for a DATA_DIR that must start empty. */
export function tempDir(prefix = 'dir'): string {
  return mkdtempSync(join(workerDir, `${prefix}-`));
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: join(workerDir, 'data'),
      JWT_SECRET: 'test-secret-test-secret-test-secret-42',
      AUTH_RATE_LIMIT_MAX: '100000',
      SEED_DEMO: 'off',
      PUBLIC_URL: 'http://localhost:5173',
      // An empty directory: tests never depend on the web app having been built.
      WEB_DIST_DIR: noWebDist,
    }),
    ...overrides,
  };
}

const openApps = new Set<FastifyInstance>();

/**
 * Builds the real app on the worker's database. Apps are closed after the test file
 * (setup.ts), so a file may build one in beforeAll or one per test.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const db = options.db ?? (await getWorkerDb());
  const app = await buildApp(testConfig(overrides), {
    googleJwks: (await googleKeys()).jwks,
    ...options,
    db,
  });
  openApps.add(app);
  return app;
}

/**
 * Two apps standing in for two API processes on the worker's PostgreSQL database: each with its
 * own connection pool, sharing only the database and the JWT secret, as two processes do.
 * `close` closes the apps, then their pools (the apps do not own them).
 */
export async function buildTwoProcesses(
  options: BuildOptions = {},
): Promise<{ a: FastifyInstance; b: FastifyInstance; close(): Promise<void> }> {
  await getWorkerDb();
  const pools: DbHandle[] = [];
  const pool = () => {
    const handle = createDb({ DATABASE_URL: workerDatabaseUrl(), DATA_DIR: '' });
    pools.push(handle);
    return handle;
  };
  const a = await buildTestApp({}, { csvWorker: false, ...options, db: pool() });
  const b = await buildTestApp({}, { csvWorker: false, ...options, db: pool() });
  return {
    a,
    b,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await Promise.all(pools.map((p) => p.close()));
    },
  };
}

export async function closeTestApps(): Promise<void> {
  const apps = [...openApps];
  openApps.clear();
  await Promise.all(apps.map((app) => app.close()));
}

// ---------------------------------------------------------------------------------------
// Signing in

export interface SignedIn {
  token: string;
  cookie: string;
  user: AuthUser;
  response: LightMyRequestResponse;
}

export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === 'teamup_refresh')?.value || undefined;
}

export async function devCredential(app: FastifyInstance, email: string, fullname?: string) {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/dev/id-token`,
    payload: fullname ? { email, fullname } : { email },
  });
  if (res.statusCode !== 200) throw new Error(`dev id-token failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { credential: string } }>().data.credential;
}

export async function login(
  app: FastifyInstance,
  credential: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${API}/auth/login/google`,
    payload: { credential },
    headers,
  });
}

/** Signs in through the development identity provider, as the web app's picker does. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  fullname?: string,
  headers: Record<string, string> = {},
): Promise<SignedIn> {
  const response = await login(app, await devCredential(app, email, fullname), headers);
  if (response.statusCode !== 200) {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  const { data } = response.json<{ data: { token: string; user: AuthUser } }>();
  return { token: data.token, user: data.user, cookie: refreshCookieOf(response)!, response };
}

/** Sets a user's role directly in the database (roles are granted by features not built yet). */
export async function setRole(email: string, role: Role): Promise<void> {
  const { db } = await getWorkerDb();
  await db
    .update(users)
    .set({ role })
    .where(sql`${users.email} = ${email.toLowerCase()}`);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// ---------------------------------------------------------------------------------------
// ID tokens for the negative cases

interface KeyPair {
  privateJwk: JWK;
  publicJwk: JWK;
}

function rsaKeyPair(kid: string): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateJwk: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256' } as JWK,
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256' } as JWK,
  };
}

let keys:
  | Promise<{ google: KeyPair; stranger: KeyPair; jwks: ReturnType<typeof createLocalJWKSet> }>
  | undefined;

/** A key pair standing in for Google's, and a stranger's key that nobody trusts. */
export function googleKeys() {
  keys ??= (async () => {
    await Promise.resolve();
    const google = rsaKeyPair('google-test-key');
    const stranger = rsaKeyPair('google-test-key');
    return { google, stranger, jwks: createLocalJWKSet({ keys: [google.publicJwk] }) };
  })();
  return keys;
}

export interface IdTokenInput {
  claims?: JWTPayload & Record<string, unknown>;
  /** Claims to drop from the defaults. */
  omit?: string[];
  key?: 'google' | 'stranger';
  expiresIn?: number;
}

/** An ID token shaped like Google's, signed by the test "Google" key unless told otherwise. */
export async function googleIdToken(input: IdTokenInput = {}): Promise<string> {
  const { google, stranger } = await googleKeys();
  const pair = input.key === 'stranger' ? stranger : google;
  const now = Math.floor(Date.now() / 1000);
  const email =
    (input.claims?.email as string | undefined) ?? `g-${randomUUID().slice(0, 8)}@example.edu`;
  const payload: Record<string, unknown> = {
    iss: 'https://accounts.google.com',
    aud: TEST_GOOGLE_CLIENT_ID,
    sub: `google-${email}`,
    email,
    email_verified: true,
    name: 'Test Person',
    picture: 'https://lh3.googleusercontent.com/a/test',
    iat: now,
    exp: now + (input.expiresIn ?? 600),
    ...input.claims,
  };
  for (const key of input.omit ?? []) delete payload[key];
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: pair.privateJwk.kid!, typ: 'JWT' })
    .sign(await importJWK(pair.privateJwk, 'RS256'));
}

/** An unsigned token (`alg: none`) carrying the given claims. */
export function unsignedToken(payload: Record<string, unknown>): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

/** Decodes a JWT's payload without verifying it (to re-sign tampered copies). */
export function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

/**
 * The statements a call sends while `fn` runs, others' statements left out. The spy is on every
 * client of the process (pg.Client.prototype on PostgreSQL, the PGlite client otherwise), so it
 * also sees what is not the call's own: the sign-in check (sessions; it may also refresh a
 * session's last-used time), the CSV worker's polling (csv_uploads), the health monitor's
 * probe (`select 1`, every 10 s), and the one-time setup of
 * a read lane that the call happens to open (decision 104: lanes are taken in turn and by load,
 * so which call opens one depends on timing).
 */
export async function statementsDuring(
  app: FastifyInstance,
  fn: () => Promise<unknown>,
): Promise<string[]> {
  const client =
    driver === 'postgres'
      ? (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown })
      : (app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await fn();
    return spy.mock.calls
      .map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text))
      .filter(
        (text) =>
          !/\b(sessions|csv_uploads)\b/.test(text) &&
          !text.startsWith('set session characteristics') &&
          // The health monitor's probe (every 10 s): a slow run's request window can take it in.
          text.trim() !== 'select 1',
      );
  } finally {
    spy.mockRestore();
  }
}
