// Course staff (issue 28, decision 137): organization admins appoint instructors and teaching
// assistants by email; an appointment waits for the address's first sign-in; staff administer
// their own course (assistants without its settings, deletion and restore), see "Courses I
// teach" and a dashboard of their courses, and are refused (403) on every other course.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/query-rows.js';
import { makeCourse, makeEnrollment, makeUser, makeWorld } from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';

type World = Awaited<ReturnType<typeof makeWorld>>;

let app: FastifyInstance;
let w: World;
let admin: Record<string, string>;

async function call(
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  path: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `${API}${path}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function appoint(
  email: string,
  role: 'INSTRUCTOR' | 'TEACHING_ASSISTANT',
  courseId?: string,
) {
  return call(admin, 'POST', `/admin/courses/${courseId ?? w.courseA.id}/staff`, { email, role });
}

const as = async (email: string) => bearer((await signIn(app, email)).token);

beforeEach(async () => {
  app = await buildTestApp({}, { csvWorker: false });
  w = await makeWorld();
  admin = await as(w.adminA.email);
});

describe('appointing course staff', () => {
  it('an appointment waits for the first sign-in, then the person administers the course', async () => {
    const res = await appoint('  Ines.Instructor@Example.edu ', 'INSTRUCTOR');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      email: 'ines.instructor@example.edu',
      role: 'INSTRUCTOR',
      status: 'PENDING',
      userId: null,
      source: 'MANUAL',
    });
    const ines = await as('ines.instructor@example.edu');
    const list = await call(admin, 'GET', `/admin/courses/${w.courseA.id}/staff`);
    expect(list.json().data.items).toEqual([
      expect.objectContaining({ status: 'ACTIVE', email: 'ines.instructor@example.edu' }),
    ]);
    // The course's admin pages answer her.
    expect((await call(ines, 'GET', `/courses/${w.courseA.id}`)).statusCode).toBe(200);
    expect((await call(ines, 'GET', `/admin/course/${w.courseA.id}/students`)).statusCode).toBe(
      200,
    );
    expect(
      (await call(ines, 'PATCH', `/courses/${w.courseA.id}/update`, { title: 'Renamed' }))
        .statusCode,
    ).toBe(200);
    const mine = await call(ines, 'GET', '/staff/courses');
    expect(mine.json().data.items).toEqual([
      expect.objectContaining({ id: w.courseA.id, role: 'INSTRUCTOR', title: 'Renamed' }),
    ]);
    const audit = await queryRows<{ action: string }>(
      (await getWorkerDb()).db,
      sql`select action from audit_events where course_id = ${w.courseA.id}
        and action like 'COURSE_STAFF_%'`,
    );
    expect(audit.map((a) => a.action)).toEqual(['COURSE_STAFF_APPOINTED']);
  });

  it('an existing account is staff at once; the role can change; the same role is refused', async () => {
    const tom = await makeUser({ email: 'tom.ta@example.edu', fullname: 'Tom Assistant' });
    const first = await appoint(tom.email, 'TEACHING_ASSISTANT');
    expect(first.json().data).toMatchObject({
      status: 'ACTIVE',
      userId: tom.id,
      fullname: 'Tom Assistant',
    });
    const again = await appoint(tom.email, 'TEACHING_ASSISTANT');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_STAFF');
    const raised = await appoint(tom.email, 'INSTRUCTOR');
    expect(raised.statusCode).toBe(200);
    expect(raised.json().data).toMatchObject({ id: first.json().data.id, role: 'INSTRUCTOR' });
  });

  it('refuses bad input and a student of the course, changing nothing', async () => {
    for (const body of [
      { email: 'not-an-email', role: 'INSTRUCTOR' },
      { email: 'x@example.edu', role: 'PROFESSOR' },
      { email: 'x@example.edu' },
      { email: 'x@example.edu', role: 'INSTRUCTOR', extra: 1 },
    ]) {
      const res = await call(admin, 'POST', `/admin/courses/${w.courseA.id}/staff`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    const student = await appoint(w.student.email, 'TEACHING_ASSISTANT');
    expect(student.statusCode).toBe(409);
    expect(student.json().code).toBe('ENROLLED_AS_STUDENT');
    const list = await call(admin, 'GET', `/admin/courses/${w.courseA.id}/staff`);
    expect(list.json().data.items).toEqual([]);
  });

  it('two admins appointing one address at once make one appointment', async () => {
    const results = await Promise.all([
      appoint('race@example.edu', 'INSTRUCTOR'),
      appoint('race@example.edu', 'INSTRUCTOR'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [row] = await queryRows<{ n: number }>(
      (await getWorkerDb()).db,
      sql`select count(*)::int as n from course_staff where course_id = ${w.courseA.id}`,
    );
    expect(row!.n).toBe(1);
  });

  it("only the organization's admins appoint and remove; B's admin gets 404", async () => {
    await makeUser({ email: 'ines@example.edu' });
    await appoint('ines@example.edu', 'INSTRUCTOR');
    const ines = await as('ines@example.edu');
    const byStaff = await call(ines, 'POST', `/admin/courses/${w.courseA.id}/staff`, {
      email: 'friend@example.edu',
      role: 'INSTRUCTOR',
    });
    expect(byStaff.statusCode).toBe(403);
    const adminB = await as(w.adminB.email);
    expect((await call(adminB, 'GET', `/admin/courses/${w.courseA.id}/staff`)).statusCode).toBe(
      404,
    );
  });
});

describe('what staff may do', () => {
  let ta: Record<string, string>;
  let courseA2: { id: string };

  beforeEach(async () => {
    await makeUser({ email: 'ta@example.edu', fullname: 'Tia Assistant' });
    expect((await appoint('ta@example.edu', 'TEACHING_ASSISTANT')).statusCode).toBe(201);
    courseA2 = await makeCourse(w.orgA.id, { code: 'A202', title: 'Another course of A' });
    await makeEnrollment(courseA2.id, { email: 'other@example.edu', fullname: 'Other Student' });
    ta = await as('ta@example.edu');
  });

  it('an assistant runs the roster and formation but not the settings, deletion or restore', async () => {
    const added = await call(ta, 'POST', '/admin/students/manual-add', {
      courseId: w.courseA.id,
      email: 'new.student@example.edu',
      fullname: 'New Student',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(
      (await call(ta, 'POST', `/admin/courses/${w.courseA.id}/formation/preview`, {})).statusCode,
    ).toBe(200);
    expect((await call(ta, 'GET', `/admin/courses/${w.courseA.id}/health`)).statusCode).toBe(200);
    const patch = await call(ta, 'PATCH', `/courses/${w.courseA.id}/update`, { title: 'No' });
    expect(patch.statusCode).toBe(403);
    expect((await call(ta, 'DELETE', `/courses/${w.courseA.id}`)).statusCode).toBe(403);
    expect((await call(ta, 'POST', `/courses/${w.courseA.id}/restore`)).statusCode).toBe(403);
    expect((await call(ta, 'GET', '/courses')).statusCode).toBe(403);
  });

  it('lists and the dashboard hold only the courses they teach; another course answers 403', async () => {
    const students = await call(ta, 'GET', '/admin/students?page=1&limit=100');
    expect(students.statusCode).toBe(200);
    const courses = new Set(
      students.json().data.items.map((e: { courseId: string }) => e.courseId),
    );
    expect([...courses]).toEqual([w.courseA.id]);
    const dashboard = await call(ta, 'GET', '/admin/dashboard/stats');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().data.courses.map((c: { id: string }) => c.id)).toEqual([w.courseA.id]);
    for (const path of [
      `/admin/course/${courseA2.id}/students`,
      `/courses/${courseA2.id}`,
      `/admin/courses/${courseA2.id}/health`,
      `/admin/course/${w.courseB.id}/students`,
    ]) {
      const res = await call(ta, 'GET', path);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const other = await call(ta, 'POST', '/admin/students/manual-add', {
      courseId: courseA2.id,
      email: 'sneaky@example.edu',
      fullname: 'Sneaky',
    });
    expect(other.statusCode).toBe(403);
  });

  it('a student of one course may teach another, and removal ends the staff rights at once', async () => {
    await makeEnrollment(courseA2.id, { email: 'ta@example.edu', fullname: 'Tia Assistant' });
    const tia = await as('ta@example.edu');
    const myCourses = await call(tia, 'GET', '/student/my-courses');
    expect(myCourses.statusCode).toBe(200);
    expect(JSON.stringify(myCourses.json().data)).toContain(courseA2.id);
    expect((await call(tia, 'GET', `/admin/course/${w.courseA.id}/students`)).statusCode).toBe(200);
    const [entry] = (await call(admin, 'GET', `/admin/courses/${w.courseA.id}/staff`)).json().data
      .items;
    const removed = await call(admin, 'DELETE', `/admin/courses/${w.courseA.id}/staff/${entry.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call(tia, 'GET', `/admin/course/${w.courseA.id}/students`)).statusCode).toBe(403);
    expect((await call(tia, 'GET', '/staff/courses')).json().data.items).toEqual([]);
  });
});
