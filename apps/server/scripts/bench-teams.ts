// Team reads benchmark (`npm run bench:teams`). Against PostgreSQL (DATABASE_URL): creates a
// fresh database, seeds 10,000 students and 2,000 teams with bulk inserts, starts the real
// app on 127.0.0.1, and measures throughput and p99 latency under 50 concurrent keep-alive
// connections for GET /student/me/teams, a course's team list and a team's details, next to
// a bare Fastify route doing one primary-key select on the same database in the same run,
// and, for reference, the app's cheapest signed-in call (GET /auth/session/me).
// Target: p99 under 50 ms and at least half the bare route's throughput. It prints figures;
// it does not fail on a miss. The load runs in a worker thread so it does not share the
// server's event loop. The database is dropped afterwards (BENCH_KEEP_DB=1 keeps it).
// BENCH_DURATION_S (10), BENCH_ROUNDS (5) and BENCH_WARMUP_S (2) tune the run.
// The app logs as production does (`info`: a line per request), written synchronously like
// pino's stdout, to /dev/null or to BENCH_LOG_FILE, so producing the lines is still paid for;
// BENCH_LOG_LEVEL changes the level (the run prints which one it used). BENCH_ONLY=<text>
// keeps only the routes whose name contains it (and the bare route).
import { randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPostgres, type Db } from '../src/db/client.js';
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

const API = '/api/v1';
const STUDENTS = 10_000;
const COURSES = 10;
const TEAMS_PER_COURSE = 200;
const MEMBERS_PER_TEAM = 4;
const TEAM_MAX = 5;
const CONNECTIONS = 50;
/** Distinct signed-in students the load rotates through. */
const BENCH_USERS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
/**
 * Each route's measuring time is split into rounds taken in turn, so a change in the machine's
 * load during the run (other processes) weighs on every route alike.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BATCH = 1_000;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const LOG_FILE = process.env.BENCH_LOG_FILE ?? '/dev/null';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    [
      'bench:teams needs PostgreSQL: set DATABASE_URL to a role that may create databases, e.g.',
      '  DATABASE_URL=postgres://teamup_ci:teamup_ci@127.0.0.1:5432/postgres npm run bench:teams',
      'A fresh database is created for the run and dropped afterwards.',
    ].join('\n'),
  );
  process.exit(1);
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function inBatches<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

interface Seeded {
  courseIds: string[];
  /** Students who lead a team in the first course: the benchmark's callers. */
  benchUsers: { email: string; teamId: string }[];
}

/**
 * 10 courses; student i is enrolled (ACTIVE) in courses i mod 10 and (i + 1) mod 10, so each
 * course has 2,000 students. Each course has 200 teams of 4 (5 seats); the students left
 * without a team there each have a pending request to one team, and every team has one
 * pending invitation. Audit entries for creations, joins and requests.
 */
async function seed(db: Db): Promise<Seeded> {
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
        benchUsers.push({ email: emails[userIds.indexOf(team.leaderId!)]!, teamId: team.id });
      }
    }
  }
  await inBatches(requests, (chunk) => db.insert(joinRequests).values(chunk));
  await inBatches(invites, (chunk) => db.insert(invitations).values(chunk));
  await inBatches(audits, (chunk) => db.insert(auditEvents).values(chunk));
  return { courseIds, benchUsers };
}

async function signIn(app: FastifyInstance, email: string): Promise<string> {
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

interface Target {
  path: string;
  token?: string;
}

interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  latencies: Float64Array;
}

