import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AdminDashboardStats } from '@teamup/shared';
import {
  auditEvents,
  courses,
  csvUploads,
  enrollments,
  organizations,
  teams,
} from '../../../src/db/schema/index.js';
import {
  makeAdminOf,
  makeCourse,
  makeEnrollment,
  makeOrganization,
  makeTeam,
  makeUser,
} from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import { makeInvitation, makeJoinRequest, makeStudent } from '../teams/requests-world.js';

type Headers = Record<string, string>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const short = () => randomUUID().slice(0, 8);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

describe('GET /admin/dashboard/stats', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const get = (url: string, headers: Headers) =>
    app.inject({ method: 'GET', url: `${API}${url}`, headers });
  const stats = async (headers: Headers, query = '') => {
    const res = await get(`/admin/dashboard/stats${query ? `?${query}` : ''}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminDashboardStats }>().data;
  };
  const as = async (email: string) => bearer((await signIn(app, email)).token);

  async function twoOrganizations() {
    const orgA = await makeOrganization({ name: 'Aurora' });
    const orgB = await makeOrganization({ name: 'Borealis' });
    const adminA = await makeAdminOf([orgA.id]);
    const adminB = await makeAdminOf([orgB.id]);
    const superadmin = await makeUser({
      email: `super-${short()}@example.edu`,
      role: 'SUPERADMIN',
    });
    return { orgA, orgB, adminA, adminB, superadmin };
  }

  it('counts every figure of a course from the data', async () => {
    const { db } = await getWorkerDb();
    const { orgA, adminA } = await twoOrganizations();
    const course = await makeCourse(orgA.id, {
      code: 'FIG1',
      title: 'Figures',
      teamSizeMin: 2,
      teamSizeMax: 4,
      deadline: new Date(Date.now() + 10 * DAY),
    });
    const [lea, max, ann, sue, tom] = await Promise.all(
      ['Lea', 'Max', 'Ann', 'Sue', 'Tom'].map((n) => makeStudent(course.id, { fullname: n })),
    );
    await makeStudent(course.id, { status: 'INACTIVE' });
    await makeEnrollment(course.id, { email: `pending-${short()}@example.edu` });
    // Removed: never counted, whatever its status.
    const gone = await makeStudent(course.id);
    await db
      .update(enrollments)
      .set({ removedAt: new Date() })
      .where(eq(enrollments.userId, gone.id));
    const full = await makeTeam(course.id, lea!.id, { members: [max!.id], maxSize: 2 });
    const open = await makeTeam(course.id, ann!.id, { maxSize: 4 });
    const disbanded = await makeTeam(course.id, tom!.id, { maxSize: 4 });
    await db.execute(sql`delete from team_members where team_id = ${disbanded.id}`);
    await db
      .update(teams)
      .set({ disbandedAt: new Date(), memberCount: 0 })
      .where(eq(teams.id, disbanded.id));
    await makeJoinRequest(open, sue!.id, { createdAt: new Date(Date.now() - 49 * HOUR) });
    await makeJoinRequest(open, tom!.id);
    await makeJoinRequest(full, tom!.id, { status: 'REJECTED' });
    await makeInvitation(open, tom!.id);
    await makeInvitation(full, sue!.id, { status: 'CANCELLED' });

    const data = await stats(await as(adminA.email));
    expect(data.courses).toHaveLength(1);
    const c = data.courses[0]!;
    expect(c).toMatchObject({
      id: course.id,
      code: 'FIG1',
      title: 'Figures',
      term: 'Fall 2026',
      organizationId: orgA.id,
      organizationName: 'Aurora',
      teamSizeMin: 2,
      teamSizeMax: 4,
      deadline: course.teamFormationDeadline.toISOString(),
      students: { pending: 1, active: 5, inactive: 1 },
      placed: 3,
      placedPercent: 60,
      teamless: 2,
      teams: { total: 2, full: 1, open: 1, underMinimum: 1 },
      pendingJoinRequests: 2,
      pendingInvitations: 1,
    });
    const left = course.teamFormationDeadline.getTime() - Date.parse(data.generatedAt);
    expect(Math.abs(c.secondsLeft - left / 1000)).toBeLessThan(5);
    expect(data.filters).toEqual({
      organizations: [{ id: orgA.id, name: 'Aurora' }],
      terms: ['Fall 2026'],
    });
    // The curve ends at today's figure.
    expect(data.progress[0]!.points.at(-1)).toEqual({
      day: dayOf(Date.now()),
      active: 5,
      placed: 3,
      percent: 60,
    });
  });

  it('an empty scope answers empty lists, and a course with no student has no percentage', async () => {
    const { orgA, adminA, adminB } = await twoOrganizations();
    expect(await stats(await as(adminB.email))).toMatchObject({
      courses: [],
      progress: [],
      attention: [],
      filters: { terms: [] },
    });
    await makeCourse(orgA.id, { code: 'NONE' });
    const data = await stats(await as(adminA.email));
    expect(data.courses[0]).toMatchObject({
      students: { pending: 0, active: 0, inactive: 0 },
      placed: 0,
      placedPercent: null,
      teamless: 0,
    });
    expect(data.progress[0]!.points).toEqual([
      { day: dayOf(Date.now()), active: 0, placed: 0, percent: null },
    ]);
  });

  it('rebuilds formation progress day by day from the audit trail the real calls write', async () => {
    const { db } = await getWorkerDb();
    const { orgA, adminA } = await twoOrganizations();
    const admin = await as(adminA.email);
    const course = await makeCourse(orgA.id, { code: 'HIST', teamSizeMin: 1, teamSizeMax: 4 });
    const now = Date.now();
    const daysAgo = (n: number) => new Date(now - n * DAY);
    await db
      .update(courses)
      .set({ createdAt: daysAgo(5) })
      .where(eq(courses.id, course.id));

    // Each step's audit events are moved to the step's day once it is done.
    const seen: string[] = [];
    const onDay = async (n: number) => {
      const fresh = await db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(seen.length ? notInArray(auditEvents.id, seen) : undefined);
      const ids = fresh.map((r) => r.id);
      if (ids.length) {
        await db
          .update(auditEvents)
          .set({ createdAt: daysAgo(n) })
          .where(inArray(auditEvents.id, ids));
      }
      seen.push(...ids);
    };
    const call = async (
      method: 'POST' | 'PATCH' | 'DELETE',
      url: string,
      headers: Headers,
      payload?: object,
    ) => {
      const res = await app.inject({
        method,
        url: `${API}${url}`,
        headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json<{ data: Record<string, unknown> }>().data;
    };

    const people = await Promise.all(
      ['a', 'b', 'c', 'd'].map((n) => makeUser({ email: `${n}-${short()}@example.edu` })),
    );
    const [a, b, c, d] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];
    const pEmail = `p-${short()}@example.edu`;
    const enrollmentOf: Record<string, string> = {};
    // Day −4: four students with accounts (ACTIVE) and one without (PENDING).
    for (const who of [a, b, c, d]) {
      const added = await call('POST', '/admin/students/manual-add', admin, {
        courseId: course.id,
        email: who.email,
        fullname: 'Student',
      });
      enrollmentOf[who.email] = added.id as string;
    }
    await call('POST', '/admin/students/manual-add', admin, {
      courseId: course.id,
      email: pEmail,
      fullname: 'Pending Student',
    });
    await onDay(4);
    // Day −3: A creates a team, B asks to join, A accepts.
    const asA = await as(a.email);
    const asB = await as(b.email);
    const asC = await as(c.email);
    const asD = await as(d.email);
    const team1 = (await call('POST', `/student/courses/${course.id}/teams`, asA, {
      name: 'One',
    })) as { id: string };
    const request = (await call('POST', `/student/teams/${team1.id}/join-requests`, asB, {
      message: 'Hi',
    })) as { id: string };
    await call('POST', `/student/join-requests/${request.id}/accept`, asA, {});
    await onDay(3);
    // Day −2: P signs in (ACTIVATED), D set INACTIVE, C creates a team.
    const asP = await signIn(app, pEmail);
    await call('PATCH', `/admin/enrollment/${enrollmentOf[d.email]}/status`, admin, {
      status: 'INACTIVE',
    });
    const team2 = (await call('POST', `/student/courses/${course.id}/teams`, asC, {
      name: 'Two',
    })) as { id: string };
    await onDay(2);
    // Day −1: B moved by the admin to C's team, then B leaves it; C removed from the course
    // (C, alone, disbands Two).
    await call('POST', `/admin/teams/${team2.id}/members`, admin, { userId: b.id });
    await call('POST', `/student/teams/${team2.id}/leave`, asB, {});
    await call('DELETE', `/admin/enrollment/${enrollmentOf[c.email]}/remove`, admin);
    await onDay(1);
    // Today: D ACTIVE again; B makes a team, the admin adds D to it, B disbands it (releasing
    // B and D); the admin adds P to A's team.
    await call('PATCH', `/admin/enrollment/${enrollmentOf[d.email]}/status`, admin, {
      status: 'ACTIVE',
    });
    const team3 = (await call('POST', `/student/courses/${course.id}/teams`, asB, {
      name: 'Three',
    })) as { id: string };
    await call('POST', `/admin/teams/${team3.id}/members`, admin, { userId: d.id });
    await call('POST', `/student/teams/${team3.id}/disband`, asB, {});
    await call('POST', `/admin/teams/${team1.id}/members`, admin, { userId: asP.user.id });
    void asD;

    const data = await stats(admin);
    expect(data.courses[0]).toMatchObject({ students: { active: 4 }, placed: 2 });
    expect(data.progress).toEqual([
      {
        courseId: course.id,
        code: 'HIST',
        points: [
          { day: dayOf(now - 5 * DAY), active: 0, placed: 0, percent: null },
          { day: dayOf(now - 4 * DAY), active: 4, placed: 0, percent: 0 },
          { day: dayOf(now - 3 * DAY), active: 4, placed: 2, percent: 50 },
          { day: dayOf(now - 2 * DAY), active: 4, placed: 3, percent: 75 },
          { day: dayOf(now - DAY), active: 3, placed: 1, percent: 33.3 },
          { day: dayOf(now), active: 4, placed: 2, percent: 50 },
        ],
      },
    ]);
  });

  it('keeps the curve to the last 120 days', async () => {
    const { db } = await getWorkerDb();
    const { orgA, adminA } = await twoOrganizations();
    const course = await makeCourse(orgA.id);
    await db
      .update(courses)
      .set({ createdAt: new Date(Date.now() - 400 * DAY) })
      .where(eq(courses.id, course.id));
    const points = (await stats(await as(adminA.email))).progress[0]!.points;
    expect(points).toHaveLength(120);
    expect(points[0]!.day).toBe(dayOf(Date.now() - 119 * DAY));
  });

  it('lists what needs attention, most urgent first, each about its course', async () => {
    const { db } = await getWorkerDb();
    const { orgA, adminA } = await twoOrganizations();
    const at = (hours: number) => new Date(Date.now() + hours * HOUR);
    const soonLater = await makeCourse(orgA.id, { code: 'SOON2', deadline: at(60) });
    const soon = await makeCourse(orgA.id, { code: 'SOON1', deadline: at(24) });
    const passed = await makeCourse(orgA.id, { code: 'PAST', deadline: at(-48) });
    const calm = await makeCourse(orgA.id, { code: 'CALM', deadline: at(24 * 30), teamSizeMin: 3 });
    for (const course of [soonLater, soon]) await makeStudent(course.id);
    for (let i = 0; i < 3; i++) await makeStudent(passed.id);
    // CALM: everyone placed, but one team of 2 under the minimum of 3, and one of 3 that is not.
    const [x, y, z1, z2, z3] = await Promise.all(
      Array.from({ length: 5 }, () => makeStudent(calm.id)),
    );
    const small = await makeTeam(calm.id, x!.id, { members: [y!.id], maxSize: 4 });
    await makeTeam(calm.id, z1!.id, { members: [z2!.id, z3!.id], maxSize: 4 });
    // A request waiting for 3 days and one of 5 (the oldest is named), one of an hour (not stale).
    const waiting = await makeStudent(calm.id);
    const waiting2 = await makeStudent(calm.id);
    const fresh = await makeStudent(calm.id);
    await makeJoinRequest(small, waiting.id, { createdAt: at(-72) });
    await makeJoinRequest(small, waiting2.id, { createdAt: at(-120) });
    await makeJoinRequest(small, fresh.id, { createdAt: at(-1) });
    // CALM has teamless students now, but its deadline is a month away: no deadline item.
    // Uploads: on CALM a failed one after a completed one (counts), on SOON1 a failed one that a
    // later completed upload settled (does not).
    const upload = (courseId: string, status: 'FAILED' | 'COMPLETED', created: Date) =>
      db.insert(csvUploads).values({
        courseId,
        organizationId: orgA.id,
        fileName: 'roster.csv',
        content: 'email\n',
        status,
        createdAt: created,
        finishedAt: created,
      });
    await upload(calm.id, 'COMPLETED', at(-10));
    await upload(calm.id, 'FAILED', at(-5));
    await upload(soon.id, 'FAILED', at(-10));
    await upload(soon.id, 'COMPLETED', at(-5));

    const data = await stats(await as(adminA.email));
    expect(
      data.attention.map((i) => [i.kind, i.courseCode, i.count, i.at && Date.parse(i.at)]),
    ).toEqual([
      ['DEADLINE_SOON', 'SOON1', 1, soon.teamFormationDeadline.getTime()],
      ['DEADLINE_SOON', 'SOON2', 1, soonLater.teamFormationDeadline.getTime()],
      ['DEADLINE_PASSED', 'PAST', 3, passed.teamFormationDeadline.getTime()],
      ['FAILED_UPLOADS', 'CALM', 1, expect.any(Number)],
      ['TEAMS_UNDER_MINIMUM', 'CALM', 1, null],
      ['STALE_JOIN_REQUESTS', 'CALM', 2, expect.any(Number)],
    ]);
    const stale = data.attention.at(-1)!;
    expect(Math.abs(Date.parse(stale.at!) - at(-120).getTime())).toBeLessThan(1000);
    expect(data.attention[0]).toMatchObject({
      courseId: soon.id,
      courseTitle: soon.title,
      organizationName: 'Aurora',
    });
  });

  describe('scope', () => {
    it("an admin counts only their organizations' live, non-archived courses", async () => {
      const { db } = await getWorkerDb();
      const { orgA, orgB, adminA, adminB, superadmin } = await twoOrganizations();
      const courseA = await makeCourse(orgA.id, { code: 'A1', term: 'Fall 2026' });
      const courseA2 = await makeCourse(orgA.id, { code: 'A2', term: 'Spring 2027' });
      await makeCourse(orgA.id, { code: 'ARCH', archived: true, term: 'Old term' });
      const courseB = await makeCourse(orgB.id, { code: 'B1', term: 'Winter 2026' });
      // A student of both organizations, in a team in B: nothing of B reaches A's admin.
      const both = await makeStudent(courseA.id);
      await makeEnrollment(courseB.id, { email: both.email, userId: both.id });
      await makeTeam(courseB.id, both.id);
      const deleted = await makeOrganization({ name: 'Gone' });
      await makeCourse(deleted.id, { code: 'GONE' });
      await db
        .update(organizations)
        .set({ deletedAt: new Date() })
        .where(eq(organizations.id, deleted.id));
      const adminOfBoth = await makeAdminOf([orgA.id, deleted.id]);

      const a = await stats(await as(adminA.email));
      expect(a.courses.map((c) => c.code)).toEqual(['A1', 'A2']);
      expect(a.courses[0]).toMatchObject({ students: { active: 1 }, placed: 0, teamless: 1 });
      expect(a.filters).toEqual({
        organizations: [{ id: orgA.id, name: 'Aurora' }],
        terms: ['Fall 2026', 'Spring 2027'],
      });
      expect(a.progress.map((p) => p.courseId)).toEqual([courseA.id, courseA2.id]);

      const b = await stats(await as(adminB.email));
      expect(b.courses.map((c) => c.code)).toEqual(['B1']);
      expect(b.courses[0]).toMatchObject({ placed: 1, teams: { total: 1 } });

      expect((await stats(await as(adminOfBoth.email))).courses.map((c) => c.code)).toEqual([
        'A1',
        'A2',
      ]);

      const all = await stats(await as(superadmin.email));
      expect(all.courses.map((c) => c.code)).toEqual(['A1', 'A2', 'B1']);
      expect(all.filters.organizations.map((o) => o.name)).toEqual(['Aurora', 'Borealis']);
    });

    it('filters by organization and term; another organization is 404 like the other admin calls', async () => {
      const { orgA, orgB, adminA, superadmin } = await twoOrganizations();
      await makeCourse(orgA.id, { code: 'A1', term: 'Fall 2026' });
      await makeCourse(orgA.id, { code: 'A2', term: 'Spring 2027' });
      await makeCourse(orgB.id, { code: 'B1', term: 'Fall 2026' });
      const admin = await as(adminA.email);
      const sup = await as(superadmin.email);

      expect((await stats(admin, 'term=Spring%202027')).courses.map((c) => c.code)).toEqual(['A2']);
      expect(
        (await stats(admin, `organizationId=${orgA.id}&term=Fall%202026`)).courses.map(
          (c) => c.code,
        ),
      ).toEqual(['A1']);
      const other = await get(`/admin/dashboard/stats?organizationId=${orgB.id}`, admin);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      const nobody = await get(`/admin/dashboard/stats?organizationId=${randomUUID()}`, admin);
      expect(nobody.statusCode).toBe(404);
      expect(
        (await get(`/admin/dashboard/stats.csv?organizationId=${orgB.id}`, admin)).statusCode,
      ).toBe(404);

      const onlyB = await stats(sup, `organizationId=${orgB.id}`);
      expect(onlyB.courses.map((c) => c.code)).toEqual(['B1']);
      expect(onlyB.filters.terms).toEqual(['Fall 2026']);
      expect((await stats(sup, 'term=Fall%202026')).courses.map((c) => c.code)).toEqual([
        'A1',
        'B1',
      ]);
    });

    it('refuses students and anonymous callers, and bad filters', async () => {
      const { orgA, adminA } = await twoOrganizations();
      const course = await makeCourse(orgA.id);
      const student = await makeStudent(course.id);
      const asStudent = await as(student.email);
      for (const url of ['/admin/dashboard/stats', '/admin/dashboard/stats.csv']) {
        expect((await get(url, {})).statusCode).toBe(401);
        expect((await get(url, asStudent)).statusCode).toBe(403);
      }
      const admin = await as(adminA.email);
      for (const query of ['organizationId=nope', 'term=', `term=${'x'.repeat(61)}`]) {
        for (const url of ['/admin/dashboard/stats', '/admin/dashboard/stats.csv']) {
          const res = await get(`${url}?${query}`, admin);
          expect(res.statusCode, `${url}?${query}`).toBe(400);
          expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
        }
      }
    });
  });

  describe('GET /admin/dashboard/stats.csv', () => {
    it('answers the per-course figures as a spreadsheet-safe file', async () => {
      const { orgA, orgB, adminA } = await twoOrganizations();
      const course = await makeCourse(orgA.id, {
        code: 'CSV1',
        title: '=HYPERLINK("http://x.example","click"), now',
        deadline: new Date(Date.now() + 5 * HOUR + 10 * 60_000),
      });
      const [lea, max] = await Promise.all([makeStudent(course.id), makeStudent(course.id)]);
      await makeStudent(course.id);
      await makeTeam(course.id, lea!.id, { members: [max!.id], maxSize: 2 });
      await makeCourse(orgB.id, { code: 'OTHER' });

      const res = await get('/admin/dashboard/stats.csv', await as(adminA.email));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="team-formation-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const lines = res.body.slice(1).split('\r\n');
      expect(lines).toEqual([
        'organization,code,title,term,deadline,hoursLeft,pending,active,inactive,placed,placedPercent,teamless,teams,teamsFull,teamsOpen,teamsUnderMinimum,pendingJoinRequests,pendingInvitations',
        `Aurora,CSV1,"'=HYPERLINK(""http://x.example"",""click""), now",Fall 2026,${course.teamFormationDeadline.toISOString()},5,0,3,0,2,66.7,1,1,1,0,0,0,0`,
        '',
      ]);
    });
  });
});
