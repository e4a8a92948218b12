// The activity rollup of System Analytics (decision 109, rollup.ts): the usage call answers the
// same whether the past days are rolled up, partly rolled up or not at all; the job is
// idempotent, catches up missing days, and two runners at once write each day once.
import type { FastifyInstance } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UsageAnalytics } from '@teamup/shared';
import { analyticsActivityRollup, analyticsRollupDays } from '../../../src/db/schema/index.js';
import {
  createRollupJob,
  EVERYONE,
  rollUpActivity,
  rollUpToday,
  ROLLUP_WINDOW_DAYS,
  setTodayRollup,
  todayRollupOf,
  type TodayRollup,
} from '../../../src/modules/analytics/rollup.js';
import {
  makeAdminOf,
  makeCourse,
  makeEnrollment,
  makeOrganization,
  makeUser,
} from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { activity, createdAgo, dayAgo, getJson, quietSuperadmin } from './analytics-data.js';

let app: FastifyInstance;
beforeAll(async () => {
  await getWorkerDb();
  app = await buildTestApp();
});

async function studentIn(courseId: string) {
  const user = await makeUser();
  await makeEnrollment(courseId, { email: user.email, userId: user.id });
  await createdAgo([user.id], 400);
  return user;
}

/**
 * Two organizations and a history of use over 100 days: people active on several days (so that
 * "distinct over the range" differs from the sum of the days), on days either side of each
 * range's first day, someone in both organizations, an admin, and someone in none.
 */
async function history() {
  const orgA = await makeOrganization({ name: 'Alpha' });
  const orgB = await makeOrganization({ name: 'Beta' });
  const courseA = await makeCourse(orgA.id);
  const courseA2 = await makeCourse(orgA.id);
  const courseB = await makeCourse(orgB.id);
  const ann = await studentIn(courseA.id);
  await makeEnrollment(courseA2.id, { email: ann.email, userId: ann.id }); // twice in Alpha
  const bob = await studentIn(courseB.id);
  const cem = await studentIn(courseA.id);
  await makeEnrollment(courseB.id, { email: cem.email, userId: cem.id }); // in both
  const admin = await makeAdminOf([orgB.id]);
  await createdAgo([admin.id], 400);
  const loner = await makeUser(); // in no organization
  await createdAgo([loner.id], 400);
  const days: [{ id: string }, number[]][] = [
    [ann, [0, 1, 6, 7, 29, 30, 89, 95]],
    [bob, [2, 6, 8, 31, 60, 90]],
    [cem, [0, 7, 29, 88, 89]],
    [admin, [1, 5, 50]],
    [loner, [0, 3, 30, 91]],
  ];
  for (const [user, ago] of days) {
    for (const n of ago) await activity(user.id, n, (n % 3) + (user === ann ? 1 : 0));
  }
  return { orgA, orgB };
}

/** Every range and filter's answer, without todayAsOf (the time of the call when live). */
async function everyFigure(token: string, orgIds: string[]) {
  const answers: Omit<UsageAnalytics, 'todayAsOf'>[] = [];
  for (const range of [7, 30, 90]) {
    for (const org of ['', ...orgIds]) {
      const query = `?range=${range}${org ? `&organizationId=${org}` : ''}`;
      const { status, body } = await getJson<UsageAnalytics>(
        app,
        token,
        `/analytics/usage${query}`,
      );
      expect(status, query).toBe(200);
      const { todayAsOf: _asOf, ...figures } = body.data;
      answers.push(figures);
    }
  }
  return answers;
}

async function rolledDays() {
  const { db } = await getWorkerDb();
  return (await db.select({ day: analyticsRollupDays.day }).from(analyticsRollupDays))
    .map((r) => r.day)
    .sort();
}