// Plain JavaScript for the worker: 50 loops over one keep-alive agent, each sending its next
// request when the previous answer is read, for a fixed time after a warm-up.
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
  let measuredStart = 0;
  async function loop() {
    while (Date.now() < end) {
      const target = targets[next++ % targets.length];
      const now = Date.now();
      const r = await once(target);
      if (now >= warmupEnd) {
        if (!measuredStart) measuredStart = now;
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

function load(
  port: number,
  targets: Target[],
  durationMs: number,
  warmupMs: number,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, {
      eval: true,
      workerData: {
        port,
        targets,
        connections: CONNECTIONS,
        durationMs,
        warmupMs,
      },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  requests: number;
}

function summarize(name: string, r: LoadResult): Row {
  const sorted = Float64Array.from(r.latencies).sort();
  return {
    name,
    rps: r.requests / r.seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    errors: r.errors,
    requests: r.requests,
  };
}

async function main() {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const dbName = `teamup_bench_${process.pid}_${randomUUID().slice(0, 6)}`;
  try {
    await admin.query(`CREATE DATABASE ${dbName}`);
  } catch (error) {
    await admin.end();
    console.error(
      `Could not create a database with DATABASE_URL (${(error as Error).message}). ` +
        'The role needs CREATEDB (a superuser such as teamup_ci works).',
    );
    process.exit(1);
  }
  const url = new URL(databaseUrl!);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'teamup-bench-teams-'));
  let app: FastifyInstance | undefined;
  let bare: FastifyInstance | undefined;
  let bareHandle: ReturnType<typeof openPostgres> | undefined;
  const logFd = openSync(LOG_FILE, 'a');
  let logLines = 0;
  try {
    const config = loadConfig({
      NODE_ENV: 'development',
      LOG_LEVEL,
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
      AUTH_DEV_LOGIN: 'on',
      AUTH_RATE_LIMIT_MAX: '1000000',
      SEED_DEMO: 'off',
      PORT: '0',
    });
    app = await buildApp(config, {
      logStream: {
        write(line: string) {
          logLines++;
          writeSync(logFd, line);
        },
      },
    });
    console.log(`Logging at ${config.LOG_LEVEL} to ${LOG_FILE}`);

    let started = process.hrtime.bigint();
    const seeded = await seed(app.db);
    console.log(
      `Seeded ${STUDENTS.toLocaleString('en')} students, ${(COURSES * TEAMS_PER_COURSE).toLocaleString('en')} teams ` +
        `(${COURSES} courses) in ${(ms(started) / 1000).toFixed(1)} s into ${dbName}`,
    );
    await app.db.execute('ANALYZE');
    const tokens = await Promise.all(seeded.benchUsers.map((u) => signIn(app!, u.email)));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const appPort = (app.server.address() as { port: number }).port;

    // The bare route: its own pool of the same default size, no auth, no plugins.
    bareHandle = openPostgres(url.toString());
    const bareDb = bareHandle.db;
    bare = Fastify({ logger: false });
    bare.get<{ Params: { id: string } }>('/bare/users/:id', async (request) => {
      const [row] = await bareDb
        .select({ id: users.id, email: users.email, fullname: users.fullname })
        .from(users)
        .where(eq(users.id, request.params.id))
        .limit(1);
      return row;
    });
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const barePort = (bare.server.address() as { port: number }).port;
    const someUsers = await app.db.select({ id: users.id }).from(users).limit(BENCH_USERS);

    const course = seeded.courseIds[0]!;
    const cases: [string, number, Target[]][] = [
      [
        'bare: one primary-key select',
        barePort,
        someUsers.map((u) => ({ path: `/bare/users/${u.id}` })),
      ],
      // For reference: the app's sign-in check plus one primary-key select, the floor of
      // any signed-in call.
      [
        'ref: GET /auth/session/me',
        appPort,
        tokens.map((token) => ({ path: `${API}/auth/session/me`, token })),
      ],
      [
        'GET /student/me/teams',
        appPort,
        tokens.map((token) => ({ path: `${API}/student/me/teams`, token })),
      ],
      [
        'GET /student/courses/{id}/teams',
        appPort,
        tokens.map((token) => ({ path: `${API}/student/courses/${course}/teams`, token })),
      ],
      [
        'GET /student/teams/{id}',
        appPort,
        tokens.map((token, i) => ({
          path: `${API}/student/teams/${seeded.benchUsers[i]!.teamId}`,
          token,
        })),
      ],
    ];
    // BENCH_ONLY=<text> measures only the routes whose name contains it, next to the bare
    // route (e.g. for a CPU profile of one route: node --cpu-prof --import tsx ...).
    const only = process.env.BENCH_ONLY;
    if (only)
      cases.splice(1, cases.length, ...cases.slice(1).filter(([name]) => name.includes(only)));
    for (const [name, port, targets] of cases) {
      await load(port, targets, 0, WARMUP_S * 1000);
      console.log(`  warmed up ${name}`);
    }
    const results = cases.map((): LoadResult => ({
      requests: 0,
      errors: 0,
      seconds: 0,
      latencies: new Float64Array(),
    }));
    for (let round = 1; round <= ROUNDS; round++) {
      started = process.hrtime.bigint();
      for (const [i, [, port, targets]] of cases.entries()) {
        const r = await load(port, targets, (DURATION_S * 1000) / ROUNDS, 0);
        const sum = results[i]!;
        sum.requests += r.requests;
        sum.errors += r.errors;
        sum.seconds += r.seconds;
        sum.latencies = Float64Array.from([...sum.latencies, ...r.latencies]);
      }
      console.log(`  round ${round}/${ROUNDS} (${(ms(started) / 1000).toFixed(1)} s)`);
    }
    const rows = cases.map(([name], i) => summarize(name, results[i]!));

    const bareRps = rows[0]!.rps;
    console.log(
      `\n${CONNECTIONS} connections, ${DURATION_S} s per route in ${ROUNDS} interleaved rounds ` +
        `after ${WARMUP_S} s warm-up, PostgreSQL\n`,
    );
    console.table(
      rows.map((r) => ({
        route: r.name,
        'req/s': Math.round(r.rps),
        'p50 ms': Number(r.p50.toFixed(1)),
        'p99 ms': Number(r.p99.toFixed(1)),
        'max ms': Number(r.max.toFixed(1)),
        'vs bare': `${((r.rps / bareRps) * 100).toFixed(0)}%`,
        errors: r.errors,
      })),
    );
    const misses = rows
      .filter((r) => r.name.startsWith('GET'))
      .filter((r) => r.p99 >= 50 || r.rps < bareRps / 2 || r.errors > 0);
    console.log(
      only
        ? `BENCH_ONLY=${only}: a partial run, the target is not judged.`
        : misses.length === 0
          ? 'Target met: p99 < 50 ms and at least half the bare route’s throughput, no errors.'
          : `Target missed by: ${misses.map((r) => r.name).join(', ')}`,
    );
    console.log(
      `Log level ${config.LOG_LEVEL}: ${logLines.toLocaleString('en')} lines written to ${LOG_FILE}`,
    );
  } finally {
    // pg ends idle connections without waiting for their sockets: a connection still closing
    // when the database is dropped reports the drop as an error on its pool.
    for (const db of [app?.db, bareHandle?.db]) {
      (db as unknown as { $client?: pg.Pool } | undefined)?.$client?.on('error', () => undefined);
    }
    await bare?.close().catch(() => undefined);
    await bareHandle?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    if (process.env.BENCH_KEEP_DB) console.log(`Kept database ${dbName} (BENCH_KEEP_DB)`);
    else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    closeSync(logFd);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
