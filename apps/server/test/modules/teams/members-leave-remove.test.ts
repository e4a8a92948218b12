import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { teamMembers } from '../../../src/db/schema/index.js';
import { makeTeam } from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import {
  auditRows,
  call,
  detailOf,
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

const leave = (w: World, headers: Record<string, string>) =>
  call(app, 'POST', `/student/teams/${w.team.id}/leave`, headers);
const remove = (w: World, memberId: string, headers: Record<string, string>) =>
  call(app, 'DELETE', `/student/teams/${w.team.id}/members/${memberId}`, headers);

describe('POST /student/teams/{id}/leave', () => {
  it('a member leaves: the count drops, the leader stays, audited', async () => {
    const w = await world(app);
    const res = await leave(w, w.as.mia);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('You left Alpha');
    expect(res.json().data).toMatchObject({ memberCount: 2, openSeats: 2, relation: 'NONE' });
    expect(await memberIds(w.team.id)).toEqual([w.lea.id, w.max.id]);
    const [entry] = await auditRows(w.team.id);
    expect(entry).toMatchObject({
      action: 'MEMBER_LEFT',
      actorId: w.mia.id,
      targetUserId: w.mia.id,
    });
  });

  it('a leaving leader hands over to the longest-standing member, then the next one', async () => {
    const w = await world(app);
    // Mia joined before Max, though she was added after him: join time decides, not row order.
    const { db } = await getWorkerDb();
    const [lea] = await db.select().from(teamMembers).where(eq(teamMembers.userId, w.lea.id));
    await db
      .update(teamMembers)
      .set({ joinedAt: new Date(lea!.joinedAt.getTime() + 500) })
      .where(eq(teamMembers.userId, w.mia.id));

    expect((await leave(w, w.as.lea)).statusCode).toBe(200);
    expect((await teamRow(w.team.id)).leaderId).toBe(w.mia.id);
    const afterLea = await detailOf(app, w.team.id, w.as.mia);
    expect(afterLea.relation).toBe('LEADER');
    expect(afterLea.leader.id).toBe(w.mia.id);
    expect(afterLea.members.map((m) => [m.id, m.isLeader])).toEqual([
      [w.mia.id, true],
      [w.max.id, false],
    ]);
    const changed = (await auditRows(w.team.id)).find((a) => a.action === 'LEADER_CHANGED');
    expect(changed).toMatchObject({
      actorId: w.lea.id,
      targetUserId: w.mia.id,
      data: { from: w.lea.id, to: w.mia.id },
    });

    expect((await leave(w, w.as.mia)).statusCode).toBe(200);
    expect((await teamRow(w.team.id)).leaderId).toBe(w.max.id);
  });

  it('the last member leaving disbands the team and cancels its pending requests and invitations', async () => {
    const w = await world(app);
    const solo = await makeTeam(w.course.id, w.sue.id, { name: 'Solo' });
    const request = await pendingRequest(solo, w.ina.id);
    const invitation = await pendingInvitation(solo, w.ina.id);
    const res = await call(app, 'POST', `/student/teams/${solo.id}/leave`, w.as.sue);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('You left Solo; you were its last member, so it was disbanded');
    expect(res.json().data).toMatchObject({ disbandedAt: expect.any(String), members: [] });
    expect(await requestStatus(request.id)).toBe('CANCELLED');
    expect(await invitationStatus(invitation.id)).toBe('CANCELLED');
    expect((await auditRows(solo.id)).map((a) => a.action).sort()).toEqual([
      'INVITATION_CANCELLED',
      'MEMBER_LEFT',
      'REQUEST_CANCELLED',
      'TEAM_DISBANDED',
    ]);
  });

  it('refuses after the deadline, with an inactive enrollment, and in a disbanded team', async () => {
    const w = await world(app);
    await setEnrollmentStatus(w.course.id, w.mia.id, 'INACTIVE');
    const inactive = await leave(w, w.as.mia);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().code).toBe('NOT_ENROLLED');

    await setCourse(w.course.id, { teamFormationDeadline: yesterday() });
    const late = await leave(w, w.as.max);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'DEADLINE_PASSED',
      message: expect.stringContaining('deadline'),
    });
    expect(await memberIds(w.team.id)).toEqual([w.lea.id, w.max.id, w.mia.id]);

    await setCourse(w.course.id, { teamFormationDeadline: new Date(Date.now() + 86_400_000) });
    await call(app, 'POST', `/student/teams/${w.team.id}/disband`, w.as.lea);
    const gone = await leave(w, w.as.max);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe('TEAM_DISBANDED');
  });
});

