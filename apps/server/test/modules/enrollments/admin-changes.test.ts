import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, enrollments } from '../../../src/db/schema/index.js';
import { makeCourse, makeEnrollment, makeUser, makeWorld } from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function enrollmentRow(id: string) {
  const { db } = await getWorkerDb();
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id));
  return row!;
}

async function auditsOf(enrollmentId: string) {
  const { db } = await getWorkerDb();
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.enrollmentId, enrollmentId))
    .orderBy(asc(auditEvents.createdAt));
}

describe('admin enrollment changes', () => {
  let app: FastifyInstance;
  let w: Awaited<ReturnType<typeof makeWorld>>;
  let adminToken: string;
  let superToken: string;

  beforeAll(async () => {
    app = await buildTestApp();
  });

  beforeEach(async () => {
    w = await makeWorld();
    adminToken = (await signIn(app, w.adminA.email)).token;
    superToken = (await signIn(app, w.superadmin.email)).token;
  });

  const manualAdd = (payload: Record<string, unknown>, token = adminToken) =>
    app.inject({
      method: 'POST',
      url: `${API}/admin/students/manual-add`,
      headers: bearer(token),
      payload,
    });
  const setStatus = (id: string, status: string, token = adminToken) =>
    app.inject({
      method: 'PATCH',
      url: `${API}/admin/enrollment/${id}/status`,
      headers: bearer(token),
      payload: { status },
    });
  const remove = (id: string, token = adminToken) =>
    app.inject({
      method: 'DELETE',
      url: `${API}/admin/enrollment/${id}/remove`,
      headers: bearer(token),
    });
  const detail = (id: string, token = adminToken) =>
    app.inject({ method: 'GET', url: `${API}/admin/enrollment/${id}`, headers: bearer(token) });

  describe('POST /admin/students/manual-add', () => {
    it('enrolls an unknown email as PENDING, lower-cased, and records who did it', async () => {
      const res = await manualAdd({
        courseId: w.courseA.id,
        email: '  New.Person@Example.EDU ',
        fullname: ' New Person ',
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: 'new.person@example.edu enrolled in A101',
        data: {
          id: expect.any(String),
          courseId: w.courseA.id,
          courseCode: 'A101',
          courseTitle: 'Course A',
          organizationId: w.orgA.id,
          organizationName: 'Org A',
          email: 'new.person@example.edu',
          fullname: 'New Person',
          studentId: null,
          section: null,
          userId: null,
          status: 'PENDING',
          source: 'MANUAL',
          createdAt: expect.stringMatching(ISO),
          updatedAt: expect.stringMatching(ISO),
          activatedAt: null,
          team: null,
          emailUndeliverable: false,
        },
      });
      const row = await enrollmentRow(body.data.id);
      expect(row).toMatchObject({ createdBy: w.adminA.id, status: 'PENDING', removedAt: null });
      const audits = await auditsOf(body.data.id);
      expect(audits).toEqual([
        expect.objectContaining({
          action: 'ENROLLED',
          actorId: w.adminA.id,
          organizationId: w.orgA.id,
          courseId: w.courseA.id,
          targetUserId: null,
          data: { email: 'new.person@example.edu', status: 'PENDING', source: 'MANUAL' },
        }),
      ]);
    });

    it('enrolls someone who already has an account as ACTIVE', async () => {
      const known = await makeUser({ email: 'known@example.edu', fullname: 'Known Person' });
      const res = await manualAdd(
        { courseId: w.courseA.id, email: 'KNOWN@example.edu', fullname: 'Known P.' },
        superToken,
      );
      expect(res.statusCode).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({
        email: 'known@example.edu',
        userId: known.id,
        status: 'ACTIVE',
        activatedAt: expect.stringMatching(ISO),
      });
      const [audit] = await auditsOf(data.id);
      expect(audit).toMatchObject({
        action: 'ENROLLED',
        actorId: w.superadmin.id,
        targetUserId: known.id,
        data: { email: 'known@example.edu', status: 'ACTIVE', source: 'MANUAL' },
      });
    });

    it('refuses someone already enrolled with a clear 409 and writes nothing', async () => {
      const res = await manualAdd({
        courseId: w.courseA.id,
        email: w.student.email.toUpperCase(),
        fullname: 'Again',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        code: 'ALREADY_ENROLLED',
        message: `${w.student.email} is already enrolled in A101`,
      });
      expect(await auditsOf(w.enrollmentA.id)).toEqual([]);
    });

    it('of two simultaneous adds of one email, one wins and the other gets 409', async () => {
      const payload = { courseId: w.courseA.id, email: 'race@example.edu', fullname: 'Race' };
      const results = await Promise.all([manualAdd(payload), manualAdd(payload, superToken)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('ALREADY_ENROLLED');
      const { db } = await getWorkerDb();
      const rows = await db
        .select()
        .from(enrollments)
        .where(eq(enrollments.email, 'race@example.edu'));
      expect(rows).toHaveLength(1);
      expect(await auditsOf(rows[0]!.id)).toHaveLength(1);
    });

    it('refuses an archived course with COURSE_ARCHIVED', async () => {
      const archived = await makeCourse(w.orgA.id, { code: 'OLD1', archived: true });
      const res = await manualAdd({ courseId: archived.id, email: 'x@example.edu', fullname: 'X' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'COURSE_ARCHIVED' });
      const { db } = await getWorkerDb();
      expect(
        await db.select().from(enrollments).where(eq(enrollments.courseId, archived.id)),
      ).toEqual([]);
    });

    it('brings a removed enrollment back instead of duplicating it', async () => {
      const pending = await makeEnrollment(w.courseA.id, {
        email: 'back@example.edu',
        fullname: 'Old Name',
        source: 'CSV',
      });
      expect((await remove(pending.id)).statusCode).toBe(200);
      const back = await makeUser({ email: 'back@example.edu' });

      const res = await manualAdd(
        { courseId: w.courseA.id, email: 'back@example.edu', fullname: 'New Name' },
        superToken,
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('back@example.edu is enrolled in A101 again');
      expect(res.json().data).toMatchObject({
        id: pending.id,
        fullname: 'New Name',
        source: 'MANUAL',
        // The account appeared while the enrollment was removed, so it comes back ACTIVE.
        status: 'ACTIVE',
        userId: back.id,
        activatedAt: expect.stringMatching(ISO),
      });
      expect(await enrollmentRow(pending.id)).toMatchObject({
        removedAt: null,
        createdBy: w.superadmin.id,
      });
      expect((await auditsOf(pending.id)).map((a) => [a.action, a.actorId])).toEqual([
        ['REMOVED', w.adminA.id],
        ['RESTORED', w.superadmin.id],
      ]);
      // Restored means visible again, so adding it a third time is a conflict.
      const again = await manualAdd({
        courseId: w.courseA.id,
        email: 'back@example.edu',
        fullname: 'N',
      });
      expect(again.statusCode).toBe(409);
    });
  });

  describe('PATCH /admin/enrollment/{id}/status', () => {
    it('switches ACTIVE to INACTIVE and back, recording each change', async () => {
      const off = await setStatus(w.enrollmentA.id, 'INACTIVE');
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({
        success: true,
        message: 'Enrollment is now INACTIVE',
        data: { id: w.enrollmentA.id, status: 'INACTIVE', userId: w.student.id, team: null },
      });
      expect(off.json().data.updatedAt > w.enrollmentA.updatedAt.toISOString()).toBe(true);
      expect((await enrollmentRow(w.enrollmentA.id)).status).toBe('INACTIVE');

      const on = await setStatus(w.enrollmentA.id, 'ACTIVE', superToken);
      expect(on.json().data.status).toBe('ACTIVE');
      expect((await auditsOf(w.enrollmentA.id)).map((a) => [a.action, a.actorId, a.data])).toEqual([
        ['STATUS_CHANGED', w.adminA.id, { from: 'ACTIVE', to: 'INACTIVE' }],
        ['STATUS_CHANGED', w.superadmin.id, { from: 'INACTIVE', to: 'ACTIVE' }],
      ]);
    });

    it('setting the status it already has changes and records nothing', async () => {
      const before = await enrollmentRow(w.enrollmentA.id);
      const res = await setStatus(w.enrollmentA.id, 'ACTIVE');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Nothing to change',
        data: { status: 'ACTIVE' },
      });
      expect(await enrollmentRow(w.enrollmentA.id)).toEqual(before);
      expect(await auditsOf(w.enrollmentA.id)).toEqual([]);
    });

    it('refuses a PENDING enrollment: the student has not signed in yet', async () => {
      const pending = await makeEnrollment(w.courseA.id, { email: 'later@example.edu' });
      const res = await setStatus(pending.id, 'INACTIVE');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'ENROLLMENT_PENDING',
        message: expect.stringContaining('later@example.edu has not signed in yet'),
      });
      expect((await enrollmentRow(pending.id)).status).toBe('PENDING');
      expect(await auditsOf(pending.id)).toEqual([]);
    });

    it('refuses changes in an archived course', async () => {
      const archived = await makeCourse(w.orgA.id, { archived: true });
      const e = await makeEnrollment(archived.id, {
        email: w.student.email,
        userId: w.student.id,
      });
      const res = await setStatus(e.id, 'INACTIVE');
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('COURSE_ARCHIVED');
      expect((await remove(e.id)).statusCode).toBe(409);
      expect(await enrollmentRow(e.id)).toMatchObject({ status: 'ACTIVE', removedAt: null });
    });
  });

  describe('DELETE /admin/enrollment/{id}/remove', () => {
    it('hides the enrollment but keeps the row and its history', async () => {
      const res = await remove(w.enrollmentA.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: `${w.student.email} removed from A101`,
        data: { id: w.enrollmentA.id, email: w.student.email, status: 'ACTIVE' },
      });
      const row = await enrollmentRow(w.enrollmentA.id);
      expect(row.removedAt).toBeInstanceOf(Date);
      expect(row.updatedAt.getTime()).toBeGreaterThan(w.enrollmentA.updatedAt.getTime());
      expect(await auditsOf(w.enrollmentA.id)).toEqual([
        expect.objectContaining({
          action: 'REMOVED',
          actorId: w.adminA.id,
          targetUserId: w.student.id,
          data: { email: w.student.email, status: 'ACTIVE' },
        }),
      ]);

      const list = await app.inject({
        method: 'GET',
        url: `${API}/admin/students`,
        headers: bearer(adminToken),
      });
      expect(list.json().data.total).toBe(0);
      expect((await remove(w.enrollmentA.id)).statusCode).toBe(404);
      expect(await auditsOf(w.enrollmentA.id)).toHaveLength(1);
    });
  });

  describe('GET /admin/enrollment/{id}', () => {
    it('shows the enrollment with its history, newest first, and who made each change', async () => {
      const add = await manualAdd({
        courseId: w.courseA.id,
        email: 'hist@example.edu',
        fullname: 'His Tory',
      });
      const id = add.json().data.id as string;
      const student = await signIn(app, 'hist@example.edu', 'His Tory');
      expect(student.response.json().data.activatedEnrollments).toHaveLength(1);
      await setStatus(id, 'INACTIVE', superToken);

      const res = await detail(id);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        id,
        email: 'hist@example.edu',
        status: 'INACTIVE',
        userId: student.user.id,
        team: null,
      });
      expect(data.history).toEqual([
        {
          id: expect.any(String),
          action: 'STATUS_CHANGED',
          actor: {
            id: w.superadmin.id,
            fullname: w.superadmin.fullname,
            email: w.superadmin.email,
          },
          data: { from: 'ACTIVE', to: 'INACTIVE' },
          createdAt: expect.stringMatching(ISO),
        },
        {
          id: expect.any(String),
          action: 'ACTIVATED',
          actor: null,
          data: { email: 'hist@example.edu', from: 'PENDING', to: 'ACTIVE' },
          createdAt: expect.stringMatching(ISO),
        },
        {
          id: expect.any(String),
          action: 'ENROLLED',
          actor: { id: w.adminA.id, fullname: w.adminA.fullname, email: w.adminA.email },
          data: { email: 'hist@example.edu', status: 'PENDING', source: 'MANUAL' },
          createdAt: expect.stringMatching(ISO),
        },
      ]);
    });

    it('has an empty history for an enrollment nobody has touched', async () => {
      const res = await detail(w.enrollmentA.id, superToken);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: w.enrollmentA.id,
        courseCode: 'A101',
        organizationName: 'Org A',
        history: [],
      });
    });
  });
});
