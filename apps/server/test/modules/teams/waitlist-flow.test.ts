// The waitlist on full teams (issue 15, decision 117): filing, places in line, what the leader
// and the student see, promotion when a seat opens, and what takes a student off it.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JoinRequest, MyTeams, TeamDetail } from '@teamup/shared';
import { joinRequests, notifications } from '../../../src/db/schema/index.js';
import { lockStudentWithTeam, releaseFromCourse } from '../../../src/modules/teams/membership.js';
import { runWaitlistJob } from '../../../src/modules/teams/waitlist-job.js';
import { makeTeam } from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import {
  makeJoinRequest,
  makeStudent,
  membersOf,
  pastDate,
  requestRow,
  setCourse,
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
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });
const apply = (teamId: string, headers: Headers) =>
  call('POST', `/student/teams/${teamId}/join-requests`, headers, {});

/** A full team T (Lea, Max; 2 seats) and three applicants on its waitlist, in order. */
async function fullWorld() {
  const w = await teamWorld(app, { maxSize: 2 });
  const ann = await makeStudent(w.course.id, { fullname: 'Ann Waiting' });
  const as = {
    ...w.as,
    ann: bearer((await signIn(app, ann.email)).token),
  };
  const first = await apply(w.team.id, as.sue);
  const second = await apply(w.team.id, as.tom);
  const third = await apply(w.team.id, as.ann);
  return {
    ...w,
    ann,
    as,
    requests: [first, second, third].map((r) => r.json().data as JoinRequest),
    responses: [first, second, third],
  };
}

async function statusOf(id: string) {
  return (await requestRow(id)).status;
}

async function notificationsOf(userId: string, kind: string) {
  const { db } = await getWorkerDb();
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
}

/** The student's enrollment stops counting: out of the course's teams, as the admin (081). */
async function endEnrollment(w: TeamWorld, userId: string) {
  const { db } = await getWorkerDb();
  await db.transaction(async (tx) => {
    const locked = await lockStudentWithTeam(tx, w.course.id, userId);
    await releaseFromCourse(tx, { organizationId: w.orgA.id, courseId: w.course.id }, locked, {
      userId,
      actorId: w.adminA.id,
      enrollmentId: '00000000-0000-4000-8000-000000000000',
      reason: 'Enrollment removed',
    });
  });
}

const detail = async (w: TeamWorld, headers: Headers) =>
  (await call('GET', `/student/teams/${w.team.id}`, headers)).json().data as TeamDetail;

describe('applying to a full team', () => {
  it('files WAITLISTED requests in order with their place, and says so', async () => {
    const w = await fullWorld();
    for (const [i, res] of w.responses.entries()) {
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(`Team T is full; you are number ${i + 1} on its waitlist`);
    }
    expect(w.requests.map((r) => [r.status, r.waitlistPosition])).toEqual([
      ['WAITLISTED', 1],
      ['WAITLISTED', 2],
      ['WAITLISTED', 3],
    ]);
    const created = (await teamAuditOf(w.team.id)).filter((e) => e.action === 'REQUEST_CREATED');
    expect(created.map((e) => e.data)).toEqual(
      w.requests.map((r) => ({ requestId: r.id, waitlisted: true })),
    );
    // The leader's notification reads the waitlist.
    const received = await notificationsOf(w.lea.id, 'JOIN_REQUEST_RECEIVED');
    expect(received).toHaveLength(3);
    expect(received.every((n) => (n.data as { waitlisted?: boolean }).waitlisted === true)).toBe(
      true,
    );
  });

  it('one open request per team: a second application is refused', async () => {
    const w = await fullWorld();
    const again = await apply(w.team.id, w.as.sue);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REQUESTED');
    expect(again.json().message).toMatch(/already on the waitlist of Team T/);
  });

  it('a team with a seat still takes a PENDING request', async () => {
    const w = await teamWorld(app, { maxSize: 3 });
    const res = await apply(w.team.id, w.as.sue);
    expect(res.json().data).toMatchObject({ status: 'PENDING', waitlistPosition: null });
  });

  it('closed, past the deadline or already in a team: refused as before', async () => {
    const w = await teamWorld(app, { maxSize: 2 });
    await setCourse(w.course.id, { teamFormationDeadline: pastDate() });
    expect((await apply(w.team.id, w.as.sue)).json().code).toBe('DEADLINE_PASSED');
    expect((await apply(w.team.id, w.as.max)).json().code).toBe('ALREADY_IN_TEAM');
  });
});

