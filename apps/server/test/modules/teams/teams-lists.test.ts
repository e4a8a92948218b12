import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyTeams, Paginated, TeamSummary } from '@teamup/shared';
import {
  enrollments,
  joinRequests,
  teamMembers,
  teams,
  users,
} from '../../../src/db/schema/index.js';
import { makeCourse, makeEnrollment, makeTeam } from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import {
  call,
  enrolledStudent,
  pendingInvitation,
  pendingRequest,
  world,
  type World,
} from './teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

async function list(path: string, headers: Record<string, string>) {
  const res = await call(app, 'GET', path, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Paginated<TeamSummary> }>().data;
}
const names = (page: { items: TeamSummary[] }) => page.items.map((t) => t.name);

/**
 * Beside Alpha (Lea, Max, Mia; 4 seats): "beta" (Bo and Bea, full at 2), "Gamma 100%" (Gus,
 * 3 seats) and "Delta", disbanded. Sue has asked to join beta and is invited to Gamma.
 */
async function courseWithTeams(w: World) {
  const bo = await enrolledStudent(w.course.id, 'Bo Beta');
  const bea = await enrolledStudent(w.course.id, 'Bea Beta');
  const gus = await enrolledStudent(w.course.id, 'Gus Gamma');
  const dan = await enrolledStudent(w.course.id, 'Dan Delta');
  const beta = await makeTeam(w.course.id, bo.id, { name: 'beta', maxSize: 2, members: [bea.id] });
  const gamma = await makeTeam(w.course.id, gus.id, { name: 'Gamma 100%', maxSize: 3 });
  const delta = await makeTeam(w.course.id, dan.id, { name: 'Delta' });
  const { db } = await getWorkerDb();
  await db.delete(teamMembers).where(eq(teamMembers.teamId, delta.id));
  await db
    .update(teams)
    .set({ disbandedAt: new Date(), memberCount: 0 })
    .where(eq(teams.id, delta.id));
  const request = await pendingRequest(beta, w.sue.id);
  await pendingInvitation(gamma, w.sue.id);
  return { bo, gus, beta, gamma, delta, request };
}

