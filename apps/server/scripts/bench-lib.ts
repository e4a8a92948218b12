// What the server benchmarks share (bench-teams.ts, bench-multi.ts, bench-writes.ts): a fresh
// PostgreSQL database per run, the seed of 10,000 students and 2,000 teams, signing in, the
// load generator (a worker thread of keep-alive loops) and the figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../src/db/client.js';
import {
  auditEvents,
  courses,
  enrollments,
  invitations,
  joinRequests,
  organizations,
  teamMembers,
  teams,
  users,
} from '../src/db/schema/index.js';

export const API = '/api/v1';
export const STUDENTS = 10_000;
export const COURSES = 10;
export const TEAMS_PER_COURSE = 200;
export const MEMBERS_PER_TEAM = 4;
export const TEAM_MAX = 5;
/** Distinct signed-in students (team leaders of the first course) the load rotates through. */
export const BENCH_USERS = 50;
/** Students of the first course without a team whose emails the seed hands back. */
export const FREE_STUDENTS = 50;
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-42';
const BATCH = 1_000;

/**
 * The server environment every benchmark runs the app with: production-like (development mode
 * only for the dev sign-in the load uses), the bench database and secret, no rate limit in the
 * way of the load, no demo data. Callers add what differs (port, pool size, admins).
 */
export function benchEnv(databaseUrl: string, dataDir: string, logLevel = 'info') {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: logLevel,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: BENCH_JWT_SECRET,
    AUTH_DEV_LOGIN: 'on',
    AUTH_RATE_LIMIT_MAX: '1000000',
    // The writers apply and withdraw again and again on purpose (decision 122's throttle).
    TEAM_ASK_LIMIT: '1000000',
    SEED_DEMO: 'off',
    // The server's own settings a run may change, as production would set them.
    ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}),
    ...(process.env.DATABASE_READ_LANES
      ? { DATABASE_READ_LANES: process.env.DATABASE_READ_LANES }
      : {}),
  };
}

export const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** Exits with a message naming what to set when DATABASE_URL is missing. */
export function requireDatabaseUrl(script: string): string {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) return databaseUrl;
  console.error(
    [
      `${script} needs PostgreSQL: set DATABASE_URL to a role that may create databases, e.g.`,
      `  DATABASE_URL=postgres://teamup_ci:teamup_ci@127.0.0.1:5432/postgres npm run ${script}`,
      'A fresh database is created for the run and dropped afterwards.',
    ].join('\n'),
  );
  process.exit(1);
}

export interface BenchDatabase {
  name: string;
  url: string;
  /** A connection to the database DATABASE_URL names (for pg_stat_activity). */
  admin: pg.Client;
  /** Drops it (unless BENCH_KEEP_DB is set) and closes the admin connection. */
  drop(): Promise<void>;
}

