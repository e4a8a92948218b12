import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../../fixtures.js';
import { API, buildTestApp } from '../../helper.js';
import {
  disband,
  invitationRow,
  makeInvitation,
  makeJoinRequest,
  makeStudent,
  membersOf,
  pastDate,
  requestRow,
  setCourse,
  setEnrollmentStatus,
  setTeam,
  teamAuditOf,
  teamRow,
  teamWorld,
  type TeamWorld,
} from './requests-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

type Headers = Record<string, string>;
const act = (action: 'accept' | 'reject' | 'cancel', id: string, headers: Headers) =>
  app.inject({ method: 'POST', url: `${API}/student/invitations/${id}/${action}`, headers });

/** Lea (leader of T) invited Sue. */
async function worldWithInvitation() {
  const w = await teamWorld(app);
  const invitation = await makeInvitation(w.team, w.sue.id, { message: 'Join us' });
  return { w, invitation };
}

async function expectStillPending(w: TeamWorld, invitationId: string) {
  expect(await invitationRow(invitationId)).toMatchObject({ status: 'PENDING', decidedAt: null });
  expect(await membersOf(w.team.id)).toEqual([w.lea.id, w.max.id].sort());
}

describe('POST /student/invitations/{id}/accept', () => {
  it('lets the invitee accept: they join the team, and it is audited', async () => {
    const { w, invitation } = await worldWithInvitation();
    const res = await act('accept', invitation.id, w.as.sue);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'You joined Team T',
      data: {
        id: invitation.id,
        teamId: w.team.id,
        teamName: 'Team T',
        courseId: w.course.id,
        courseCode: 'A101',
        courseTitle: 'Course A',
        invitee: { id: w.sue.id, fullname: 'Sue Student', email: w.sue.email, avatar: null },
        invitedBy: { id: w.lea.id, fullname: 'Lea Leader', email: w.lea.email, avatar: null },
        message: 'Join us',
        status: 'ACCEPTED',
        createdAt: invitation.createdAt.toISOString(),
        decidedAt: expect.any(String),
      },
    });
    expect(await membersOf(w.team.id)).toEqual([w.lea.id, w.max.id, w.sue.id].sort());
    expect((await teamRow(w.team.id)).memberCount).toBe(3);
    const audit = await teamAuditOf(w.team.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['INVITATION_ACCEPTED', 'MEMBER_JOINED']);
    expect(audit.find((a) => a.action === 'MEMBER_JOINED')).toMatchObject({
      actorId: w.sue.id,
      targetUserId: w.sue.id,
      data: { invitationId: invitation.id },
    });
  });

  it('cancels my other pending requests and invitations in the course', async () => {
    const { w, invitation } = await worldWithInvitation();
    const otherLeader = await makeStudent(w.course.id);
    const teamU = await makeTeam(w.course.id, otherLeader.id, { name: 'Team U' });
    const fromU = await makeInvitation(teamU, w.sue.id);
    const toU = await makeJoinRequest(teamU, w.sue.id);
    expect((await act('accept', invitation.id, w.as.sue)).statusCode).toBe(200);
    expect((await invitationRow(fromU.id)).status).toBe('CANCELLED');
    expect((await requestRow(toU.id)).status).toBe('CANCELLED');
    // The stale invitation now explains itself.
    const late = await act('accept', fromU.id, w.as.sue);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'ALREADY_IN_TEAM',
      message: 'You have already joined Team T',
    });
  });

  it('refuses anyone but the invitee: 403 for those who see the team, 404 for the others', async () => {
    const { w, invitation } = await worldWithInvitation();
    for (const who of ['lea', 'tom', 'adminA'] as const) {
      const res = await act('accept', invitation.id, w.as[who]);
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toMatchObject({
        code: 'NOT_INVITEE',
        message: 'This invitation is for another student; only they can accept it',
      });
    }
    for (const who of ['olga', 'adminB'] as const) {
      expect((await act('accept', invitation.id, w.as[who])).statusCode).toBe(404);
    }
    expect((await act('accept', invitation.id, {})).statusCode).toBe(401);
    const missing = await act('accept', '00000000-0000-4000-8000-000000000000', w.as.sue);
    expect(missing.statusCode).toBe(404);
    const badId = await act('accept', 'abc', w.as.sue);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details).toEqual([expect.objectContaining({ path: 'params.id' })]);
    await expectStillPending(w, invitation.id);
  });

  describe('re-checks at accept time; a refusal leaves the invitation PENDING', () => {
    const cases: [string, (w: TeamWorld) => Promise<unknown>, number, string][] = [
      ['the team is full', (w) => setTeam(w.team.id, { maxSize: 2 }), 409, 'TEAM_FULL'],
      [
        'the deadline has passed',
        (w) => setCourse(w.course.id, { teamFormationDeadline: pastDate() }),
        409,
        'DEADLINE_PASSED',
      ],
      [
        'my enrollment became INACTIVE',
        (w) => setEnrollmentStatus(w.course.id, w.sue.id, 'INACTIVE'),
        403,
        'NOT_ENROLLED',
      ],
      [
        'the course was archived',
        (w) => setCourse(w.course.id, { archivedAt: new Date() }),
        409,
        'COURSE_ARCHIVED',
      ],
      [
        'I am already in another team',
        async (w) => makeTeam(w.course.id, w.sue.id, { name: 'Sue team' }),
        409,
        'ALREADY_IN_TEAM',
      ],
    ];
    for (const [label, arrange, status, code] of cases) {
      it(`${label}: ${status} ${code}`, async () => {
        const { w, invitation } = await worldWithInvitation();
        await arrange(w);
        const res = await act('accept', invitation.id, w.as.sue);
        expect(res.statusCode).toBe(status);
        expect(res.json()).toMatchObject({ success: false, code, message: expect.any(String) });
        await expectStillPending(w, invitation.id);
        expect(await teamAuditOf(w.team.id)).toEqual([]);
      });
    }
  });

  it('refuses an invitation that is no longer pending: 409 INVITATION_NOT_PENDING', async () => {
    const w = await teamWorld(app);
    for (const status of ['REJECTED', 'ACCEPTED', 'CANCELLED'] as const) {
      const other = await makeStudent(w.course.id);
      const team = await makeTeam(w.course.id, other.id);
      const inv = await makeInvitation(team, w.sue.id, { status });
      const res = await act('accept', inv.id, w.as.sue);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().code).toBe('INVITATION_NOT_PENDING');
    }
  });

  it('after a disband the invitation is cancelled and cannot be accepted', async () => {
    const { w, invitation } = await worldWithInvitation();
    await disband(w.team.id, w.lea.id);
    expect((await invitationRow(invitation.id)).status).toBe('CANCELLED');
    const res = await act('accept', invitation.id, w.as.sue);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TEAM_DISBANDED');
  });
});

