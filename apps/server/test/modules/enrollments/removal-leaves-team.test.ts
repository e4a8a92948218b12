// Membership follows enrollment (issue 10, decision 081): removing an enrollment or setting it
// INACTIVE takes the student out of their team in the course in the same transaction, with
// the usual rules, audited as the admin's action; restoring the enrollment gives no seat back.
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Enrollment } from '@teamup/shared';
import { auditEvents, enrollments, joinRequests } from '../../../src/db/schema/index.js';
import { makeCourse, makeEnrollment, makeTeam } from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import {
  auditRows,
  call,
  detailOf,
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
} from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

async function enrollmentOf(courseId: string, userId: string) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)));
  return row!;
}

async function enrollmentAudits(enrollmentId: string) {
  const { db } = await getWorkerDb();
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.enrollmentId, enrollmentId))
    .orderBy(asc(auditEvents.createdAt));
}

async function requestReason(id: string) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .select({ reason: joinRequests.reason })
    .from(joinRequests)
    .where(eq(joinRequests.id, id));
  return row!.reason;
}

type Admin = Record<string, string>;
type Change = 'remove' | 'inactive';

async function end(w: World, change: Change, userId: string, as: Admin = w.as.adminA) {
  const { id } = await enrollmentOf(w.course.id, userId);
  return change === 'remove'
    ? call(app, 'DELETE', `/admin/enrollment/${id}/remove`, as)
    : call(app, 'PATCH', `/admin/enrollment/${id}/status`, as, { status: 'INACTIVE' });
}

/** What the student can still read of the team: details, notices and history. */
async function reads(teamId: string, as: Admin) {
  const [detail, notices, logs] = await Promise.all([
    call(app, 'GET', `/student/teams/${teamId}`, as),
    call(app, 'GET', `/student/teams/${teamId}/notices`, as),
    call(app, 'GET', `/student/teams/${teamId}/audit-logs`, as),
  ]);
  return { detail, notices, logs };
}

