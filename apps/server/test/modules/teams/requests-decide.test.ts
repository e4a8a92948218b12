import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCourse, makeEnrollment, makeTeam } from '../../fixtures.js';
import { API, bearer, buildTestApp, signIn } from '../../helper.js';
import {
  disband,
  invitationRow,
  makeInvitation,
  makeJoinRequest,
  makeStudent,
  membersOf,
  pastDate,
  recordJoined,
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
const post = (url: string, headers: Headers, payload?: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });
const accept = (id: string, headers: Headers, payload?: Record<string, unknown>) =>
  post(`/student/join-requests/${id}/accept`, headers, payload);
const reject = (id: string, headers: Headers, payload?: Record<string, unknown>) =>
  post(`/student/join-requests/${id}/reject`, headers, payload);
const withdraw = (id: string, headers: Headers) =>
  post(`/student/join-requests/${id}/withdraw`, headers);

/** Sue's pending request to team T. */
async function worldWithRequest(input: Parameters<typeof teamWorld>[1] = {}) {
  const w = await teamWorld(app, input);
  const request = await makeJoinRequest(w.team, w.sue.id, { message: 'pick me' });
  return { w, request };
}

async function expectStillPending(w: TeamWorld, requestId: string) {
  expect((await requestRow(requestId)).status).toBe('PENDING');
  expect(await membersOf(w.team.id)).toEqual([w.lea.id, w.max.id].sort());
  expect((await teamRow(w.team.id)).memberCount).toBe(2);
}

