import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DetailedHealth } from '@teamup/shared';
import { csvUploads, emailDeliveries, notifications, users } from '../../../src/db/schema/index.js';
import { migrationsFolder } from '../../../src/lib/paths.js';
import type { DbHandle } from '../../../src/db/client.js';
import { createHealthMonitor } from '../../../src/modules/health/monitor.js';
import {
  HEALTH_LIMITS,
  detailedHealth,
  readHealthStats,
} from '../../../src/modules/health/service.js';
import { makeCourse, makeOrganization } from '../../fixtures.js';
import { API, bearer, buildTestApp, driver, getWorkerDb, setRole, signIn } from '../../helper.js';

const journal = (
  JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries;

/** A superadmin's token that says so (so the read takes the signed-in read path, decision 096). */
async function superadmin(app: FastifyInstance) {
  await signIn(app, 'root@example.edu');
  await setRole('root@example.edu', 'SUPERADMIN');
  return (await signIn(app, 'root@example.edu')).token;
}

async function detailed(app: FastifyInstance, token: string): Promise<DetailedHealth> {
  const res = await app.inject({
    method: 'GET',
    url: `${API}/healthcheck/detailed`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: DetailedHealth }>().data;
}

/** An app whose database fails every query while `failing` is on: its signed-in calls answer 500. */
async function flakyApp() {
  const real = await getWorkerDb();
  const state = { failing: false };
  const fail = (): never => {
    throw new Error('connection refused');
  };
  const handle: DbHandle = {
    ...real,
    db: new Proxy(real.db, {
      get: (target, prop, receiver) =>
        state.failing &&
        ['select', 'insert', 'update', 'transaction', 'execute'].includes(String(prop))
          ? fail
          : Reflect.get(target, prop, receiver),
    }),
  };
  const app = await buildTestApp({}, { db: handle });
  const token = await superadmin(app);
  /** `count` signed-in calls that answer 500. */
  const serverErrors = async (count: number) => {
    state.failing = true;
    try {
      for (let i = 0; i < count; i++) {
        const res = await app.inject({
          method: 'GET',
          url: `${API}/auth/profile`,
          headers: bearer(token),
        });
        expect(res.statusCode).toBe(500);
      }
    } finally {
      state.failing = false;
    }
  };
  return { app, token, serverErrors };
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

// Opening the worker's database can take longer than a test on a busy machine.
beforeAll(async () => {
  await getWorkerDb();
});

describe('healthcheck', () => {
  it('answers publicly', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: `${API}/healthcheck` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'ok' } });
    expect(Date.parse(res.json().data.time)).not.toBeNaN();
  });

  it('shows details to a superadmin only', async () => {
    const app = await buildTestApp();
    const student = await signIn(app, 'student@example.edu');
    const asStudent = await app.inject({
      method: 'GET',
      url: `${API}/healthcheck/detailed`,
      headers: bearer(student.token),
    });
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const admin = await signIn(app, 'admin@example.edu');
    // The role is read from the database on every request: no new sign-in needed.
    await setRole('admin@example.edu', 'SUPERADMIN');
    const data = await detailed(app, admin.token);
    expect(data.status).not.toBe('down');
    expect(data.database).toMatchObject({ reachable: true, driver });
    expect(data.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(data.memory.rssBytes).toBeGreaterThan(0);
  });
});