describe('POST /student/invitations/{id}/reject', () => {
  it('lets the invitee decline, and audits it', async () => {
    const { w, invitation } = await worldWithInvitation();
    const res = await act('reject', invitation.id, w.as.sue);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'You declined the invitation to Team T',
      data: { id: invitation.id, status: 'REJECTED', decidedAt: expect.any(String) },
    });
    expect(await teamAuditOf(w.team.id)).toEqual([
      expect.objectContaining({
        action: 'INVITATION_REJECTED',
        actorId: w.sue.id,
        targetUserId: w.sue.id,
        data: { invitationId: invitation.id },
      }),
    ]);
    const again = await act('reject', invitation.id, w.as.sue);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVITATION_NOT_PENDING');
  });

  it('is allowed after the deadline', async () => {
    const { w, invitation } = await worldWithInvitation();
    await setCourse(w.course.id, { teamFormationDeadline: pastDate() });
    expect((await act('reject', invitation.id, w.as.sue)).statusCode).toBe(200);
  });

  it('refuses anyone but the invitee', async () => {
    const { w, invitation } = await worldWithInvitation();
    const leader = await act('reject', invitation.id, w.as.lea);
    expect(leader.statusCode).toBe(403);
    expect(leader.json()).toMatchObject({
      code: 'NOT_INVITEE',
      message: 'This invitation is for another student; only they can reject it',
    });
    expect((await act('reject', invitation.id, w.as.adminB)).statusCode).toBe(404);
    expect((await act('reject', invitation.id, {})).statusCode).toBe(401);
    await expectStillPending(w, invitation.id);
  });
});

describe('POST /student/invitations/{id}/cancel', () => {
  it('lets the leader cancel a pending invitation, and audits it', async () => {
    const { w, invitation } = await worldWithInvitation();
    const res = await act('cancel', invitation.id, w.as.lea);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'The invitation of Sue Student was cancelled',
      data: { id: invitation.id, status: 'CANCELLED' },
    });
    expect(await teamAuditOf(w.team.id)).toEqual([
      expect.objectContaining({
        action: 'INVITATION_CANCELLED',
        actorId: w.lea.id,
        targetUserId: w.sue.id,
        data: { invitationId: invitation.id, reason: 'Cancelled by the team leader' },
      }),
    ]);
    const accept = await act('accept', invitation.id, w.as.sue);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().code).toBe('INVITATION_NOT_PENDING');
  });

  it('refuses non-leaders (403 NOT_TEAM_LEADER), outsiders (404), no token (401)', async () => {
    const { w, invitation } = await worldWithInvitation();
    for (const who of ['max', 'sue', 'adminA'] as const) {
      const res = await act('cancel', invitation.id, w.as[who]);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('NOT_TEAM_LEADER');
    }
    expect((await act('cancel', invitation.id, w.as.olga)).statusCode).toBe(404);
    expect((await act('cancel', invitation.id, w.as.adminB)).statusCode).toBe(404);
    expect((await act('cancel', invitation.id, {})).statusCode).toBe(401);
    await expectStillPending(w, invitation.id);
  });

  it('a leader who took over can cancel invitations the previous leader sent', async () => {
    const { w, invitation } = await worldWithInvitation();
    await setTeam(w.team.id, { leaderId: w.max.id });
    expect((await act('cancel', invitation.id, w.as.max)).statusCode).toBe(200);
    expect((await act('cancel', invitation.id, w.as.lea)).statusCode).toBe(403);
  });
});