describe.each<Change>(['remove', 'inactive'])('ending an enrollment (%s)', (change) => {
  it('takes a plain member out of the team, audited as the admin', async () => {
    const w = await world(app);
    expect(
      (await call(app, 'GET', `/student/teams/${w.team.id}/audit-logs`, w.as.max)).statusCode,
    ).toBe(200);

    const res = await end(w, change, w.max.id);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: Enrollment; message: string }>();
    expect(body.data.team).toBeNull();
    expect(body.message).toContain('Max Member left Alpha');

    expect(await memberIds(w.team.id)).toEqual([w.lea.id, w.mia.id]);
    const team = await teamRow(w.team.id);
    expect(team).toMatchObject({ memberCount: 2, leaderId: w.lea.id, disbandedAt: null });
    const [removed] = (await auditRows(w.team.id)).filter((a) => a.action === 'MEMBER_REMOVED');
    expect(removed).toMatchObject({
      actorId: w.adminA.id,
      targetUserId: w.max.id,
      data: expect.objectContaining({ byAdmin: true, enrollmentId: expect.any(String) }),
    });

    const enrollment = await enrollmentOf(w.course.id, w.max.id);
    const [ended] = (await enrollmentAudits(enrollment.id)).filter(
      (a) => a.action === (change === 'remove' ? 'REMOVED' : 'STATUS_CHANGED'),
    );
    expect(ended!.data).toMatchObject({
      leftTeam: { id: w.team.id, name: 'Alpha', disbanded: false },
    });

    // The others see the change on the team page.
    const seen = await detailOf(app, w.team.id, w.as.lea);
    expect(seen.members.map((m) => m.id)).toEqual([w.lea.id, w.mia.id]);
  });

  it('passes leadership to the longest-standing member when the leader goes', async () => {
    const w = await world(app);
    const res = await end(w, change, w.lea.id);
    expect(res.statusCode).toBe(200);
    expect(await memberIds(w.team.id)).toEqual([w.max.id, w.mia.id]);
    expect((await teamRow(w.team.id)).leaderId).toBe(w.max.id);
    const [handover] = (await auditRows(w.team.id)).filter((a) => a.action === 'LEADER_CHANGED');
    expect(handover).toMatchObject({
      actorId: w.adminA.id,
      targetUserId: w.max.id,
      data: { from: w.lea.id, to: w.max.id, byAdmin: true },
    });
    expect((await detailOf(app, w.team.id, w.as.max)).viewer.relation).toBe('LEADER');
  });

  it("disbands the last member's team and cancels its pending requests and invitations", async () => {
    const w = await world(app);
    const solo = await makeTeam(w.course.id, w.sue.id, { name: 'Solo' });
    const tia = await enrolledStudent(w.course.id, 'Tia Teamless');
    const uma = await enrolledStudent(w.course.id, 'Uma Unteamed');
    const request = await pendingRequest(solo, tia.id);
    const invitation = await pendingInvitation(solo, uma.id);

    const res = await end(w, change, w.sue.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toContain('Sue Solo left Solo (now disbanded)');
    const team = await teamRow(solo.id);
    expect(team.disbandedAt).not.toBeNull();
    expect(team.memberCount).toBe(0);
    expect(await requestStatus(request.id)).toBe('CANCELLED');
    expect(await invitationStatus(invitation.id)).toBe('CANCELLED');
    const audits = await auditRows(solo.id);
    expect(audits.find((a) => a.action === 'TEAM_DISBANDED')).toMatchObject({
      actorId: w.adminA.id,
      data: expect.objectContaining({ byAdmin: true }),
    });
    for (const action of ['REQUEST_CANCELLED', 'INVITATION_CANCELLED']) {
      expect(audits.find((a) => a.action === action)).toMatchObject({
        actorId: w.adminA.id,
        data: expect.objectContaining({ byAdmin: true, reason: 'The team was disbanded' }),
      });
    }
    // Nobody may still read a disbanded team through a membership that ended this way.
    const after = await reads(solo.id, w.as.sue);
    expect(after.detail.statusCode).toBe(404);
    expect(after.logs.statusCode).toBe(404);
  });

  it("cancels the student's own pending requests and invitations in that course only", async () => {
    const w = await world(app);
    const beta = await makeTeam(w.course.id, (await enrolledStudent(w.course.id, 'Bo Beta')).id, {
      name: 'Beta',
    });
    const other = await makeCourse(w.orgA.id, { code: 'A202' });
    await makeEnrollment(other.id, { email: w.sue.email, userId: w.sue.id, fullname: 'Sue Solo' });
    const gamma = await makeTeam(other.id, (await enrolledStudent(other.id, 'Gil Gamma')).id, {
      name: 'Gamma',
    });
    const toAlpha = await pendingRequest(w.team, w.sue.id);
    const fromBeta = await pendingInvitation(beta, w.sue.id);
    const toGamma = await pendingRequest(gamma, w.sue.id);
    const fromGamma = await pendingInvitation(gamma, w.sue.id);
    const delta = await makeTeam(other.id, (await enrolledStudent(other.id, 'Dee Delta')).id, {
      name: 'Delta',
      members: [w.sue.id],
    });

    expect((await end(w, change, w.sue.id)).statusCode).toBe(200);
    expect(await requestStatus(toAlpha.id)).toBe('CANCELLED');
    expect(await requestReason(toAlpha.id)).toMatch(/^Enrollment /);
    expect(await invitationStatus(fromBeta.id)).toBe('CANCELLED');
    expect(await requestStatus(toGamma.id)).toBe('PENDING');
    expect(await invitationStatus(fromGamma.id)).toBe('PENDING');
    expect(
      (await auditRows(w.team.id)).find((a) => a.action === 'REQUEST_CANCELLED'),
    ).toMatchObject({
      actorId: w.adminA.id,
      targetUserId: w.sue.id,
      data: expect.objectContaining({ byAdmin: true }),
    });
    expect(
      (await auditRows(beta.id)).find((a) => a.action === 'INVITATION_CANCELLED'),
    ).toMatchObject({
      actorId: w.adminA.id,
      targetUserId: w.sue.id,
      data: expect.objectContaining({ byAdmin: true }),
    });
    // Her team in the other course is untouched too.
    expect(await teamOfIn(other.id, w.sue.id)).toBe(delta.id);
  });

  it('works after the formation deadline: admins change membership at any time', async () => {
    const w = await world(app, { deadline: yesterday() });
    expect((await end(w, change, w.mia.id)).statusCode).toBe(200);
    expect(await teamOfIn(w.course.id, w.mia.id)).toBeNull();
  });

  it('gives no seat back when the enrollment is restored', async () => {
    const w = await world(app);
    expect((await end(w, change, w.max.id)).statusCode).toBe(200);
    const { id } = await enrollmentOf(w.course.id, w.max.id);
    const restored =
      change === 'remove'
        ? await call(app, 'POST', '/admin/students/manual-add', w.as.adminA, {
            courseId: w.course.id,
            email: w.max.email,
            fullname: 'Max Member',
          })
        : await call(app, 'PATCH', `/admin/enrollment/${id}/status`, w.as.adminA, {
            status: 'ACTIVE',
          });
    expect(restored.statusCode).toBe(change === 'remove' ? 201 : 200);
    expect(restored.json<{ data: Enrollment }>().data).toMatchObject({
      status: 'ACTIVE',
      team: null,
    });
    expect(await teamOfIn(w.course.id, w.max.id)).toBeNull();
    expect(await memberIds(w.team.id)).toEqual([w.lea.id, w.mia.id]);

    // Teamless again, they may ask to join like anyone else.
    const apply = await call(
      app,
      'POST',
      `/student/teams/${w.team.id}/join-requests`,
      w.as.max,
      {},
    );
    expect(apply.statusCode).toBe(201);
  });
});

