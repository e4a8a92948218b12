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
  setEnrollmentStatus,
  teamRow,
  world,
  yesterday,
  type World,
} from './teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const patch = (w: World, headers: Record<string, string>, payload: Record<string, unknown>) =>
  call(app, 'PATCH', `/student/teams/${w.team.id}`, headers, payload);

describe('PATCH /student/teams/{id}', () => {
  it('lets the leader edit name, description, openness and size, audited with before and after', async () => {
    const w = await world(app);
    const res = await patch(w, w.as.lea, {
      name: 'Alpha Prime',
      description: '  New plan ',
      openToRequests: false,
      maxSize: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Alpha Prime updated');
    expect(res.json().data).toMatchObject({
      name: 'Alpha Prime',
      description: 'New plan',
      openToRequests: false,
      maxSize: 3,
      openSeats: 0,
      relation: 'LEADER',
    });
    const [entry] = await auditRows(w.team.id);
    expect(entry).toMatchObject({
      action: 'TEAM_UPDATED',
      actorId: w.lea.id,
      targetUserId: null,
      data: {
        before: { name: 'Alpha', description: 'We build things', openToRequests: true, maxSize: 4 },
        after: { name: 'Alpha Prime', description: 'New plan', openToRequests: false, maxSize: 3 },
      },
    });
  });

  it('records only what changed, and nothing when nothing changed', async () => {
    const w = await world(app);
    const same = await patch(w, w.as.lea, { name: 'Alpha', maxSize: 4 });
    expect(same.statusCode).toBe(200);
    expect(same.json().message).toBe('Nothing to change');
    expect(await auditRows(w.team.id)).toEqual([]);
    await patch(w, w.as.lea, { name: 'Alpha', description: 'Other' });
    const [entry] = await auditRows(w.team.id);
    expect(entry!.data).toEqual({
      before: { description: 'We build things' },
      after: { description: 'Other' },
    });
  });

  it('keeps the size limit between the member count and the course maximum', async () => {
    const w = await world(app);
    const small = await patch(w, w.as.lea, { maxSize: 2 });
    expect(small.statusCode).toBe(409);
    expect(small.json()).toEqual({
      success: false,
      code: 'MAX_SIZE_TOO_SMALL',
      message: 'Alpha already has 3 members; the size limit cannot go below that',
      details: [{ path: 'maxSize', message: 'At least 3, the current number of members' }],
    });
    const big = await patch(w, w.as.lea, { maxSize: 5, name: 'Renamed' });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'maxSize', message: "At most 4, the course's maximum team size" }],
    });
    expect(await teamRow(w.team.id)).toMatchObject({ name: 'Alpha', maxSize: 4 });
    expect((await patch(w, w.as.lea, { maxSize: 3 })).statusCode).toBe(200);
  });

  it('refuses a name another live team of the course has, whatever the case', async () => {
    const w = await world(app);
    const bo = await enrolledStudent(w.course.id, 'Bo Beta');
    await makeTeam(w.course.id, bo.id, { name: 'Beta' });
    const res = await patch(w, w.as.lea, { name: 'BETA', description: 'Changed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'TEAM_NAME_TAKEN',
      message: 'A team called "BETA" already exists in this course',
    });
    expect(await teamRow(w.team.id)).toMatchObject({
      name: 'Alpha',
      description: 'We build things',
    });
    expect(await auditRows(w.team.id)).toEqual([]);
    // A change of case of its own name is fine.
    expect((await patch(w, w.as.lea, { name: 'ALPHA' })).statusCode).toBe(200);
  });

  it.each([
    [{}, ''],
    [{ name: '' }, 'name'],
    [{ maxSize: 0 }, 'maxSize'],
    [{ openToRequests: 'no' }, 'openToRequests'],
    [{ leaderId: 'x' }, 'leaderId'],
  ])('refuses %j with VALIDATION_ERROR', async (payload, field) => {
    const w = await world(app);
    const res = await patch(w, w.as.lea, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
    expect(await teamRow(w.team.id)).toMatchObject({ name: 'Alpha', maxSize: 4 });
  });

  it('after the deadline: details may change, the size limit only by an admin', async () => {
    const w = await world(app);
    await setCourse(w.course.id, { teamFormationDeadline: yesterday() });
    expect((await patch(w, w.as.lea, { description: 'Still editable' })).statusCode).toBe(200);
    const size = await patch(w, w.as.lea, { maxSize: 3 });
    expect(size.statusCode).toBe(409);
    expect(size.json().code).toBe('DEADLINE_PASSED');
    expect((await teamRow(w.team.id)).maxSize).toBe(4);
    const admin = await patch(w, w.as.adminA, { maxSize: 3 });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.viewer.isAdmin).toBe(true);
    const [entry] = await auditRows(w.team.id);
    expect(entry).toMatchObject({
      action: 'TEAM_UPDATED',
      actorId: w.adminA.id,
      data: { after: { maxSize: 3 }, byAdmin: true },
    });
  });

  it('refuses a leader whose enrollment went inactive, and any change in an archived course', async () => {
    const w = await world(app);
    await setEnrollmentStatus(w.course.id, w.lea.id, 'INACTIVE');
    const inactive = await patch(w, w.as.lea, { description: 'x' });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().code).toBe('NOT_ENROLLED');

    await setCourse(w.course.id, { archivedAt: new Date() });
    const archived = await patch(w, w.as.adminA, { description: 'x' });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().code).toBe('COURSE_ARCHIVED');
  });
});

