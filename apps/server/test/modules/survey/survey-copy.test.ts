// Copying another course's survey questions (issue 34, item 8; decision 144): the caller must be
// allowed to read the source course's admin data (an admin of its organization, a superadmin, or
// its staff), not only to edit the target. A source the caller may not read answers 403 and
// changes nothing; a source of another organization answers 404, as every foreign course does.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSurveyView, CourseStaffRole } from '@teamup/shared';
import { queryRows } from '../../../src/db/query-rows.js';
import { courseStaff } from '../../../src/db/schema/index.js';
import { makeCourse, makeUser } from '../../fixtures.js';
import { bearer, buildTestApp, driver, getWorkerDb, signIn } from '../../helper.js';
import { teamWorld, type TeamWorld } from '../teams/requests-world.js';
import { QUESTIONS, inject } from './survey-world.js';

type Headers = { authorization: string };

describe(`copying a survey from another course (${driver})`, () => {
  let app: FastifyInstance;
  let w: TeamWorld;
  /** CS301: a course of organization A with a survey; the target is w.course (CS350's part). */
  let source: { id: string };
  const url = (courseId: string) => `/admin/courses/${courseId}/survey`;

  beforeAll(async () => {
    app = await buildTestApp({}, { mail: false });
  });

  beforeEach(async () => {
    w = await teamWorld(app);
    source = await makeCourse(w.orgA.id, { code: 'CS301', title: 'Databases' });
    const made = await inject(app, 'PUT', url(source.id), w.as.adminA, {
      version: 0,
      questions: QUESTIONS,
      opensAt: null,
      closesAt: null,
    });
    expect(made.statusCode, made.body).toBe(200);
  });

  async function appoint(courseId: string, userId: string, role: CourseStaffRole) {
    const { db } = await getWorkerDb();
    await db.insert(courseStaff).values({ courseId, userId, role });
  }

  /** A person with no global role beyond STUDENT, staff of the given courses. */
  async function staffMember(roles: [string, CourseStaffRole][]): Promise<Headers> {
    const user = await makeUser({ email: `staff-${randomUUID().slice(0, 8)}@example.edu` });
    for (const [courseId, role] of roles) await appoint(courseId, user.id, role);
    return bearer((await signIn(app, user.email)).token);
  }

  const copy = (headers: Headers, from: string, into = w.course.id) =>
    inject(app, 'PUT', url(into), headers, { version: 0, copyFromCourseId: from });

  /** The stored surveys of a course (0 or 1 row), straight from the database. */
  async function surveysOf(courseId: string) {
    const { db } = await getWorkerDb();
    return queryRows<{ version: number; questions: unknown }>(
      db,
      sql`select version, questions from course_surveys where course_id = ${courseId}`,
    );
  }

  const sources = async (headers: Headers, courseId = w.course.id) => {
    const res = await inject(app, 'GET', url(courseId), headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminSurveyView }>().data.copySources.map((s) => s.courseId);
  };

  it("refuses an instructor of the target who is not the source's staff: 403, nothing saved", async () => {
    const instructor = await staffMember([[w.course.id, 'INSTRUCTOR']]);
    const res = await copy(instructor, source.id);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await surveysOf(w.course.id)).toEqual([]);
    // Nor is the source offered to copy from.
    expect(await sources(instructor)).toEqual([]);
  });

  it("refuses a teaching assistant of the target who is not the source's staff", async () => {
    const ta = await staffMember([[w.course.id, 'TEACHING_ASSISTANT']]);
    const res = await copy(ta, source.id);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await surveysOf(w.course.id)).toEqual([]);
    // A survey the TA saved first stays as it was.
    const own = await inject(app, 'PUT', url(w.course.id), ta, {
      version: 0,
      questions: QUESTIONS.slice(0, 1),
      opensAt: null,
      closesAt: null,
    });
    expect(own.statusCode, own.body).toBe(200);
    const again = await inject(app, 'PUT', url(w.course.id), ta, {
      version: 1,
      copyFromCourseId: source.id,
    });
    expect(again.statusCode, again.body).toBe(403);
    const [stored] = await surveysOf(w.course.id);
    expect(stored).toMatchObject({ version: 1, questions: QUESTIONS.slice(0, 1) });
  });

  it('lets staff of both courses copy (an instructor of both, or a TA of the source)', async () => {
    const both = await staffMember([
      [w.course.id, 'INSTRUCTOR'],
      [source.id, 'INSTRUCTOR'],
    ]);
    expect(await sources(both)).toEqual([source.id]);
    const res = await copy(both, source.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.survey).toMatchObject({ version: 1, questions: QUESTIONS });

    const other = await makeCourse(w.orgA.id, { code: 'CS360' });
    const taOfSource = await staffMember([
      [other.id, 'INSTRUCTOR'],
      [source.id, 'TEACHING_ASSISTANT'],
    ]);
    const second = await copy(taOfSource, source.id, other.id);
    expect(second.statusCode, second.body).toBe(200);
  });

  it('lets the organization admin and a superadmin copy', async () => {
    expect(await sources(w.as.adminA)).toEqual([source.id]);
    expect((await copy(w.as.adminA, source.id)).statusCode).toBe(200);
    const other = await makeCourse(w.orgA.id, { code: 'CS360' });
    expect((await copy(w.as.superadmin, source.id, other.id)).statusCode).toBe(200);
  });

  it("answers 404 for a source of another organization, even to that course's staff", async () => {
    // A hostile second organization's admin copies A's survey into B's course: the course
    // reads as absent, and B's course gets nothing.
    const hostile = await copy(w.as.adminB, source.id, w.courseB.id);
    expect(hostile.statusCode, hostile.body).toBe(404);
    expect(hostile.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await surveysOf(w.courseB.id)).toEqual([]);
    // Nor may they write into A's course.
    expect((await copy(w.as.adminB, source.id)).statusCode).toBe(404);
    expect(await surveysOf(w.course.id)).toEqual([]);

    // Staff of a course of B with a survey, and instructor of A's course: still 404.
    const madeB = await inject(app, 'PUT', url(w.courseB.id), w.as.adminB, {
      version: 0,
      questions: QUESTIONS,
      opensAt: null,
      closesAt: null,
    });
    expect(madeB.statusCode, madeB.body).toBe(200);
    const twoOrgs = await staffMember([
      [w.course.id, 'INSTRUCTOR'],
      [w.courseB.id, 'INSTRUCTOR'],
    ]);
    const across = await copy(twoOrgs, w.courseB.id);
    expect(across.statusCode, across.body).toBe(404);
    expect(across.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await surveysOf(w.course.id)).toEqual([]);
  });
});
