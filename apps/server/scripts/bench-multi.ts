// Two API processes on one PostgreSQL (`npm run bench:teams:multi`). Creates a fresh database,
// seeds it as bench:teams does (10,000 students, 2,000 teams), then starts two real server
// processes (`node --import tsx src/server.ts`), each on its own 127.0.0.1 port, with the same
// DATABASE_URL and JWT secret and the CSV worker running in both (it always runs; the two
// compete for jobs through the lease in csv_uploads). Then:
//   1. The revoke proof: sign in through process A, read GET /auth/session/me through B (200),
//      sign out through A (POST /auth/logout), read through B again with the same access token:
//      it must be refused with 401 SESSION_REVOKED at once. Printed; the run exits non-zero if
//      B accepts the token.
//   2. The read mix (session/me, my teams, a course's team list, a team's details, in turn)
//      under 50 connections against process A alone, then 25 + 25 against A and B at once:
//      req/s and p99 per process and combined, and CPU time per request. Load errors also make
//      the exit code non-zero.
//   3. The CSV lease: four 2,000-row rosters uploaded through A and B at once, each followed
//      through the other process until done; every job must complete with all its rows.
// Logging as production: `info`, each process's stdout (its log lines) to /dev/null or to
// BENCH_LOG_FILE. BENCH_DURATION_S (10: per phase), BENCH_ROUNDS (2), BENCH_WARMUP_S (5) and
// DATABASE_POOL_MAX (passed to both processes; default 10) tune the run. BENCH_KEEP_DB=1 keeps
// the database.
import { closeSync, openSync } from 'node:fs';
import pg from 'pg';
import { openPostgres } from '../src/db/client.js';
import {
  API,
  COURSES,
  STUDENTS,
  TEAMS_PER_COURSE,
  addResult,
  cpuBetween,
  cpuLine,
  createBenchDatabase,
  emptyResult,
  load,
  machineLine,
  ms,
  requireDatabaseUrl,
  sampleCpu,
  seed,
  signInHttp,
  startTwoProcesses,
  stopProcess,
  summarize,
  uploadRoster,
  type ApiProcess,
  type Target,
} from './bench-lib.js';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
const LOG_FILE = process.env.BENCH_LOG_FILE ?? '/dev/null';
const POOL_MAX = process.env.DATABASE_POOL_MAX ?? '10';
const CSV_ADMIN = 'bench-admin@bench.example.edu';
const CSV_UPLOADS = 4;
const CSV_ROWS = 2_000;

const databaseUrl = requireDatabaseUrl('bench:teams:multi');

