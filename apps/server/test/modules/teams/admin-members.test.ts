import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../../fixtures.js';
import { buildTestApp } from '../../helper.js';
import {
  auditRows,
  call,
  enrolledStudent,
  invitationStatus,
  memberIds,
  pendingInvitation,
  pendingRequest,
  requestStatus,
  setCourse,
  teamOfIn,
  teamRow,
  world,
  yesterday,
  type World,
} from './teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const put = (
  w: World,
  teamId: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = w.as.adminA,
) => call(app, 'POST', `/admin/teams/${teamId}/members`, headers, payload);

/** Beta: Bo leads, Bea follows (2 of 3 seats). */
async function withBeta(w: World) {
  const bo = await enrolledStudent(w.course.id, 'Bo Beta');
  const bea = await enrolledStudent(w.course.id, 'Bea Beta');
  const beta = await makeTeam(w.course.id, bo.id, { name: 'Beta', maxSize: 3, members: [bea.id] });
  return { bo, bea, beta };
}

describe('POST /admin/teams/{id}/members', () => {
  it('adds a student without a team, after the deadline too, and cancels their pending requests', async () => {
    const w = await world(app);
    const { beta } = await withBeta(w);
    await setCourse(w.course.id, { teamFormationDeadline: yesterday() });
    const request = await pendingRequest(beta, w.sue.id);
    const invitation = await pendingInvitation(beta, w.sue.id);

    const res = await put(w, w.team.id, { userId: w.sue.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Student added to Alpha');
    expect(res.json().data).toMatchObject({ memberCount: 4, openSeats: 0 });
    expect(res.json().data.viewer.isAdmin).toBe(true);
    expect(await memberIds(w.team.id)).toEqual([w.lea.id, w.max.id, w.mia.id, w.sue.id]);
    expect(await requestStatus(request.id)).toBe('CANCELLED');
    expect(await invitationStatus(invitation.id)).toBe('CANCELLED');
    const [entry] = (await auditRows(w.team.id)).filter(
      (a) => a.action === 'MEMBER_ADDED_BY_ADMIN',
    );
    expect(entry).toMatchObject({ actorId: w.adminA.id, targetUserId: w.sue.id });
  });

  it('moves a student from their team: both teams change, both logs say so', async () => {
    const w = await world(app);
    const { bo, bea, beta } = await withBeta(w);
    const res = await put(w, w.team.id, { userId: bo.id }, w.as.superadmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Student moved from Beta to Alpha');
    expect(await teamOfIn(w.course.id, bo.id)).toBe(w.team.id);
    expect(await memberIds(beta.id)).toEqual([bea.id]);
    // Bo led Beta: the longest-standing remaining member takes over.
    expect(await teamRow(beta.id)).toMatchObject({ leaderId: bea.id, memberCount: 1 });
    expect((await teamRow(w.team.id)).memberCount).toBe(4);

    const out = (await auditRows(beta.id)).find((a) => a.action === 'MEMBER_MOVED_BY_ADMIN');
    expect(out).toMatchObject({
      actorId: w.superadmin.id,
      targetUserId: bo.id,
      data: { toTeamId: w.team.id, toTeamName: 'Alpha' },
    });
    const into = (await auditRows(w.team.id)).find((a) => a.action === 'MEMBER_MOVED_BY_ADMIN');
    expect(into).toMatchObject({
      actorId: w.superadmin.id,
      targetUserId: bo.id,
      data: { fromTeamId: beta.id, fromTeamName: 'Beta' },
    });
  });

  it('moving the last member out disbands the old team', async () => {
    const w = await world(app);
    const solo = await makeTeam(w.course.id, w.sue.id, { name: 'Solo' });
    expect((await put(w, w.team.id, { userId: w.sue.id })).statusCode).toBe(200);
    expect((await teamRow(solo.id)).disbandedAt).not.toBeNull();
  });

  it('keeps capacity: a full team refuses, and the student stays where they were', async () => {
    const w = await world(app);
    const { bo, beta } = await withBeta(w);
    await put(w, w.team.id, { userId: w.sue.id });
    const res = await put(w, w.team.id, { userId: bo.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TEAM_FULL', message: 'Alpha is full' });
    expect(await teamOfIn(w.course.id, bo.id)).toBe(beta.id);
    expect((await teamRow(beta.id)).memberCount).toBe(2);
  });

  it('refuses a student already in the team, and students without an active enrollment', async () => {
    const w = await world(app);
    const already = await put(w, w.team.id, { userId: w.max.id });
    expect(already.statusCode).toBe(409);
    expect(already.json()).toMatchObject({
      code: 'ALREADY_IN_TEAM',
      message: 'That student is already a member of Alpha',
    });
    for (const who of [w.ina, w.olga, w.adminA]) {
      const res = await put(w, w.team.id, { userId: who.id });
      expect(res.statusCode, who.fullname).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'NOT_ENROLLED',
        message: 'That student does not have an active enrollment in this course',
      });
    }
    expect(await memberIds(w.team.id)).toEqual([w.lea.id, w.max.id, w.mia.id]);
  });

  it('refuses a disbanded team and a team of an archived course', async () => {
    const w = await world(app);
    const { beta } = await withBeta(w);
    await call(app, 'POST', `/student/teams/${beta.id}/disband`, w.as.adminA);
    const disbanded = await put(w, beta.id, { userId: w.sue.id });
    expect(disbanded.statusCode).toBe(409);
    expect(disbanded.json().code).toBe('TEAM_DISBANDED');
    await setCourse(w.course.id, { archivedAt: new Date() });
    const archived = await put(w, w.team.id, { userId: w.sue.id });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().code).toBe('COURSE_ARCHIVED');
  });

  it.each([
    [{}, 'userId'],
    [{ userId: 'abc' }, 'userId'],
    [{ userId: '00000000-0000-4000-8000-000000000000', role: 'x' }, 'role'],
  ])('refuses %j with VALIDATION_ERROR on %s', async (payload, field) => {
    const w = await world(app);
    const res = await put(w, w.team.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
    expect(await memberIds(w.team.id)).toEqual([w.lea.id, w.max.id, w.mia.id]);
  });
});