describe('GET /student/courses/{courseId}/teams', () => {
  it('lists the live teams by name, whatever the case, with my relation to each', async () => {
    const w = await world(app);
    const t = await courseWithTeams(w);
    const data = await list(`/student/courses/${w.course.id}/teams`, w.as.sue);
    expect(data).toMatchObject({ page: 1, limit: 20, total: 3 });
    expect(names(data)).toEqual(['Alpha', 'beta', 'Gamma 100%']);
    expect(data.items.map((i) => i.relation)).toEqual(['NONE', 'REQUESTED', 'INVITED']);
    expect(data.items[1]).toEqual({
      id: t.beta.id,
      courseId: w.course.id,
      courseCode: 'A101',
      courseTitle: 'Course A',
      name: 'beta',
      description: '',
      // Bo is not Sue's teammate and did not opt in (issue 12).
      leader: { id: t.bo.id, fullname: 'Bo Beta', email: null, avatar: null },
      memberCount: 2,
      maxSize: 2,
      openSeats: 0,
      openToRequests: true,
      createdAt: t.beta.createdAt.toISOString(),
      disbandedAt: null,
      relation: 'REQUESTED',
      wantedSkills: [],
      matchedSkills: [],
    });

    const asLeader = await list(`/student/courses/${w.course.id}/teams`, w.as.lea);
    expect(asLeader.items.map((i) => i.relation)).toEqual(['LEADER', 'NONE', 'NONE']);
    const asMember = await list(`/student/courses/${w.course.id}/teams`, w.as.max);
    expect(asMember.items.map((i) => i.relation)).toEqual(['MEMBER', 'NONE', 'NONE']);
    const asAdmin = await list(`/student/courses/${w.course.id}/teams`, w.as.adminA);
    expect(asAdmin.total).toBe(3);
  });

  it('searches names literally and filters by open seats', async () => {
    const w = await world(app);
    await courseWithTeams(w);
    const base = `/student/courses/${w.course.id}/teams`;
    expect(names(await list(`${base}?search=ET`, w.as.sue))).toEqual(['beta']);
    expect(names(await list(`${base}?search=100%25`, w.as.sue))).toEqual(['Gamma 100%']);
    expect(names(await list(`${base}?search=%25`, w.as.sue))).toEqual(['Gamma 100%']);
    expect(names(await list(`${base}?search=delta`, w.as.sue))).toEqual([]);
    expect(names(await list(`${base}?hasOpenSeats=true`, w.as.sue))).toEqual([
      'Alpha',
      'Gamma 100%',
    ]);
    const full = await list(`${base}?hasOpenSeats=false`, w.as.sue);
    expect(names(full)).toEqual(['beta']);
    expect(full.total).toBe(1);
  });

  it('counts a team closed to requests as not open, whatever its free seats', async () => {
    const w = await world(app);
    await courseWithTeams(w);
    const cid = await enrolledStudent(w.course.id, 'Cid Closed');
    await makeTeam(w.course.id, cid.id, { name: 'Closed Club', maxSize: 5, openToRequests: false });
    const base = `/student/courses/${w.course.id}/teams`;
    const open = await list(`${base}?hasOpenSeats=true`, w.as.sue);
    expect(names(open)).toEqual(['Alpha', 'Gamma 100%']);
    expect(open.total).toBe(2);
    const notOpen = await list(`${base}?hasOpenSeats=false`, w.as.sue);
    expect(names(notOpen)).toEqual(['beta', 'Closed Club']);
    expect(notOpen.total).toBe(2);
    // Unfiltered, the closed team is still listed, with its free seats.
    const all = await list(base, w.as.sue);
    expect(names(all)).toEqual(['Alpha', 'beta', 'Closed Club', 'Gamma 100%']);
    expect(all.items[2]).toMatchObject({ openSeats: 4, openToRequests: false });
    // The same rule on the list of all my courses' teams, and past the first page.
    expect(names(await list('/student/teams?hasOpenSeats=true', w.as.sue))).toEqual([
      'Alpha',
      'Gamma 100%',
    ]);
    const second = await list(`${base}?hasOpenSeats=false&limit=1&page=2`, w.as.sue);
    expect(names(second)).toEqual(['Closed Club']);
    expect(second.total).toBe(2);
  });

  it('checks access whether or not the course has teams, and past the last page', async () => {
    const w = await world(app);
    const empty = await makeCourse(w.orgA.id, { code: 'A909' });
    await makeEnrollment(empty.id, { email: w.sue.email, userId: w.sue.id });
    const path = `/student/courses/${empty.id}/teams`;
    expect(await list(path, w.as.sue)).toEqual({ items: [], page: 1, limit: 20, total: 0 });
    expect((await list(path, w.as.adminA)).total).toBe(0);
    for (const who of ['lea', 'olga', 'adminB'] as const) {
      const res = await call(app, 'GET', path, w.as[who]);
      expect(res.statusCode, who).toBe(404);
    }
    // A page past the end still knows the total; strangers still get 404 there.
    const beyond = `/student/courses/${w.course.id}/teams?page=5`;
    expect(await list(beyond, w.as.sue)).toEqual({ items: [], page: 5, limit: 20, total: 1 });
    expect((await call(app, 'GET', beyond, w.as.olga)).statusCode).toBe(404);
  });

  it('refuses bad filters with VALIDATION_ERROR naming them', async () => {
    const w = await world(app);
    for (const [query, path] of [
      ['hasOpenSeats=maybe', 'query.hasOpenSeats'],
      ['limit=101', 'query.limit'],
      ['page=0', 'query.page'],
    ]) {
      const res = await call(
        app,
        'GET',
        `/student/courses/${w.course.id}/teams?${query}`,
        w.as.sue,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it('pages through a course with 500 teams', async () => {
    const w = await world(app);
    const { db } = await getWorkerDb();
    const run = randomUUID().slice(0, 6);
    const students = await db
      .insert(users)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          email: `bulk-${run}-${i}@example.edu`,
          fullname: `Bulk ${i}`,
        })),
      )
      .returning({ id: users.id, email: users.email });
    await db.insert(enrollments).values(
      students.map((s) => ({
        courseId: w.course.id,
        email: s.email,
        userId: s.id,
        fullname: 'Bulk',
        status: 'ACTIVE' as const,
        source: 'CSV' as const,
      })),
    );
    const made = await db
      .insert(teams)
      .values(
        students.map((s, i) => ({
          courseId: w.course.id,
          name: `Team ${String(i).padStart(3, '0')}`,
          leaderId: s.id,
          maxSize: 4,
          memberCount: 1,
        })),
      )
      .returning({ id: teams.id, leaderId: teams.leaderId });
    await db
      .insert(teamMembers)
      .values(made.map((t) => ({ teamId: t.id, userId: t.leaderId!, courseId: w.course.id })));

    const seen: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const data = await list(
        `/student/courses/${w.course.id}/teams?page=${page}&limit=100`,
        w.as.sue,
      );
      expect(data).toMatchObject({ page, limit: 100, total: 501 });
      expect(data.items).toHaveLength(page <= 5 ? 100 : 1);
      seen.push(...names(data));
    }
    expect(seen).toHaveLength(501);
    expect(new Set(seen).size).toBe(501);
    expect(seen[0]).toBe('Alpha');
    expect(seen.slice(1, 4)).toEqual(['Team 000', 'Team 001', 'Team 002']);
    expect(seen[500]).toBe('Team 499');
    const beyond = await list(`/student/courses/${w.course.id}/teams?page=7&limit=100`, w.as.sue);
    expect(beyond).toMatchObject({ items: [], total: 501 });
  });
});

