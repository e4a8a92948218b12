// Write paths benchmark (`npm run bench:writes`). Against PostgreSQL (DATABASE_URL): a fresh
// database seeded as bench:teams does (10,000 students, 2,000 teams of 4 with 5 seats), the
// real app on 127.0.0.1 logging at `info` (to /dev/null or BENCH_LOG_FILE), then BENCH_WRITERS
// (8) concurrent keep-alive connections, each a pair of a team leader and a student of the
// course in no team, repeating for BENCH_DURATION_S (10) seconds after BENCH_WARMUP_S (5):
//   apply (POST /student/teams/{id}/join-requests) → accept (leader,
//   POST /student/join-requests/{id}/accept) → leave (POST /student/teams/{id}/leave),
//   and every second cycle apply → withdraw (POST /student/join-requests/{id}/withdraw),
// so the team goes back to 4 of 5 and the run can repeat. It prints req/s, p50 and p99 per
// operation and for all writes together, the CPU time per write of the app and of PostgreSQL,
// the database's size by table, and exits non-zero when any call fails.
// The CSV import's rows per second come from `npm run bench:csv`.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { invitations, joinRequests } from '../src/db/schema/index.js';
import {
  API,
  benchEnv,
  BENCH_USERS,
  COURSES,
  FREE_STUDENTS,
  cpuBetween,
  cpuLine,
  sampleCpu,
  type CpuSample,
  STUDENTS,
  TEAMS_PER_COURSE,
  createBenchDatabase,
  machineLine,
  ms,
  percentile,
  printSizes,
  requireDatabaseUrl,
  seed,
  signIn,
} from './bench-lib.js';

const WRITERS = Math.min(
  Number(process.env.BENCH_WRITERS ?? 8),
  Math.min(BENCH_USERS, FREE_STUDENTS),
);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
const LOG_FILE = process.env.BENCH_LOG_FILE ?? '/dev/null';
const OPERATIONS = ['apply', 'accept', 'leave', 'withdraw'] as const;

const databaseUrl = requireDatabaseUrl('bench:writes');

interface Pair {
  teamId: string;
  leaderToken: string;
  studentToken: string;
}

interface WriteResult {
  seconds: number;
  cycles: number;
  /** Per operation: latencies in ms and the number of failed calls. */
  ops: Record<string, { latencies: Float64Array; errors: number; firstError?: string }>;
}

