import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrollments, organizations, teams, users } from '../../../src/db/schema/index.js';
import { makeEnrollment, makeTeam } from '../../fixtures.js';
import { bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import {
  call,
  detailOf,
  enrolledStudent,
  pendingInvitation,
  pendingRequest,
  setCourse,
  setEnrollmentStatus,
  world,
  yesterday,
} from './teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

describe('GET /student/teams/{id}', () => {
  it('shows a member the team, its course and its members oldest first with the leader marked', async () => {
    const w = await world(app);
    const { db } = await getWorkerDb();
    await db
      .update(users)
      .set({ skills: ['Go', 'SQL'] })
      .where(eq(users.id, w.max.id));
    const team = await detailOf(app, w.team.id, w.as.max);
    expect(team).toMatchObject({
      id: w.team.id,
      name: 'Alpha',
      description: 'We build things',
      memberCount: 3,
      maxSize: 4,
      openSeats: 1,
      relation: 'MEMBER',
      leader: { id: w.lea.id, fullname: 'Lea Leader' },
      course: { id: w.course.id, code: 'A101', deadlinePassed: false, archived: false },
      viewer: {
        relation: 'MEMBER',
        isAdmin: false,
        pendingRequestId: null,
        pendingInvitationId: null,
        canApply: false,
        waitlistedRequestId: null,
        waitlistPosition: null,
        canJoinWaitlist: false,
        currentTeamId: w.team.id,
        canReadAudit: true,
        enrollmentStatus: 'ACTIVE',
      },
    });
    expect(team.members).toEqual([
      {
        id: w.lea.id,
        fullname: 'Lea Leader',
        email: w.lea.email,
        avatar: null,
        skills: [],
        joinedAt: expect.any(String),
        isLeader: true,
      },
      expect.objectContaining({ id: w.max.id, skills: ['Go', 'SQL'], isLeader: false }),
      expect.objectContaining({ id: w.mia.id, isLeader: false }),
    ]);
    expect(Date.parse(team.members[0]!.joinedAt)).toBeLessThan(
      Date.parse(team.members[1]!.joinedAt),
    );
  });

  it('lets an active classmate without a team apply, and says why not otherwise', async () => {
    const w = await world(app);
    const sue = await detailOf(app, w.team.id, w.as.sue);
    expect(sue.viewer).toEqual({
      relation: 'NONE',
      isAdmin: false,
      pendingRequestId: null,
      pendingInvitationId: null,
      canApply: true,
      waitlistedRequestId: null,
      waitlistPosition: null,
      canJoinWaitlist: false,
      currentTeamId: null,
      canReadAudit: false,
      enrollmentStatus: 'ACTIVE',
    });
    expect(sue.relation).toBe('NONE');
    // Inactive enrollment: no longer takes part in the course, so its teams are closed
    // (decision 081): members' emails, boards and history included.
    const inactive = await call(app, 'GET', `/student/teams/${w.team.id}`, w.as.ina);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ success: false, code: 'NOT_ENROLLED' });

    const request = await pendingRequest(w.team, w.sue.id);
    expect((await detailOf(app, w.team.id, w.as.sue)).viewer).toMatchObject({
      relation: 'REQUESTED',
      pendingRequestId: request.id,
      canApply: false,
    });
  });

  it('shows a pending invitation to the invitee', async () => {
    const w = await world(app);
    const invitation = await pendingInvitation(w.team, w.sue.id);
    const team = await detailOf(app, w.team.id, w.as.sue);
    expect(team.relation).toBe('INVITED');
    // canApply is false (the invitation is pending) but Sue is in no team: she may accept.
    expect(team.viewer).toMatchObject({
      pendingInvitationId: invitation.id,
      canApply: false,
      currentTeamId: null,
    });
  });

  it('says which team the caller is in, so refusals name the real reason', async () => {
    const w = await world(app);
    const { db } = await getWorkerDb();
    const tia = await enrolledStudent(w.course.id, 'Tia Teamless');
    const tiaHeaders = bearer((await signIn(app, tia.email)).token);
    const beta = await makeTeam(w.course.id, w.sue.id, { name: 'Beta' });

    // Sue leads Beta: she cannot apply to Alpha because of Beta.
    expect((await detailOf(app, w.team.id, w.as.sue)).viewer).toMatchObject({
      relation: 'NONE',
      canApply: false,
      currentTeamId: beta.id,
    });
    // Tia has no team: a closed or a full Alpha refuses her too, and names no team of hers.
    expect((await detailOf(app, w.team.id, tiaHeaders)).viewer).toMatchObject({
      canApply: true,
      currentTeamId: null,
    });
    for (const [label, change] of [
      ['closed', { openToRequests: false }],
      ['full', { openToRequests: true, maxSize: 3 }],
    ] as const) {
      await db.update(teams).set(change).where(eq(teams.id, w.team.id));
      expect((await detailOf(app, w.team.id, tiaHeaders)).viewer, label).toMatchObject({
        relation: 'NONE',
        canApply: false,
        currentTeamId: null,
      });
    }
  });

  it('lets members and admins read the activity, not former members or other classmates', async () => {
    const w = await world(app);
    const readers = async () =>
      Object.fromEntries(
        await Promise.all(
          (['lea', 'max', 'sue', 'adminA', 'superadmin'] as const).map(async (who) => [
            who,
            (await detailOf(app, w.team.id, w.as[who])).viewer.canReadAudit,
          ]),
        ),
      );
    expect(await readers()).toEqual({
      lea: true,
      max: true,
      sue: false,
      adminA: true,
      superadmin: true,
    });
    // Max leaves (issue 24): the team's log closes to him, as its notices do, and the viewer
    // block says so, so the page stops asking for it.
    expect(
      (await call(app, 'POST', `/student/teams/${w.team.id}/leave`, w.as.max)).statusCode,
    ).toBe(200);
    expect((await detailOf(app, w.team.id, w.as.max)).viewer.canReadAudit).toBe(false);
    for (const who of ['max', 'sue'] as const) {
      const audit = await call(app, 'GET', `/student/teams/${w.team.id}/audit-logs`, w.as[who]);
      expect(audit.statusCode, who).toBe(403);
    }
  });

  it('does not offer to apply to a full or closed team, or after the deadline', async () => {
    const w = await world(app);
    const { db } = await getWorkerDb();
    await db.update(teams).set({ maxSize: 3 }).where(eq(teams.id, w.team.id));
    expect((await detailOf(app, w.team.id, w.as.sue)).viewer.canApply).toBe(false);
    await db
      .update(teams)
      .set({ maxSize: 4, openToRequests: false })
      .where(eq(teams.id, w.team.id));
    expect((await detailOf(app, w.team.id, w.as.sue)).viewer.canApply).toBe(false);
    await db.update(teams).set({ openToRequests: true }).where(eq(teams.id, w.team.id));
    expect((await detailOf(app, w.team.id, w.as.sue)).viewer.canApply).toBe(true);
    await setCourse(w.course.id, { teamFormationDeadline: yesterday() });
    const late = await detailOf(app, w.team.id, w.as.sue);
    expect(late.course.deadlinePassed).toBe(true);
    expect(late.viewer.canApply).toBe(false);
  });

  it('shows admins of the course and superadmins everything, marked as admin', async () => {
    const w = await world(app);
    for (const who of ['adminA', 'superadmin'] as const) {
      const team = await detailOf(app, w.team.id, w.as[who]);
      expect(team.viewer).toEqual({
        relation: 'NONE',
        isAdmin: true,
        pendingRequestId: null,
        pendingInvitationId: null,
        canApply: false,
        waitlistedRequestId: null,
        waitlistPosition: null,
        canJoinWaitlist: false,
        currentTeamId: null,
        canReadAudit: true,
        enrollmentStatus: null,
      });
      expect(team.members).toHaveLength(3);
    }
  });

  it("carries the caller's enrollment status in the course, null without one", async () => {
    const w = await world(app);
    const status = async (who: keyof typeof w.as) =>
      (await detailOf(app, w.team.id, w.as[who])).viewer.enrollmentStatus;
    expect(await status('max')).toBe('ACTIVE');
    // A member whose enrollment was set INACTIVE still reads their team, and learns why
    // they cannot act in it.
    await setEnrollmentStatus(w.course.id, w.max.id, 'INACTIVE');
    expect(await status('max')).toBe('INACTIVE');
    await setEnrollmentStatus(w.course.id, w.sue.id, 'PENDING');
    expect(await status('sue')).toBe('PENDING');
    // An admin who is also enrolled in the course gets their status; a removed enrollment
    // counts as none.
    await makeEnrollment(w.course.id, {
      email: w.adminA.email,
      userId: w.adminA.id,
      fullname: 'Admin A',
      status: 'ACTIVE',
    });
    expect(await status('adminA')).toBe('ACTIVE');
    const { db } = await getWorkerDb();
    await db
      .update(enrollments)
      .set({ removedAt: new Date() })
      .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.adminA.id)));
    expect(await status('adminA')).toBeNull();
  });

  it('keeps teams of an archived course readable', async () => {
    const w = await world(app);
    await setCourse(w.course.id, { archivedAt: new Date() });
    const team = await detailOf(app, w.team.id, w.as.sue);
    expect(team.course.archived).toBe(true);
    expect(team.viewer.canApply).toBe(false);
  });

  it('keeps a disbanded team readable by its former members and admins only', async () => {
    const w = await world(app);
    const res = await call(app, 'POST', `/student/teams/${w.team.id}/disband`, w.as.lea);
    expect(res.statusCode, res.body).toBe(200);
    for (const who of ['lea', 'max', 'adminA'] as const) {
      const team = await detailOf(app, w.team.id, w.as[who]);
      expect(team.disbandedAt, who).toEqual(expect.any(String));
      expect(team.members).toEqual([]);
      expect(team.memberCount).toBe(0);
      expect(team.viewer.relation).toBe('NONE');
    }
    for (const who of ['sue', 'olga', 'adminB'] as const) {
      const res = await call(app, 'GET', `/student/teams/${w.team.id}`, w.as[who]);
      expect(res.statusCode, who).toBe(404);
    }
  });

  it('hides teams of a deleted organization, even from its admins', async () => {
    const w = await world(app);
    const { db } = await getWorkerDb();
    await db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, w.orgA.id));
    for (const who of ['lea', 'adminA', 'superadmin'] as const) {
      const res = await call(app, 'GET', `/student/teams/${w.team.id}`, w.as[who]);
      expect(res.statusCode, who).toBe(404);
    }
  });
});