describe('what the leader and the student see', () => {
  it('the leader lists the waitlist in queue order with places; cannot accept, can reject', async () => {
    const w = await fullWorld();
    const list = await call(
      'GET',
      `/student/teams/${w.team.id}/join-requests?status=WAITLISTED`,
      w.as.lea,
    );
    expect(list.statusCode).toBe(200);
    expect(
      list.json().data.items.map((r: JoinRequest) => [r.applicant.fullname, r.waitlistPosition]),
    ).toEqual([
      ['Sue Student', 1],
      ['Tom Student', 2],
      ['Ann Waiting', 3],
    ]);
    // The default (pending) inbox does not hold them.
    const pending = await call('GET', `/student/teams/${w.team.id}/join-requests`, w.as.lea);
    expect(pending.json().data.total).toBe(0);

    const accept = await call(
      'POST',
      `/student/join-requests/${w.requests[0]!.id}/accept`,
      w.as.lea,
      {},
    );
    expect(accept.statusCode).toBe(409);
    expect(accept.json().code).toBe('REQUEST_NOT_PENDING');
    expect(accept.json().message).toMatch(/on the waitlist because the team is full/);

    const reject = await call(
      'POST',
      `/student/join-requests/${w.requests[0]!.id}/reject`,
      w.as.lea,
      {
        reason: 'Sorry',
      },
    );
    expect(reject.statusCode).toBe(200);
    expect(reject.json().data.status).toBe('REJECTED');
    // Tom moves up.
    const after = await call(
      'GET',
      `/student/teams/${w.team.id}/join-requests?status=WAITLISTED`,
      w.as.lea,
    );
    expect(after.json().data.items.map((r: JoinRequest) => r.waitlistPosition)).toEqual([1, 2]);
    // Nothing was promoted: the team is still full.
    expect(await statusOf(w.requests[1]!.id)).toBe('WAITLISTED');
  });

  it('the team page and My Teams show the student their place; they can withdraw', async () => {
    const w = await fullWorld();
    const tom = await detail(w, w.as.tom);
    expect(tom.viewer).toMatchObject({
      relation: 'REQUESTED',
      pendingRequestId: null,
      waitlistedRequestId: w.requests[1]!.id,
      waitlistPosition: 2,
      canApply: false,
      canJoinWaitlist: false,
    });
    const outsider = await makeStudent(w.course.id, { fullname: 'Olive Outside' });
    const olive = bearer((await signIn(app, outsider.email)).token);
    expect((await detail(w, olive)).viewer).toMatchObject({
      relation: 'NONE',
      waitlistedRequestId: null,
      waitlistPosition: null,
      canApply: false,
      canJoinWaitlist: true,
    });

    const mine = (await call('GET', '/student/me/teams', w.as.tom)).json().data as MyTeams;
    expect(mine.requests.map((r) => [r.teamName, r.status, r.waitlistPosition])).toEqual([
      ['Team T', 'WAITLISTED', 2],
    ]);

    const withdrawn = await call(
      'POST',
      `/student/join-requests/${w.requests[0]!.id}/withdraw`,
      w.as.sue,
    );
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data.status).toBe('WITHDRAWN');
    expect((await detail(w, w.as.tom)).viewer.waitlistPosition).toBe(1);
  });

  it('past the deadline a waitlisted request is not shown as actionable', async () => {
    const w = await fullWorld();
    await setCourse(w.course.id, { teamFormationDeadline: pastDate() });
    expect((await detail(w, w.as.tom)).viewer.waitlistPosition).toBeNull();
    const mine = (await call('GET', '/student/me/teams', w.as.tom)).json().data as MyTeams;
    expect(mine.requests).toEqual([]);
    const list = await call(
      'GET',
      `/student/teams/${w.team.id}/join-requests?status=WAITLISTED`,
      w.as.lea,
    );
    expect(list.json().data.items).toEqual([]);
  });
});

