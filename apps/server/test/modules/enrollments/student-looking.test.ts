// "Looking for a team" per course (issue 12): PUT /student/courses/{courseId}/looking, and the
// flag and note on my courses.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, enrollments } from '../../../src/db/schema/index.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { call, setCourse, world, type World } from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const put = (
  w: World,
  who: keyof World['as'],
  payload: Record<string, unknown>,
  courseId?: string,
) => call(app, 'PUT', `/student/courses/${courseId ?? w.course.id}/looking`, w.as[who], payload);

async function lookingOf(courseId: string, userId: string) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .select({ looking: enrollments.lookingForTeam, note: enrollments.lookingNote })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)));
  return row;
}

async function lookingAudits(userId: string) {
  const { db } = await getWorkerDb();
  return db
    .select({ data: auditEvents.data, actorId: auditEvents.actorId })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.action, 'LOOKING_FOR_TEAM_CHANGED'), eq(auditEvents.targetUserId, userId)),
    );
}

describe('PUT /student/courses/{courseId}/looking', () => {
  it('switches looking on with a note, shows it on my courses, and off again keeping the note', async () => {
    const w = await world(app);
    const on = await put(w, 'sue', { looking: true, note: '  backend, free Tue/Thu ' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      success: true,
      data: { courseId: w.course.id, looking: true, note: 'backend, free Tue/Thu' },
    });
    const mine = await call(app, 'GET', '/student/my-courses', w.as.sue);
    expect(mine.json().data.items[0]).toMatchObject({
      course: { id: w.course.id },
      lookingForTeam: true,
      lookingNote: 'backend, free Tue/Thu',
    });
    const one = await call(app, 'GET', `/student/courses/${w.course.id}`, w.as.sue);
    expect(one.json().data).toMatchObject({ lookingForTeam: true });

    const off = await put(w, 'sue', { looking: false });
    expect(off.json().data).toEqual({
      courseId: w.course.id,
      looking: false,
      note: 'backend, free Tue/Thu',
    });
    expect(await lookingOf(w.course.id, w.sue.id)).toEqual({
      looking: false,
      note: 'backend, free Tue/Thu',
    });
    // Saving the same again changes nothing and records nothing.
    await put(w, 'sue', { looking: false });
    const audits = await lookingAudits(w.sue.id);
    expect(audits).toHaveLength(2);
    expect(audits).toContainEqual({
      actorId: w.sue.id,
      data: {
        before: { looking: false, note: '' },
        after: { looking: true, note: 'backend, free Tue/Thu' },
      },
    });
    // An empty note clears it.
    expect((await put(w, 'sue', { looking: true, note: '' })).json().data.note).toBe('');
  });

  it('refuses a note over 280 characters and unknown fields with a 400, nothing changed', async () => {
    const w = await world(app);
    for (const payload of [
      { looking: true, note: 'x'.repeat(281) },
      { looking: true, extra: 1 },
      { note: 'no flag' },
      { looking: 'yes' },
    ]) {
      const res = await put(w, 'sue', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const long = await put(w, 'sue', { looking: true, note: 'x'.repeat(281) });
    expect(long.json().details[0]).toMatchObject({
      path: 'note',
      message: 'The note is at most 280 characters',
    });
    expect(await lookingOf(w.course.id, w.sue.id)).toEqual({ looking: false, note: '' });
    expect(await lookingAudits(w.sue.id)).toEqual([]);
  });

  it('is 404 for a course I am not enrolled in, and for an admin of the course', async () => {
    const w = await world(app);
    expect((await put(w, 'sue', { looking: true }, w.courseB.id)).statusCode).toBe(404);
    expect(
      (await put(w, 'sue', { looking: true }, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await put(w, 'adminA', { looking: true })).statusCode).toBe(404);
    expect(await lookingOf(w.courseB.id, w.olga.id)).toEqual({ looking: false, note: '' });
  });

  it('is 409 ALREADY_IN_TEAM when I have a team in the course; switching off stays allowed', async () => {
    const w = await world(app);
    const res = await put(w, 'max', { looking: true, note: 'more' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ALREADY_IN_TEAM');
    expect(await lookingOf(w.course.id, w.max.id)).toEqual({ looking: false, note: '' });
    expect((await put(w, 'max', { looking: false })).statusCode).toBe(200);
  });

  it('is 403 NOT_ENROLLED for an inactive enrollment and 409 COURSE_ARCHIVED for an archived course', async () => {
    const w = await world(app);
    const inactive = await put(w, 'ina', { looking: true });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().code).toBe('NOT_ENROLLED');
    await setCourse(w.course.id, { archivedAt: new Date() });
    const archived = await put(w, 'sue', { looking: true });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().code).toBe('COURSE_ARCHIVED');
  });
});
