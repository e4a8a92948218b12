// What feeds user_activity_days (openSession, touchSession: migration 0011, decision 109) and
// what retention deletes of it.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UsageAnalytics } from '@teamup/shared';
import { sessions, userActivityDays } from '../../../src/db/schema/index.js';
import {
  ACTIVITY_DAY_RETENTION_DAYS,
  retentionLimits,
  runRetention,
} from '../../../src/modules/maintenance/retention.js';
import { touchSession } from '../../../src/plugins/auth.js';
import { makeUser } from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import { activity, dayAgo, getJson, quietSuperadmin } from './analytics-data.js';

beforeAll(async () => {
  await getWorkerDb();
});

async function activityOf(userId: string) {
  const { db } = await getWorkerDb();
  return db
    .select({ day: userActivityDays.day, signIns: userActivityDays.signIns })
    .from(userActivityDays)
    .where(eq(userActivityDays.userId, userId))
    .orderBy(userActivityDays.day);
}

/** Makes every session of the user look last used two minutes ago (due a touch). */
async function ageSessions(userId: string) {
  const { db } = await getWorkerDb();
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
    .where(eq(sessions.userId, userId));
}

describe('user_activity_days: what records a day', () => {
  it('a sign-in through the login call adds one to today, and the usage call shows it', async () => {
    const app = await buildTestApp();
    const first = await signIn(app, 'ada@example.edu');
    expect(await activityOf(first.user.id)).toEqual([{ day: dayAgo(0), signIns: 1 }]);
    await signIn(app, 'ada@example.edu');
    expect(await activityOf(first.user.id)).toEqual([{ day: dayAgo(0), signIns: 2 }]);

    const { token } = await quietSuperadmin(app);
    const { body } = await getJson<UsageAnalytics>(app, token, '/analytics/usage?range=7');
    expect(body.data.days.at(-1)).toMatchObject({ day: dayAgo(0), signIns: 2, activeUsers: 1 });
  });

  it('a signed-in call on a session due its once-a-minute touch records the day without a sign-in', async () => {
    const { db } = await getWorkerDb();
    const app = await buildTestApp();
    const bea = await signIn(app, 'bea@example.edu');
    // Yesterday's sign-in: the session lives on, today has no row yet.
    await db
      .update(userActivityDays)
      .set({ day: dayAgo(1) })
      .where(eq(userActivityDays.userId, bea.user.id));
    const me = () =>
      app.inject({ method: 'GET', url: `${API}/auth/session/me`, headers: bearer(bea.token) });

    expect((await me()).statusCode).toBe(200);
    // Used less than a minute ago: no touch, no row.
    expect(await activityOf(bea.user.id)).toEqual([{ day: dayAgo(1), signIns: 1 }]);

    await ageSessions(bea.user.id);
    expect((await me()).statusCode).toBe(200);
    expect(await activityOf(bea.user.id)).toEqual([
      { day: dayAgo(1), signIns: 1 },
      { day: dayAgo(0), signIns: 0 },
    ]);
    // A second touch the same day keeps the one row and its sign-ins.
    await ageSessions(bea.user.id);
    expect((await me()).statusCode).toBe(200);
    expect(await activityOf(bea.user.id)).toHaveLength(2);
  });

  it('touchSession records the day only when it writes the session, and keeps a sign-in of the day', async () => {
    const { db } = await getWorkerDb();
    const user = await makeUser();
    const [session] = await db
      .insert(sessions)
      .values({ userId: user.id, expiresAt: sql`now() + interval '1 day'` })
      .returning({ id: sessions.id });
    await touchSession(db, session!.id);
    expect(await activityOf(user.id)).toEqual([]);

    await activity(user.id, 0, 3);
    await ageSessions(user.id);
    await touchSession(db, session!.id);
    expect(await activityOf(user.id)).toEqual([{ day: dayAgo(0), signIns: 3 }]);

    await db.delete(userActivityDays).where(eq(userActivityDays.userId, user.id));
    await ageSessions(user.id);
    await touchSession(db, session!.id);
    expect(await activityOf(user.id)).toEqual([{ day: dayAgo(0), signIns: 0 }]);
  });
});

describe('retention of user_activity_days', () => {
  it(`deletes days older than ${ACTIVITY_DAY_RETENTION_DAYS} days in batches and keeps the rest`, async () => {
    const { db } = await getWorkerDb();
    const user = await makeUser();
    const other = await makeUser();
    const horizon = ACTIVITY_DAY_RETENTION_DAYS;
    for (const n of [horizon + 1, horizon + 2, horizon + 30]) await activity(user.id, n, 1);
    await activity(other.id, horizon + 5, 2);
    for (const n of [horizon, horizon - 1, 90, 0]) await activity(user.id, n, 1);

    const small = retentionLimits(30 * 86_400, { batchRows: 3, maxBatches: 1 });
    expect(await runRetention(db, small)).toMatchObject({ activityDays: 3, capped: true });
    expect(await runRetention(db, small)).toMatchObject({ activityDays: 1, capped: false });
    expect((await activityOf(user.id)).map((r) => r.day)).toEqual(
      [horizon, horizon - 1, 90, 0].map(dayAgo),
    );
    expect(await activityOf(other.id)).toEqual([]);
    expect(await runRetention(db, small)).toMatchObject({ activityDays: 0 });
  });
});
