// "Looking for a team" switches off by itself when the student joins a team of that course
// (issue 12; the trigger of migration 0009): whichever way they join.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrollments } from '../../../src/db/schema/index.js';
import { makeCourse, makeEnrollment } from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { call, world, type World } from './teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

async function lookingOf(courseId: string, userId: string) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .select({ looking: enrollments.lookingForTeam, note: enrollments.lookingNote })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)));
  return row;
}

async function ok(promise: ReturnType<typeof call>) {
  const res = await promise;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}

/** Sue looks in A101 and in another course of the organization. */
async function sueLooking(w: World) {
  const other = await makeCourse(w.orgA.id, { code: 'A202' });
  await makeEnrollment(other.id, { email: w.sue.email, userId: w.sue.id });
  for (const courseId of [w.course.id, other.id]) {
    await ok(
      call(app, 'PUT', `/student/courses/${courseId}/looking`, w.as.sue, {
        looking: true,
        note: 'backend',
      }),
    );
  }
  expect(await lookingOf(w.course.id, w.sue.id)).toEqual({ looking: true, note: 'backend' });
  return other;
}

/** Off in A101, where she joined; still on in the other course; the note kept. */
async function expectSwitchedOff(w: World, other: { id: string }) {
  expect(await lookingOf(w.course.id, w.sue.id)).toEqual({ looking: false, note: 'backend' });
  expect(await lookingOf(other.id, w.sue.id)).toEqual({ looking: true, note: 'backend' });
  const mine = await ok(call(app, 'GET', `/student/courses/${w.course.id}`, w.as.sue));
  expect(mine.lookingForTeam).toBe(false);
}

describe('looking for a team switches off on joining', () => {
  it('by an accepted join request', async () => {
    const w = await world(app);
    const other = await sueLooking(w);
    const request = await ok(
      call(app, 'POST', `/student/teams/${w.team.id}/join-requests`, w.as.sue, {}),
    );
    await ok(call(app, 'POST', `/student/join-requests/${request.id}/accept`, w.as.lea, {}));
    await expectSwitchedOff(w, other);
  });

  it('by an accepted invitation', async () => {
    const w = await world(app);
    const other = await sueLooking(w);
    const invitation = await ok(
      call(app, 'POST', `/student/teams/${w.team.id}/invite`, w.as.lea, { userId: w.sue.id }),
    );
    await ok(call(app, 'POST', `/student/invitations/${invitation.id}/accept`, w.as.sue));
    await expectSwitchedOff(w, other);
  });

  it('by creating a team', async () => {
    const w = await world(app);
    const other = await sueLooking(w);
    await ok(
      call(app, 'POST', `/student/courses/${w.course.id}/teams`, w.as.sue, { name: 'Solo' }),
    );
    await expectSwitchedOff(w, other);
  });
});
