// Live stream benchmark (`npm run bench:events`, issue 14, decision 113). On PostgreSQL when
// DATABASE_URL is set (a fresh database, dropped afterwards; BENCH_KEEP_DB=1 keeps it), else on
// PGlite in memory. Seeds one organization, one course and BENCH_STREAMS (1,000) students
// enrolled in it, starts the real app on 127.0.0.1 and opens one stream per student from a
// child process (its own event loop and memory, loopback only). Then, BENCH_ROUNDS (3) times:
//   - one statement writes a notification for every student (the NOTIFY trigger sends them in
//     payloads of 100; the hub reads the rows once per tick), and
//   - one audit event of the course (a course-wide "changed": every student's stream)
// and prints p50 / p99 / max of the time from just before the statement until each client has
// its event, and the memory per open stream (the server process's RSS and V8 heap before and
// after opening them, divided by their number; with --expose-gc when available).
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres, type DbHandle } from '../src/db/client.js';
import { auditEvents, courses, enrollments, organizations, users } from '../src/db/schema/index.js';
import {
  API,
  benchEnv,
  createBenchDatabase,
  machineLine,
  percentile,
  signIn,
  type BenchDatabase,
} from './bench-lib.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_TIMEOUT_MS = 30_000;
const now = () => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------------------------------
// The client process: opens the streams, reports when each has an event of a round.

type ToClient =
  | { type: 'open'; base: string; tokens: string[] }
  | { type: 'round'; event: 'notification' | 'changed' }
  | { type: 'close' };
type ToParent =
  | { type: 'opened'; count: number; failed: number }
  | { type: 'ready' }
  | { type: 'arrived'; times: number[]; missing: number };

