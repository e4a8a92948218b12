// Team health (GET /admin/courses/{id}/health) and nudges (POST /admin/teams/{id}/nudge), issue
// 15, decision 118. Clock-dependent data (old requests, old sign-ins, an old nudge) is written
// with old timestamps.
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseHealth } from '@teamup/shared';
import {
  auditEvents,
  courses,
  joinRequests,
  notifications,
  userActivityDays,
  users,
} from '../../../src/db/schema/index.js';
import { makeTeam } from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import {
  call,
  enrolledStudent,
  pendingRequest,
  setCourse,
  world,
  type World,
} from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

async function health(w: World, headers = w.as.adminA) {
  const res = await call(app, 'GET', `/admin/courses/${w.course.id}/health`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CourseHealth }>().data;
}

async function setSignIn(userIds: string[], at: Date | null) {
  const { db } = await getWorkerDb();
  await db.update(users).set({ lastSignInAt: at }).where(inArray(users.id, userIds));
}

async function setMinimum(courseId: string, teamSizeMin: number) {
  const { db } = await getWorkerDb();
  await db.update(courses).set({ teamSizeMin }).where(eq(courses.id, courseId));
}

/**
 * Beta: Bo alone, closed to requests, never signed in (three flags). Gamma: Gia and Gus, last
 * signed in 9 days ago, with Sue's request waiting 49 hours (two flags).
 */
async function withFlaggedTeams(w: World) {
  const { db } = await getWorkerDb();
  const bo = await enrolledStudent(w.course.id, 'Bo Beta');
  const beta = await makeTeam(w.course.id, bo.id, { name: 'Beta', openToRequests: false });
  const gia = await enrolledStudent(w.course.id, 'Gia Gamma');
  const gus = await enrolledStudent(w.course.id, 'Gus Gamma');
  const gamma = await makeTeam(w.course.id, gia.id, { name: 'Gamma', members: [gus.id] });
  await setSignIn([gia.id, gus.id], new Date(Date.now() - 9 * 86_400_000));
  const request = await pendingRequest(gamma, w.sue.id);
  await db
    .update(joinRequests)
    .set({ createdAt: hoursAgo(49) })
    .where(eq(joinRequests.id, request.id));
  return { bo, beta, gia, gus, gamma };
}

const dayOf = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d);

describe('GET /admin/courses/{id}/health', () => {
  it('lists nothing for healthy teams, and counts them', async () => {
    const w = await world(app);
    expect(await health(w)).toEqual({
      courseId: w.course.id,
      teamSizeMin: 2,
      teams: [],
      totalTeams: 1,
    });
  });

  it('flags each condition with what to do, most flags first', async () => {
    const w = await world(app);
    const { bo, beta, gia, gamma } = await withFlaggedTeams(w);
    const data = await health(w);
    expect(data.totalTeams).toBe(3);
    expect(data.teams.map((t) => t.name)).toEqual(['Beta', 'Gamma']);
    const [b, g] = data.teams;
    expect(b).toMatchObject({
      teamId: beta.id,
      memberCount: 1,
      openToRequests: false,
      leader: { id: bo.id, fullname: 'Bo Beta' },
      lastNudgedAt: null,
    });
    const deadline = dayOf(w.course.teamFormationDeadline);
    expect(b!.flags).toEqual([
      {
        flag: 'UNDER_MINIMUM',
        detail: `Has 1 of the minimum 2 members: the leader should accept a request or invite a classmate before ${deadline}, or you can add a student.`,
      },
      {
        flag: 'INACTIVE',
        detail: 'No member has ever signed in: remind them to sign in and check their team.',
      },
      {
        flag: 'CLOSED_WHILE_SHORT',
        detail:
          'Closed to join requests with 1 of the minimum 2 members: the leader should open it to requests or invite a classmate.',
      },
    ]);
    expect(g).toMatchObject({ teamId: gamma.id, leader: { id: gia.id } });
    expect(g!.flags).toEqual([
      {
        flag: 'REQUESTS_UNANSWERED',
        detail: '1 join request has waited over 48 hours: the leader should accept or decline it.',
      },
      {
        flag: 'INACTIVE',
        detail: `No member has signed in since ${dayOf(new Date(Date.now() - 9 * 86_400_000))}: check that the team is still working together.`,
      },
    ]);
  });

  it('does not flag a request under 48 hours, a recent sign-in or a day of use', async () => {
    const w = await world(app);
    const { db } = await getWorkerDb();
    const { gia, gus, gamma } = await withFlaggedTeams(w);
    await db
      .update(joinRequests)
      .set({ createdAt: hoursAgo(47) })
      .where(eq(joinRequests.teamId, gamma.id));
    // Gia never signs in again, but used Teamup today (a session kept alive).
    await setSignIn([gia.id, gus.id], null);
    await db.insert(userActivityDays).values({
      userId: gia.id,
      day: new Date().toISOString().slice(0, 10),
      signIns: 0,
    });
    expect((await health(w)).teams.map((t) => t.name)).toEqual(['Beta']);

    // Six days ago is within the window; seven is not.
    await setSignIn([gia.id], new Date(Date.now() - 6 * 86_400_000));
    await db.delete(userActivityDays).where(eq(userActivityDays.userId, gia.id));
    expect((await health(w)).teams.map((t) => t.name)).toEqual(['Beta']);
    await setSignIn([gia.id], new Date(Date.now() - 8 * 86_400_000));
    expect((await health(w)).teams.map((t) => t.name)).toEqual(['Beta', 'Gamma']);
  });

  it('is for admins of the course: another organization 404, students 403, superadmin 200', async () => {
    const w = await world(app);
    const url = `/admin/courses/${w.course.id}/health`;
    expect((await call(app, 'GET', url, w.as.adminB)).statusCode).toBe(404);
    expect((await call(app, 'GET', url, w.as.lea)).statusCode).toBe(403);
    expect((await call(app, 'GET', url)).statusCode).toBe(401);
    expect((await health(w, w.as.superadmin)).totalTeams).toBe(1);
    const unknown = await call(
      app,
      'GET',
      `/admin/courses/${crypto.randomUUID()}/health`,
      w.as.adminA,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('leaves disbanded teams out', async () => {
    const w = await world(app);
    const { beta } = await withFlaggedTeams(w);
    const { db } = await getWorkerDb();
    await db.execute(sql`update teams set disbanded_at = now() where id = ${beta.id}`);
    const data = await health(w);
    expect(data.totalTeams).toBe(2);
    expect(data.teams.map((t) => t.name)).toEqual(['Gamma']);
  });
});

const nudge = (w: World, teamId: string, headers = w.as.adminA) =>
  call(app, 'POST', `/admin/teams/${teamId}/nudge`, headers);

async function notificationsOf(userIds: string[]) {
  const { db } = await getWorkerDb();
  return db
    .select()
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.kind, 'TEAM_NUDGED')));
}