describe('reading the team afterwards', () => {
  it('is 404 everywhere once the enrollment is removed', async () => {
    const w = await world(app);
    const before = await reads(w.team.id, w.as.max);
    expect([before.detail.statusCode, before.notices.statusCode, before.logs.statusCode]).toEqual([
      200, 200, 200,
    ]);
    expect((await end(w, 'remove', w.max.id)).statusCode).toBe(200);
    const after = await reads(w.team.id, w.as.max);
    expect([after.detail.statusCode, after.notices.statusCode, after.logs.statusCode]).toEqual([
      404, 404, 404,
    ]);
    // Leaving is not even offered: the team does not exist for them.
    expect(
      (await call(app, 'POST', `/student/teams/${w.team.id}/leave`, w.as.max)).statusCode,
    ).toBe(404);
  });

  it('closes the team, its board and its history to a student set INACTIVE', async () => {
    const w = await world(app);
    expect((await end(w, 'inactive', w.max.id)).statusCode).toBe(200);
    const after = await reads(w.team.id, w.as.max);
    for (const res of [after.detail, after.notices, after.logs]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_ENROLLED' });
    }
    // Restored: the team page opens again, as for any classmate, with no seat.
    const { id } = await enrollmentOf(w.course.id, w.max.id);
    const restore = await call(app, 'PATCH', `/admin/enrollment/${id}/status`, w.as.adminA, {
      status: 'ACTIVE',
    });
    expect(restore.statusCode).toBe(200);
    const restored = await reads(w.team.id, w.as.max);
    expect(restored.detail.statusCode).toBe(200);
    expect(
      restored.detail.json<{ data: { viewer: Record<string, unknown> } }>().data.viewer,
    ).toMatchObject({ relation: 'NONE', currentTeamId: null });
  });
});