describe('a seat opens', () => {
  it('a member leaves: the first waitlisted request becomes PENDING, audited by the system, both notified', async () => {
    const w = await fullWorld();
    const res = await call('POST', `/student/teams/${w.team.id}/leave`, w.as.max);
    expect(res.statusCode).toBe(200);
    expect(await statusOf(w.requests[0]!.id)).toBe('PENDING');
    expect(await statusOf(w.requests[1]!.id)).toBe('WAITLISTED');
    const promoted = (await teamAuditOf(w.team.id)).filter((e) => e.action === 'REQUEST_PROMOTED');
    expect(promoted).toHaveLength(1);
    expect(promoted[0]).toMatchObject({
      actorId: null,
      targetUserId: w.sue.id,
      data: { requestId: w.requests[0]!.id, studentName: 'Sue Student' },
    });
    expect(await notificationsOf(w.sue.id, 'WAITLIST_PROMOTED')).toHaveLength(1);
    const leaderCopy = await notificationsOf(w.lea.id, 'WAITLIST_PROMOTED');
    expect(leaderCopy).toHaveLength(1);
    expect(leaderCopy[0]!.data).toMatchObject({ for: 'leader' });
    // The leader decides: accepting now works, and fills the team again.
    const accept = await call(
      'POST',
      `/student/join-requests/${w.requests[0]!.id}/accept`,
      w.as.lea,
      {},
    );
    expect(accept.statusCode).toBe(200);
    expect((await teamRow(w.team.id)).memberCount).toBe(2);
    // Tom's and Ann's waitlisted requests are still there, in order.
    expect((await detail(w, w.as.tom)).viewer.waitlistPosition).toBe(1);
  });

  it('a pending request covers a seat: a second leave promotes the next, a reject of the pending one too', async () => {
    const w = await teamWorld(app, { maxSize: 3 });
    const extra = await makeStudent(w.course.id, { fullname: 'Eve Extra' });
    // Fill T to 3 with Eve through the leader's accept.
    const eve = bearer((await signIn(app, extra.email)).token);
    const eveReq = (await apply(w.team.id, eve)).json().data as JoinRequest;
    await call('POST', `/student/join-requests/${eveReq.id}/accept`, w.as.lea, {});
    const sueReq = (await apply(w.team.id, w.as.sue)).json().data as JoinRequest;
    const tomReq = (await apply(w.team.id, w.as.tom)).json().data as JoinRequest;
    expect([sueReq.status, tomReq.status]).toEqual(['WAITLISTED', 'WAITLISTED']);

    await call('POST', `/student/teams/${w.team.id}/leave`, eve);
    expect([await statusOf(sueReq.id), await statusOf(tomReq.id)]).toEqual([
      'PENDING',
      'WAITLISTED',
    ]);
    // The leader turns Sue down: her seat is uncovered again and Tom gets it.
    await call('POST', `/student/join-requests/${sueReq.id}/reject`, w.as.lea, {});
    expect(await statusOf(tomReq.id)).toBe('PENDING');
  });

  it('the leader raises maxSize by 2: the first two are promoted', async () => {
    const w = await fullWorld();
    const res = await call('PATCH', `/student/teams/${w.team.id}`, w.as.lea, { maxSize: 4 });
    expect(res.statusCode).toBe(200);
    expect(await Promise.all(w.requests.map((r) => statusOf(r.id)))).toEqual([
      'PENDING',
      'PENDING',
      'WAITLISTED',
    ]);
  });

  it('removed by the leader, by an admin, moved away by an admin, enrollment ended: each promotes one', async () => {
    const w = await teamWorld(app, { maxSize: 4 });
    const a = await makeStudent(w.course.id, { fullname: 'Al Member' });
    const b = await makeStudent(w.course.id, { fullname: 'Bo Member' });
    // Lea, Max, Al, Bo: full.
    for (const s of [a, b]) {
      const h = bearer((await signIn(app, s.email)).token);
      const r = (await apply(w.team.id, h)).json().data as JoinRequest;
      await call('POST', `/student/join-requests/${r.id}/accept`, w.as.lea, {});
    }
    const other = await makeTeam(w.course.id, (await makeStudent(w.course.id)).id, { maxSize: 6 });
    const waiting: Awaited<ReturnType<typeof makeJoinRequest>>[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await makeStudent(w.course.id, { fullname: `Waiter ${i}` });
      waiting.push(
        await makeJoinRequest(w.team, s.id, {
          status: 'WAITLISTED',
          createdAt: new Date(Date.now() - 10_000 + i),
        }),
      );
    }
    const order = () => Promise.all(waiting.map((r) => statusOf(r.id)));

    await call('DELETE', `/student/teams/${w.team.id}/members/${a.id}`, w.as.lea);
    expect(await order()).toEqual(['PENDING', 'WAITLISTED', 'WAITLISTED', 'WAITLISTED']);
    await call('DELETE', `/student/teams/${w.team.id}/members/${b.id}`, w.as.adminA);
    expect(await order()).toEqual(['PENDING', 'PENDING', 'WAITLISTED', 'WAITLISTED']);
    const moved = await call('POST', `/admin/teams/${other.id}/members`, w.as.adminA, {
      userId: w.max.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(await order()).toEqual(['PENDING', 'PENDING', 'PENDING', 'WAITLISTED']);
    await endEnrollment(w, w.lea.id);
    // Lea was the last member: the team disbands and its open requests are cancelled.
    expect(await membersOf(w.team.id)).toEqual([]);
    expect(await order()).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED', 'CANCELLED']);
  });

  it('an enrollment ending (not the last member) promotes one', async () => {
    const w = await fullWorld();
    await endEnrollment(w, w.max.id);
    expect(await statusOf(w.requests[0]!.id)).toBe('PENDING');
    expect(await statusOf(w.requests[1]!.id)).toBe('WAITLISTED');
  });

  it('skips a waitlisted student who is no longer eligible (inactive)', async () => {
    const w = await fullWorld();
    const { db } = await getWorkerDb();
    const { enrollments } = await import('../../../src/db/schema/index.js');
    await db
      .update(enrollments)
      .set({ status: 'INACTIVE' })
      .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.sue.id)));
    await call('POST', `/student/teams/${w.team.id}/leave`, w.as.max);
    expect(await statusOf(w.requests[0]!.id)).toBe('WAITLISTED');
    expect(await statusOf(w.requests[1]!.id)).toBe('PENDING');
  });
});

