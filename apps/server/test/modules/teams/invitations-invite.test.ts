import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../../../src/db/schema/index.js';
import { makeCourse, makeEnrollment, makeTeam } from '../../fixtures.js';
import { API, buildTestApp } from '../../helper.js';
import {
  countRows,
  disband,
  makeInvitation,
  makeJoinRequest,
  makeStudent,
  pastDate,
  recordJoined,
  setCourse,
  setEnrollmentStatus,
  setTeam,
  teamAuditOf,
  teamWorld,
  type TeamWorld,
} from './requests-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

type Headers = Record<string, string>;
const invite = (w: TeamWorld, headers: Headers, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `${API}/student/teams/${w.team.id}/invite`,
    headers,
    payload,
  });

describe('POST /student/teams/{id}/invite', () => {
  it('lets the leader invite an active classmate without a team, and audits it', async () => {
    const w = await teamWorld(app);
    const res = await invite(w, w.as.lea, { userId: w.sue.id, message: 'Join us!' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: 'Sue Student was invited to Team T',
      data: {
        id: expect.any(String),
        teamId: w.team.id,
        teamName: 'Team T',
        courseId: w.course.id,
        courseCode: 'A101',
        courseTitle: 'Course A',
        // Sue is not Lea's teammate and did not opt in: no email for the leader (issue 12).
        invitee: { id: w.sue.id, fullname: 'Sue Student', email: null, avatar: null },
        invitedBy: { id: w.lea.id, fullname: 'Lea Leader', email: w.lea.email, avatar: null },
        message: 'Join us!',
        status: 'PENDING',
        createdAt: expect.any(String),
        decidedAt: null,
      },
    });
    expect(await teamAuditOf(w.team.id)).toEqual([
      expect.objectContaining({
        action: 'INVITATION_CREATED',
        actorId: w.lea.id,
        targetUserId: w.sue.id,
        data: { invitationId: res.json().data.id },
      }),
    ]);
  });

  it('still invites when the team is closed to requests', async () => {
    const w = await teamWorld(app);
    await setTeam(w.team.id, { openToRequests: false });
    expect((await invite(w, w.as.lea, { userId: w.sue.id })).statusCode).toBe(201);
  });

  it('refuses a second pending invitation to the same student: 409 ALREADY_INVITED', async () => {
    const w = await teamWorld(app);
    expect((await invite(w, w.as.lea, { userId: w.sue.id })).statusCode).toBe(201);
    const again = await invite(w, w.as.lea, { userId: w.sue.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_INVITED');
    expect(await countRows(invitations)).toBe(1);
  });

  it('invites again once the previous invitation was declined', async () => {
    const w = await teamWorld(app);
    await makeInvitation(w.team, w.sue.id, { status: 'REJECTED' });
    expect((await invite(w, w.as.lea, { userId: w.sue.id })).statusCode).toBe(201);
  });

  describe('refusals, each with its code', () => {
    const cases: [
      string,
      (w: TeamWorld) => Promise<string>,
      keyof TeamWorld['as'],
      number,
      string,
    ][] = [
      ['by a member who is not the leader', async (w) => w.sue.id, 'max', 403, 'NOT_TEAM_LEADER'],
      ['by a classmate outside the team', async (w) => w.tom.id, 'sue', 403, 'NOT_TEAM_LEADER'],
      ['by an admin of the course', async (w) => w.sue.id, 'adminA', 403, 'NOT_TEAM_LEADER'],
      ['of the leader themself', async (w) => w.lea.id, 'lea', 409, 'ALREADY_IN_TEAM'],
      ['of a member of the team', async (w) => w.max.id, 'lea', 409, 'ALREADY_IN_TEAM'],
      [
        'of a student in another team of the course',
        async (w) => {
          await makeTeam(w.course.id, w.sue.id);
          return w.sue.id;
        },
        'lea',
        409,
        'ALREADY_IN_TEAM',
      ],
      [
        'of a student with an INACTIVE enrollment',
        async (w) => {
          await setEnrollmentStatus(w.course.id, w.sue.id, 'INACTIVE');
          return w.sue.id;
        },
        'lea',
        403,
        'NOT_ENROLLED',
      ],
      ['of a student of another course', async (w) => w.olga.id, 'lea', 403, 'NOT_ENROLLED'],
      [
        'of a user who does not exist',
        async () => '00000000-0000-4000-8000-000000000000',
        'lea',
        403,
        'NOT_ENROLLED',
      ],
      [
        'of a student who already asked to join',
        async (w) => {
          await makeJoinRequest(w.team, w.sue.id);
          return w.sue.id;
        },
        'lea',
        409,
        'ALREADY_REQUESTED',
      ],
      [
        'when the team is full',
        async (w) => {
          await setTeam(w.team.id, { maxSize: 2 });
          return w.sue.id;
        },
        'lea',
        409,
        'TEAM_FULL',
      ],
      [
        'after the deadline',
        async (w) => {
          await setCourse(w.course.id, { teamFormationDeadline: pastDate() });
          return w.sue.id;
        },
        'lea',
        409,
        'DEADLINE_PASSED',
      ],
      [
        'in an archived course',
        async (w) => {
          await setCourse(w.course.id, { archivedAt: new Date() });
          return w.sue.id;
        },
        'lea',
        409,
        'COURSE_ARCHIVED',
      ],
      [
        "when the leader's own enrollment is INACTIVE",
        async (w) => {
          await setEnrollmentStatus(w.course.id, w.lea.id, 'INACTIVE');
          return w.sue.id;
        },
        'lea',
        403,
        'NOT_ENROLLED',
      ],
    ];
    for (const [label, arrange, who, status, code] of cases) {
      it(`refuses an invitation ${label}: ${status} ${code}`, async () => {
        const w = await teamWorld(app);
        const userId = await arrange(w);
        const res = await invite(w, w.as[who], { userId });
        expect(res.statusCode).toBe(status);
        expect(res.json()).toMatchObject({ success: false, code, message: expect.any(String) });
        expect(await countRows(invitations)).toBe(0);
      });
    }
  });

  it('refuses on a disbanded team: TEAM_DISBANDED', async () => {
    const w = await teamWorld(app);
    await recordJoined(w, w.lea.id);
    await disband(w.team.id, w.lea.id);
    const res = await invite(w, w.as.lea, { userId: w.sue.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TEAM_DISBANDED');
  });

  it('answers 401 without a token and 404 outside the course', async () => {
    const w = await teamWorld(app);
    expect((await invite(w, {}, { userId: w.sue.id })).statusCode).toBe(401);
    for (const who of ['olga', 'adminB'] as const) {
      const res = await invite(w, w.as[who], { userId: w.sue.id });
      expect(res.statusCode).toBe(404);
    }
    expect(await countRows(invitations)).toBe(0);
  });

  it('rejects bad input with 400 naming the field, writing nothing', async () => {
    const w = await teamWorld(app);
    const noUser = await invite(w, w.as.lea, { message: 'hi' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().details).toEqual([expect.objectContaining({ path: 'userId' })]);
    const badUser = await invite(w, w.as.lea, { userId: 'sue' });
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().details).toEqual([expect.objectContaining({ path: 'userId' })]);
    const long = await invite(w, w.as.lea, { userId: w.sue.id, message: 'x'.repeat(501) });
    expect(long.json().details).toEqual([expect.objectContaining({ path: 'message' })]);
    expect(await countRows(invitations)).toBe(0);
    expect(await teamAuditOf(w.team.id)).toEqual([]);
  });
});

describe('GET /student/me/invitations', () => {
  const mine = (headers: Headers, query = '') =>
    app.inject({ method: 'GET', url: `${API}/student/me/invitations${query}`, headers });

  it('lists my pending invitations, newest first, with the team and course', async () => {
    const w = await teamWorld(app);
    const otherLeader = await makeStudent(w.course.id, { fullname: 'Ola Leader' });
    const teamU = await makeTeam(w.course.id, otherLeader.id, { name: 'Team U' });
    const older = await makeInvitation(w.team, w.sue.id, {
      message: 'first',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await makeInvitation(teamU, w.sue.id, { message: 'second' });
    await makeInvitation(w.team, w.tom.id); // someone else's
    const declinedTeam = await makeTeam(w.course.id, (await makeStudent(w.course.id)).id);
    await makeInvitation(declinedTeam, w.sue.id, { status: 'REJECTED' });

    const res = await mine(w.as.sue);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ page: 1, limit: 20, total: 2 });
    expect(data.items.map((i: { id: string }) => i.id)).toEqual([newer.id, older.id]);
    expect(data.items[1]).toEqual({
      id: older.id,
      teamId: w.team.id,
      teamName: 'Team T',
      courseId: w.course.id,
      courseCode: 'A101',
      courseTitle: 'Course A',
      // Sue sees her own email, not the inviting leader's (not opted in, issue 12).
      invitee: { id: w.sue.id, fullname: 'Sue Student', email: w.sue.email, avatar: null },
      invitedBy: { id: w.lea.id, fullname: 'Lea Leader', email: null, avatar: null },
      message: 'first',
      status: 'PENDING',
      createdAt: older.createdAt.toISOString(),
      decidedAt: null,
    });

    const declined = await mine(w.as.sue, '?status=REJECTED');
    expect(declined.json().data.total).toBe(1);
    expect(declined.json().data.items[0].status).toBe('REJECTED');
  });

  it('leaves out archived courses', async () => {
    const w = await teamWorld(app);
    const archived = await makeCourse(w.orgA.id, { code: 'OLD1', archived: true });
    await makeEnrollment(archived.id, { email: w.sue.email, userId: w.sue.id });
    const leader = await makeStudent(archived.id);
    const oldTeam = await makeTeam(archived.id, leader.id);
    await makeInvitation(oldTeam, w.sue.id);
    const res = await mine(w.as.sue);
    expect(res.json().data).toMatchObject({ total: 0, items: [] });
  });

  it('pages', async () => {
    const w = await teamWorld(app);
    for (let i = 0; i < 3; i++) {
      const leader = await makeStudent(w.course.id);
      await makeInvitation(await makeTeam(w.course.id, leader.id), w.sue.id);
    }
    const res = await mine(w.as.sue, '?page=2&limit=2');
    expect(res.json().data).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(res.json().data.items).toHaveLength(1);
  });

  it('answers 401 without a token and 400 for a bad status', async () => {
    expect((await mine({})).statusCode).toBe(401);
    const w = await teamWorld(app);
    const bad = await mine(w.as.sue, '?status=MAYBE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: 'query.status' })]);
  });
});

describe('GET /student/teams/{id}/invitations', () => {
  const list = (w: TeamWorld, headers: Headers, query = '') =>
    app.inject({
      method: 'GET',
      url: `${API}/student/teams/${w.team.id}/invitations${query}`,
      headers,
    });

  it("shows the leader and the course's admins the team's pending invitations", async () => {
    const w = await teamWorld(app);
    const inv = await makeInvitation(w.team, w.sue.id);
    await makeInvitation(w.team, w.tom.id, { status: 'CANCELLED' });
    for (const who of ['lea', 'adminA', 'superadmin'] as const) {
      const res = await list(w, w.as[who]);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data).toMatchObject({
        total: 1,
        items: [{ id: inv.id, status: 'PENDING' }],
      });
    }
    const cancelled = await list(w, w.as.lea, '?status=CANCELLED');
    expect(cancelled.json().data.items).toEqual([
      expect.objectContaining({
        status: 'CANCELLED',
        invitee: expect.objectContaining({ id: w.tom.id }),
      }),
    ]);
  });

  it('refuses members and classmates (403 NOT_TEAM_LEADER), outsiders (404), no token (401)', async () => {
    const w = await teamWorld(app);
    for (const who of ['max', 'sue'] as const) {
      const res = await list(w, w.as[who]);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('NOT_TEAM_LEADER');
    }
    expect((await list(w, w.as.olga)).statusCode).toBe(404);
    expect((await list(w, w.as.adminB)).statusCode).toBe(404);
    expect((await list(w, {})).statusCode).toBe(401);
    const bad = await list(w, w.as.lea, '?status=SOON');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: 'query.status' })]);
  });
});