describe('GET /student/teams', () => {
  it('lists live teams of all my courses, by course then name, filtered by course and open seats', async () => {
    const w = await world(app);
    await courseWithTeams(w);
    const other = await makeCourse(w.orgA.id, { code: 'A202', title: 'Course A2' });
    await makeEnrollment(other.id, { email: w.sue.email, userId: w.sue.id });
    const ola = await enrolledStudent(other.id, 'Ola Other');
    await makeTeam(other.id, ola.id, { name: 'Zeta', maxSize: 1 });
    // A course Sue is not in: its teams stay out.
    const foreign = await makeCourse(w.orgA.id, { code: 'A303' });
    const fay = await enrolledStudent(foreign.id, 'Fay Foreign');
    await makeTeam(foreign.id, fay.id, { name: 'Omega' });

    const all = await list('/student/teams', w.as.sue);
    expect(all.items.map((t) => `${t.courseCode}/${t.name}`)).toEqual([
      'A101/Alpha',
      'A101/beta',
      'A101/Gamma 100%',
      'A202/Zeta',
    ]);
    expect(all.total).toBe(4);
    expect(names(await list(`/student/teams?courseId=${other.id}`, w.as.sue))).toEqual(['Zeta']);
    expect(names(await list(`/student/teams?courseId=${foreign.id}`, w.as.sue))).toEqual([]);
    expect(names(await list('/student/teams?hasOpenSeats=true&search=a', w.as.sue))).toEqual([
      'Alpha',
      'Gamma 100%',
    ]);

    // A removed enrollment takes its course's teams away.
    const { db } = await getWorkerDb();
    await db
      .update(enrollments)
      .set({ removedAt: new Date() })
      .where(eq(enrollments.courseId, other.id));
    expect(names(await list('/student/teams', w.as.sue))).toEqual(['Alpha', 'beta', 'Gamma 100%']);
  });

  it('is empty for a user without enrollments', async () => {
    const w = await world(app);
    expect(await list('/student/teams', w.as.adminA)).toEqual({
      items: [],
      page: 1,
      limit: 20,
      total: 0,
    });
  });

  it('refuses a malformed course filter', async () => {
    const w = await world(app);
    const res = await call(app, 'GET', '/student/teams?courseId=abc', w.as.sue);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('query.courseId');
  });
});

describe('GET /student/me/teams', () => {
  it('gives my live teams across courses and my pending join requests, newest first', async () => {
    const w = await world(app);
    const t = await courseWithTeams(w);
    const other = await makeCourse(w.orgA.id, { code: 'A202', title: 'Course A2' });
    await makeEnrollment(other.id, { email: w.sue.email, userId: w.sue.id });
    const ola = await enrolledStudent(other.id, 'Ola Other');
    const zeta = await makeTeam(other.id, ola.id, { name: 'Zeta', members: [w.sue.id] });
    const omega = await makeTeam(other.id, (await enrolledStudent(other.id, 'Om')).id, {
      name: 'Omega',
    });
    const { db } = await getWorkerDb();
    // Decided requests are history, not "pending".
    await db
      .insert(joinRequests)
      .values({ teamId: omega.id, courseId: other.id, userId: w.sue.id, status: 'REJECTED' });

    const res = await call(app, 'GET', '/student/me/teams', w.as.sue);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: MyTeams }>().data;
    expect(data.teams.map((x) => [x.name, x.relation])).toEqual([['Zeta', 'MEMBER']]);
    expect(data.teams[0]!.id).toBe(zeta.id);
    expect(data.requests).toEqual([
      {
        id: t.request.id,
        teamId: t.beta.id,
        teamName: 'beta',
        courseId: w.course.id,
        courseCode: 'A101',
        applicant: {
          id: w.sue.id,
          fullname: 'Sue Solo',
          email: w.sue.email,
          avatar: null,
          skills: [],
        },
        message: '',
        status: 'PENDING',
        reason: null,
        createdAt: t.request.createdAt.toISOString(),
        decidedAt: null,
        waitlistPosition: null,
      },
    ]);

    const lea = (await call(app, 'GET', '/student/me/teams', w.as.lea)).json<{ data: MyTeams }>()
      .data;
    expect(lea).toEqual({
      teams: [expect.objectContaining({ name: 'Alpha', relation: 'LEADER' })],
      requests: [],
    });
  });

  it('leaves out disbanded teams and is empty for someone without any', async () => {
    const w = await world(app);
    const res = await call(app, 'POST', `/student/teams/${w.team.id}/disband`, w.as.lea);
    expect(res.statusCode).toBe(200);
    const data = (await call(app, 'GET', '/student/me/teams', w.as.lea)).json<{ data: MyTeams }>()
      .data;
    expect(data).toEqual({ teams: [], requests: [] });
  });
});
