import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { csvUploads, organizations } from '../../../src/db/schema/index.js';
import { makeAdminOf, makeCourse, makeWorld } from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import { fixture, uploadRoster } from './csv-api.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

// No worker: statuses are set by the test, so filters have something to tell apart.
describe('upload history', () => {
  let app: FastifyInstance;
  let w: Awaited<ReturnType<typeof makeWorld>>;
  let tokens: { adminA: string; adminB: string; superadmin: string };
  let ids: { a1: string; a2: string; a3: string; b1: string };
  let courseA2: Awaited<ReturnType<typeof makeCourse>>;

  beforeAll(async () => {
    app = await buildTestApp({}, { csvWorker: false });
  });

  /** Uploads of A (two courses) and B, made one minute apart, oldest first. */
  beforeEach(async () => {
    w = await makeWorld();
    courseA2 = await makeCourse(w.orgA.id, { code: 'A202', title: 'Course A2' });
    tokens = {
      adminA: (await signIn(app, w.adminA.email)).token,
      adminB: (await signIn(app, w.adminB.email)).token,
      superadmin: (await signIn(app, w.superadmin.email)).token,
    };
    const roster = fixture('roster-basic.csv');
    ids = {
      a1: await uploadRoster(app, tokens.adminA, w.courseA.id, roster, 'a1.csv'),
      b1: await uploadRoster(app, tokens.adminB, w.courseB.id, roster, 'b1.csv'),
      a2: await uploadRoster(app, tokens.adminA, courseA2.id, roster, 'a2.csv'),
      a3: await uploadRoster(app, tokens.superadmin, w.courseA.id, roster, 'a3.csv'),
    };
    const { db } = await getWorkerDb();
    const order = [ids.a1, ids.b1, ids.a2, ids.a3];
    for (const [i, id] of order.entries()) {
      await db
        .update(csvUploads)
        .set({ createdAt: new Date(Date.UTC(2026, 8, 1, 9, i)) })
        .where(eq(csvUploads.id, id));
    }
    await db
      .update(csvUploads)
      .set({
        status: 'COMPLETED',
        processedRows: 3,
        createdCount: 1,
        pendingCount: 2,
        startedAt: sql`now()`,
        finishedAt: sql`now()`,
      })
      .where(eq(csvUploads.id, ids.a1));
  });

  const list = async (url: string, token = tokens.adminA) => {
    const res = await app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      items: { id: string; fileName: string }[];
      page: number;
      limit: number;
      total: number;
    };
  };
  const names = (data: { items: { fileName: string }[] }) => data.items.map((i) => i.fileName);

  it('lists the uploads of my organizations, newest first, without files or row errors', async () => {
    const data = await list('/csv/uploads');
    expect(names(data)).toEqual(['a3.csv', 'a2.csv', 'a1.csv']);
    expect(data).toMatchObject({ page: 1, limit: 20, total: 3 });
    expect(data.items[2]).toEqual({
      id: ids.a1,
      courseId: w.courseA.id,
      courseCode: 'A101',
      courseTitle: 'Course A',
      organizationId: w.orgA.id,
      organizationName: 'Org A',
      fileName: 'a1.csv',
      status: 'COMPLETED',
      progress: 100,
      counts: {
        rowsRead: 3,
        created: 1,
        pending: 2,
        alreadyEnrolled: 0,
        reactivated: 0,
        rejected: 0,
      },
      uploadedBy: { id: w.adminA.id, fullname: w.adminA.fullname, email: w.adminA.email },
      createdAt: '2026-09-01T09:00:00.000Z',
      startedAt: expect.stringMatching(ISO),
      finishedAt: expect.stringMatching(ISO),
      failureMessage: null,
    });
    expect(data.items[0]!).toMatchObject({
      uploadedBy: { id: w.superadmin.id },
      status: 'QUEUED',
      progress: 0,
    });
  });

  it('lists the running or the finished uploads by phase', async () => {
    expect(names(await list('/csv/uploads?phase=running'))).toEqual(['a3.csv', 'a2.csv']);
    expect(names(await list('/csv/uploads?phase=finished'))).toEqual(['a1.csv']);
    const { db } = await getWorkerDb();
    await db.update(csvUploads).set({ status: 'PROCESSING' }).where(eq(csvUploads.id, ids.a2));
    await db.update(csvUploads).set({ status: 'FAILED' }).where(eq(csvUploads.id, ids.a3));
    expect(names(await list('/csv/uploads?phase=running'))).toEqual(['a2.csv']);
    expect(names(await list('/csv/uploads?phase=finished'))).toEqual(['a3.csv', 'a1.csv']);
    expect(names(await list(`/csv/course/${w.courseA.id}?phase=finished`))).toEqual([
      'a3.csv',
      'a1.csv',
    ]);
  });

  describe('/admin/csv-uploads: the searchable history', () => {
    it('lists what /csv/uploads lists, with the same filters', async () => {
      for (const query of ['', '?status=QUEUED', `?courseId=${w.courseA.id}&limit=1&page=2`]) {
        expect(await list(`/admin/csv-uploads${query}`)).toEqual(
          await list(`/csv/uploads${query}`),
        );
      }
    });

    it('filters by uploader: me, or a user id', async () => {
      expect(names(await list('/admin/csv-uploads?uploadedBy=me'))).toEqual(['a2.csv', 'a1.csv']);
      expect(names(await list('/admin/csv-uploads?uploadedBy=me', tokens.superadmin))).toEqual([
        'a3.csv',
      ]);
      expect(names(await list(`/admin/csv-uploads?uploadedBy=${w.superadmin.id}`))).toEqual([
        'a3.csv',
      ]);
      // Someone else's uploads in another organization stay out of sight.
      expect((await list(`/admin/csv-uploads?uploadedBy=${w.adminB.id}`)).total).toBe(0);
    });

    it('searches file names, course codes and titles, and uploaders, ignoring case', async () => {
      const search = async (q: string) =>
        names(await list(`/admin/csv-uploads?q=${encodeURIComponent(q)}`));
      expect(await search('A2.CSV')).toEqual(['a2.csv']);
      expect(await search('a202')).toEqual(['a2.csv']);
      expect(await search('course a2')).toEqual(['a2.csv']);
      expect(await search(w.superadmin.email.slice(0, 10))).toEqual(['a3.csv']);
      expect(await search('  a1.csv  ')).toEqual(['a1.csv']);
      // LIKE wildcards are plain characters.
      expect(await search('%')).toEqual([]);
      expect(await search('a_.csv')).toEqual([]);
      const page = await list(`/admin/csv-uploads?q=a1&status=COMPLETED&limit=1`);
      expect(page).toMatchObject({ total: 1, limit: 1 });
    });

    it('refuses a bad uploader or an over-long search', async () => {
      for (const [query, path] of [
        ['?uploadedBy=someone', 'query.uploadedBy'],
        [`?q=${'x'.repeat(101)}`, 'query.q'],
        ['?phase=soon', 'query.phase'],
      ]) {
        const res = await app.inject({
          method: 'GET',
          url: `${API}/admin/csv-uploads${query}`,
          headers: bearer(tokens.adminA),
        });
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          details: [expect.objectContaining({ path })],
        });
      }
    });
  });

  it('filters by course, organization and status, and pages', async () => {
    expect(names(await list(`/csv/uploads?courseId=${w.courseA.id}`))).toEqual([
      'a3.csv',
      'a1.csv',
    ]);
    expect(names(await list('/csv/uploads?status=COMPLETED'))).toEqual(['a1.csv']);
    expect(names(await list('/csv/uploads?status=FAILED'))).toEqual([]);
    expect(
      names(await list(`/csv/uploads?organizationId=${w.orgB.id}`, tokens.superadmin)),
    ).toEqual(['b1.csv']);
    const page2 = await list('/csv/uploads?limit=2&page=2');
    expect(names(page2)).toEqual(['a1.csv']);
    expect(page2).toMatchObject({ page: 2, limit: 2, total: 3 });
  });

  it('shows a superadmin every organization, and an admin of two both of them', async () => {
    expect(names(await list('/csv/uploads', tokens.superadmin))).toEqual([
      'a3.csv',
      'a2.csv',
      'b1.csv',
      'a1.csv',
    ]);
    const both = await makeAdminOf([w.orgA.id, w.orgB.id]);
    const token = (await signIn(app, both.email)).token;
    expect((await list('/csv/uploads', token)).total).toBe(4);
  });

  it("lists one course's uploads, with a status filter", async () => {
    expect(names(await list(`/csv/course/${w.courseA.id}`))).toEqual(['a3.csv', 'a1.csv']);
    expect(names(await list(`/csv/course/${w.courseA.id}?status=QUEUED`))).toEqual(['a3.csv']);
    expect(names(await list(`/csv/course/${courseA2.id}`))).toEqual(['a2.csv']);
  });

  it('keeps showing the uploads of an archived course', async () => {
    const { db } = await getWorkerDb();
    await db.execute(sql`update courses set archived_at = now() where id = ${courseA2.id}`);
    expect(names(await list(`/csv/course/${courseA2.id}`))).toEqual(['a2.csv']);
  });

  it('hides the uploads of a deleted organization', async () => {
    const { db } = await getWorkerDb();
    await db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, w.orgB.id));
    expect(names(await list('/csv/uploads', tokens.superadmin))).not.toContain('b1.csv');
    const res = await app.inject({
      method: 'GET',
      url: `${API}/csv/status/${ids.b1}`,
      headers: bearer(tokens.superadmin),
    });
    expect(res.statusCode).toBe(404);
  });

  it('shows who uploaded as null once that account is gone', async () => {
    const { db } = await getWorkerDb();
    await db.execute(sql`update csv_uploads set uploaded_by = null where id = ${ids.a2}`);
    const item = (await list('/csv/uploads')).items.find((i) => i.id === ids.a2);
    expect(item).toMatchObject({ uploadedBy: null });
  });
});
