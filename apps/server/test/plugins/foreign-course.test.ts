import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { courses, csvUploads, enrollments } from '../../src/db/schema/index.js';
import { makeWorld } from '../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../helper.js';

// An organization admin naming a course of another organization learns nothing: the answer
// is the one for a course that does not exist (404 NOT_FOUND), whether the course is in the
// path or in the body, and nothing is written (decision 080, DESIGN §5).

const NO_SUCH_COURSE = '00000000-0000-4000-8000-000000000000';

async function counts() {
  const { db } = await getWorkerDb();
  const one = async (table: typeof courses | typeof csvUploads | typeof enrollments) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    courses: await one(courses),
    uploads: await one(csvUploads),
    enrollments: await one(enrollments),
  };
}

describe('a course of another organization', () => {
  let app: FastifyInstance;
  let world: Awaited<ReturnType<typeof makeWorld>>;
  let token: string;

  beforeEach(async () => {
    app = await buildTestApp();
    world = await makeWorld();
    token = (await signIn(app, world.adminA.email)).token;
  });

  const boundary = 'teamup-boundary';
  const csvForm = (courseId: string) =>
    [
      `--${boundary}`,
      'Content-Disposition: form-data; name="courseId"',
      '',
      courseId,
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="roster.csv"',
      'Content-Type: text/csv',
      '',
      'email,fullname',
      'kim@example.edu,Kim Park',
      `--${boundary}--`,
      '',
    ].join('\r\n');

  /** Every call that names a course, for the given course id. */
  const calls = (courseId: string) => [
    {
      label: 'manual add (course in the body)',
      method: 'POST' as const,
      url: `${API}/admin/students/manual-add`,
      payload: { courseId, email: 'kim@example.edu', fullname: 'Kim Park' },
    },
    {
      label: 'CSV upload (course in the form)',
      method: 'POST' as const,
      url: `${API}/csv/upload`,
      payload: csvForm(courseId),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    },
    { label: 'course', method: 'GET' as const, url: `${API}/courses/${courseId}` },
    {
      label: 'course update',
      method: 'PATCH' as const,
      url: `${API}/courses/${courseId}/update`,
      payload: { title: 'Renamed' },
    },
    { label: 'course delete', method: 'DELETE' as const, url: `${API}/courses/${courseId}` },
    { label: 'roster', method: 'GET' as const, url: `${API}/admin/course/${courseId}/students` },
    {
      label: 'uploads of the course',
      method: 'GET' as const,
      url: `${API}/csv/course/${courseId}`,
    },
    {
      label: 'teams of the course',
      method: 'GET' as const,
      url: `${API}/student/courses/${courseId}/teams`,
    },
  ];

  it('answers every call naming it exactly as for a course that does not exist', async () => {
    const before = await counts();
    const foreign = calls(world.courseB.id);
    const missing = calls(NO_SUCH_COURSE);
    for (const [index, call] of foreign.entries()) {
      const { label, ...request } = call;
      const res = await app.inject({
        ...request,
        headers: { ...bearer(token), ...(request.headers ?? {}) },
      });
      const { label: _unused, ...control } = missing[index]!;
      const ref = await app.inject({
        ...control,
        headers: { ...bearer(token), ...(control.headers ?? {}) },
      });
      expect(res.statusCode, label).toBe(404);
      expect(res.json(), label).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: 'Course not found',
      });
      expect(res.json(), label).toEqual(ref.json());
    }
    expect(await counts()).toEqual(before);
  });

  it('still lets the admin act on their own course (the same calls reach it)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${API}/admin/students/manual-add`,
      headers: bearer(token),
      payload: { courseId: world.courseA.id, email: 'kim@example.edu', fullname: 'Kim Park' },
    });
    expect(res.statusCode).toBe(201);
  });
});