describe('POST /admin/teams/{id}/nudge', () => {
  it("notifies every member (never the admin) of what to do, from the team's flags", async () => {
    const w = await world(app);
    await setMinimum(w.course.id, 4);
    const res = await nudge(w, w.team.id);
    expect(res.statusCode, res.body).toBe(200);
    const text = `Your team has 3 of the minimum 4 members: accept a request or invite a classmate before ${dayOf(w.course.teamFormationDeadline)}.`;
    expect(res.json()).toEqual({
      success: true,
      data: { notified: 3, text },
      message: 'Nudge sent to 3 members',
    });

    const { db } = await getWorkerDb();
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.teamId, w.team.id), eq(auditEvents.action, 'TEAM_NUDGED')));
    expect(event).toMatchObject({
      actorId: w.adminA.id,
      courseId: w.course.id,
      organizationId: w.orgA.id,
      data: { byAdmin: true, message: text, flags: ['UNDER_MINIMUM'] },
    });
    const sent = await notificationsOf([w.lea.id, w.max.id, w.mia.id, w.adminA.id, w.sue.id]);
    expect(sent.map((n) => n.userId).sort()).toEqual([w.lea.id, w.max.id, w.mia.id].sort());

    // The member's bell reads the sentence.
    const list = await call(app, 'GET', '/notifications', w.as.max);
    expect(list.json().data.items[0]).toMatchObject({ kind: 'TEAM_NUDGED' });
    expect(list.json().data.items[0].text).toContain(text);

    // The health list shows when.
    expect((await health(w)).teams[0]!.lastNudgedAt).toBe(event!.createdAt.toISOString());
  });

  it('words several flags in one sentence', async () => {
    const w = await world(app);
    const { beta, gamma } = await withFlaggedTeams(w);
    const deadline = dayOf(w.course.teamFormationDeadline);
    const b = await nudge(w, beta.id);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().data).toEqual({
      notified: 1,
      text: `Your team has 1 of the minimum 2 members, is closed to join requests and has had no member sign in for 7 days: open it to requests, accept a request or invite a classmate and check in with each other before ${deadline}.`,
    });
    const g = await nudge(w, gamma.id, w.as.superadmin);
    expect(g.json().data).toEqual({
      notified: 2,
      text: `Your team has 1 join request waiting over 48 hours and has had no member sign in for 7 days: answer it and check in with each other before ${deadline}.`,
    });
  });

  it(`refuses a second nudge within 24 hours, and allows one after`, async () => {
    const w = await world(app);
    const { beta } = await withFlaggedTeams(w);
    expect((await nudge(w, beta.id)).statusCode).toBe(200);
    const again = await nudge(w, beta.id, w.as.superadmin);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NUDGE_TOO_SOON');

    const { db } = await getWorkerDb();
    await db
      .update(auditEvents)
      .set({ createdAt: hoursAgo(25) })
      .where(and(eq(auditEvents.teamId, beta.id), eq(auditEvents.action, 'TEAM_NUDGED')));
    expect((await nudge(w, beta.id)).statusCode).toBe(200);
    expect(await notificationsOf([w.adminA.id])).toEqual([]);
  });

  it('refuses a team without flags, a disbanded team, and other organizations', async () => {
    const w = await world(app);
    const healthy = await nudge(w, w.team.id);
    expect(healthy.statusCode).toBe(409);
    expect(healthy.json().code).toBe('NOTHING_TO_NUDGE');

    const { beta } = await withFlaggedTeams(w);
    expect((await nudge(w, beta.id, w.as.adminB)).statusCode).toBe(404);
    expect((await nudge(w, beta.id, w.as.lea)).statusCode).toBe(403);
    expect((await nudge(w, crypto.randomUUID())).statusCode).toBe(404);

    await setCourse(w.course.id, { archivedAt: new Date() });
    const archived = await nudge(w, beta.id);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().code).toBe('COURSE_ARCHIVED');
    await setCourse(w.course.id, { archivedAt: null });

    const { db } = await getWorkerDb();
    await db.execute(sql`update teams set disbanded_at = now() where id = ${beta.id}`);
    const disbanded = await nudge(w, beta.id);
    expect(disbanded.statusCode).toBe(409);
    expect(disbanded.json().code).toBe('TEAM_DISBANDED');
    expect(await notificationsOf([w.lea.id, w.max.id, w.mia.id])).toEqual([]);
  });
});