/** A fresh database next to the one DATABASE_URL names (the role needs CREATEDB). */
export async function createBenchDatabase(databaseUrl: string): Promise<BenchDatabase> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const name = `teamup_bench_${process.pid}_${randomUUID().slice(0, 6)}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end();
    console.error(
      `Could not create a database with DATABASE_URL (${(error as Error).message}). ` +
        'The role needs CREATEDB (a superuser such as teamup_ci works).',
    );
    process.exit(1);
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    async drop() {
      if (process.env.BENCH_KEEP_DB) console.log(`Kept database ${name} (BENCH_KEEP_DB)`);
      else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

async function inBatches<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export interface Seeded {
  courseIds: string[];
  /** Students who lead a team in the first course: the benchmark's callers. */
  benchUsers: { email: string; teamId: string }[];
  /** Active students of the first course in no team (each has one pending request). */
  freeStudents: { email: string; userId: string }[];
}

/**
 * 10 courses; student i is enrolled (ACTIVE) in courses i mod 10 and (i + 1) mod 10, so each
 * course has 2,000 students. Each course has 200 teams of 4 (5 seats); the students left
 * without a team there each have a pending request to one team, and every team has one
 * pending invitation. Audit entries for creations, joins and requests.
 */
export async function seed(db: Db): Promise<Seeded> {
  const [org] = await db
    .insert(organizations)
    .values({ name: 'Bench University', slug: `bench-${randomUUID().slice(0, 8)}` })
    .returning({ id: organizations.id });
  const courseRows = await db
    .insert(courses)
    .values(
      Array.from({ length: COURSES }, (_, c) => ({
        organizationId: org!.id,
        code: `BENCH${c}`,
        title: `Bench Course ${c}`,
        term: 'Fall 2026',
        teamSizeMin: 2,
        teamSizeMax: TEAM_MAX,
        teamFormationDeadline: new Date(Date.now() + 30 * 86_400_000),
      })),
    )
    .returning({ id: courses.id });
  const courseIds = courseRows.map((c) => c.id);

  const userIds: string[] = [];
  const emails: string[] = [];
  await inBatches(
    Array.from({ length: STUDENTS }, (_, i) => i),
    async (chunk) => {
      const rows = await db
        .insert(users)
        .values(
          chunk.map((i) => ({
            email: `bench-${i}@bench.example.edu`,
            fullname: `Bench Student ${i}`,
            skills: ['TypeScript', 'SQL'],
          })),
        )
        .returning({ id: users.id, email: users.email });
      for (const r of rows) {
        userIds.push(r.id);
        emails.push(r.email);
      }
    },
  );
  const emailOf = new Map(userIds.map((id, i) => [id, emails[i]!]));

  const roster: string[][] = courseIds.map(() => []);
  const enrollmentRows = userIds.flatMap((userId, i) =>
    [i % COURSES, (i + 1) % COURSES].map((c) => {
      roster[c]!.push(userId);
      return {
        courseId: courseIds[c]!,
        email: emails[i]!,
        userId,
        fullname: `Bench Student ${i}`,
        status: 'ACTIVE' as const,
        source: 'CSV' as const,
        activatedAt: new Date(),
      };
    }),
  );
  await inBatches(enrollmentRows, (chunk) => db.insert(enrollments).values(chunk));

  const benchUsers: Seeded['benchUsers'] = [];
  const freeStudents: Seeded['freeStudents'] = [];
  const audits: (typeof auditEvents.$inferInsert)[] = [];
  const requests: (typeof joinRequests.$inferInsert)[] = [];
  const invites: (typeof invitations.$inferInsert)[] = [];
  for (const [c, courseId] of courseIds.entries()) {
    const students = roster[c]!;
    const teamRows = await db
      .insert(teams)
      .values(
        Array.from({ length: TEAMS_PER_COURSE }, (_, t) => ({
          courseId,
          name: `Team ${c}-${String(t).padStart(3, '0')}`,
          description: 'A benchmark team',
          leaderId: students[t * MEMBERS_PER_TEAM]!,
          createdBy: students[t * MEMBERS_PER_TEAM]!,
          maxSize: TEAM_MAX,
          memberCount: MEMBERS_PER_TEAM,
        })),
      )
      .returning({ id: teams.id, leaderId: teams.leaderId });
    const members = teamRows.flatMap((team, t) =>
      Array.from({ length: MEMBERS_PER_TEAM }, (_, k) => ({
        teamId: team.id,
        courseId,
        userId: students[t * MEMBERS_PER_TEAM + k]!,
      })),
    );
    await inBatches(members, (chunk) => db.insert(teamMembers).values(chunk));
    const base = { organizationId: org!.id, courseId };
    for (const m of members) {
      const created = m.userId === teamRows.find((t) => t.id === m.teamId)?.leaderId;
      audits.push({
        ...base,
        teamId: m.teamId,
        actorId: m.userId,
        targetUserId: m.userId,
        action: created ? 'TEAM_CREATED' : 'MEMBER_JOINED',
      });
    }
    const free = students.slice(TEAMS_PER_COURSE * MEMBERS_PER_TEAM);
    free.forEach((userId, i) => {
      const team = teamRows[i % teamRows.length]!;
      requests.push({ teamId: team.id, courseId, userId, message: 'Happy to help' });
      audits.push({
        ...base,
        teamId: team.id,
        actorId: userId,
        targetUserId: userId,
        action: 'REQUEST_CREATED',
      });
    });
    teamRows.forEach((team, i) => {
      const inviteeId = free[(i * 7) % free.length]!;
      invites.push({ teamId: team.id, courseId, inviteeId, invitedBy: team.leaderId });
    });
    if (c === 0) {
      for (const team of teamRows.slice(0, BENCH_USERS)) {
        benchUsers.push({ email: emailOf.get(team.leaderId!)!, teamId: team.id });
      }
      for (const userId of free.slice(0, FREE_STUDENTS)) {
        freeStudents.push({ email: emailOf.get(userId)!, userId });
      }
    }
  }
  await inBatches(requests, (chunk) => db.insert(joinRequests).values(chunk));
  await inBatches(invites, (chunk) => db.insert(invitations).values(chunk));
  await inBatches(audits, (chunk) => db.insert(auditEvents).values(chunk));
  return { courseIds, benchUsers, freeStudents };
}

/** Signs in through the development identity provider of an in-process app. */
export async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const credential = await app.inject({
    method: 'POST',
    url: `${API}/dev/id-token`,
    payload: { email },
  });
  const login = await app.inject({
    method: 'POST',
    url: `${API}/auth/login/google`,
    payload: { credential: credential.json().data.credential },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
  return login.json().data.token as string;
}

/** The same over HTTP, for a server running in another process. */
export async function signInHttp(base: string, email: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${base}${API}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const credential = await post('/dev/id-token', { email });
  if (credential.status !== 200) throw new Error(`dev id-token failed: ${credential.status}`);
  const { data } = (await credential.json()) as { data: { credential: string } };
  const login = await post('/auth/login/google', { credential: data.credential });
  if (login.status !== 200) throw new Error(`sign-in failed: ${await login.text()}`);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

// ---------------------------------------------------------------------------------------
// Real server processes (bench-multi.ts, bench-term.ts): `node --import tsx src/server.ts` on a
// 127.0.0.1 port of its own, logging to `logFd`, with the bench environment and `env` on top.

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ApiProcess {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  stderr: () => string;
}

export function startProcess(
  name: string,
  port: number,
  url: string,
  logFd: number,
  env: Record<string, string> = {},
): ApiProcess {
  const dataDir = mkdtempSync(join(tmpdir(), `teamup-bench-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...benchEnv(url, dataDir),
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', logFd, 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return { name, port, base: `http://127.0.0.1:${port}`, child, stderr: () => stderr };
}

