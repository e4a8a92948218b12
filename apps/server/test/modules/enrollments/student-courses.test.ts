import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrollments, organizations, teams } from '../../../src/db/schema/index.js';
import { makeCourse, makeEnrollment, makeTeam, makeUser, makeWorld } from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';

const day = 86_400_000;

describe('student: my courses', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const myCourses = (token?: string, query: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `${API}/student/my-courses`,
      headers: token ? bearer(token) : {},
      query,
    });
  const myCourse = (courseId: string, token?: string) =>
    app.inject({
      method: 'GET',
      url: `${API}/student/courses/${courseId}`,
      headers: token ? bearer(token) : {},
    });
  const courseIds = (res: Awaited<ReturnType<typeof myCourses>>) =>
    res.json().data.items.map((c: { course: { id: string } }) => c.course.id);

  it('require sign-in', async () => {
    const w = await makeWorld();
    for (const res of [await myCourses(), await myCourse(w.courseA.id)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('shows my enrollment with its course and organization', async () => {
    const w = await makeWorld();
    const { token } = await signIn(app, w.student.email);
    const res = await myCourses(token);
    expect(res.statusCode).toBe(200);
    const item = {
      enrollmentId: w.enrollmentA.id,
      status: 'ACTIVE',
      enrolledAt: w.enrollmentA.createdAt.toISOString(),
      activatedAt: w.enrollmentA.activatedAt!.toISOString(),
      course: {
        id: w.courseA.id,
        code: 'A101',
        title: 'Course A',
        term: 'Fall 2026',
        description: '',
        teamSizeMin: 2,
        teamSizeMax: 4,
        teamFormationDeadline: w.courseA.teamFormationDeadline.toISOString(),
        archivedAt: null,
        organization: { id: w.orgA.id, name: 'Org A' },
      },
      team: null,
      lookingForTeam: false,
      lookingNote: '',
    };
    expect(res.json()).toEqual({
      success: true,
      data: { items: [item], page: 1, limit: 20, total: 1 },
    });
    const one = await myCourse(w.courseA.id, token);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ success: true, data: item });
  });

  it('only my own enrollments, inactive and archived ones included, removed ones not', async () => {
    const w = await makeWorld();
    const now = Date.now();
    const soon = await makeCourse(w.orgB.id, { code: 'SOON', deadline: new Date(now + 2 * day) });
    const past = await makeCourse(w.orgA.id, { code: 'PAST', deadline: new Date(now - 2 * day) });
    const archived = await makeCourse(w.orgA.id, {
      code: 'ARCH',
      deadline: new Date(now - 9 * day),
      archived: true,
    });
    const removedCourse = await makeCourse(w.orgA.id, { code: 'GONE' });
    const mine = { email: w.student.email, userId: w.student.id };
    await makeEnrollment(soon.id, { ...mine, status: 'INACTIVE' });
    await makeEnrollment(past.id, mine);
    await makeEnrollment(archived.id, mine);
    const removed = await makeEnrollment(removedCourse.id, mine);
    const { db } = await getWorkerDb();
    await db
      .update(enrollments)
      .set({ removedAt: sql`now()` })
      .where(eq(enrollments.id, removed.id));
    // Someone else's enrollment, and a PENDING one of another email.
    await makeEnrollment(w.courseB.id, { email: w.adminB.email, userId: w.adminB.id });
    await makeEnrollment(removedCourse.id, { email: 'pending@example.edu' });

    const { token } = await signIn(app, w.student.email);
    const res = await myCourses(token);
    // Nearest deadline first (a passed one is nearest of all), archived courses last.
    expect(courseIds(res)).toEqual([past.id, soon.id, w.courseA.id, archived.id]);
    expect(res.json().data.total).toBe(4);
    const items = res.json().data.items;
    expect(items[1]).toMatchObject({
      status: 'INACTIVE',
      course: { organization: { name: 'Org B' } },
    });
    expect(items[3].course.archivedAt).toEqual(expect.any(String));

    const page = await myCourses(token, { page: '2', limit: '3' });
    expect(page.json().data).toMatchObject({ page: 2, limit: 3, total: 4 });
    expect(courseIds(page)).toEqual([archived.id]);

    expect((await myCourse(soon.id, token)).json().data.status).toBe('INACTIVE');
    for (const id of [removedCourse.id, w.courseB.id, '00000000-0000-4000-8000-000000000000']) {
      const res404 = await myCourse(id, token);
      expect(res404.statusCode, id).toBe(404);
      expect(res404.json().code).toBe('NOT_FOUND');
    }
    const bad = await myCourse('not-a-uuid', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('params.courseId');
  });

  it('names my live team in each course, in the same call, and null where I have none', async () => {
    const w = await makeWorld();
    const mine = { email: w.student.email, userId: w.student.id };
    const second = await makeCourse(w.orgA.id, { code: 'A202' });
    const third = await makeCourse(w.orgA.id, { code: 'A303' });
    await makeEnrollment(second.id, mine);
    await makeEnrollment(third.id, mine);
    const team = await makeTeam(w.courseA.id, w.student.id, { name: 'Byte Club' });
    // A classmate's team in the second course is not mine; a disbanded one in the third is gone.
    const mate = await makeUser({ fullname: 'Mate' });
    await makeEnrollment(second.id, { email: mate.email, userId: mate.id });
    await makeTeam(second.id, mate.id, { name: 'Not Mine' });
    const gone = await makeTeam(third.id, w.student.id, { name: 'Gone' });
    const { db } = await getWorkerDb();
    await db
      .update(teams)
      .set({ disbandedAt: sql`now()` })
      .where(eq(teams.id, gone.id));

    const { token } = await signIn(app, w.student.email);
    const res = await myCourses(token);
    expect(res.statusCode).toBe(200);
    const byCode = Object.fromEntries(
      res
        .json()
        .data.items.map((i: { course: { code: string }; team: unknown }) => [
          i.course.code,
          i.team,
        ]),
    );
    expect(byCode).toEqual({
      A101: { id: team.id, name: 'Byte Club' },
      A202: null,
      A303: null,
    });
    expect(res.json().data.total).toBe(3);
    expect((await myCourse(w.courseA.id, token)).json().data.team).toEqual({
      id: team.id,
      name: 'Byte Club',
    });
    expect((await myCourse(second.id, token)).json().data.team).toBeNull();
  });

  it('hides courses of a deleted organization', async () => {
    const w = await makeWorld();
    const { db } = await getWorkerDb();
    await db
      .update(organizations)
      .set({ deletedAt: sql`now()` })
      .where(eq(organizations.id, w.orgA.id));
    const { token } = await signIn(app, w.student.email);
    expect((await myCourses(token)).json().data).toEqual({
      items: [],
      page: 1,
      limit: 20,
      total: 0,
    });
    expect((await myCourse(w.courseA.id, token)).statusCode).toBe(404);
  });

  it('works for any role: an admin enrolled as a student sees their enrollment', async () => {
    const w = await makeWorld();
    await makeEnrollment(w.courseB.id, { email: w.adminA.email, userId: w.adminA.id });
    const { token } = await signIn(app, w.adminA.email);
    expect(courseIds(await myCourses(token))).toEqual([w.courseB.id]);
    const { token: superToken } = await signIn(app, w.superadmin.email);
    expect((await myCourses(superToken)).json().data.total).toBe(0);
  });

  it('refuses bad pagination', async () => {
    const w = await makeWorld();
    const { token } = await signIn(app, w.student.email);
    const res = await myCourses(token, { limit: '500' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('query.limit');
  });
});