describe('POST /student/join-requests/{id}/accept', () => {
  it('lets the leader accept: the applicant joins and the request is ACCEPTED', async () => {
    const { w, request } = await worldWithRequest();
    const res = await accept(request.id, w.as.lea, { reason: 'Welcome!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Sue Student joined Team T',
      data: {
        id: request.id,
        teamId: w.team.id,
        teamName: 'Team T',
        courseId: w.course.id,
        courseCode: 'A101',
        applicant: {
          id: w.sue.id,
          fullname: 'Sue Student',
          email: w.sue.email,
          avatar: null,
          skills: [],
        },
        message: 'pick me',
        status: 'ACCEPTED',
        reason: 'Welcome!',
        createdAt: request.createdAt.toISOString(),
        decidedAt: expect.any(String),
        waitlistPosition: null,
      },
    });
    expect(await membersOf(w.team.id)).toEqual([w.lea.id, w.max.id, w.sue.id].sort());
    expect((await teamRow(w.team.id)).memberCount).toBe(3);
    expect((await requestRow(request.id)).decidedBy).toBe(w.lea.id);
    const audit = await teamAuditOf(w.team.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['MEMBER_JOINED', 'REQUEST_ACCEPTED']);
    expect(audit.find((a) => a.action === 'MEMBER_JOINED')).toMatchObject({
      actorId: w.lea.id,
      targetUserId: w.sue.id,
      data: { requestId: request.id },
    });
    expect(audit.find((a) => a.action === 'REQUEST_ACCEPTED')).toMatchObject({
      actorId: w.lea.id,
      targetUserId: w.sue.id,
      data: { requestId: request.id, reason: 'Welcome!' },
    });
  });

  it('needs no body', async () => {
    const { w, request } = await worldWithRequest();
    const res = await accept(request.id, w.as.lea);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ACCEPTED', reason: null });
  });

  it("cancels the student's other pending requests and invitations in the course, not elsewhere", async () => {
    const { w, request } = await worldWithRequest();
    const otherLeader = await makeStudent(w.course.id);
    const teamU = await makeTeam(w.course.id, otherLeader.id, { name: 'Team U' });
    const toU = await makeJoinRequest(teamU, w.sue.id);
    const fromU = await makeInvitation(teamU, w.sue.id);
    // Another course: untouched.
    const otherCourse = await makeCourse(w.orgA.id, { code: 'A202' });
    await makeEnrollment(otherCourse.id, { email: w.sue.email, userId: w.sue.id });
    const elsewhereLeader = await makeStudent(otherCourse.id);
    const teamV = await makeTeam(otherCourse.id, elsewhereLeader.id, { name: 'Team V' });
    const toV = await makeJoinRequest(teamV, w.sue.id);
    const fromV = await makeInvitation(teamV, w.sue.id);

    expect((await accept(request.id, w.as.lea)).statusCode).toBe(200);

    expect(await requestRow(toU.id)).toMatchObject({
      status: 'CANCELLED',
      reason: 'Joined another team',
    });
    expect((await invitationRow(fromU.id)).status).toBe('CANCELLED');
    expect((await requestRow(toV.id)).status).toBe('PENDING');
    expect((await invitationRow(fromV.id)).status).toBe('PENDING');
    expect((await teamAuditOf(teamU.id)).map((a) => a.action).sort()).toEqual([
      'INVITATION_CANCELLED',
      'REQUEST_CANCELLED',
    ]);
    // The leader of U, deciding the stale request, learns why.
    const late = await accept(toU.id, bearer((await signIn(app, otherLeader.email)).token));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'ALREADY_IN_TEAM',
      message: 'That student has already joined Team T',
    });
  });

  it('refuses the applicant deciding their own request: 403 OWN_REQUEST', async () => {
    const { w, request } = await worldWithRequest();
    for (const decide of [accept, reject]) {
      const res = await decide(request.id, w.as.sue);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('OWN_REQUEST');
    }
    await expectStillPending(w, request.id);
  });

  it('refuses members, classmates and admins who do not lead the team: 403 NOT_TEAM_LEADER', async () => {
    const { w, request } = await worldWithRequest();
    for (const who of ['max', 'tom', 'adminA', 'superadmin'] as const) {
      const res = await accept(request.id, w.as[who]);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('NOT_TEAM_LEADER');
    }
    await expectStillPending(w, request.id);
  });

  it('answers 401 without a token and 404 outside the course', async () => {
    const { w, request } = await worldWithRequest();
    expect((await accept(request.id, {})).statusCode).toBe(401);
    for (const who of ['olga', 'adminB'] as const) {
      const res = await accept(request.id, w.as[who]);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const missing = await accept('00000000-0000-4000-8000-000000000000', w.as.lea);
    expect(missing.statusCode).toBe(404);
    await expectStillPending(w, request.id);
  });

  describe('re-checks at accept time; a refusal leaves the request PENDING', () => {
    const cases: [string, (w: TeamWorld) => Promise<unknown>, number, string][] = [
      ['the team is full', (w) => setTeam(w.team.id, { maxSize: 2 }), 409, 'TEAM_FULL'],
      [
        'the deadline has passed',
        (w) => setCourse(w.course.id, { teamFormationDeadline: pastDate() }),
        409,
        'DEADLINE_PASSED',
      ],
      [
        "the applicant's enrollment became INACTIVE",
        (w) => setEnrollmentStatus(w.course.id, w.sue.id, 'INACTIVE'),
        403,
        'NOT_ENROLLED',
      ],
      [
        "the leader's own enrollment became INACTIVE",
        (w) => setEnrollmentStatus(w.course.id, w.lea.id, 'INACTIVE'),
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
        'the applicant joined another team (without the request being cancelled)',
        async (w) => {
          const other = await makeStudent(w.course.id);
          await makeTeam(w.course.id, other.id, { name: 'Team Z', members: [w.sue.id] });
        },
        409,
        'ALREADY_IN_TEAM',
      ],
    ];
    for (const [label, arrange, status, code] of cases) {
      it(`${label}: ${status} ${code}`, async () => {
        const { w, request } = await worldWithRequest();
        await arrange(w);
        const before = (await teamAuditOf(w.team.id)).length;
        const res = await accept(request.id, w.as.lea);
        expect(res.statusCode).toBe(status);
        expect(res.json()).toMatchObject({ success: false, code, message: expect.any(String) });
        expect(await requestRow(request.id)).toMatchObject({
          status: 'PENDING',
          decidedAt: null,
          decidedBy: null,
        });
        expect((await teamAuditOf(w.team.id)).length).toBe(before);
        expect(await membersOf(w.team.id)).toEqual([w.lea.id, w.max.id].sort());
      });
    }
  });

  it('refuses a request that is no longer pending: 409 REQUEST_NOT_PENDING', async () => {
    const w = await teamWorld(app);
    for (const status of ['REJECTED', 'WITHDRAWN', 'ACCEPTED'] as const) {
      const s = await makeStudent(w.course.id);
      const r = await makeJoinRequest(w.team, s.id, { status });
      const res = await accept(r.id, w.as.lea);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('REQUEST_NOT_PENDING');
    }
  });

  it('accepting twice answers REQUEST_NOT_PENDING the second time', async () => {
    const { w, request } = await worldWithRequest();
    expect((await accept(request.id, w.as.lea)).statusCode).toBe(200);
    const again = await accept(request.id, w.as.lea);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'REQUEST_NOT_PENDING',
      message: 'This join request has already been accepted',
    });
    expect((await teamRow(w.team.id)).memberCount).toBe(3);
  });

  it('lets a closed team still accept requests it received before closing', async () => {
    const { w, request } = await worldWithRequest();
    await setTeam(w.team.id, { openToRequests: false });
    expect((await accept(request.id, w.as.lea)).statusCode).toBe(200);
  });

  it('rejects a reason that is too long with 400, changing nothing', async () => {
    const { w, request } = await worldWithRequest();
    const res = await accept(request.id, w.as.lea, { reason: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ path: 'reason' })]);
    const badId = await accept('nope', w.as.lea);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details).toEqual([expect.objectContaining({ path: 'params.id' })]);
    await expectStillPending(w, request.id);
  });
});