describe('analytics rollup', () => {
  it('gives the same figures with every past day rolled up, some, or none; idempotent; catches up', async () => {
    const { db } = await getWorkerDb();
    const { token } = await quietSuperadmin(app);
    const { orgA, orgB } = await history();

    const live = await everyFigure(token, [orgA.id, orgB.id]);
    // A few figures checked by hand (30 days, everyone): distinct people, not the sum of days.
    const month = live[3]!;
    expect(month.totals.activeUsers).toBe(5);
    expect(month.days.find((d) => d.day === dayAgo(0))!.activeUsers).toBe(3);
    expect(month.mostActive.map((o) => [o.name, o.activeUsers])).toEqual([
      ['Beta', 3],
      ['Alpha', 2],
    ]);

    const first = await rollUpActivity(db);
    // Every past day of the window but (within five minutes of midnight) yesterday.
    expect(first.days.length).toBeGreaterThanOrEqual(ROLLUP_WINDOW_DAYS - 2);
    expect(first.days).toContain(dayAgo(2));
    expect(first.days).not.toContain(dayAgo(0));
    expect(first.days).not.toContain(dayAgo(ROLLUP_WINDOW_DAYS));
    const rows = await db.select().from(analyticsActivityRollup);
    const everyone = rows.find((r) => r.day === dayAgo(7) && r.organizationId === EVERYONE)!;
    // Seven days ago: ann and cem, each last active before that 29 days ago (22 days earlier).
    expect(everyone).toMatchObject({ activeUsers: 2, signIns: 2 + 1 });
    expect(everyone.firstAfter).toHaveLength(ROLLUP_WINDOW_DAYS);
    expect(everyone.firstAfter[0]).toBe(2);
    expect(everyone.firstAfter[21]).toBe(2); // both previous days 22 days earlier
    expect(everyone.firstAfter[22]).toBe(0);

    expect(await everyFigure(token, [orgA.id, orgB.id])).toEqual(live);

    // Run again: nothing to do, nothing written twice.
    expect((await rollUpActivity(db)).days).toEqual([]);
    expect(await db.select().from(analyticsActivityRollup)).toHaveLength(rows.length);
    expect(await everyFigure(token, [orgA.id, orgB.id])).toEqual(live);

    // Days missing (the job did not run then): the call computes them live, the next run
    // rolls up exactly those.
    const missing = [dayAgo(1), dayAgo(7), dayAgo(29), dayAgo(60)];
    await db.delete(analyticsRollupDays).where(inArray(analyticsRollupDays.day, missing));
    expect(await everyFigure(token, [orgA.id, orgB.id])).toEqual(live);
    expect((await rollUpActivity(db)).days).toEqual([...missing].sort());
    expect(await db.select().from(analyticsActivityRollup)).toHaveLength(rows.length);
    expect(await everyFigure(token, [orgA.id, orgB.id])).toEqual(live);

    // The ranking's people are those the job last counted: a new student of Alpha counts from
    // the next run on.
    await studentIn((await makeCourse(orgA.id)).id);
    const alpha = async () =>
      (await getJson<UsageAnalytics>(app, token, '/analytics/usage?range=7')).body.data.mostActive
        .concat(
          (await getJson<UsageAnalytics>(app, token, '/analytics/usage?range=7')).body.data
            .leastActive,
        )
        .find((o) => o.id === orgA.id)!.people;
    expect(await alpha()).toBe(2);
    await rollUpActivity(db);
    expect(await alpha()).toBe(3);
  });

  it('two runners at once roll up each day once', async () => {
    const { db } = await getWorkerDb();
    const { token } = await quietSuperadmin(app);
    const { orgA, orgB } = await history();
    const live = await everyFigure(token, [orgA.id, orgB.id]);

    const [one, two] = await Promise.all([rollUpActivity(db), rollUpActivity(db)]);
    const all = [...one.days, ...two.days].sort();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(await rolledDays());
    const counted = (await db.execute(
      sql`select day, organization_id, count(*)::int as n from analytics_activity_rollup
        group by 1, 2 having count(*) > 1`,
    )) as unknown as { rows: unknown[] };
    expect(counted.rows).toEqual([]);
    expect(await everyFigure(token, [orgA.id, orgB.id])).toEqual(live);
  });

  it("reads today from the job's fresh rollup of today, computes it live when that is old", async () => {
    const { token } = await quietSuperadmin(app);
    const { orgA, orgB } = await history();
    setTodayRollup(app.db, undefined);
    const live = await everyFigure(token, [orgA.id, orgB.id]);
    const usage = async () =>
      (await getJson<UsageAnalytics>(app, token, '/analytics/usage?range=7')).body.data;
    const todayOf = (u: UsageAnalytics) => u.days.find((d) => d.day === dayAgo(0))!;

    // A fresh rollup of today: the same answer as live, as of the rollup's time.
    const first = await rollUpToday(app.db);
    expect(first.day).toBe(dayAgo(0));
    expect(await everyFigure(token, [orgA.id, orgB.id])).toEqual(live);
    expect((await usage()).todayAsOf).toBe(first.asOf);

    // Idempotent: a second run computes the same rows (a new time) and replaces the first.
    const byOrg = (t: TodayRollup) =>
      [...t.rows].sort((a, b) => a.organizationId.localeCompare(b.organizationId));
    const second = await rollUpToday(app.db);
    expect(byOrg(second)).toEqual(byOrg(first));
    expect(todayRollupOf(app.db)).toBe(second);
    expect(await everyFigure(token, [orgA.id, orgB.id])).toEqual(live);

    // Someone active since: the fresh rollup does not have them yet (that is what it costs)...
    const late = await makeUser();
    await createdAgo([late.id], 400);
    await activity(late.id, 0, 1);
    const before = todayOf(await usage());
    expect(before.activeUsers).toBe(todayOf(live[0] as UsageAnalytics).activeUsers);

    // ...an old one (three minutes) is ignored: today is live, as of the call.
    const old = new Date(Date.parse(second.asOf) - 3 * 60_000).toISOString();
    setTodayRollup(app.db, { ...second, asOf: old });
    const stale = await usage();
    expect(todayOf(stale)).toEqual({
      ...before,
      activeUsers: before.activeUsers + 1,
      signIns: before.signIns + 1,
    });
    expect(Date.parse(stale.todayAsOf)).toBeGreaterThan(Date.parse(second.asOf));
    // So is yesterday's, however fresh.
    setTodayRollup(app.db, { ...second, day: dayAgo(1), asOf: new Date().toISOString() });
    expect(todayOf(await usage())).toEqual(todayOf(stale));

    // The next run has them.
    const third = await rollUpToday(app.db);
    const fresh = await usage();
    expect(fresh.todayAsOf).toBe(third.asOf);
    const { todayAsOf: _a, ...freshFigures } = fresh;
    const { todayAsOf: _b, ...staleFigures } = stale;
    expect(freshFigures).toEqual(staleFigures);
    setTodayRollup(app.db, undefined);
  });

  it('the scheduled job runs once at a time and stops cleanly', async () => {
    const { db } = await getWorkerDb();
    await history();
    const job = createRollupJob(db, app.log, { firstDelayMs: 60_000 });
    const [a, b] = await Promise.all([job.runOnce(), job.runOnce()]);
    expect(a).toBe(b); // the second call joined the run in progress
    expect(a.days.length).toBeGreaterThanOrEqual(ROLLUP_WINDOW_DAYS - 2);
    const [t1, t2] = await Promise.all([job.runToday(), job.runToday()]);
    expect(t1).toBe(t2);
    expect(todayRollupOf(db)).toBe(t1);
    await job.stop();
    setTodayRollup(db, undefined);
  });
});
