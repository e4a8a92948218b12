import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UsageAnalytics } from '@teamup/shared';
import { organizations } from '../../../src/db/schema/index.js';
import {
  makeAdminOf,
  makeCourse,
  makeEnrollment,
  makeOrganization,
  makeUser,
  makeWorld,
} from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import {
  activity,
  createdAgo,
  dayAgo,
  getJson,
  mondayOf,
  quietSuperadmin,
  teamCreatedAgo,
  upload,
} from './analytics-data.js';

let app: FastifyInstance;
beforeAll(async () => {
  await getWorkerDb();
  app = await buildTestApp();
});

const usage = (token: string, query = '') =>
  getJson<UsageAnalytics>(app, token, `/analytics/usage${query}`);

/** A student enrolled (ACTIVE) in the course, made long ago (not a new user of the range). */
async function studentIn(courseId: string) {
  const user = await makeUser();
  await makeEnrollment(courseId, { email: user.email, userId: user.id });
  await createdAgo([user.id], 400);
  return user;
}

describe('GET /analytics/usage: days', () => {
  it('has every day of the range, oldest first, with zeros, sign-ins and distinct active users', async () => {
    const { token } = await quietSuperadmin(app);
    const org = await makeOrganization();
    const course = await makeCourse(org.id);
    const [ann, bob, cem] = [
      await studentIn(course.id),
      await studentIn(course.id),
      await studentIn(course.id),
    ];
    await activity(ann.id, 0, 2);
    await activity(bob.id, 0, 0); // active through a touched session, no sign-in
    await activity(ann.id, 3, 1);
    await activity(cem.id, 6, 1);
    await activity(cem.id, 7, 4); // the day before a 7-day range
    await teamCreatedAgo(course.id, 2);
    await teamCreatedAgo(course.id, 2, true); // disbanded since: it was still formed that day
    await teamCreatedAgo(course.id, 8);

    const { status, body } = await usage(token, '?range=7');
    expect(status).toBe(200);
    const data = body.data;
    expect(data).toMatchObject({ range: 7, from: dayAgo(6), to: dayAgo(0), organization: null });
    expect(data.days).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((n) => ({
        day: dayAgo(n),
        signIns: { 0: 2, 3: 1, 6: 1 }[n] ?? 0,
        activeUsers: { 0: 2, 3: 1, 6: 1 }[n] ?? 0,
        teamsFormed: n === 2 ? 2 : 0,
      })),
    );
    expect(data.totals).toMatchObject({ signIns: 4, activeUsers: 3, teamsFormed: 2 });

    // 30 days: the day before the 7-day range is in, and a user active on two days counts once.
    const month = (await usage(token, '?range=30')).body.data;
    expect(month.days).toHaveLength(30);
    expect(month.days[0]!.day).toBe(dayAgo(29));
    expect(month.days.find((d) => d.day === dayAgo(7))).toEqual({
      day: dayAgo(7),
      signIns: 4,
      activeUsers: 1,
      teamsFormed: 0,
    });
    expect(month.totals).toMatchObject({ signIns: 8, activeUsers: 3, teamsFormed: 3 });
    expect((await usage(token, '?range=90')).body.data.days).toHaveLength(90);
  });

  it('defaults to 30 days and refuses any other range with 400', async () => {
    const { token } = await quietSuperadmin(app);
    const fallback = await usage(token);
    expect(fallback.status).toBe(200);
    expect(fallback.body.data.range).toBe(30);
    expect(fallback.body.data.days).toHaveLength(30);
    for (const bad of ['?range=14', '?range=abc', '?range=-7', '?organizationId=nope']) {
      const res = await usage(token, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('GET /analytics/usage: weeks', () => {
  it('buckets new users and uploads by ISO week (Monday), cut to the range, with rows and failure rate', async () => {
    const { token } = await quietSuperadmin(app);
    const org = await makeOrganization();
    const course = await makeCourse(org.id);
    const newcomers = [await makeUser(), await makeUser(), await makeUser(), await makeUser()];
    const ages = [0, 1, 13, 40];
    for (const [i, user] of newcomers.entries()) await createdAgo([user.id], ages[i]!);
    await upload(course.id, org.id, { daysAgo: 0, status: 'COMPLETED', processedRows: 100 });
    await upload(course.id, org.id, { daysAgo: 0, status: 'FAILED', processedRows: 7 });
    await upload(course.id, org.id, { daysAgo: 0, status: 'QUEUED' });
    await upload(course.id, org.id, { daysAgo: 13, status: 'FAILED', processedRows: 0 });
    await upload(course.id, org.id, { daysAgo: 45, status: 'COMPLETED', processedRows: 9 });

    const { body } = await usage(token, '?range=30');
    const data = body.data;
    // Expected weeks, built from the days of the range.
    const rangeDays = Array.from({ length: 30 }, (_, i) => dayAgo(29 - i));
    const starts = [...new Set(rangeDays.map(mondayOf))];
    expect(data.weeks.map((w) => w.weekStart)).toEqual(starts);
    expect(data.weeks[0]!.from).toBe(dayAgo(29));
    expect(data.weeks.at(-1)!.to).toBe(dayAgo(0));
    for (const week of data.weeks) {
      const inWeek = rangeDays.filter((d) => mondayOf(d) === week.weekStart);
      expect([week.from, week.to]).toEqual([inWeek[0], inWeek.at(-1)]);
    }
    const weekOf = (n: number) => data.weeks.find((w) => w.weekStart === mondayOf(dayAgo(n)))!;
    const expectedNew = new Map<string, number>();
    for (const n of [0, 1, 13]) {
      const key = mondayOf(dayAgo(n));
      expectedNew.set(key, (expectedNew.get(key) ?? 0) + 1);
    }
    for (const week of data.weeks) {
      expect(week.newUsers, week.weekStart).toBe(expectedNew.get(week.weekStart) ?? 0);
    }
    // This week: three uploads, two finished, one of them failed; the queued one counts as
    // uploaded but not in the rate.
    expect(weekOf(0)).toMatchObject({
      csvUploads: 3,
      csvFailed: 1,
      csvRowsProcessed: 107,
      csvFailureRate: 0.5,
    });
    expect(weekOf(13)).toMatchObject({ csvUploads: 1, csvFailed: 1, csvFailureRate: 1 });
    const quiet = data.weeks.filter(
      (w) => w.weekStart !== mondayOf(dayAgo(0)) && w.weekStart !== mondayOf(dayAgo(13)),
    );
    for (const week of quiet) {
      expect(week).toMatchObject({ csvUploads: 0, csvFailed: 0, csvFailureRate: null });
    }
    expect(data.totals).toMatchObject({
      newUsers: 3,
      csvUploads: 4,
      csvFailed: 2,
      csvRowsProcessed: 107,
      csvFailureRate: 2 / 3,
    });

    // 7 days: the upload 13 days ago is out; no finished upload at all gives a null rate.
    const week = (await usage(token, '?range=7')).body.data;
    expect(week.totals).toMatchObject({ csvUploads: 3, csvFailed: 1, newUsers: 2 });
    expect(week.weeks.length).toBeGreaterThanOrEqual(1);
    expect(week.weeks.length).toBeLessThanOrEqual(2);
  });
});

describe('GET /analytics/usage: one organization', () => {
  it("counts only the organization's people, teams and uploads; 404 for an unknown or deleted one", async () => {
    const { db } = await getWorkerDb();
    const { token } = await quietSuperadmin(app);
    const orgA = await makeOrganization({ name: 'Alpha' });
    const orgB = await makeOrganization({ name: 'Beta' });
    const courseA = await makeCourse(orgA.id);
    const courseB = await makeCourse(orgB.id);
    const inA = await studentIn(courseA.id);
    const inB = await studentIn(courseB.id);
    const inBoth = await studentIn(courseA.id);
    await makeEnrollment(courseB.id, { email: inBoth.email, userId: inBoth.id });
    const adminA = await makeAdminOf([orgA.id]);
    await createdAgo([adminA.id], 400);
    const newInA = await studentIn(courseA.id);
    await createdAgo([newInA.id], 2);
    await activity(inA.id, 1, 1);
    await activity(inB.id, 1, 5);
    await activity(inBoth.id, 2, 1);
    await activity(adminA.id, 1, 1);
    await teamCreatedAgo(courseA.id, 1);
    await teamCreatedAgo(courseB.id, 1);
    await teamCreatedAgo(courseB.id, 1);
    await upload(courseA.id, orgA.id, { daysAgo: 1, status: 'FAILED', processedRows: 3 });
    await upload(courseB.id, orgB.id, { daysAgo: 1, status: 'COMPLETED', processedRows: 50 });

    const { status, body } = await usage(token, `?range=7&organizationId=${orgA.id}`);
    expect(status).toBe(200);
    const data = body.data;
    expect(data.organization).toEqual({ id: orgA.id, name: 'Alpha' });
    expect(data.days.find((d) => d.day === dayAgo(1))).toEqual({
      day: dayAgo(1),
      signIns: 2,
      activeUsers: 2,
      teamsFormed: 1,
    });
    expect(data.totals).toEqual({
      signIns: 3,
      activeUsers: 3,
      newUsers: 1,
      teamsFormed: 1,
      csvUploads: 1,
      csvFailed: 1,
      csvRowsProcessed: 3,
      csvFailureRate: 1,
    });
    // Everyone: both organizations' figures.
    const all = (await usage(token, '?range=7')).body.data;
    expect(all.totals).toMatchObject({
      signIns: 8,
      activeUsers: 4,
      teamsFormed: 3,
      csvUploads: 2,
      csvRowsProcessed: 53,
      csvFailureRate: 0.5,
    });
    // The rankings are over every organization whatever the filter.
    expect(data.mostActive).toEqual(all.mostActive);

    const unknown = await usage(token, `?organizationId=${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    await db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, orgB.id));
    expect((await usage(token, `?organizationId=${orgB.id}`)).status).toBe(404);
  });

  it('ranks the live organizations by active people: the most active, then the least active of the rest', async () => {
    const { db } = await getWorkerDb();
    const { token } = await quietSuperadmin(app);
    // Eight organizations; organization i has i active people (0 to 7) out of 8.
    const orgs: { id: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const org = await makeOrganization({ name: `Org ${i}` });
      const course = await makeCourse(org.id);
      for (let p = 0; p < 8; p++) {
        const student = await studentIn(course.id);
        if (p < i) await activity(student.id, 3, 1);
      }
      orgs.push(org);
    }
    // Active long ago only: not active in the range.
    const stale = await studentIn((await makeCourse(orgs[0]!.id)).id);
    await activity(stale.id, 60, 3);
    const deleted = await makeOrganization({ name: 'Deleted' });
    const deletedCourse = await makeCourse(deleted.id);
    for (let p = 0; p < 9; p++) await activity((await studentIn(deletedCourse.id)).id, 1, 1);
    await db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, deleted.id));

    const { body } = await usage(token, '?range=30');
    const row = (i: number) => ({
      id: orgs[i]!.id,
      name: `Org ${i}`,
      people: i === 0 ? 9 : 8,
      activeUsers: i,
      signIns: i,
    });
    expect(body.data.mostActive).toEqual([7, 6, 5, 4, 3].map(row));
    expect(body.data.leastActive).toEqual([0, 1, 2].map(row));
  });
});

describe('GET /analytics/usage and /overview: who may call', () => {
  it('refuses students and organization admins (403) and callers without a token (401)', async () => {
    const w = await makeWorld();
    const student = await signIn(app, w.student.email);
    const admin = await signIn(app, w.adminA.email);
    for (const url of ['/analytics/usage?range=7', '/analytics/overview']) {
      for (const caller of [student, admin]) {
        const res = await app.inject({
          method: 'GET',
          url: `${API}${url}`,
          headers: bearer(caller.token),
        });
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
      const anonymous = await app.inject({ method: 'GET', url: `${API}${url}` });
      expect(anonymous.statusCode).toBe(401);
    }
    const superadmin = await signIn(app, w.superadmin.email);
    const res = await app.inject({
      method: 'GET',
      url: `${API}/analytics/usage?range=7`,
      headers: bearer(superadmin.token),
    });
    expect(res.statusCode).toBe(200);
  });
});
