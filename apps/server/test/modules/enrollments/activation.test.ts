import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, enrollments, organizations } from '../../../src/db/schema/index.js';
import {
  makeCourse,
  makeEnrollment,
  makeOrganization,
  makeUser,
  makeWorld,
} from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';

async function enrollmentRow(id: string) {
  const { db } = await getWorkerDb();
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id));
  return row!;
}

const activatedOf = (signedIn: Awaited<ReturnType<typeof signIn>>) =>
  signedIn.response.json().data.activatedEnrollments as unknown[];

describe('sign-in activates pending enrollments', () => {
  let app: FastifyInstance;
  let w: Awaited<ReturnType<typeof makeWorld>>;
  let adminToken: string;

  beforeAll(async () => {
    app = await buildTestApp();
  });

  beforeEach(async () => {
    w = await makeWorld();
    adminToken = (await signIn(app, w.adminA.email)).token;
  });

  it('a student added by hand is told at first sign-in, and only then', async () => {
    const add = await app.inject({
      method: 'POST',
      url: `${API}/admin/students/manual-add`,
      headers: bearer(adminToken),
      payload: { courseId: w.courseA.id, email: 'Fresh@Example.edu', fullname: 'Fresh Face' },
    });
    expect(add.statusCode).toBe(201);
    const enrollmentId = add.json().data.id as string;
    expect(add.json().data.status).toBe('PENDING');

    const first = await signIn(app, 'fresh@example.edu', 'Fresh Face');
    expect(activatedOf(first)).toEqual([
      {
        enrollmentId,
        courseId: w.courseA.id,
        courseTitle: 'Course A',
        courseCode: 'A101',
        organizationName: 'Org A',
      },
    ]);
    const row = await enrollmentRow(enrollmentId);
    expect(row).toMatchObject({ status: 'ACTIVE', userId: first.user.id });
    expect(row.activatedAt).toBeInstanceOf(Date);

    const detail = await app.inject({
      method: 'GET',
      url: `${API}/admin/enrollment/${enrollmentId}`,
      headers: bearer(adminToken),
    });
    expect(detail.json().data).toMatchObject({
      status: 'ACTIVE',
      userId: first.user.id,
      activatedAt: row.activatedAt!.toISOString(),
    });

    const second = await signIn(app, 'fresh@example.edu');
    expect(activatedOf(second)).toEqual([]);
    const { db } = await getWorkerDb();
    const audits = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.enrollmentId, enrollmentId));
    expect(audits.map((a) => a.action).sort()).toEqual(['ACTIVATED', 'ENROLLED']);
    expect(audits.find((a) => a.action === 'ACTIVATED')).toMatchObject({
      actorId: null,
      targetUserId: first.user.id,
      organizationId: w.orgA.id,
      courseId: w.courseA.id,
    });
  });

  it('activates every course of the email at once, across organizations', async () => {
    const other = await makeOrganization({ name: 'Other Org' });
    const otherCourse = await makeCourse(other.id, { code: 'O900', title: 'Other course' });
    const a = await makeEnrollment(w.courseA.id, { email: 'multi@example.edu' });
    const b = await makeEnrollment(w.courseB.id, { email: 'multi@example.edu' });
    const c = await makeEnrollment(otherCourse.id, { email: 'multi@example.edu' });
    const someoneElse = await makeEnrollment(w.courseA.id, { email: 'else@example.edu' });

    const signedIn = await signIn(app, 'multi@example.edu');
    expect(activatedOf(signedIn)).toEqual([
      expect.objectContaining({ enrollmentId: a.id, organizationName: 'Org A' }),
      expect.objectContaining({ enrollmentId: b.id, organizationName: 'Org B' }),
      expect.objectContaining({ enrollmentId: c.id, organizationName: 'Other Org' }),
    ]);
    for (const e of [a, b, c]) {
      expect(await enrollmentRow(e.id)).toMatchObject({
        status: 'ACTIVE',
        userId: signedIn.user.id,
      });
    }
    expect(await enrollmentRow(someoneElse.id)).toMatchObject({ status: 'PENDING', userId: null });
  });

  it('leaves removed enrollments and deleted organizations alone', async () => {
    const removed = await makeEnrollment(w.courseA.id, { email: 'skip@example.edu' });
    const deletedOrgOne = await makeEnrollment(w.courseB.id, { email: 'skip@example.edu' });
    const { db } = await getWorkerDb();
    await db
      .update(enrollments)
      .set({ removedAt: new Date() })
      .where(eq(enrollments.id, removed.id));
    await db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, w.orgB.id));

    const signedIn = await signIn(app, 'skip@example.edu');
    expect(activatedOf(signedIn)).toEqual([]);
    expect(await enrollmentRow(removed.id)).toMatchObject({ status: 'PENDING', userId: null });
    expect(await enrollmentRow(deletedOrgOne.id)).toMatchObject({
      status: 'PENDING',
      userId: null,
    });

    // Once the organization is back, the next sign-in picks its enrollment up.
    await db.update(organizations).set({ deletedAt: null }).where(eq(organizations.id, w.orgB.id));
    const again = await signIn(app, 'skip@example.edu');
    expect(activatedOf(again)).toEqual([
      expect.objectContaining({ enrollmentId: deletedOrgOne.id }),
    ]);
  });

  it('relinks an INACTIVE enrollment without reporting or reactivating it', async () => {
    // The account the enrollment pointed to was deleted, and the person came back.
    const inactive = await makeEnrollment(w.courseA.id, {
      email: 'returning@example.edu',
      status: 'INACTIVE',
    });
    const signedIn = await signIn(app, 'returning@example.edu');
    expect(activatedOf(signedIn)).toEqual([]);
    expect(await enrollmentRow(inactive.id)).toMatchObject({
      status: 'INACTIVE',
      userId: signedIn.user.id,
    });
  });

  it('does not touch enrollments that already belong to an account', async () => {
    const before = await enrollmentRow(w.enrollmentA.id);
    const signedIn = await signIn(app, w.student.email);
    expect(activatedOf(signedIn)).toEqual([]);
    expect(await enrollmentRow(w.enrollmentA.id)).toEqual(before);
    // A user made outside sign-in (e.g. by the seed) gets theirs on first sign-in too.
    const seeded = await makeUser({ email: 'seeded@example.edu' });
    const pending = await makeEnrollment(w.courseA.id, { email: seeded.email });
    const seededIn = await signIn(app, seeded.email);
    expect(activatedOf(seededIn)).toEqual([expect.objectContaining({ enrollmentId: pending.id })]);
    expect((await enrollmentRow(pending.id)).userId).toBe(seeded.id);
  });
});