export async function waitReady(p: ApiProcess, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (p.child.exitCode !== null) {
      throw new Error(`process ${p.name} exited (${p.child.exitCode}): ${p.stderr()}`);
    }
    try {
      const res = await fetch(`${p.base}${API}/healthcheck`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`process ${p.name} did not answer its healthcheck within ${timeoutMs} ms`);
}

export async function stopProcess(p: ApiProcess): Promise<void> {
  if (p.child.exitCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (p.child.exitCode === null) p.child.kill('SIGKILL');
}

/** Two processes A and B on free ports, each answering its healthcheck. */
export async function startTwoProcesses(
  url: string,
  logFd: number,
  env: Record<string, string>,
): Promise<[ApiProcess, ApiProcess]> {
  const [portA, portB] = [await freePort(), await freePort()];
  const a = startProcess('A', portA, url, logFd, env);
  const b = startProcess('B', portB, url, logFd, env);
  try {
    await Promise.all([waitReady(a), waitReady(b)]);
  } catch (error) {
    await Promise.all([a, b].map(stopProcess));
    throw error;
  }
  return [a, b];
}

/** A multipart/form-data body of a roster upload (`courseId` and the CSV file). */
export function multipart(courseId: string, fileName: string, content: string) {
  const boundary = `----bench-${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="courseId"\r\n\r\n${courseId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a roster through the real route (an admin's token); the upload's id (202). */
export async function uploadRoster(
  via: ApiProcess,
  token: string,
  courseId: string,
  csv: string,
  fileName: string,
): Promise<string> {
  const form = new FormData();
  form.append('courseId', courseId);
  form.append('file', new Blob([csv], { type: 'text/csv' }), fileName);
  const res = await fetch(`${via.base}${API}/csv/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 202) throw new Error(`upload through ${via.name}: ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

export interface Target {
  path: string;
  token?: string;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  latencies: Float64Array;
}

// Plain JavaScript for the worker: `connections` loops over one keep-alive agent, each sending
// its next request when the previous answer is read, for a fixed time after a warm-up.
/** Which load client runs (BENCH_CLIENT: raw, the default, or node-http). */
export const LOAD_CLIENT = process.env.BENCH_CLIENT === 'node-http' ? 'node-http' : 'raw';

/** The former load client: Node's http.request with a keep-alive agent. */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, targets, connections, durationMs, warmupMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
function once(target) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      { host: '127.0.0.1', port, path: target.path, agent,
        headers: target.token ? { authorization: 'Bearer ' + target.token } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ ok: res.statusCode === 200, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      },
    );
    req.on('error', () => resolve({ ok: false, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    req.end();
  });
}
async function run() {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const warmupEnd = Date.now() + warmupMs;
  const end = warmupEnd + durationMs;
  async function loop() {
    while (Date.now() < end) {
      const target = targets[next++ % targets.length];
      const now = Date.now();
      const r = await once(target);
      if (now >= warmupEnd) {
        latencies.push(r.ms);
        if (!r.ok) errors++;
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, loop));
  const seconds = (Date.now() - warmupEnd) / 1000;
  agent.destroy();
  parentPort.postMessage({ requests: latencies.length, errors, seconds, latencies: Float64Array.from(latencies) });
}
run();
`;

/**
 * The default load client (decision 104): one raw keep-alive HTTP/1.1 socket per connection, the
 * request bytes built once per target, the answer read only as far as its status line and
 * length (Content-Length, or chunked to its last chunk). It runs on the same two cores as the
 * server and the database, so what it spends is taken from them: Node's http client cost about
 * as much CPU per request as the bare route's whole handling. BENCH_CLIENT=node-http runs the
 * former client instead, for comparison.
 */
const RAW_LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { port, targets, connections, durationMs, warmupMs } = workerData;
const requests = targets.map((t) => Buffer.from(
  'GET ' + t.path + ' HTTP/1.1\\r\\nhost: 127.0.0.1:' + port + '\\r\\n' +
  (t.token ? 'authorization: Bearer ' + t.token + '\\r\\n' : '') + '\\r\\n', 'latin1'));
const HEAD_END = Buffer.from('\\r\\n\\r\\n');
const LAST_CHUNK = Buffer.from('\\r\\n0\\r\\n\\r\\n');
const opened = [];
function connection() {
  let socket;
  let buffered = null;
  let waiting = null;
  let need = -1;
  let chunkedFrom = -1;
  let status = 0;
  const answer = (ok) => { const w = waiting; waiting = null; if (w) w(ok); };
  function open() {
    buffered = null; need = -1; chunkedFrom = -1;
    socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    opened.push(socket);
    socket.on('data', (chunk) => {
      buffered = buffered ? Buffer.concat([buffered, chunk]) : chunk;
      for (;;) {
        if (need < 0 && chunkedFrom < 0) {
          const end = buffered.indexOf(HEAD_END);
          if (end < 0) return;
          const head = buffered.toString('latin1', 0, end);
          status = Number(head.slice(9, 12));
          const length = /\\r\\ncontent-length: *(\\d+)/i.exec(head);
          if (length) need = end + 4 + Number(length[1]);
          else if (/\\r\\ntransfer-encoding: *chunked/i.test(head)) chunkedFrom = end + 2;
          else need = end + 4;
        }
        if (chunkedFrom >= 0) {
          const last = buffered.indexOf(LAST_CHUNK, chunkedFrom);
          if (last < 0) return;
          need = last + LAST_CHUNK.length;
          chunkedFrom = -1;
        }
        if (buffered.length < need) return;
        buffered = buffered.length === need ? null : buffered.subarray(need);
        need = -1;
        answer(status === 200);
        if (!buffered) return;
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => { socket = null; answer(false); });
  }
  return (bytes) => new Promise((resolve) => {
    if (!socket) open();
    waiting = resolve;
    socket.write(bytes);
  });
}
async function run() {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const warmupEnd = Date.now() + warmupMs;
  const end = warmupEnd + durationMs;
  async function loop() {
    const send = connection();
    while (Date.now() < end) {
      const bytes = requests[next++ % requests.length];
      const now = Date.now();
      const started = process.hrtime.bigint();
      const ok = await send(bytes);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (now >= warmupEnd) {
        latencies.push(ms);
        if (!ok) errors++;
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, loop));
  const seconds = (Date.now() - warmupEnd) / 1000;
  for (const socket of opened) socket.destroy();
  parentPort.postMessage({ requests: latencies.length, errors, seconds, latencies: Float64Array.from(latencies) });
}
run();
`;

/** `connections` keep-alive loops against 127.0.0.1:port, round-robin over the targets. */
export function load(
  port: number,
  targets: Target[],
  connections: number,
  durationMs: number,
  warmupMs: number,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_CLIENT === 'node-http' ? LOAD_WORKER : RAW_LOAD_WORKER, {
      eval: true,
      workerData: { port, targets, connections, durationMs, warmupMs },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

export function emptyResult(): LoadResult {
  return { requests: 0, errors: 0, seconds: 0, latencies: new Float64Array() };
}

/** Adds one slice of load to a running total (rounds of the same route). */
export function addResult(sum: LoadResult, r: LoadResult): void {
  sum.requests += r.requests;
  sum.errors += r.errors;
  sum.seconds += r.seconds;
  const joined = new Float64Array(sum.latencies.length + r.latencies.length);
  joined.set(sum.latencies);
  joined.set(r.latencies, sum.latencies.length);
  sum.latencies = joined;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  requests: number;
}

export function summarize(name: string, r: LoadResult): Row {
  const sorted = Float64Array.from(r.latencies).sort();
  return {
    name,
    rps: r.seconds > 0 ? r.requests / r.seconds : 0,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    errors: r.errors,
    requests: r.requests,
  };
}

/** One line about the machine the figures come from. */
export async function machineLine(): Promise<string> {
  const os = await import('node:os');
  const [one, five] = os.loadavg();
  return (
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ` +
    `load average ${one!.toFixed(2)} / ${five!.toFixed(2)} (1 / 5 min), Node ${process.version}`
  );
}

// ---------------------------------------------------------------------------------------
// CPU time per request, from /proc (Linux, PostgreSQL on this host): the API process(es) and
// the PostgreSQL backends serving the bench database, read before and after a load. Wall-clock
// req/s on a shared machine depends on who else runs; CPU time per request says how many
// requests one core of each side serves, and so where CPU runs out first.

const CLOCK_TICKS = 100; // USER_HZ: 100 on every Linux build in use (getconf CLK_TCK).

/** User + system CPU seconds of a process or thread, or undefined when it is gone. */
function cpuSecondsOf(statPath: string): number | undefined {
  try {
    const stat = readFileSync(statPath, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of proc(5) (utime, stime), counted from `state`, field 3.
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

export interface CpuSample {
  /** CPU seconds per pid at the sample. */
  api: Map<number, number>;
  postgres: Map<number, number>;
}

export interface CpuUse {
  apiSeconds: number;
  postgresSeconds: number;
}

/**
 * Samples the CPU time of the API processes (`apiPids`; for an app inside this process, its
 * main thread) and of the PostgreSQL backends connected to `dbName`. Backends that close
 * between two samples are not counted (pools keep theirs open under load).
 */
export async function sampleCpu(
  admin: pg.Client,
  dbName: string,
  apiPids: number[] | 'main-thread',
): Promise<CpuSample> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [dbName],
  );
  const postgres = new Map<number, number>();
  for (const { pid } of rows) {
    const s = cpuSecondsOf(`/proc/${pid}/stat`);
    if (s !== undefined) postgres.set(pid, s);
  }
  const api = new Map<number, number>();
  if (apiPids === 'main-thread') {
    const s = cpuSecondsOf(`/proc/${process.pid}/task/${process.pid}/stat`);
    if (s !== undefined) api.set(process.pid, s);
  } else {
    for (const pid of apiPids) {
      const s = cpuSecondsOf(`/proc/${pid}/stat`);
      if (s !== undefined) api.set(pid, s);
    }
  }
  return { api, postgres };
}

/** CPU seconds used between two samples (pids present in both, or new in the second). */
export function cpuBetween(before: CpuSample, after: CpuSample): CpuUse {
  const delta = (a: Map<number, number>, b: Map<number, number>) =>
    [...b].reduce((sum, [pid, s]) => sum + (s - (a.get(pid) ?? 0)), 0);
  return {
    apiSeconds: delta(before.api, after.api),
    postgresSeconds: delta(before.postgres, after.postgres),
  };
}

/** "µs of CPU per request" and what one core of each side would serve at that rate. */
export function cpuLine(use: CpuUse, requests: number): string {
  const apiUs = (use.apiSeconds / requests) * 1e6;
  const pgUs = (use.postgresSeconds / requests) * 1e6;
  return (
    `CPU per request: API ${apiUs.toFixed(0)} µs (≈ ${Math.round(1e6 / apiUs)} req/s per API core), ` +
    `PostgreSQL ${pgUs.toFixed(0)} µs (≈ ${Math.round(1e6 / pgUs)} req/s per PostgreSQL core); ` +
    `${use.apiSeconds.toFixed(1)} s and ${use.postgresSeconds.toFixed(1)} s over ${requests.toLocaleString('en')} requests`
  );
}

/**
 * The database's size and its largest tables (rows, total bytes with indexes, bytes per row),
 * for the capacity figures: what 10,000 students and 2,000 teams take on disk.
 */
export async function printSizes(admin: pg.Client, url: string, dbName: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('ANALYZE');
    const { rows } = await client.query<{ table: string; rows: string; bytes: string }>(
      `select c.relname as table, greatest(c.reltuples, 0)::bigint as rows,
              pg_total_relation_size(c.oid) as bytes
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
        order by pg_total_relation_size(c.oid) desc limit 12`,
    );
    const [{ size }] = (
      await admin.query<{ size: string }>('select pg_database_size($1) as size', [dbName])
    ).rows as [{ size: string }];
    console.log(`\nDatabase ${dbName}: ${(Number(size) / 1048576).toFixed(1)} MB in all`);
    console.table(
      rows.map((r) => ({
        table: r.table,
        rows: Number(r.rows),
        'MB (with indexes)': Number((Number(r.bytes) / 1048576).toFixed(2)),
        'bytes per row': Number(r.rows) > 0 ? Math.round(Number(r.bytes) / Number(r.rows)) : null,
      })),
    );
  } finally {
    await client.end();
  }
}
