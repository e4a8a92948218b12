import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsOverview } from '@teamup/shared';
import { courseStaff, enrollments, organizations, teams } from '../../../src/db/schema/index.js';
import {
  makeAdminOf,
  makeCourse,
  makeEnrollment,
  makeOrganization,
  makeTeam,
  makeUser,
} from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { getJson, quietSuperadmin, upload } from './analytics-data.js';

let app: FastifyInstance;
beforeAll(async () => {
  await getWorkerDb();
  app = await buildTestApp();
});

const DAY_MS = 86_400_000;

async function enrolled(courseId: string, status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') {
  const user = await makeUser();
  await makeEnrollment(courseId, { email: user.email, userId: user.id, status });
  return user;
}

describe('GET /analytics/overview', () => {
  it('counts users by role, organizations, courses, teams and enrollments of live organizations', async () => {
    const { db } = await getWorkerDb();
    const { token } = await quietSuperadmin(app);
    const live = await makeOrganization({ name: 'Live' });
    const gone = await makeOrganization({ name: 'Gone' });
    await makeAdminOf([live.id]);
    await makeAdminOf([gone.id]);
    const active = await makeCourse(live.id);
    await makeCourse(live.id, { archived: true });
    const goneCourse = await makeCourse(gone.id);
    const [a, b, c] = [
      await enrolled(active.id),
      await enrolled(active.id),
      await enrolled(active.id),
    ];
    await enrolled(active.id, 'INACTIVE');
    await makeEnrollment(active.id, { email: 'pending@example.edu' });
    const removed = await makeEnrollment(active.id, { email: 'removed@example.edu' });
    await db
      .update(enrollments)
      .set({ removedAt: new Date() })
      .where(eq(enrollments.id, removed.id));
    await enrolled(goneCourse.id);
    await makeTeam(active.id, a.id, { members: [b.id] });
    const disbanded = await makeTeam(active.id, c.id);
    await db.update(teams).set({ disbandedAt: new Date() }).where(eq(teams.id, disbanded.id));
    const goneLeader = await makeUser();
    await makeTeam(goneCourse.id, goneLeader.id);
    await db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, gone.id));

    const { status, body } = await getJson<AnalyticsOverview>(app, token, '/analytics/overview');
    expect(status).toBe(200);
    const data = body.data;
    // Users: superadmin, 2 admins, 4 students in Live, 1 in Gone, 2 team leaders (c leads the
    // disbanded team; the Gone leader). Students: the 4 accounts enrolled in Live's courses (the
    // pending enrollment has no account yet, the removed one is gone, Gone is deleted).
    expect(data.users).toEqual({
      total: 9,
      students: 4,
      instructors: 0,
      teachingAssistants: 0,
      orgAdmins: 2,
      superadmins: 1,
    });
    expect(data.organizations).toEqual({ active: 1, deleted: 1 });
    expect(data.courses).toEqual({ active: 1, archived: 1 });
    expect(data.teams).toBe(1);
    expect(data.enrollments).toEqual({ total: 5, active: 3, pending: 1, inactive: 1 });
    expect(data.attention.failedUploads).toEqual({ total: 0, items: [] });
    expect(data.attention.teamlessPastDeadline).toEqual({ total: 0, items: [] });
  });

  // Issue 35: "61 students" counted the instructors an LMS launch made (STUDENT accounts).
  it('counts people by what they are in each course: staff made by an LMS are no students', async () => {
    const { db } = await getWorkerDb();
    const { token } = await quietSuperadmin(app);
    const before = (await getJson<AnalyticsOverview>(app, token, '/analytics/overview')).body.data
      .users;
    const org = await makeOrganization();
    const course = await makeCourse(org.id);
    const other = await makeCourse(org.id);
    const student = await enrolled(course.id);
    // Enrolled in two courses: one student.
    await makeEnrollment(other.id, { email: student.email, userId: student.id, status: 'ACTIVE' });
    // LMS-made instructors and a TA: STUDENT accounts with staff rows and no enrollment.
    const [ins1, ins2, ta] = [await makeUser(), await makeUser(), await makeUser()];
    // Staff in one course and a student in another: counted as both.
    const both = await enrolled(other.id);
    await db.insert(courseStaff).values([
      { courseId: course.id, userId: ins1.id, role: 'INSTRUCTOR', source: 'LTI' },
      { courseId: other.id, userId: ins1.id, role: 'INSTRUCTOR', source: 'LTI' },
      { courseId: course.id, userId: ins2.id, role: 'INSTRUCTOR', source: 'LTI' },
      { courseId: course.id, userId: ta.id, role: 'TEACHING_ASSISTANT', source: 'LTI' },
      { courseId: course.id, userId: both.id, role: 'TEACHING_ASSISTANT' },
      // An appointment still waiting for its first sign-in is nobody yet.
      { courseId: course.id, email: 'later@example.edu', role: 'INSTRUCTOR' },
    ]);

    const { body } = await getJson<AnalyticsOverview>(app, token, '/analytics/overview');
    expect(body.data.users).toEqual({
      total: before.total + 5,
      students: before.students + 2,
      instructors: before.instructors + 2,
      teachingAssistants: before.teachingAssistants + 2,
      orgAdmins: before.orgAdmins,
      superadmins: before.superadmins,
    });
  });

  it('lists recent failed uploads, newest first, with their organization and course', async () => {
    const { token } = await quietSuperadmin(app);
    const org = await makeOrganization({ name: 'Uploads U' });
    const course = await makeCourse(org.id, { code: 'UP1', title: 'Uploading' });
    const older = await upload(course.id, org.id, {
      daysAgo: 3,
      status: 'FAILED',
      fileName: 'older.csv',
      failureMessage: 'The file is not UTF-8',
    });
    const newer = await upload(course.id, org.id, {
      daysAgo: 1,
      status: 'FAILED',
      fileName: 'newer.csv',
    });
    await upload(course.id, org.id, { daysAgo: 8, status: 'FAILED' }); // too old
    await upload(course.id, org.id, { daysAgo: 1, status: 'COMPLETED' });

    const { body } = await getJson<AnalyticsOverview>(app, token, '/analytics/overview');
    const failed = body.data.attention.failedUploads;
    expect(failed.total).toBe(2);
    expect(failed.items.map((i) => i.uploadId)).toEqual([newer, older]);
    expect(failed.items[1]).toMatchObject({
      fileName: 'older.csv',
      failureMessage: 'The file is not UTF-8',
      organization: { id: org.id, name: 'Uploads U' },
      course: { id: course.id, code: 'UP1', title: 'Uploading' },
    });
    expect(failed.items[0]!.failureMessage).toBeNull();
    expect(failed.items[0]!.failedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('lists live courses past their deadline with ACTIVE students teamless, most teamless first, at most 10', async () => {
    const { token } = await quietSuperadmin(app);
    const org = await makeOrganization({ name: 'Deadlines D' });
    const past = new Date(Date.now() - 2 * DAY_MS);
    const late = await makeCourse(org.id, { code: 'LATE', title: 'Late', deadline: past });
    const [lead, mate] = [await enrolled(late.id), await enrolled(late.id)];
    await makeTeam(late.id, lead.id, { members: [mate.id] });
    await enrolled(late.id);
    await enrolled(late.id);
    await enrolled(late.id, 'INACTIVE'); // not ACTIVE: not counted
    await makeEnrollment(late.id, { email: 'not-yet@example.edu' }); // PENDING
    // Everyone placed: no attention.
    const done = await makeCourse(org.id, { deadline: past });
    const solo = await enrolled(done.id);
    await makeTeam(done.id, solo.id);
    // Before its deadline, archived: no attention.
    await enrolled((await makeCourse(org.id)).id);
    await enrolled((await makeCourse(org.id, { deadline: past, archived: true })).id);
    // Eleven more late courses with one teamless student each.
    for (let i = 0; i < 11; i++) {
      await enrolled((await makeCourse(org.id, { code: `L${i}`, deadline: past })).id);
    }

    const { body } = await getJson<AnalyticsOverview>(app, token, '/analytics/overview');
    const list = body.data.attention.teamlessPastDeadline;
    expect(list.total).toBe(12);
    expect(list.items).toHaveLength(10);
    expect(list.items[0]).toEqual({
      course: { id: late.id, code: 'LATE', title: 'Late' },
      organization: { id: org.id, name: 'Deadlines D' },
      deadline: past.toISOString(),
      teamlessStudents: 2,
      activeStudents: 4,
    });
    expect(list.items.slice(1).every((i) => i.teamlessStudents === 1)).toBe(true);
  });
});
