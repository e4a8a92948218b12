// System Analytics' case of `npm run bench:teams` (issue 13, decision 109): a superadmin asks for
// the usage of the last 30 days. The bench data has no history of use, so it gets one first:
// over the last 90 days (UTC), each bench student is active on about one day in six and signs
// in on about half of those, about 150,000 rows of user_activity_days; and the users' accounts
// are spread over the last 120 days, so that new users per week count something. The past days
// are then rolled up (rollup.ts), as the scheduled job does, and so is today so far (the job's
// once-a-minute run, kept in this process), which the calls read while it is fresh.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { users } from '../src/db/schema/index.js';
import { rollUpActivity, rollUpToday } from '../src/modules/analytics/rollup.js';
import { API, signIn, type Target } from './bench-lib.js';

export async function analyticsCases(
  app: FastifyInstance,
  port: number,
): Promise<{ name: string; port: number; targets: Target[]; pgUs?: number }[]> {
  await app.db.execute(sql`
    update users set created_at = now() - make_interval(days => abs(hashtext(email)) % 120)
    where email like 'bench-%'`);
  await app.db.execute(sql`
    insert into user_activity_days (day, user_id, sign_ins)
    select d::date, u.id, case when abs(hashtext(u.email || d::text || '+')) % 2 = 0 then 1 else 0 end
    from users u
    cross join generate_series(
      (now() at time zone 'UTC')::date - 89, (now() at time zone 'UTC')::date, interval '1 day') d
    where u.email like 'bench-%' and abs(hashtext(u.email || d::text)) % 6 = 0
    on conflict do nothing`);
  await app.db.execute(sql`analyze user_activity_days`);
  await app.db.execute(sql`analyze users`);
  // Past days are rolled up as the scheduled job would have (decision 109), then today so far,
  // as its once-a-minute run does (fresh for two minutes: longer than the load runs).
  const started = Date.now();
  const rolled = await rollUpActivity(app.db);
  console.log(
    `  rolled up ${rolled.days.length} past days of activity in ${Date.now() - started} ms`,
  );
  const todayStarted = Date.now();
  const today = await rollUpToday(app.db);
  console.log(
    `  rolled up today so far (${today.rows.length} rows) in ${Date.now() - todayStarted} ms`,
  );
  const [superadmin] = await app.db
    .insert(users)
    .values({
      email: 'bench-superadmin@bench.example.edu',
      fullname: 'Bench Superadmin',
      role: 'SUPERADMIN',
    })
    .returning({ email: users.email });
  const token = await signIn(app, superadmin!.email);
  return [
    {
      name: 'GET /analytics/usage?range=30',
      port,
      targets: [{ path: `${API}/analytics/usage?range=30`, token }],
      // Issue 25: at most 1,000 µs of PostgreSQL CPU per request (decision 129).
      pgUs: 1000,
    },
  ];
}