function client() {
  const send = (message: ToParent) => process.send!(message);
  const requests: http.ClientRequest[] = [];
  let waiting: { event: string; times: (number | undefined)[] } | null = null;
  let timer: NodeJS.Timeout | undefined;
  let left = 0;

  const finish = () => {
    if (!waiting) return;
    clearTimeout(timer);
    const times = waiting.times.filter((t): t is number => t !== undefined);
    send({ type: 'arrived', times, missing: waiting.times.length - times.length });
    waiting = null;
  };

  const openOne = (base: string, token: string, index: number) =>
    new Promise<boolean>((resolve) => {
      const req = http.get(`${base}${API}/events`, {
        headers: { authorization: `Bearer ${token}` },
        agent: false,
      });
      requests.push(req);
      req.on('error', () => resolve(false));
      req.on('response', (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          resolve(false);
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (chunk.includes(': connected')) resolve(true);
          if (waiting && waiting.times[index] === undefined) {
            if (chunk.includes(`event: ${waiting.event}\n`)) {
              waiting.times[index] = now();
              left -= 1;
              if (left === 0) finish();
            }
          }
        });
      });
    });

  process.on('message', async (message: ToClient) => {
    if (message.type === 'open') {
      let failed = 0;
      // 50 at a time, as clients arriving over a moment would.
      for (let i = 0; i < message.tokens.length; i += 50) {
        const batch = message.tokens.slice(i, i + 50);
        const results = await Promise.all(
          batch.map((token, j) => openOne(message.base, token, i + j)),
        );
        failed += results.filter((ok) => !ok).length;
      }
      send({ type: 'opened', count: message.tokens.length - failed, failed });
    } else if (message.type === 'round') {
      waiting = { event: message.event, times: new Array(requests.length).fill(undefined) };
      left = requests.length;
      timer = setTimeout(finish, ROUND_TIMEOUT_MS);
      send({ type: 'ready' });
    } else {
      for (const req of requests) req.destroy();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------------------------------
// The server process.

function ask<T extends ToParent['type']>(
  child: ChildProcess,
  message: ToClient,
  type: T,
): Promise<Extract<ToParent, { type: T }>> {
  return new Promise((resolve) => {
    const on = (reply: ToParent) => {
      if (reply.type !== type) return;
      child.off('message', on);
      resolve(reply as Extract<ToParent, { type: T }>);
    };
    child.on('message', on);
    child.send(message);
  });
}

async function memory() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed, external: m.external + m.arrayBuffers };
}

const fmt = (v: number) => `${v.toFixed(1)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  let bench: BenchDatabase | undefined;
  let handle: DbHandle;
  if (databaseUrl) {
    bench = await createBenchDatabase(databaseUrl);
    handle = openPostgres(bench.url);
  } else {
    handle = openPglite();
  }
  await handle.migrate();
  const dataDir = mkdtempSync(join(tmpdir(), 'teamup-bench-events-'));
  const config = loadConfig({
    ...benchEnv(bench?.url ?? '', dataDir, process.env.BENCH_LOG_LEVEL ?? 'warn'),
  });
  const app = await buildApp(config, { db: handle, csvWorker: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  let child: ChildProcess | undefined;
  try {
    console.log(await machineLine());
    console.log(
      `Driver: ${handle.driver}; ${STREAMS} streams on one process, ${ROUNDS} rounds, log level ${config.LOG_LEVEL}`,
    );
    // Seed: one organization, one course, the students enrolled.
    const { db } = handle;
    const [org] = await db
      .insert(organizations)
      .values({ name: 'Bench Events', slug: 'bench-events' })
      .returning();
    const [course] = await db
      .insert(courses)
      .values({
        organizationId: org!.id,
        code: 'EV101',
        title: 'Streams',
        term: 'Fall 2026',
        teamSizeMin: 2,
        teamSizeMax: 4,
        teamFormationDeadline: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning();
    const emails = Array.from({ length: STREAMS }, (_, i) => `stream-${i}@bench.example.edu`);
    const students = await db
      .insert(users)
      .values(
        emails.map((email, i) => ({ email, fullname: `Student ${i}`, role: 'STUDENT' as const })),
      )
      .returning({ id: users.id, email: users.email });
    await db.insert(enrollments).values(
      students.map((s) => ({
        courseId: course!.id,
        email: s.email,
        userId: s.id,
        fullname: 'Student',
        status: 'ACTIVE' as const,
        source: 'MANUAL' as const,
        activatedAt: new Date(),
      })),
    );
    const started = performance.now();
    const tokens: string[] = [];
    for (const email of emails) tokens.push(await signIn(app, email));
    console.log(`Signed in ${tokens.length} students in ${fmt(performance.now() - started)}`);

    const before = await memory();
    child = fork(process.argv[1]!, ['client'], { execArgv: process.execArgv });
    const opening = performance.now();
    const opened = await ask(child, { type: 'open', base, tokens }, 'opened');
    console.log(
      `Opened ${opened.count} streams (${opened.failed} failed) in ${fmt(performance.now() - opening)}`,
    );
    const after = await memory();
    const per = (key: keyof typeof before) => (after[key] - before[key]) / opened.count;
    console.log(
      `Memory per open stream (server process): RSS ${kib(per('rss'))}, V8 heap ${kib(per('heap'))}, ` +
        `buffers ${kib(per('external'))}${(globalThis as { gc?: unknown }).gc ? '' : ' (no --expose-gc: heap figures include garbage)'}`,
    );

    const rounds: Record<'notification' | 'changed', number[]> = { notification: [], changed: [] };
    let missing = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const event of ['notification', 'changed'] as const) {
        await ask(child, { type: 'round', event }, 'ready');
        const arrived = new Promise<Extract<ToParent, { type: 'arrived' }>>((resolve) => {
          const on = (reply: ToParent) => {
            if (reply.type !== 'arrived') return;
            child!.off('message', on);
            resolve(reply);
          };
          child!.on('message', on);
        });
        const t0 = now();
        if (event === 'notification') {
          await db.execute(sql`insert into notifications (user_id, kind, organization_id, course_id)
            select e.user_id, 'DEADLINE_SOON', ${org!.id}, e.course_id from enrollments e
            where e.course_id = ${course!.id}`);
        } else {
          await db.insert(auditEvents).values({
            action: 'COURSE_UPDATED',
            actorId: null,
            organizationId: org!.id,
            courseId: course!.id,
          });
        }
        const result = await arrived;
        missing += result.missing;
        rounds[event].push(...result.times.map((t) => t - t0));
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
    console.log('');
    console.log('Time from the statement until each client has its event (all rounds):');
    console.log('event          clients      p50       p99       max');
    for (const event of ['notification', 'changed'] as const) {
      const sorted = Float64Array.from(rounds[event]).sort();
      console.log(
        `${event.padEnd(14)} ${String(sorted.length).padStart(7)} ${fmt(percentile(sorted, 50)).padStart(9)} ` +
          `${fmt(percentile(sorted, 99)).padStart(9)} ${fmt(sorted[sorted.length - 1] ?? NaN).padStart(9)}`,
      );
    }
    console.log(`Missing (no event within ${ROUND_TIMEOUT_MS / 1000} s): ${missing}`);
  } finally {
    child?.send({ type: 'close' });
    await app.close();
    await handle.close();
    await bench?.drop();
  }
}

if (process.argv[2] === 'client') client();
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
