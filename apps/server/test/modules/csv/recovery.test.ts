import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { courses, csvUploads } from '../../../src/db/schema/index.js';
import { LeaseLost, processUpload } from '../../../src/modules/csv/process-upload.js';
import { claimNextJob } from '../../../src/modules/csv/upload-jobs.js';
import { createCsvWorker, type CsvWorkerOptions } from '../../../src/modules/csv/worker.js';
import { makeCourse, makeWorld } from '../../fixtures.js';
import { buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import type { BuildOptions } from '../../../src/app.js';
import {
  courseEnrollments,
  dbCounts,
  fixture,
  generatedRoster,
  uploadRoster,
  uploadRow,
  uploadStatus,
  waitForUpload,
} from './csv-api.js';

const GAVE_UP =
  'Processing the roster failed; nothing was applied. Upload the file again, or ask an administrator if it keeps failing.';

describe('CSV jobs survive stops, crashes and failures', () => {
  // Uploads go through an app without a worker; each test runs the worker it needs.
  let queueApp: FastifyInstance;
  let w: Awaited<ReturnType<typeof makeWorld>>;
  let token: string;

  beforeAll(async () => {
    queueApp = await buildTestApp({}, { csvWorker: false });
  });

  beforeEach(async () => {
    w = await makeWorld();
    token = (await signIn(queueApp, w.adminA.email)).token;
  });

  // An app with a worker would take the next test's jobs: each lives for one test only.
  const workerApps: FastifyInstance[] = [];
  async function appWithWorker(csvWorker: BuildOptions['csvWorker']) {
    const app = await buildTestApp({}, { csvWorker });
    workerApps.push(app);
    return app;
  }
  afterEach(async () => {
    await Promise.all(workerApps.splice(0).map((app) => app.close()));
  });

  const queue = (content: Buffer | string = fixture('roster-basic.csv')) =>
    uploadRoster(queueApp, token, w.courseA.id, content);

  async function worker(options: Partial<CsvWorkerOptions> = {}) {
    const { db } = await getWorkerDb();
    return createCsvWorker(db, queueApp.log, options);
  }

  async function setJob(id: string, values: Partial<typeof csvUploads.$inferInsert>) {
    const { db } = await getWorkerDb();
    await db.update(csvUploads).set(values).where(eq(csvUploads.id, id));
  }

  /** What a process that died while working on the job leaves behind. */
  const crashedState = (attempts: number) => ({
    status: 'PROCESSING' as const,
    attempts,
    processedRows: 2,
    startedAt: new Date(Date.now() - 120_000),
    leaseExpiresAt: new Date(Date.now() - 1000),
  });

  it('a restart in the middle of applying leaves nothing applied; the job finishes after it', async () => {
    const before = await dbCounts();
    let reachedCommit!: () => void;
    const atCommit = new Promise<void>((resolve) => (reachedCommit = resolve));
    const first = await appWithWorker({
      pollIntervalMs: 50,
      hooks: {
        // Every enrollment and the COMPLETED status are written; the commit never comes.
        beforeCommit: () => {
          reachedCommit();
          return new Promise<void>(() => undefined);
        },
      },
    });
    const id = await uploadRoster(first, token, w.courseA.id, fixture('roster-basic.csv'));
    await atCommit;
    await first.close();

    expect(await dbCounts()).toEqual({ ...before, uploads: before.uploads + 1 });
    expect(await uploadRow(id)).toMatchObject({
      status: 'QUEUED',
      attempts: 1,
      leaseExpiresAt: null,
      createdCount: 0,
      pendingCount: 0,
      errors: [],
    });

    const second = await appWithWorker({ pollIntervalMs: 50 });
    const result = await waitForUpload(second, token, id);
    expect(result).toMatchObject({
      status: 'COMPLETED',
      counts: {
        rowsRead: 3,
        created: 0,
        pending: 3,
        alreadyEnrolled: 0,
        reactivated: 0,
        rejected: 0,
      },
    });
    expect((await uploadRow(id)).attempts).toBe(2);
    expect(await dbCounts()).toEqual({
      enrollments: before.enrollments + 3,
      audits: before.audits + 3,
      uploads: before.uploads + 1,
    });
  });

  it('takes up, on start, a job whose process died (PROCESSING with an expired lease)', async () => {
    const id = await queue();
    await setJob(id, crashedState(1));
    const restarted = await appWithWorker({ pollIntervalMs: 60_000 });
    const result = await waitForUpload(restarted, token, id);
    expect(result.status).toBe('COMPLETED');
    expect(result.counts.pending).toBe(3);
    expect((await uploadRow(id)).attempts).toBe(2);
  });

  it('takes up, on start, a job left QUEUED', async () => {
    const id = await queue();
    const restarted = await appWithWorker({ pollIntervalMs: 60_000 });
    expect((await waitForUpload(restarted, token, id)).status).toBe('COMPLETED');
  });

  it('takes up a job whose lease still ran at start as soon as that lease ends, not at the next poll', async () => {
    const id = await queue();
    // The process died an instant ago: its lease has a second and a half left.
    const leaseEnd = new Date(Date.now() + 1500);
    await setJob(id, { ...crashedState(1), leaseExpiresAt: leaseEnd });
    // A poll a minute away: only the lease's end can make this worker look again in time.
    const restarted = await appWithWorker({ pollIntervalMs: 60_000, leaseMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await uploadRow(id)).toMatchObject({ status: 'PROCESSING', attempts: 1 });

    const result = await waitForUpload(restarted, token, id, 10_000);
    expect(result).toMatchObject({ status: 'COMPLETED', counts: { pending: 3 } });
    const row = await uploadRow(id);
    expect(row.attempts).toBe(2);
    expect(row.finishedAt!.getTime()).toBeGreaterThanOrEqual(leaseEnd.getTime());
    expect(row.finishedAt!.getTime()).toBeLessThan(leaseEnd.getTime() + 5000);
  });

  it('keeps its claim with a heartbeat while it works longer than the lease', async () => {
    const id = await queue();
    const other = await worker({ leaseMs: 300 });
    const othersClaims: string[][] = [];
    const slow = await worker({
      leaseMs: 300,
      progressEvery: 1,
      hooks: {
        // Three leases long between two progress writes: only the heartbeat renews the claim.
        onProgress: async (_uploadId, rowsDone) => {
          if (rowsDone !== 1) return;
          for (let i = 0; i < 9; i++) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            othersClaims.push(await other.drain());
          }
        },
      },
    });
    expect(await slow.drain()).toEqual([id]);
    expect(othersClaims.flat()).toEqual([]);
    expect(await uploadRow(id)).toMatchObject({
      status: 'COMPLETED',
      attempts: 1,
      leaseExpiresAt: null,
    });
  });

  it('a job left without a lease (PROCESSING, no expiry) is not stuck for ever', async () => {
    const id = await queue();
    await setJob(id, { ...crashedState(1), leaseExpiresAt: null });
    expect(await (await worker()).drain()).toEqual([id]);
    expect((await uploadRow(id)).status).toBe('COMPLETED');
  });

  it('leaves alone a job whose lease is still running (another process works on it)', async () => {
    const id = await queue();
    await setJob(id, { ...crashedState(1), leaseExpiresAt: new Date(Date.now() + 60_000) });
    const other = await worker();
    expect(await other.drain()).toEqual([]);
    expect(await uploadRow(id)).toMatchObject({ status: 'PROCESSING', attempts: 1 });

    await setJob(id, { leaseExpiresAt: new Date(Date.now() - 1) });
    expect(await other.drain()).toEqual([id]);
    expect((await uploadRow(id)).status).toBe('COMPLETED');
  });

  it('gives a job up as FAILED when its processing was interrupted on every attempt', async () => {
    const id = await queue();
    await setJob(id, crashedState(3));
    const before = await dbCounts();
    expect(await (await worker({ maxAttempts: 3 })).drain()).toEqual([id]);
    expect(await uploadStatus(queueApp, token, id)).toMatchObject({
      status: 'FAILED',
      progress: 100,
      failureMessage: GAVE_UP,
      counts: {
        rowsRead: 3,
        created: 0,
        pending: 0,
        alreadyEnrolled: 0,
        reactivated: 0,
        rejected: 0,
      },
      finishedAt: expect.any(String),
    });
    expect(await dbCounts()).toEqual(before);
  });

  it('rolls back an apply that throws and retries it; the retry applies everything once', async () => {
    const id = await queue(fixture('roster-bad-rows.csv'));
    const before = await dbCounts();
    let calls = 0;
    const flaky = await worker({
      hooks: {
        beforeCommit: () => {
          calls++;
          if (calls === 1) throw new Error('connection reset');
        },
      },
    });
    expect(await flaky.drain()).toEqual([id, id]);
    const result = await uploadStatus(queueApp, token, id);
    expect(result).toMatchObject({ status: 'COMPLETED', counts: { pending: 2, rejected: 4 } });
    expect(result.errors).toHaveLength(4);
    expect((await uploadRow(id)).attempts).toBe(2);
    expect(await dbCounts()).toEqual({
      ...before,
      enrollments: before.enrollments + 2,
      audits: before.audits + 2,
    });
  });

  it('fails after the last attempt with nothing applied', async () => {
    const id = await queue();
    const before = await dbCounts();
    const broken = await worker({
      maxAttempts: 2,
      hooks: {
        beforeCommit: () => {
          throw new Error('disk full');
        },
      },
    });
    expect(await broken.drain()).toEqual([id, id]);
    expect(await uploadStatus(queueApp, token, id)).toMatchObject({
      status: 'FAILED',
      failureMessage: GAVE_UP,
      counts: { created: 0, pending: 0 },
      errors: [],
    });
    expect((await uploadRow(id)).attempts).toBe(2);
    expect(await dbCounts()).toEqual(before);
  });

  it('fails an upload whose course was archived while it waited, applying nothing', async () => {
    const course = await makeCourse(w.orgA.id, { code: 'ARC1' });
    const id = await uploadRoster(queueApp, token, course.id, fixture('roster-basic.csv'));
    const { db } = await getWorkerDb();
    await db.update(courses).set({ archivedAt: new Date() }).where(eq(courses.id, course.id));
    const before = await dbCounts();
    expect(await (await worker()).drain()).toEqual([id]);
    expect(await uploadStatus(queueApp, token, id)).toMatchObject({
      status: 'FAILED',
      progress: 100,
      failureMessage: 'ARC1 was archived before the roster was processed; nothing was applied.',
      counts: {
        rowsRead: 3,
        created: 0,
        pending: 0,
        alreadyEnrolled: 0,
        reactivated: 0,
        rejected: 0,
      },
      errors: [],
    });
    // Not retried: archiving is not a passing failure.
    expect((await uploadRow(id)).attempts).toBe(1);
    expect(await dbCounts()).toEqual(before);
  });

  it('a process that lost its claim to another records nothing', async () => {
    const id = await queue();
    const { db } = await getWorkerDb();
    const stale = (await claimNextJob(db, 30_000))!;
    expect(stale.id).toBe(id);
    // Its lease ran out and another process claimed the job (attempt 2).
    await setJob(id, { attempts: 2, leaseExpiresAt: new Date(Date.now() + 30_000) });
    const before = await dbCounts();
    await expect(
      processUpload(db, stale, {
        signal: new AbortController().signal,
        leaseMs: 30_000,
        progressEvery: 1000,
        hooks: {},
      }),
    ).rejects.toBeInstanceOf(LeaseLost);
    expect(await dbCounts()).toEqual(before);
    expect(await uploadRow(id)).toMatchObject({ status: 'PROCESSING', attempts: 2 });
  });

  it('reports progress while validating, outside the apply transaction', async () => {
    const id = await queue(generatedRoster(2500));
    const seen: { rowsDone: number; status: string; progress: number }[] = [];
    const watched = await worker({
      progressEvery: 1000,
      hooks: {
        onProgress: async (_uploadId, rowsDone) => {
          const status = await uploadStatus(queueApp, token, id);
          seen.push({ rowsDone, status: status.status, progress: status.progress });
        },
      },
    });
    await watched.drain();
    expect(seen).toEqual([
      { rowsDone: 1000, status: 'PROCESSING', progress: 38 },
      { rowsDone: 2000, status: 'PROCESSING', progress: 76 },
    ]);
    expect(await uploadStatus(queueApp, token, id)).toMatchObject({
      status: 'COMPLETED',
      progress: 100,
      counts: { rowsRead: 2500, pending: 2500 },
    });
    expect(await courseEnrollments(w.courseA.id)).toHaveLength(2501);
  });

  it('stops between validation chunks when the app closes, handing the job back', async () => {
    const id = await queue(generatedRoster(3000));
    let closing!: Promise<void>;
    const app = await appWithWorker({
      pollIntervalMs: 50,
      progressEvery: 1000,
      hooks: {
        onProgress: async () => {
          closing ??= app.close();
          // Long enough for close() to reach the worker before the next chunk.
          await new Promise((resolve) => setTimeout(resolve, 200));
        },
      },
    });
    await waitUntil(() => closing !== undefined);
    await closing;
    expect(await uploadRow(id)).toMatchObject({ status: 'QUEUED', processedRows: 0 });
    expect(await courseEnrollments(w.courseA.id)).toHaveLength(1);
  });
});

async function waitUntil(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