describe('detailed health figures', () => {
  it('gives every figure with its limit, and the worst of their statuses', async () => {
    const app = await buildTestApp();
    const data = await detailed(app, await superadmin(app));
    // A loaded test machine may push a timing past its limit: the status follows the figures.
    const judged = [
      data.database.latency,
      data.database.latencyP99,
      data.database.migrations.pending,
      data.csvJobs.oldestWaitingSeconds,
      data.csvJobs.failedLast24h,
      data.csvJobs.leaseOverdueSeconds,
      data.mail.oldestPendingSeconds,
      data.mail.failedLast24h,
      ...Object.values(data.process).filter((v) => typeof v === 'object'),
      ...(data.database.pool ? [data.database.pool.waiting] : []),
    ] as { status: string; value: number | null; degradedAbove: number }[];
    for (const check of judged) {
      expect(check.status).toBe(
        check.value !== null && check.value > check.degradedAbove ? 'degraded' : 'ok',
      );
    }
    expect(data.status).toBe(judged.some((c) => c.status === 'degraded') ? 'degraded' : 'ok');
    expect(Date.parse(data.checkedAt)).not.toBeNaN();
    expect(data.database.latency).toMatchObject({
      status: 'ok',
      degradedAbove: HEALTH_LIMITS.dbLatencyMs,
    });
    expect(data.database.latency.value).toBe(data.database.latencyMs);
    // This call's probe is in the ring, so the p99 has at least one sample.
    expect(data.database.latencyP99.samples).toBeGreaterThanOrEqual(1);
    expect(data.database.latencyP99.value).toBeGreaterThanOrEqual(0);
    expect(data.database.latencyP99.degradedAbove).toBe(HEALTH_LIMITS.dbLatencyP99Ms);
    expect(data.process.eventLoopDelayP99Ms.degradedAbove).toBe(HEALTH_LIMITS.eventLoopDelayP99Ms);
    expect(data.process.rssMb.value).toBeCloseTo(data.memory.rssBytes / 1024 / 1024, 0);
    expect(data.process.heapUsedPercent.value).toBeGreaterThan(0);
    expect(data.process.heapUsedPercent.value).toBeLessThan(100);
    // Issue 35: the percentage is heap used of the limit the answer gives beside it.
    expect(data.memory.heapLimitBytes).toBeGreaterThan(data.memory.heapTotalBytes);
    expect(data.process.heapUsedPercent.value).toBeCloseTo(
      (data.memory.heapUsedBytes / data.memory.heapLimitBytes) * 100,
      0,
    );
    if (data.commit !== null) expect(data.commit).toMatch(/^[0-9a-f]{7,64}$/);
  });

  it('counts migrations applied against the journal', async () => {
    const app = await buildTestApp();
    const { migrations } = (await detailed(app, await superadmin(app))).database;
    expect(migrations).toEqual({
      applied: journal.length,
      expected: journal.length,
      latest: journal.at(-1)!.tag,
      pending: { value: 0, degradedAbove: 0, status: 'ok' },
    });
  });

  it('shows the pool on PostgreSQL and says PGlite is not pooled', async () => {
    const app = await buildTestApp();
    const { pool } = (await detailed(app, await superadmin(app))).database;
    if (driver === 'pglite') {
      expect(pool).toBeNull();
      return;
    }
    expect(pool).not.toBeNull();
    expect(pool!.max).toBe(10);
    expect(pool!.inUse + pool!.idle).toBeGreaterThanOrEqual(1);
    expect(pool!.inUse + pool!.idle).toBeLessThanOrEqual(pool!.max);
    expect(pool!.waiting).toEqual({
      value: 0,
      degradedAbove: HEALTH_LIMITS.dbPoolWaiting,
      status: 'ok',
    });
    // The detailed call itself went through a read lane (the token says SUPERADMIN).
    expect(pool!.readLanes.size).toBe(2);
    expect(pool!.readLanes.open).toBeGreaterThanOrEqual(1);
  });

  it('counts the CSV queue: queued, processing, oldest wait, failed in 24 h, the lease', async () => {
    const app = await buildTestApp({}, { csvWorker: false });
    const token = await superadmin(app);
    const org = await makeOrganization();
    const course = await makeCourse(org.id);
    const { db } = await getWorkerDb();
    const job = (input: Partial<typeof csvUploads.$inferInsert>) => ({
      courseId: course.id,
      organizationId: org.id,
      fileName: 'roster.csv',
      content: 'email\n',
      ...input,
    });
    const [held] = await db
      .insert(csvUploads)
      .values([
        job({ status: 'PROCESSING', attempts: 2, leaseExpiresAt: new Date(Date.now() + 12_000) }),
        // A dead process's claim: its lease ran out two minutes ago.
        job({ status: 'PROCESSING', attempts: 1, leaseExpiresAt: minutesAgo(2) }),
        job({ status: 'QUEUED', createdAt: minutesAgo(10) }),
        job({ status: 'QUEUED', createdAt: minutesAgo(1) }),
        job({ status: 'QUEUED' }),
        job({ status: 'FAILED', finishedAt: minutesAgo(60) }),
        job({ status: 'FAILED', finishedAt: minutesAgo(23 * 60) }),
        // Older than a day, and a completed one: not counted.
        job({ status: 'FAILED', finishedAt: minutesAgo(25 * 60) }),
        job({ status: 'COMPLETED', finishedAt: minutesAgo(5) }),
      ])
      .returning({ id: csvUploads.id });

    const data = await detailed(app, token);
    const csv = data.csvJobs;
    expect(csv.queued).toBe(3);
    expect(csv.processing).toBe(2);
    expect(csv.oldestWaitingSeconds.value).toBeGreaterThanOrEqual(600);
    expect(csv.oldestWaitingSeconds.value).toBeLessThan(660);
    // 10 minutes waiting is past the 5 minute limit.
    expect(csv.oldestWaitingSeconds.status).toBe('degraded');
    expect(csv.failedLast24h).toEqual({
      value: 2,
      degradedAbove: HEALTH_LIMITS.csvFailedLast24h,
      status: 'ok',
    });
    expect(csv.lease).toMatchObject({ uploadId: held!.id, attempt: 2 });
    expect(csv.lease!.expiresInSeconds).toBeGreaterThan(5);
    expect(csv.lease!.expiresInSeconds).toBeLessThanOrEqual(12);
    expect(csv.leaseOverdueSeconds.value).toBeGreaterThanOrEqual(120);
    expect(csv.leaseOverdueSeconds.value).toBeLessThan(180);
    expect(csv.leaseOverdueSeconds.status).toBe('degraded');
    expect(data.status).toBe('degraded');
  });

  it('shows the mail queue: waiting, held for the digest, failed, undeliverable (issue 26)', async () => {
    const app = await buildTestApp({}, { csvWorker: false, mail: false });
    const token = await superadmin(app);
    const { db } = await getWorkerDb();
    const [student] = await db
      .insert(users)
      .values({ email: 'queue@example.edu', fullname: 'Queue', emailUndeliverableAt: new Date() })
      .returning();
    const [other] = await db
      .insert(users)
      .values({ email: 'queue2@example.edu', fullname: 'Queue Two' })
      .returning();
    await db.insert(notifications).values([
      { userId: other!.id, kind: 'DEADLINE_SOON' },
      { userId: other!.id, kind: 'NOTICE_PINNED' },
    ]);
    await db.insert(emailDeliveries).values({
      userId: student!.id,
      kind: 'NOTIFICATION',
      state: 'FAILED',
      errorClass: 'PERMANENT',
      errorCode: 550,
    });
    const { mail } = await detailed(app, token);
    expect(mail).toMatchObject({
      enabled: true,
      pending: 1,
      held: 1,
      sentLast24h: 0,
      failedLast24h: { value: 1, status: 'ok' },
      undeliverableAddresses: 1,
    });
    expect(mail.oldestPendingSeconds.value).toBeGreaterThanOrEqual(0);
  });

  it('is ok with an empty queue and no lease', async () => {
    const app = await buildTestApp({}, { csvWorker: false });
    const { csvJobs } = await detailed(app, await superadmin(app));
    expect(csvJobs).toEqual({
      queued: 0,
      processing: 0,
      oldestWaitingSeconds: {
        value: null,
        degradedAbove: HEALTH_LIMITS.csvOldestWaitingSeconds,
        status: 'ok',
      },
      failedLast24h: { value: 0, degradedAbove: HEALTH_LIMITS.csvFailedLast24h, status: 'ok' },
      lease: null,
      leaseOverdueSeconds: {
        value: 0,
        degradedAbove: HEALTH_LIMITS.csvLeaseOverdueSeconds,
        status: 'ok',
      },
    });
  });

  it('counts the responses and 5xx of the last minute', async () => {
    const { app, token, serverErrors } = await flakyApp();
    const before = (await detailed(app, token)).process;
    for (let i = 0; i < 4; i++) await app.inject({ method: 'GET', url: `${API}/healthcheck` });
    await serverErrors(3);
    const after = (await detailed(app, token)).process;
    // The 7 calls and the first detailed call (counted once answered).
    expect(after.requestsPerMinute - before.requestsPerMinute).toBe(8);
    expect(after.serverErrorsPerMinute.value! - before.serverErrorsPerMinute.value!).toBe(3);
    expect(after.serverErrorsPerMinute.status).toBe('ok');
  });

  it('is degraded when 5xx pass their limit, with the limit beside the figure', async () => {
    const { app, token, serverErrors } = await flakyApp();
    await serverErrors(HEALTH_LIMITS.serverErrorsPerMinute + 1);
    const data = await detailed(app, token);
    expect(data.process.serverErrorsPerMinute).toEqual({
      value: HEALTH_LIMITS.serverErrorsPerMinute + 1,
      degradedAbove: HEALTH_LIMITS.serverErrorsPerMinute,
      status: 'degraded',
    });
    expect(data.status).toBe('degraded');
  });

  it('forgets responses older than a minute (the clock moves on)', async () => {
    let now = Date.now();
    const app = await buildTestApp({}, { health: { now: () => now } });
    const token = await superadmin(app);
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: `${API}/healthcheck` });
    expect((await detailed(app, token)).process.requestsPerMinute).toBeGreaterThanOrEqual(5);
    now += 61_000;
    expect((await detailed(app, token)).process.requestsPerMinute).toBe(0);
  });

  it('is down when the database does not answer', async () => {
    const real = await getWorkerDb();
    // A database whose every statement fails (the session check is not part of this).
    const broken = {
      ...real,
      db: {
        dialect: (real.db as unknown as { dialect: unknown }).dialect,
        session: {
          prepareQuery: () => ({ execute: () => Promise.reject(new Error('connection refused')) }),
        },
      },
    } as unknown as DbHandle;
    const monitor = createHealthMonitor(broken);
    const stats = await readHealthStats(broken.db).catch(() => null);
    expect(stats).toBeNull();
    const data = await detailedHealth(monitor, stats);
    expect(data.status).toBe('down');
    expect(data.database).toMatchObject({
      reachable: false,
      latencyMs: null,
      latency: { value: null, degradedAbove: HEALTH_LIMITS.dbLatencyMs, status: 'down' },
    });
    expect(data.database.latencyP99.samples).toBe(0);
  });
});
