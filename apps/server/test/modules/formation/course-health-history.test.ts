// Team histories (issue 15, decision 118): GET /student/courses/{id}/team-history and
// GET /admin/courses/{id}/students/{userId}/team-history, built from the membership periods the
// team_members triggers write, with the reason membership.ts sets for each way of leaving.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TeamHistory } from '@teamup/shared';
import { enrollments } from '../../../src/db/schema/index.js';
import { makeTeam } from '../../fixtures.js';
import { bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import { call, enrolledStudent, world, type World } from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function ok(response: Promise<{ statusCode: number; body: string }>) {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
}

const adminHistory = (w: World, userId: string, headers = w.as.adminA) =>
  call(app, 'GET', `/admin/courses/${w.course.id}/students/${userId}/team-history`, headers);
const myHistory = (w: World, headers: Record<string, string>) =>
  call(app, 'GET', `/student/courses/${w.course.id}/team-history`, headers);

describe('team history', () => {
  it('keeps every period with why it ended: moved, left, removed, disbanded, enrollment ended', async () => {
    const w = await world(app);
    const bo = await enrolledStudent(w.course.id, 'Bo Beta');
    const beta = await makeTeam(w.course.id, bo.id, { name: 'Beta', maxSize: 4 });
    const asBo = bearer((await signIn(app, bo.email)).token);
    const add = (teamId: string) =>
      ok(call(app, 'POST', `/admin/teams/${teamId}/members`, w.as.adminA, { userId: w.sue.id }));

    await add(w.team.id); // into Alpha
    await add(beta.id); // moved to Beta
    await ok(call(app, 'POST', `/student/teams/${beta.id}/leave`, w.as.sue));
    await add(w.team.id);
    await ok(call(app, 'DELETE', `/student/teams/${w.team.id}/members/${w.sue.id}`, w.as.lea));
    await add(beta.id);
    await ok(call(app, 'POST', `/student/teams/${beta.id}/disband`, asBo));
    await add(w.team.id);

    const mine = await myHistory(w, w.as.sue);
    expect(mine.statusCode, mine.body).toBe(200);
    const { items } = mine.json<{ data: TeamHistory }>().data;
    expect(items.map((i) => [i.teamName, i.leftReason, i.teamDisbanded])).toEqual([
      ['Alpha', 'MOVED', false],
      ['Beta', 'LEFT', true],
      ['Alpha', 'REMOVED', false],
      ['Beta', 'DISBANDED', true],
      ['Alpha', null, false],
    ]);
    for (const [i, item] of items.entries()) {
      expect(item.joinedAt).toMatch(ISO);
      if (i < items.length - 1) {
        expect(item.leftAt).toMatch(ISO);
        expect(item.leftAt! >= item.joinedAt).toBe(true);
        expect(items[i + 1]!.joinedAt >= item.leftAt!).toBe(true);
      }
    }
    expect(items.at(-1)!.leftAt).toBeNull();
    expect(items[0]!.teamId).toBe(w.team.id);
    expect(items[1]!.teamId).toBe(beta.id);

    // The admin removes Sue's enrollment: her last period ends with it.
    const { db } = await getWorkerDb();
    const [enrollment] = await db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.sue.id)));
    await ok(call(app, 'DELETE', `/admin/enrollment/${enrollment!.id}/remove`, w.as.adminA));
    const after = await adminHistory(w, w.sue.id);
    expect(after.statusCode, after.body).toBe(200);
    const all = after.json<{ data: TeamHistory }>().data.items;
    expect(all.map((i) => i.leftReason)).toEqual([
      'MOVED',
      'LEFT',
      'REMOVED',
      'DISBANDED',
      'ENROLLMENT_ENDED',
    ]);
    // Sue herself no longer sees the course, as with every student course call.
    expect((await myHistory(w, w.as.sue)).statusCode).toBe(404);
    expect((await adminHistory(w, w.sue.id, w.as.superadmin)).statusCode).toBe(200);
  });

  it("shows a member's open period, an empty list to a student without a team", async () => {
    const w = await world(app);
    const lea = await myHistory(w, w.as.lea);
    expect(lea.json().data.items).toEqual([
      {
        teamId: w.team.id,
        teamName: 'Alpha',
        joinedAt: expect.stringMatching(ISO),
        leftAt: null,
        leftReason: null,
        teamDisbanded: false,
      },
    ]);
    expect((await myHistory(w, w.as.sue)).json().data).toEqual({ items: [] });
    expect((await adminHistory(w, w.sue.id)).json().data).toEqual({ items: [] });
  });

  // Issue 24: a disbanded team stays in the history of everyone who was in it, the leader who
  // disbanded it included, and a team left before the disband keeps its own reason.
  it('lists a disbanded team for the leader who disbanded it and for every member it released', async () => {
    const w = await world(app);
    await ok(call(app, 'POST', `/student/teams/${w.team.id}/leave`, w.as.mia));
    await ok(call(app, 'POST', `/student/teams/${w.team.id}/disband`, w.as.lea));
    const entry = async (headers: Record<string, string>) => {
      const res = await myHistory(w, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ data: TeamHistory }>()
        .data.items.map((i) => [i.teamName, i.leftReason, i.teamDisbanded, i.leftAt !== null]);
    };
    expect(await entry(w.as.lea)).toEqual([['Alpha', 'DISBANDED', true, true]]);
    expect(await entry(w.as.max)).toEqual([['Alpha', 'DISBANDED', true, true]]);
    expect(await entry(w.as.mia)).toEqual([['Alpha', 'LEFT', true, true]]);
    const admin = await adminHistory(w, w.lea.id);
    expect(admin.json<{ data: TeamHistory }>().data.items).toHaveLength(1);
  });

  it("is 404 outside one's courses and organizations", async () => {
    const w = await world(app);
    // Olga studies course B only; admins see course A's students only.
    expect((await myHistory(w, w.as.olga)).statusCode).toBe(404);
    expect((await myHistory(w, w.as.adminA)).statusCode).toBe(404);
    expect((await adminHistory(w, w.olga.id)).statusCode).toBe(404);
    expect((await adminHistory(w, w.lea.id, w.as.adminB)).statusCode).toBe(404);
    expect((await adminHistory(w, w.lea.id, w.as.lea)).statusCode).toBe(403);
    expect(
      (await call(app, 'GET', `/student/courses/${w.course.id}/team-history`)).statusCode,
    ).toBe(401);
  });
});