describe('POST /student/teams/{id}/disband', () => {
  it('lets the leader disband: members released, pending requests and invitations cancelled, audited', async () => {
    const w = await world(app);
    const request = await pendingRequest(w.team, w.sue.id);
    const invitation = await pendingInvitation(w.team, w.ina.id);
    const res = await call(app, 'POST', `/student/teams/${w.team.id}/disband`, w.as.lea);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Alpha has been disbanded');
    expect(res.json().data).toMatchObject({
      disbandedAt: expect.any(String),
      memberCount: 0,
      members: [],
    });
    expect(await memberIds(w.team.id)).toEqual([]);
    expect(await requestStatus(request.id)).toBe('CANCELLED');
    expect(await invitationStatus(invitation.id)).toBe('CANCELLED');
    const audit = await auditRows(w.team.id);
    expect(audit.map((a) => a.action).sort()).toEqual([
      'INVITATION_CANCELLED',
      'REQUEST_CANCELLED',
      'TEAM_DISBANDED',
    ]);
    const disbanded = audit.find((a) => a.action === 'TEAM_DISBANDED')!;
    expect(disbanded).toMatchObject({
      actorId: w.lea.id,
      data: { reason: 'Disbanded by the leader' },
    });
    expect(disbanded.data).not.toHaveProperty('byAdmin');
    expect((disbanded.data.releasedMembers as string[]).sort()).toEqual(
      [w.lea.id, w.max.id, w.mia.id].sort(),
    );
    // The members are free to join or create another team.
    const again = await call(app, 'POST', `/student/courses/${w.course.id}/teams`, w.as.max, {
      name: 'Alpha',
    });
    expect(again.statusCode).toBe(201);
  });

  it('refuses twice: a disbanded team stays disbanded', async () => {
    const w = await world(app);
    await call(app, 'POST', `/student/teams/${w.team.id}/disband`, w.as.lea);
    const res = await call(app, 'POST', `/student/teams/${w.team.id}/disband`, w.as.lea);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'TEAM_DISBANDED',
      message: 'Alpha has been disbanded',
    });
  });

  it('after the deadline only an admin may disband', async () => {
    const w = await world(app);
    await setCourse(w.course.id, { teamFormationDeadline: yesterday() });
    const leader = await call(app, 'POST', `/student/teams/${w.team.id}/disband`, w.as.lea);
    expect(leader.statusCode).toBe(409);
    expect(leader.json().code).toBe('DEADLINE_PASSED');
    expect((await teamRow(w.team.id)).disbandedAt).toBeNull();
    const admin = await call(app, 'POST', `/student/teams/${w.team.id}/disband`, w.as.adminA);
    expect(admin.statusCode).toBe(200);
    const disbanded = (await auditRows(w.team.id)).find((a) => a.action === 'TEAM_DISBANDED');
    expect(disbanded).toMatchObject({
      actorId: w.adminA.id,
      data: { reason: 'Disbanded by an organization admin', byAdmin: true },
    });
  });
});