describe('disbanding and pending requests', () => {
  it('cancels pending requests; the former leader then gets TEAM_DISBANDED', async () => {
    const { w, request } = await worldWithRequest();
    await recordJoined(w, w.lea.id);
    await disband(w.team.id, w.lea.id);
    expect(await requestRow(request.id)).toMatchObject({
      status: 'CANCELLED',
      reason: 'The team was disbanded',
    });
    const res = await accept(request.id, w.as.lea);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TEAM_DISBANDED');
    const late = await withdraw(request.id, w.as.sue);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'REQUEST_NOT_PENDING',
      message: 'This join request was cancelled',
    });
  });
});

describe('POST /student/join-requests/{id}/reject', () => {
  it('lets the leader reject with a reason, and audits it', async () => {
    const { w, request } = await worldWithRequest();
    const res = await reject(request.id, w.as.lea, { reason: 'We need a designer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'The request of Sue Student was rejected',
      data: { id: request.id, status: 'REJECTED', reason: 'We need a designer' },
    });
    expect(res.json().data.decidedAt).toEqual(expect.any(String));
    expect(await membersOf(w.team.id)).toEqual([w.lea.id, w.max.id].sort());
    expect(await teamAuditOf(w.team.id)).toEqual([
      expect.objectContaining({
        action: 'REQUEST_REJECTED',
        actorId: w.lea.id,
        targetUserId: w.sue.id,
        data: { requestId: request.id, reason: 'We need a designer' },
      }),
    ]);
  });

  it('is allowed after the deadline (it changes no membership)', async () => {
    const { w, request } = await worldWithRequest();
    await setCourse(w.course.id, { teamFormationDeadline: pastDate() });
    expect((await reject(request.id, w.as.lea)).statusCode).toBe(200);
  });

  it('refuses non-leaders (403), outsiders (404), no token (401), decided requests (409)', async () => {
    const { w, request } = await worldWithRequest();
    const member = await reject(request.id, w.as.max);
    expect(member.statusCode).toBe(403);
    expect(member.json().code).toBe('NOT_TEAM_LEADER');
    expect((await reject(request.id, w.as.adminB)).statusCode).toBe(404);
    expect((await reject(request.id, w.as.olga)).statusCode).toBe(404);
    expect((await reject(request.id, {})).statusCode).toBe(401);
    await expectStillPending(w, request.id);
    expect((await reject(request.id, w.as.lea)).statusCode).toBe(200);
    const twice = await reject(request.id, w.as.lea);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('REQUEST_NOT_PENDING');
  });

  it('rejects unknown fields with 400', async () => {
    const { w, request } = await worldWithRequest();
    const res = await reject(request.id, w.as.lea, { why: 'no' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'why', message: 'Unknown field' }]);
    await expectStillPending(w, request.id);
  });
});

describe('POST /student/join-requests/{id}/withdraw', () => {
  it('lets the applicant withdraw, and audits it', async () => {
    const { w, request } = await worldWithRequest();
    const res = await withdraw(request.id, w.as.sue);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Your request to join Team T was withdrawn',
      data: { id: request.id, status: 'WITHDRAWN' },
    });
    expect(await teamAuditOf(w.team.id)).toEqual([
      expect.objectContaining({
        action: 'REQUEST_WITHDRAWN',
        actorId: w.sue.id,
        targetUserId: w.sue.id,
        data: { requestId: request.id },
      }),
    ]);
    const again = await withdraw(request.id, w.as.sue);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REQUEST_NOT_PENDING');
  });

  it('is allowed after the deadline and with an inactive enrollment', async () => {
    const { w, request } = await worldWithRequest();
    await setCourse(w.course.id, { teamFormationDeadline: pastDate() });
    await setEnrollmentStatus(w.course.id, w.sue.id, 'INACTIVE');
    expect((await withdraw(request.id, w.as.sue)).statusCode).toBe(200);
  });

  it('refuses anyone but the applicant', async () => {
    const { w, request } = await worldWithRequest();
    for (const who of ['lea', 'tom', 'adminA'] as const) {
      const res = await withdraw(request.id, w.as[who]);
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toMatchObject({
        code: 'NOT_APPLICANT',
        message: 'Only the student who asked to join can withdraw this request',
      });
    }
    expect((await withdraw(request.id, w.as.olga)).statusCode).toBe(404);
    expect((await withdraw(request.id, w.as.adminB)).statusCode).toBe(404);
    expect((await withdraw(request.id, {})).statusCode).toBe(401);
    const badId = await withdraw('123', w.as.sue);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details).toEqual([expect.objectContaining({ path: 'params.id' })]);
    await expectStillPending(w, request.id);
  });
});