// Plain JavaScript for the worker: one keep-alive loop per pair.
const WRITE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, api, pairs, durationMs, warmupMs, operations } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: pairs.length });
function call(path, token, body) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { authorization: 'Bearer ' + token };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    const req = http.request({ host: '127.0.0.1', port, path: api + path, method: 'POST', agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json = null;
        try { json = JSON.parse(text); } catch {}
        resolve({ status: res.statusCode, json, text, ms: Number(process.hrtime.bigint() - started) / 1e6 });
      });
    });
    req.on('error', (e) => resolve({ status: 0, json: null, text: String(e), ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
async function run() {
  const ops = Object.fromEntries(operations.map((op) => [op, { latencies: [], errors: 0, firstError: undefined }]));
  let cycles = 0;
  const warmupEnd = Date.now() + warmupMs;
  const end = warmupEnd + durationMs;
  const measuring = () => Date.now() >= warmupEnd;
  setTimeout(() => parentPort.postMessage({ type: 'measuring' }), warmupMs);
  function record(op, r, okStatus, counted) {
    const ok = r.status === okStatus;
    if (counted) {
      ops[op].latencies.push(r.ms);
      if (!ok) {
        ops[op].errors++;
        ops[op].firstError ??= r.status + ' ' + r.text.slice(0, 300);
      }
    }
    return ok;
  }
  async function loop(pair) {
    let i = 0;
    while (Date.now() < end) {
      const counted = measuring();
      const applied = await call('/student/teams/' + pair.teamId + '/join-requests', pair.studentToken, { message: 'bench' });
      if (!record('apply', applied, 201, counted)) {
        // Back to a known state (the student out of the team) before trying again.
        await call('/student/teams/' + pair.teamId + '/leave', pair.studentToken);
        continue;
      }
      const requestId = applied.json.data.id;
      if (i++ % 2 === 0) {
        const accepted = await call('/student/join-requests/' + requestId + '/accept', pair.leaderToken, {});
        record('accept', accepted, 200, counted);
        const left = await call('/student/teams/' + pair.teamId + '/leave', pair.studentToken);
        record('leave', left, 200, counted);
      } else {
        const withdrawn = await call('/student/join-requests/' + requestId + '/withdraw', pair.studentToken);
        record('withdraw', withdrawn, 200, counted);
      }
      if (counted) cycles++;
    }
  }
  await Promise.all(pairs.map(loop));
  const seconds = (Date.now() - warmupEnd) / 1000;
  agent.destroy();
  for (const op of operations) ops[op].latencies = Float64Array.from(ops[op].latencies);
  parentPort.postMessage({ type: 'done', seconds, cycles, ops });
}
run();
`;

/** Runs the writers; `onMeasuring` is called when the warm-up ends. */
function runWrites(port: number, pairs: Pair[], onMeasuring: () => void): Promise<WriteResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WRITE_WORKER, {
      eval: true,
      workerData: {
        port,
        api: API,
        pairs,
        durationMs: DURATION_S * 1000,
        warmupMs: WARMUP_S * 1000,
        operations: OPERATIONS,
      },
    });
    worker.on('message', (message: { type: string } & WriteResult) => {
      if (message.type === 'measuring') onMeasuring();
      else resolve(message);
    });
    worker.once('error', reject);
  });
}

async function main() {
  console.log(await machineLine());
  const database = await createBenchDatabase(databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'teamup-bench-writes-'));
  const logFd = openSync(LOG_FILE, 'a');
  let app: FastifyInstance | undefined;
  let failed = false;
  try {
    const config = loadConfig({ ...benchEnv(database.url, dataDir), PORT: '0' });
    app = await buildApp(config, {
      logStream: { write: (line: string) => void writeSync(logFd, line) },
    });
    const started = process.hrtime.bigint();
    const seeded = await seed(app.db);
    console.log(
      `Seeded ${STUDENTS.toLocaleString('en')} students, ${(COURSES * TEAMS_PER_COURSE).toLocaleString('en')} teams ` +
        `in ${(ms(started) / 1000).toFixed(1)} s into ${database.name}`,
    );
    await app.db.execute('ANALYZE');

    const leaders = seeded.benchUsers.slice(0, WRITERS);
    const students = seeded.freeStudents.slice(0, WRITERS);
    // A student's seeded request or invitation to their pair's team would refuse the first apply.
    const teamIds = leaders.map((l) => l.teamId);
    const userIds = students.map((s) => s.userId);
    await app.db
      .delete(joinRequests)
      .where(and(inArray(joinRequests.teamId, teamIds), inArray(joinRequests.userId, userIds)));
    await app.db
      .delete(invitations)
      .where(and(inArray(invitations.teamId, teamIds), inArray(invitations.inviteeId, userIds)));
    const pairs: Pair[] = await Promise.all(
      leaders.map(async (leader, k) => ({
        teamId: leader.teamId,
        leaderToken: await signIn(app!, leader.email),
        studentToken: await signIn(app!, students[k]!.email),
      })),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;

    // CPU of this process's main thread (the app; the writers run in a worker thread) and of
    // the database's backends while the writes are measured.
    let before: Promise<CpuSample> | undefined;
    const result = await runWrites(port, pairs, () => {
      before = sampleCpu(database.admin, database.name, 'main-thread');
    });
    const cpu = cpuBetween(
      await before!,
      await sampleCpu(database.admin, database.name, 'main-thread'),
    );
    const rows = OPERATIONS.map((op) => {
      const { latencies, errors } = result.ops[op]!;
      const sorted = Float64Array.from(latencies).sort();
      return {
        operation: op as string,
        calls: latencies.length,
        'req/s': Math.round(latencies.length / result.seconds),
        'p50 ms': Number(percentile(sorted, 50).toFixed(1)),
        'p99 ms': Number(percentile(sorted, 99).toFixed(1)),
        errors,
      };
    });
    const all = Float64Array.from(
      OPERATIONS.flatMap((op) => [...result.ops[op]!.latencies]),
    ).sort();
    rows.push({
      operation: 'all writes',
      calls: all.length,
      'req/s': Math.round(all.length / result.seconds),
      'p50 ms': Number(percentile(all, 50).toFixed(1)),
      'p99 ms': Number(percentile(all, 99).toFixed(1)),
      errors: rows.reduce((sum, r) => sum + r.errors, 0),
    });
    console.log(
      `\n${WRITERS} concurrent connections (leader and student pairs, one team each), ` +
        `${DURATION_S} s after ${WARMUP_S} s warm-up, PostgreSQL, log level info; ` +
        `${result.cycles} cycles (apply → accept → leave, apply → withdraw in turn)\n`,
    );
    console.table(rows);
    console.log(`All writes: ${cpuLine(cpu, all.length)}`);
    for (const op of OPERATIONS) {
      const first = result.ops[op]!.firstError;
      if (first) console.log(`First failed ${op}: ${first}`);
    }
    if (rows.at(-1)!.errors > 0) failed = true;
    await printSizes(database.admin, database.url, database.name);
    console.log(await machineLine());
  } finally {
    (app?.db as unknown as { $client?: pg.Pool } | undefined)?.$client?.on(
      'error',
      () => undefined,
    );
    await app?.close().catch(() => undefined);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    closeSync(logFd);
  }
  if (failed) {
    console.log('\nbench:writes: some calls failed (see above)');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
