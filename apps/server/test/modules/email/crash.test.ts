// The mail worker across processes (issue 26, decision 133), on PostgreSQL only (the claim is
// FOR UPDATE SKIP LOCKED between connections; PGlite has one): two workers on separate pools
// send a batch once, and a worker process killed with SIGKILL mid-batch loses nothing, the
// batch it held being sent again (same Message-ID) once its lease runs out, and only that batch.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../../src/db/client.js';
import { createDb, type DbHandle } from '../../../src/db/client.js';
import { queryRows } from '../../../src/db/query-rows.js';
import { createSmtpTransport } from '../../../src/modules/email/transport.js';
import { createUnsubscribeTokens } from '../../../src/modules/email/unsubscribe-token.js';
import { createMailWorker, type MailWorker } from '../../../src/modules/email/worker.js';
import { driver, getWorkerDb, testConfig, workerDatabaseUrl } from '../../helper.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

const PUBLIC = 'http://localhost:5173';
const here = dirname(fileURLToPath(import.meta.url));
const serverDir = join(here, '..', '..', '..');

/** `count` recipients (distinct users: the hourly cap never applies) and one notification each,
 *  written in one statement; the notifications' ids. */
async function notifyMany(db: DbOrTx, count: number, tag: string): Promise<string[]> {
  await db.execute(sql`insert into users (email, fullname)
    select ${`crash-${tag}-`} || i || '@example.edu', 'Recipient ' || i
    from generate_series(1, ${count}::int) i`);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into notifications (user_id, kind, data)
      select id, 'DEADLINE_SOON', '{"hours": 24}'::jsonb from users
      where email like ${`crash-${tag}-%`}
      returning id`,
  );
  return rows.map((r) => r.id);
}

/** The outbox rows: state and attempts per notification. */
async function outbox(db: DbOrTx) {
  return queryRows<{ notificationId: string; state: string; attempts: number }>(
    db,
    sql`select notification_id as "notificationId", state, attempts from email_deliveries`,
  );
}

/** Notification id → how many copies the sink accepted (from the Message-ID). */
function copiesById(sink: SmtpSink): Map<string, number> {
  const copies = new Map<string, number>();
  for (const mail of sink.received) {
    const id = /^<([^@>]+)@localhost>$/.exec(mail.messageId ?? '')?.[1] ?? `? ${mail.messageId}`;
    copies.set(id, (copies.get(id) ?? 0) + 1);
  }
  return copies;
}

async function until(what: () => string, check: () => Promise<boolean> | boolean, ms: number) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(driver !== 'postgres')('the mail worker across processes (postgres)', () => {
  let sink: SmtpSink;
  const pools: DbHandle[] = [];
  const workers: MailWorker[] = [];
  let child: ChildProcess | undefined;

  // The worker's database is created and migrated here, not inside the first test's time.
  beforeAll(async () => {
    await getWorkerDb();
  });

  beforeEach(async () => {
    sink = await startSmtpSink();
  });

  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    child = undefined;
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await Promise.all(pools.splice(0).map((p) => p.close()));
    await sink.close();
  });

  function worker(db: DbOrTx, overrides: Parameters<typeof createMailWorker>[4]) {
    const made = createMailWorker(
      db,
      createSmtpTransport(sink.url, 'Teamup <no-reply@localhost>', {
        maxConnections: overrides?.concurrency ?? 4,
      }),
      { publicUrl: PUBLIC, tokens: createUnsubscribeTokens(testConfig().JWT_SECRET!) },
      // A silent logger: what the worker logs is not what these tests look at.
      Fastify({ logger: false }).log,
      overrides,
    );
    workers.push(made);
    return made;
  }

  it('two processes send one batch once', async () => {
    const { db } = await getWorkerDb();
    const ids = await notifyMany(db, 200, 'two');
    // Two pools on the worker's database, as two processes have, each with its own worker and
    // SMTP pool (buildTwoProcesses takes no config, so no SMTP_URL, and one shared
    // `mailTransport` would give both "processes" one SMTP pool).
    const [a, b] = [0, 1].map(() => {
      const handle = createDb({ DATABASE_URL: workerDatabaseUrl(), DATA_DIR: '' });
      pools.push(handle);
      return handle;
    });
    await Promise.all([a!, b!].map((p) => p.db.execute(sql`select 1`)));
    const options = { batchSize: 20, concurrency: 4, pollIntervalMs: 20 };
    const [claimedA, claimedB] = await Promise.all([
      worker(a!.db, options).drain(),
      worker(b!.db, options).drain(),
    ]);
    // Each claimed some, and no row was claimed by both.
    expect(claimedA).toBeGreaterThan(0);
    expect(claimedB).toBeGreaterThan(0);
    expect(claimedA + claimedB).toBe(200);
    await sink.waitFor(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const copies = copiesById(sink);
    expect(sink.received).toHaveLength(200);
    expect([...copies.keys()].sort()).toEqual([...ids].sort());
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    const rows = await outbox(db);
    expect(rows).toHaveLength(200);
    expect(rows.every((r) => r.state === 'SENT' && r.attempts === 1)).toBe(true);
  });

  it(
    'kill -9 mid-batch loses nothing and repeats at most that batch',
    { timeout: 30_000 },
    async () => {
      const { db } = await getWorkerDb();
      const total = 300;
      const batchSize = 20;
      const leaseMs = 1000;
      const pauseAfter = 70; // in the 4th batch (61–80): its first 10 or 11 sent, none recorded
      const ids = await notifyMany(db, total, 'kill');

      const proc = spawn(process.execPath, ['--import', 'tsx', join(here, 'crash-worker.ts')], {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          CRASH_DATABASE_URL: workerDatabaseUrl(),
          CRASH_SMTP_URL: sink.url,
          CRASH_BATCH_SIZE: String(batchSize),
          CRASH_LEASE_MS: String(leaseMs),
          CRASH_CONCURRENCY: '2',
          CRASH_PAUSE_AFTER: String(pauseAfter),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      let out = '';
      let err = '';
      proc.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      proc.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));

      await until(
        () => `the child to send ${pauseAfter} messages (stdout: ${out}, stderr: ${err})`,
        () => {
          if (proc.exitCode !== null) throw new Error(`the child exited: ${err}`);
          return out.includes('paused') && sink.received.length >= pauseAfter;
        },
        20_000,
      );
      proc.kill('SIGKILL');
      await exited;
      expect(proc.signalCode).toBe('SIGKILL');
      const atKill = sink.received.length;
      expect(atKill).toBeGreaterThanOrEqual(60);
      expect(atKill).toBeLessThan(total);
      // The crashed batch is still claimed (PENDING with a lease), its sent part not recorded.
      const claimed = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from email_deliveries
          where state = 'PENDING' and lease_expires_at is not null`,
      );
      expect(claimed[0]!.n).toBe(batchSize);

      // Another worker (the process that takes over) drains the rest, the crashed batch too once
      // its lease ends.
      worker(db, { batchSize, leaseMs, concurrency: 4, pollIntervalMs: 20 }).start();
      await until(
        () => 'every row to be SENT',
        async () => (await outbox(db)).every((r) => r.state === 'SENT'),
        15_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));

      const copies = copiesById(sink);
      const duplicates = sink.received.length - copies.size;
      // Every notification arrived; nothing but them did.
      expect([...copies.keys()].sort()).toEqual([...ids].sort());
      // The sent-but-unrecorded part of the crashed batch went again, and nothing else did.
      expect(duplicates).toBeGreaterThan(0);
      expect(duplicates).toBeLessThanOrEqual(batchSize);
      const rows = await outbox(db);
      expect(rows).toHaveLength(total);
      expect(rows.every((r) => r.state === 'SENT')).toBe(true);
      // Exactly one batch was claimed twice, the one the killed process held, and every repeat
      // is of that batch.
      const reclaimed = new Set(rows.filter((r) => r.attempts === 2).map((r) => r.notificationId));
      expect(reclaimed.size).toBe(batchSize);
      expect(rows.filter((r) => r.attempts > 2)).toHaveLength(0);
      const repeated = [...copies].filter(([, n]) => n > 1).map(([id]) => id);
      expect(repeated.every((id) => reclaimed.has(id))).toBe(true);
      expect([...copies.values()].every((n) => n <= 2)).toBe(true);
    },
  );
});