describe('off every waitlist', () => {
  it('joining another team cancels the student’s waitlisted requests in the course', async () => {
    const w = await fullWorld();
    const leader2 = await makeStudent(w.course.id, { fullname: 'Lou Leader' });
    const team2 = await makeTeam(w.course.id, leader2.id, { name: 'Team U', maxSize: 4 });
    const lou = bearer((await signIn(app, leader2.email)).token);
    const req = (await apply(team2.id, w.as.sue)).json().data as JoinRequest;
    expect(req.status).toBe('PENDING');
    expect(
      (await call('POST', `/student/join-requests/${req.id}/accept`, lou, {})).statusCode,
    ).toBe(200);
    const row = await requestRow(w.requests[0]!.id);
    expect(row.status).toBe('CANCELLED');
    expect(row.reason).toBe('Joined another team');
  });

  it('creating a team cancels them too', async () => {
    const w = await fullWorld();
    const res = await call('POST', `/student/courses/${w.course.id}/teams`, w.as.tom, {
      name: 'Tom Team',
    });
    expect(res.statusCode).toBe(201);
    expect(await statusOf(w.requests[1]!.id)).toBe('CANCELLED');
  });

  it('disbanding cancels the waitlist', async () => {
    const w = await fullWorld();
    const res = await call('POST', `/student/teams/${w.team.id}/disband`, w.as.lea);
    expect(res.statusCode).toBe(200);
    expect(await Promise.all(w.requests.map((r) => statusOf(r.id)))).toEqual([
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
    ]);
  });

  it('the deadline job cancels waitlisted requests of past-deadline courses, once', async () => {
    const w = await fullWorld();
    const live = await fullWorld();
    await setCourse(w.course.id, { teamFormationDeadline: pastDate() });
    const { db } = await getWorkerDb();
    const [a, b] = await Promise.all([runWaitlistJob(db), runWaitlistJob(db)]);
    expect(a.cancelled + b.cancelled).toBeGreaterThanOrEqual(3);
    for (const r of w.requests) {
      const row = await requestRow(r.id);
      expect(row.status).toBe('CANCELLED');
      expect(row.reason).toBe('The team formation deadline passed');
    }
    const cancelled = (await teamAuditOf(w.team.id)).filter(
      (e) => e.action === 'REQUEST_CANCELLED',
    );
    expect(cancelled).toHaveLength(3);
    expect(cancelled[0]!.actorId).toBeNull();
    // Another course's waitlist is untouched.
    expect(await statusOf(live.requests[0]!.id)).toBe('WAITLISTED');
  });

  it('the job promotes on a team whose pending request was cancelled from elsewhere', async () => {
    const w = await fullWorld();
    await call('POST', `/student/teams/${w.team.id}/leave`, w.as.max);
    expect(await statusOf(w.requests[0]!.id)).toBe('PENDING');
    // Sue joins another team: her pending request on T is cancelled without T's lock.
    const leader2 = await makeStudent(w.course.id, { fullname: 'Lou Leader' });
    const team2 = await makeTeam(w.course.id, leader2.id, { name: 'Team U', maxSize: 4 });
    await call('POST', `/admin/teams/${team2.id}/members`, w.as.adminA, { userId: w.sue.id });
    expect(await statusOf(w.requests[0]!.id)).toBe('CANCELLED');
    expect(await statusOf(w.requests[1]!.id)).toBe('WAITLISTED');
    const { db } = await getWorkerDb();
    expect((await runWaitlistJob(db)).promoted).toBeGreaterThanOrEqual(1);
    expect(await statusOf(w.requests[1]!.id)).toBe('PENDING');
    expect(await statusOf(w.requests[2]!.id)).toBe('WAITLISTED');
    const rows = await db.select().from(joinRequests).where(eq(joinRequests.teamId, w.team.id));
    expect(rows.filter((r) => r.status === 'PENDING')).toHaveLength(1);
  });
});