/** Sign in through A, sign out through A, the same token through B. True when B refuses it. */
async function revokeProof(a: ApiProcess, b: ApiProcess, email: string): Promise<boolean> {
  const token = await signInHttp(a.base, email);
  const me = (p: ApiProcess) =>
    fetch(`${p.base}${API}/auth/session/me`, { headers: { authorization: `Bearer ${token}` } });
  const before = await me(b);
  console.log(`  signed in through A; session/me through B: ${before.status}`);
  if (before.status !== 200) {
    console.log(`  FAIL: B refused a live session (${await before.text()})`);
    return false;
  }
  const logout = await fetch(`${a.base}${API}/auth/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const loggedOutAt = process.hrtime.bigint();
  console.log(`  POST /auth/logout through A: ${logout.status}`);
  if (logout.status !== 200) return false;
  const after = await me(b);
  const elapsed = ms(loggedOutAt);
  const body = (await after.json().catch(() => ({}))) as { code?: string };
  const refused = after.status === 401 && body.code === 'SESSION_REVOKED';
  console.log(
    `  session/me through B with the same access token, ${elapsed.toFixed(1)} ms after the ` +
      `sign-out answered: ${after.status} ${body.code ?? ''}`,
  );
  console.log(
    refused
      ? '  PASS: a session revoked through A is refused by B at once'
      : '  FAIL: B accepted a session revoked through A',
  );
  return refused;
}

/**
 * Exercises the CSV lease with both workers running: uploads rosters through A and B at once
 * (to four courses), follows each job through the other process until it is done, then reads
 * the jobs' rows. True when every job COMPLETED with every row applied.
 */
async function csvAcrossProcesses(
  a: ApiProcess,
  b: ApiProcess,
  courseIds: string[],
  url: string,
): Promise<boolean> {
  const token = await signInHttp(a.base, CSV_ADMIN);
  const auth = { authorization: `Bearer ${token}` };
  const started = process.hrtime.bigint();
  const jobs = await Promise.all(
    courseIds.slice(1, 1 + CSV_UPLOADS).map(async (courseId, i) => {
      const via = i % 2 === 0 ? a : b;
      const rows = Array.from(
        { length: CSV_ROWS },
        (_, r) => `csv-${i}-${r}@bench.example.edu,Roster Student ${i}-${r}`,
      );
      const id = await uploadRoster(
        via,
        token,
        courseId,
        ['email,fullname', ...rows].join('\n') + '\n',
        `roster-${i}.csv`,
      );
      const other = via === a ? b : a;
      const end = Date.now() + 120_000;
      for (;;) {
        const status = await fetch(`${other.base}${API}/csv/status/${id}`, { headers: auth });
        const data = ((await status.json()) as { data: { status: string } }).data;
        if (data.status === 'COMPLETED' || data.status === 'FAILED' || Date.now() > end) {
          return { id, via: via.name, status: data.status, seconds: ms(started) / 1000 };
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }),
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rows: { id: string; attempts: number; applied: number }[];
  try {
    ({ rows } = await client.query(
      `select id, attempts, created_count + pending_count as applied
         from csv_uploads where id = any($1::uuid[])`,
      [jobs.map((j) => j.id)],
    ));
  } finally {
    await client.end();
  }
  let ok = true;
  for (const job of jobs) {
    const row = rows.find((r) => r.id === job.id);
    const good = job.status === 'COMPLETED' && row?.applied === CSV_ROWS;
    if (!good) ok = false;
    console.log(
      `  roster of ${CSV_ROWS.toLocaleString('en')} rows uploaded through ${job.via}: ${job.status} ` +
        `after ${job.seconds.toFixed(1)} s, ${row?.applied ?? 0} rows applied, ` +
        `claimed ${row?.attempts ?? 0} time(s)`,
    );
  }
  console.log(
    ok
      ? `  PASS: ${jobs.length} jobs through two processes, each applied once`
      : '  FAIL: a CSV job did not complete with all its rows',
  );
  return ok;
}

interface Phase {
  name: string;
  /** Per process: its port and its share of the connections. */
  parts: { process: ApiProcess; connections: number }[];
}

async function main() {
  console.log(await machineLine());
  const database = await createBenchDatabase(databaseUrl);
  const logFd = openSync(LOG_FILE, 'a');
  const processes: ApiProcess[] = [];
  let failed = false;
  try {
    const handle = openPostgres(database.url);
    let seeded: Awaited<ReturnType<typeof seed>>;
    try {
      await handle.migrate();
      const started = process.hrtime.bigint();
      seeded = await seed(handle.db);
      await handle.db.execute('ANALYZE');
      console.log(
        `Seeded ${STUDENTS.toLocaleString('en')} students, ${(COURSES * TEAMS_PER_COURSE).toLocaleString('en')} teams ` +
          `in ${(ms(started) / 1000).toFixed(1)} s into ${database.name}`,
      );
    } finally {
      await handle.close();
    }

    const env = { DATABASE_POOL_MAX: POOL_MAX, SUPERADMIN_EMAILS: CSV_ADMIN };
    const [a, b] = await startTwoProcesses(database.url, logFd, env);
    processes.push(a, b);
    console.log(
      `Two API processes on one PostgreSQL: A pid ${a.child.pid} on :${a.port}, B pid ${b.child.pid} ` +
        `on :${b.port}; pool ${POOL_MAX} connections each, CSV worker running in both, ` +
        `logging at info to ${LOG_FILE}`,
    );

    console.log('\nRevoke through A, refused by B:');
    // A student who is not one of the load's callers, so the load's sessions stay live.
    if (!(await revokeProof(a, b, seeded.freeStudents[0]!.email))) failed = true;

    const tokens = await Promise.all(seeded.benchUsers.map((u) => signInHttp(a.base, u.email)));
    const course = seeded.courseIds[0]!;
    const targets: Target[] = tokens.flatMap((token, i) => [
      { path: `${API}/auth/session/me`, token },
      { path: `${API}/student/me/teams`, token },
      { path: `${API}/student/courses/${course}/teams`, token },
      { path: `${API}/student/teams/${seeded.benchUsers[i]!.teamId}`, token },
    ]);
    const phases: Phase[] = [
      { name: 'one process', parts: [{ process: a, connections: CONNECTIONS }] },
      {
        name: 'two processes',
        parts: [
          { process: a, connections: CONNECTIONS / 2 },
          { process: b, connections: CONNECTIONS / 2 },
        ],
      },
    ];
    await Promise.all(
      [a, b].map((p) => load(p.port, targets, CONNECTIONS / 2, 0, WARMUP_S * 1000)),
    );
    const results = phases.map((phase) => phase.parts.map(emptyResult));
    const cpu = phases.map(() => ({ apiSeconds: 0, postgresSeconds: 0 }));
    const apiPids = [a.child.pid!, b.child.pid!];
    for (let round = 1; round <= ROUNDS; round++) {
      const started = process.hrtime.bigint();
      for (const [i, phase] of phases.entries()) {
        const before = await sampleCpu(database.admin, database.name, apiPids);
        const slices = await Promise.all(
          phase.parts.map((part) =>
            load(part.process.port, targets, part.connections, (DURATION_S * 1000) / ROUNDS, 0),
          ),
        );
        const used = cpuBetween(before, await sampleCpu(database.admin, database.name, apiPids));
        cpu[i]!.apiSeconds += used.apiSeconds;
        cpu[i]!.postgresSeconds += used.postgresSeconds;
        slices.forEach((slice, k) => addResult(results[i]![k]!, slice));
      }
      console.log(`  round ${round}/${ROUNDS} (${(ms(started) / 1000).toFixed(1)} s)`);
    }

    console.log(
      `\nRead mix (session/me, my teams, course team list, team details in turn), ` +
        `${CONNECTIONS} connections in all, ${DURATION_S} s per phase in ${ROUNDS} rounds\n`,
    );
    const table: Record<string, string | number>[] = [];
    for (const [i, phase] of phases.entries()) {
      const combined = emptyResult();
      for (const [k, part] of phase.parts.entries()) {
        const r = results[i]![k]!;
        addResult(combined, r);
        const row = summarize(part.process.name, r);
        table.push({
          phase: phase.name,
          process: `${part.process.name} (${part.connections} conn.)`,
          'req/s': Math.round(row.rps),
          'p50 ms': Number(row.p50.toFixed(1)),
          'p99 ms': Number(row.p99.toFixed(1)),
          errors: row.errors,
        });
        if (row.errors > 0) failed = true;
      }
      if (phase.parts.length > 1) {
        // The slices ran side by side: combined req/s is the sum, not requests over summed time.
        const row = summarize('combined', combined);
        const rps = phase.parts.reduce((sum, _, k) => sum + summarize('', results[i]![k]!).rps, 0);
        table.push({
          phase: phase.name,
          process: 'combined',
          'req/s': Math.round(rps),
          'p50 ms': Number(row.p50.toFixed(1)),
          'p99 ms': Number(row.p99.toFixed(1)),
          errors: row.errors,
        });
      }
    }
    console.table(table);
    for (const [i, phase] of phases.entries()) {
      const requests = results[i]!.reduce((sum, r) => sum + r.requests, 0);
      console.log(`${phase.name}: ${cpuLine(cpu[i]!, requests)}`);
    }
    console.log('\nCSV jobs with the worker running in both processes (after the load):');
    if (!(await csvAcrossProcesses(a, b, seeded.courseIds, database.url))) failed = true;

    const one = summarize('', results[0]![0]!).rps;
    const two = results[1]!.reduce((sum, r) => sum + summarize('', r).rps, 0);
    console.log(
      `Two processes give ${((two / one) * 100).toFixed(0)}% of one process's req/s on this machine ` +
        '(the load generator, both processes and PostgreSQL share its cores).',
    );
    console.log(await machineLine());
  } catch (error) {
    failed = true;
    console.error(error);
    for (const p of processes) if (p.stderr()) console.error(`${p.name} stderr:\n${p.stderr()}`);
  } finally {
    await Promise.all(processes.map(stopProcess));
    await database.drop();
    closeSync(logFd);
  }
  if (failed) {
    console.log('\nbench:teams:multi FAILED (see above)');
    process.exit(1);
  }
}

void main();