describe('changes that are refused change nothing', () => {
  it('keeps the seat when the status change is invalid, pending, unchanged or out of scope', async () => {
    const w = await world(app);
    const { id } = await enrollmentOf(w.course.id, w.max.id);
    const patch = (payload: Record<string, unknown>, as = w.as.adminA) =>
      call(app, 'PATCH', `/admin/enrollment/${id}/status`, as, payload);

    expect((await patch({ status: 'PENDING' })).statusCode).toBe(400);
    expect((await patch({ status: 'inactive' })).statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ status: 'INACTIVE' }, w.as.adminB)).statusCode).toBe(404);
    expect((await patch({ status: 'INACTIVE' }, w.as.max)).statusCode).toBe(403);
    const same = await patch({ status: 'ACTIVE' });
    expect(same.statusCode).toBe(200);
    expect(same.json<{ message: string }>().message).toBe('Nothing to change');
    expect(
      (await call(app, 'DELETE', `/admin/enrollment/${id}/remove`, w.as.adminB)).statusCode,
    ).toBe(404);

    expect(await memberIds(w.team.id)).toEqual([w.lea.id, w.max.id, w.mia.id]);
    expect((await enrollmentOf(w.course.id, w.max.id)).status).toBe('ACTIVE');
    expect(await auditRows(w.team.id)).toEqual([]);
  });

  it('refuses both changes in an archived course and keeps the team as it was', async () => {
    const w = await world(app);
    await setCourse(w.course.id, { archivedAt: new Date() });
    for (const change of ['remove', 'inactive'] as const) {
      const res = await end(w, change, w.lea.id);
      expect(res.statusCode).toBe(409);
      expect(res.json<{ code: string }>().code).toBe('COURSE_ARCHIVED');
    }
    expect(await memberIds(w.team.id)).toEqual([w.lea.id, w.max.id, w.mia.id]);
    expect((await teamRow(w.team.id)).leaderId).toBe(w.lea.id);
    expect(await auditRows(w.team.id)).toEqual([]);
  });

  it('refuses a PENDING enrollment with 409 and touches nothing', async () => {
    const w = await world(app);
    const pending = await makeEnrollment(w.course.id, { email: 'later@example.edu' });
    const res = await call(app, 'PATCH', `/admin/enrollment/${pending.id}/status`, w.as.adminA, {
      status: 'INACTIVE',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('ENROLLMENT_PENDING');
    // A removed PENDING enrollment has no student behind it: nothing to leave.
    const removed = await call(
      app,
      'DELETE',
      `/admin/enrollment/${pending.id}/remove`,
      w.as.adminA,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ message: string }>().message).toBe('later@example.edu removed from A101');
    expect(await memberIds(w.team.id)).toEqual([w.lea.id, w.max.id, w.mia.id]);
  });
});

// On PostgreSQL the two calls run at once on separate connections; on PGlite they queue. Either
// way the locks are taken in one order (team, then enrollment): no deadlock, no 5xx, and never a
// removed enrollment with a seat.
describe('an enrollment ending while the student is accepted into a team', () => {
  it.each([1, 2, 3])('leaves a consistent state whichever wins (round %i)', async () => {
    const w = await world(app);
    const request = await pendingRequest(w.team, w.sue.id);
    const { id } = await enrollmentOf(w.course.id, w.sue.id);
    const [accept, remove] = await Promise.all([
      call(app, 'POST', `/student/join-requests/${request.id}/accept`, w.as.lea),
      call(app, 'DELETE', `/admin/enrollment/${id}/remove`, w.as.adminA),
    ]);
    expect([200, 409]).toContain(accept.statusCode);
    expect([200, 409]).toContain(remove.statusCode);
    const removed = (await enrollmentOf(w.course.id, w.sue.id)).removedAt !== null;
    const seat = await teamOfIn(w.course.id, w.sue.id);
    if (remove.statusCode === 200) {
      expect(removed).toBe(true);
      expect(seat).toBeNull();
    } else {
      // The student joined between the removal's first look and its locks: nothing written.
      expect(remove.json<{ code: string }>().code).toBe('STUDENT_TEAM_CHANGED');
      expect(accept.statusCode).toBe(200);
      expect(removed).toBe(false);
      expect(seat).toBe(w.team.id);
    }
    const team = await teamRow(w.team.id);
    expect(team.memberCount).toBe((await memberIds(w.team.id)).length);
    expect(await requestStatus(request.id)).not.toBe('PENDING');
  });
});
