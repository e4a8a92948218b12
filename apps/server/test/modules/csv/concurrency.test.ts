import type { FastifyInstance } from 'fastify';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, csvUploads, enrollments } from '../../../src/db/schema/index.js';
import { createCsvWorker } from '../../../src/modules/csv/worker.js';
import { makeCourse, makeWorld } from '../../fixtures.js';
import { buildTestApp, driver, getWorkerDb, signIn } from '../../helper.js';
import { courseEnrollments, generatedRoster, uploadRoster, waitForUpload } from './csv-api.js';

/** Emails `from`..`to` as a roster. */
function roster(from: number, to: number): string {
  const lines = ['email,fullname'];
  for (let i = from; i <= to; i++) lines.push(`p${i}@example.edu,Person ${i}`);
  return `${lines.join('\n')}\n`;
}

// Meaningful on PostgreSQL, where the workers' connections are truly concurrent; on PGlite the
// same code runs interleaved on one connection.
describe(`CSV jobs processed concurrently (${driver})`, () => {
  let queueApp: FastifyInstance;
  let w: Awaited<ReturnType<typeof makeWorld>>;
  let token: string;
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    queueApp = await buildTestApp({}, { csvWorker: false });
  });

  beforeEach(async () => {
    w = await makeWorld();
    token = (await signIn(queueApp, w.adminA.email)).token;
  });

  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  async function worker() {
    const { db } = await getWorkerDb();
    const created = createCsvWorker(db, queueApp.log);
    closers.push(() => created.stop());
    return created;
  }

  async function uploadsOf(ids: string[]) {
    const { db } = await getWorkerDb();
    return db.select().from(csvUploads).where(inArray(csvUploads.id, ids));
  }

  it('two workers on one database process every job exactly once', async () => {
    const courses = [w.courseA, await makeCourse(w.orgA.id), await makeCourse(w.orgA.id)];
    const ids: string[] = [];
    for (const course of courses) {
      ids.push(await uploadRoster(queueApp, token, course.id, generatedRoster(200, 'x')));
      ids.push(await uploadRoster(queueApp, token, course.id, generatedRoster(300, 'x')));
    }
    const [one, two] = [await worker(), await worker()];
    const [byOne, byTwo] = await Promise.all([one.drain(), two.drain()]);

    expect([...byOne, ...byTwo].sort()).toEqual([...ids].sort());
    expect(byOne.filter((id) => byTwo.includes(id))).toEqual([]);
    const rows = await uploadsOf(ids);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['COMPLETED', 1]));
    // Per course: 300 distinct emails, each enrolled and audited once.
    const { db } = await getWorkerDb();
    for (const course of courses) {
      const [enrolled] = await db
        .select({ n: count() })
        .from(enrollments)
        .where(and(eq(enrollments.courseId, course.id), eq(enrollments.source, 'CSV')));
      const [audited] = await db
        .select({ n: count() })
        .from(auditEvents)
        .where(and(eq(auditEvents.courseId, course.id), eq(auditEvents.action, 'ENROLLED')));
      expect(enrolled!.n).toBe(300);
      expect(audited!.n).toBe(300);
    }
    const created = rows.reduce((sum, r) => sum + r.pendingCount, 0);
    const already = rows.reduce((sum, r) => sum + r.alreadyEnrolledCount, 0);
    expect(created).toBe(900);
    expect(already).toBe(600);
  });

  it('two overlapping uploads for one course at once both complete, with no duplicates', async () => {
    const [first, second] = await Promise.all([
      uploadRoster(queueApp, token, w.courseA.id, roster(1, 300)),
      uploadRoster(queueApp, token, w.courseA.id, roster(201, 500)),
    ]);
    const [one, two] = [await worker(), await worker()];
    const done = await Promise.all([one.runOnce(), two.runOnce()]);
    expect(done.sort()).toEqual([first, second].sort());

    const rows = await uploadsOf([first, second]);
    expect(rows.map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
    // Whichever applied second found the 100 shared emails enrolled by the first.
    expect(rows.reduce((sum, r) => sum + r.pendingCount, 0)).toBe(500);
    expect(rows.reduce((sum, r) => sum + r.alreadyEnrolledCount, 0)).toBe(100);
    const enrolled = await courseEnrollments(w.courseA.id);
    expect(enrolled).toHaveLength(501);
    expect(new Set(enrolled.map((e) => e.email)).size).toBe(501);
  });

  it('the same roster uploaded twice at once through the API enrolls everyone once', async () => {
    const app = await buildTestApp({}, { csvWorker: { pollIntervalMs: 50 } });
    closers.push(() => app.close());
    const content = roster(1, 250);
    const ids = await Promise.all([
      uploadRoster(app, token, w.courseA.id, content),
      uploadRoster(app, token, w.courseA.id, content),
    ]);
    const results = await Promise.all(ids.map((id) => waitForUpload(app, token, id)));
    expect(results.map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(results.map((r) => r.counts.pending).sort()).toEqual([0, 250]);
    expect(results.map((r) => r.counts.alreadyEnrolled).sort()).toEqual([0, 250]);
    expect(await courseEnrollments(w.courseA.id)).toHaveLength(251);
  });
});