describe('DELETE /student/teams/{teamId}/members/{memberId}', () => {
  it('the leader removes a member, audited with the leader as actor', async () => {
    const w = await world(app);
    const res = await remove(w, w.max.id, w.as.lea);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Member removed from Alpha');
    expect(res.json().data.members.map((m: { id: string }) => m.id)).toEqual([w.lea.id, w.mia.id]);
    const [entry] = await auditRows(w.team.id);
    expect(entry).toMatchObject({
      action: 'MEMBER_REMOVED',
      actorId: w.lea.id,
      targetUserId: w.max.id,
    });
    expect(entry!.data).not.toHaveProperty('byAdmin');
  });

  it('the leader cannot remove themselves, nor someone outside the team', async () => {
    const w = await world(app);
    const self = await remove(w, w.lea.id, w.as.lea);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({
      code: 'CANNOT_REMOVE_SELF',
      message: expect.stringContaining('leave the team instead'),
    });
    const outsider = await remove(w, w.sue.id, w.as.lea);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().code).toBe('NOT_TEAM_MEMBER');
    expect(await memberIds(w.team.id)).toEqual([w.lea.id, w.max.id, w.mia.id]);
    expect(await auditRows(w.team.id)).toEqual([]);
  });

  it('after the deadline the leader cannot, an admin of the course can', async () => {
    const w = await world(app);
    await setCourse(w.course.id, { teamFormationDeadline: yesterday() });
    const leader = await remove(w, w.max.id, w.as.lea);
    expect(leader.statusCode).toBe(409);
    expect(leader.json().code).toBe('DEADLINE_PASSED');
    const admin = await remove(w, w.max.id, w.as.adminA);
    expect(admin.statusCode).toBe(200);
    expect(await memberIds(w.team.id)).toEqual([w.lea.id, w.mia.id]);
    const [entry] = await auditRows(w.team.id);
    // Told apart from a leader's removal in the log (decision 017: audited as admin actions).
    expect(entry).toMatchObject({
      action: 'MEMBER_REMOVED',
      actorId: w.adminA.id,
      targetUserId: w.max.id,
      data: { byAdmin: true },
    });
  });

  it('an admin may remove the leader (leadership passes on) and the last member (the team disbands)', async () => {
    const w = await world(app);
    expect((await remove(w, w.lea.id, w.as.superadmin)).statusCode).toBe(200);
    expect((await teamRow(w.team.id)).leaderId).toBe(w.max.id);
    expect((await remove(w, w.max.id, w.as.adminA)).statusCode).toBe(200);
    const last = await remove(w, w.mia.id, w.as.adminA);
    expect(last.statusCode).toBe(200);
    expect(last.json().message).toBe('Member removed; Alpha had no members left and was disbanded');
    expect((await teamRow(w.team.id)).disbandedAt).not.toBeNull();
    // Every entry these admin removals wrote says so: removals, successions, the disband.
    const entries = await auditRows(w.team.id);
    expect(entries.map((e) => e.action).sort()).toEqual([
      'LEADER_CHANGED',
      'LEADER_CHANGED',
      'MEMBER_REMOVED',
      'MEMBER_REMOVED',
      'MEMBER_REMOVED',
      'TEAM_DISBANDED',
    ]);
    for (const entry of entries) expect(entry.data, entry.action).toMatchObject({ byAdmin: true });
  });

  it('refuses a malformed member id', async () => {
    const w = await world(app);
    const res = await call(app, 'DELETE', `/student/teams/${w.team.id}/members/nope`, w.as.lea);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('params.memberId');
  });
});
