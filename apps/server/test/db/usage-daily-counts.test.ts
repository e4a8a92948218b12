// Migration 0025 (decision 129): the usage call's teams formed, new users and CSV upload figures
// are kept per day by statement triggers (insert-only rows) and folded by the rollup job. After a
// mix of every kind of change (rows created, edited, moved to another day or course, deleted; one
// at a time, many per statement, in rolled-back and concurrent transactions), the kept sums equal
// a recount of the rows, before and after the fold (compactDailyCounts), which writes one row per
// key.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvUploads, teams, users } from '../../src/db/schema/index.js';
import { compactDailyCounts } from '../../src/modules/analytics/rollup.js';
import { makeCourse, makeOrganization, makeUser } from '../fixtures.js';
import { getWorkerDb } from '../helper.js';
import { createdAgo, teamCreatedAgo, upload } from '../modules/analytics/analytics-data.js';

type Db = Awaited<ReturnType<typeof getWorkerDb>>['db'];

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Kept and recounted figures, as sorted lists of non-zero [key, day, figures...] rows. */
async function compare(db: Db) {
  const keptTeams = await rows(
    db,
    sql`select course_id::text as k, day::text as d,
      sum(teams_formed)::int as n from analytics_daily_teams
    group by 1, 2 having sum(teams_formed) <> 0 order by 1, 2`,
  );
  const countedTeams = await rows(
    db,
    sql`select course_id::text as k,
      ((created_at at time zone 'UTC')::date)::text as d, count(*)::int as n
    from teams group by 1, 2 order by 1, 2`,
  );
  expect(keptTeams).toEqual(countedTeams);
  const keptCounts = await rows(
    db,
    sql`select organization_id::text as k, day::text as d,
      sum(new_users)::int as users, sum(csv_uploads)::int as uploads,
      sum(csv_failed)::int as failed, sum(csv_finished)::int as finished,
      sum(csv_rows_processed)::int as processed
    from analytics_daily_counts group by 1, 2
    having sum(new_users) <> 0 or sum(csv_uploads) <> 0 or sum(csv_failed) <> 0
      or sum(csv_finished) <> 0 or sum(csv_rows_processed) <> 0
    order by 1, 2`,
  );
  const countedCounts = await rows(
    db,
    sql`select k, d, sum(users)::int as users,
      sum(uploads)::int as uploads, sum(failed)::int as failed, sum(finished)::int as finished,
      sum(processed)::int as processed
    from (
      select '00000000-0000-0000-0000-000000000000' as k,
        ((created_at at time zone 'UTC')::date)::text as d, 1 as users, 0 as uploads,
        0 as failed, 0 as finished, 0 as processed
      from users
      union all
      select organization_id::text, ((created_at at time zone 'UTC')::date)::text, 0, 1,
        (status = 'FAILED')::int, (status in ('COMPLETED', 'FAILED'))::int, processed_rows
      from csv_uploads) x
    group by 1, 2 order by 1, 2`,
  );
  expect(keptCounts).toEqual(countedCounts);
}

describe('analytics_daily_counts and analytics_daily_teams (migration 0025)', () => {
  it('equal a recount after every kind of change, before and after the fold', async () => {
    const { db } = await getWorkerDb();
    const org = await makeOrganization();
    const other = await makeOrganization();
    const a = await makeCourse(org.id);
    const b = await makeCourse(other.id);
    await compare(db);

    const t1 = await teamCreatedAgo(a.id, 3);
    const t2 = await teamCreatedAgo(a.id, 1, true);
    await teamCreatedAgo(b.id, 0);
    const u1 = await upload(a.id, org.id, { daysAgo: 2, status: 'QUEUED' });
    await upload(b.id, other.id, { daysAgo: 0, status: 'FAILED', processedRows: 3 });
    const people = [await makeUser(), await makeUser(), await makeUser()];
    await compare(db);

    // Edits: a team moved to another day and course, one member more (no change of figures),
    // an upload finishing with rows, users moved back in time, one deleted.
    await db.execute(sql`update teams set created_at = created_at - interval '5 days',
      course_id = ${b.id} where id = ${t1}`);
    await db.execute(sql`update teams set member_count = 2 where id = ${t2}`);
    await db
      .update(csvUploads)
      .set({ status: 'COMPLETED', processedRows: 40 })
      .where(eq(csvUploads.id, u1));
    await createdAgo([people[0]!.id, people[1]!.id], 10);
    await db.delete(users).where(eq(users.id, people[2]!.id));
    await compare(db);

    // Many rows per statement, and a rolled-back transaction.
    await db.execute(sql`update csv_uploads set status = 'FAILED'
      where organization_id in (${org.id}, ${other.id})`);
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from teams where course_id in (${a.id}, ${b.id})`);
        await tx.execute(sql`delete from csv_uploads where organization_id = ${org.id}`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await compare(db);

    // Concurrent transactions writing the same organization's days.
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`insert into teams (course_id, name, max_size, member_count)
            values (${i % 2 ? a.id : b.id}, ${`Racer ${Date.now()}-${i}`}, 4, 1)`);
          await tx.execute(sql`insert into csv_uploads
              (course_id, organization_id, file_name, content, status)
            values (${a.id}, ${org.id}, 'r.csv', '', 'QUEUED')`);
        }),
      ),
    );
    await compare(db);

    // The fold keeps the sums and leaves one row per key.
    await compactDailyCounts(db);
    await compare(db);
    const [dupes] = await rows<{ n: number }>(
      db,
      sql`select (select count(*) from (select 1 from analytics_daily_counts
          group by organization_id, day having count(*) > 1) x)::int
        + (select count(*) from (select 1 from analytics_daily_teams
          group by course_id, day having count(*) > 1) y)::int as n`,
    );
    expect(dupes!.n).toBe(0);
    // And after the fold, changes still add up.
    await db.delete(teams).where(eq(teams.id, t2));
    await compare(db);
  }, 60_000);
});
