// Migration 0024 (decision 129): courses.live_team_sizes and full_team_count, kept by a deferred
// trigger on teams, always equal a count of the course's live teams by size, after every kind of
// change (created, grown, shrunk, resized, disbanded, moved to another course, deleted), one at a
// time, many in one transaction (the recount path), rolled back, and from concurrent
// transactions; and the dashboard's figures read from them equal a count of the teams.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses } from '../../src/db/schema/index.js';
import { makeCourse, makeOrganization } from '../fixtures.js';
import { getWorkerDb } from '../helper.js';

type Db = Awaited<ReturnType<typeof getWorkerDb>>['db'];

async function kept(db: Db, courseId: string) {
  const [row] = await db
    .select({ sizes: courses.liveTeamSizes, full: courses.fullTeamCount })
    .from(courses)
    .where(eq(courses.id, courseId));
  // Trailing zeros and missing elements both mean "no team of that size".
  const sizes = row!.sizes.map((n) => n ?? 0);
  while (sizes.length > 0 && sizes[sizes.length - 1] === 0) sizes.pop();
  return { sizes, full: row!.full };
}

async function counted(db: Db, courseId: string) {
  const { rows } = (await db.execute(sql`
    select member_count as size, count(*)::int as n,
      count(*) filter (where member_count >= max_size)::int as full
    from teams where course_id = ${courseId} and disbanded_at is null group by 1`)) as unknown as {
    rows: { size: number; n: number; full: number }[];
  };
  const sizes: number[] = [];
  let full = 0;
  for (const r of rows) {
    while (sizes.length <= r.size) sizes.push(0);
    sizes[r.size] = r.n;
    full += r.full;
  }
  while (sizes.length > 0 && sizes[sizes.length - 1] === 0) sizes.pop();
  return { sizes, full };
}

let n = 0;
async function team(db: Db, courseId: string, members: number, maxSize = 4) {
  const { rows } = (await db.execute(sql`
    insert into teams (course_id, name, max_size, member_count)
    values (${courseId}, ${`Sizes ${Date.now()}-${n++}`}, ${maxSize}, ${members})
    returning id`)) as unknown as { rows: { id: string }[] };
  return rows[0]!.id;
}

describe('courses.live_team_sizes and full_team_count (migration 0024)', () => {
  it('equal a count of the live teams after every kind of change', async () => {
    const { db } = await getWorkerDb();
    const org = await makeOrganization();
    const a = await makeCourse(org.id);
    const b = await makeCourse(org.id);
    const check = async () => {
      for (const c of [a.id, b.id]) expect(await kept(db, c)).toEqual(await counted(db, c));
    };
    const t1 = await team(db, a.id, 1);
    const t2 = await team(db, a.id, 4);
    const t3 = await team(db, a.id, 2, 3);
    await check();
    await db.execute(sql`update teams set member_count = 3 where id = ${t1}`);
    await db.execute(sql`update teams set member_count = 2 where id = ${t2}`);
    await db.execute(sql`update teams set max_size = 2 where id = ${t3}`);
    await check();
    await db.execute(sql`update teams set disbanded_at = now() where id = ${t2}`);
    await db.execute(sql`update teams set course_id = ${b.id} where id = ${t1}`);
    await check();
    await db.execute(sql`delete from teams where id = ${t3}`);
    await check();
    // Many changes in one transaction: the first applied, the second recounted, the rest in it.
    await db.transaction(async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await team(tx as unknown as Db, a.id, i % 4, 4));
      await tx.execute(sql`update teams set member_count = 4 where id = ${ids[0]!}`);
      await tx.execute(sql`update teams set disbanded_at = now() where id = ${ids[1]!}`);
      await tx.execute(sql`update teams set course_id = ${b.id} where id = ${ids[2]!}`);
      await tx.execute(sql`delete from teams where id = ${ids[3]!}`);
    });
    await check();
    // Rolled back: nothing kept.
    await db
      .transaction(async (tx) => {
        await team(tx as unknown as Db, a.id, 2);
        await tx.execute(sql`update teams set member_count = 0 where course_id = ${a.id}`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await check();
    // Concurrent transactions on the same courses: no lost update.
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        db.transaction(async (tx) => {
          const id = await team(tx as unknown as Db, i % 2 ? a.id : b.id, i % 3, 3);
          await tx.execute(sql`update teams set member_count = member_count + 1 where id = ${id}`);
          if (i % 3 === 0)
            await tx.execute(sql`update teams set member_count = 0 where id = ${t1}`);
        }),
      ),
    );
    await check();
  }, 60_000);

  it('give the dashboard the figures a count of the teams gives', async () => {
    const { db } = await getWorkerDb();
    const org = await makeOrganization();
    const c = await makeCourse(org.id, { teamSizeMin: 3, teamSizeMax: 4 });
    for (const [members, max] of [
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
      [3, 3],
      [0, 4],
    ] as const)
      await team(db, c.id, members, max);
    const figures = async () => {
      const { rows } = (await db.execute(sql`select
        (select coalesce(sum(n), 0) from unnest(c.live_team_sizes) as n)::int as teams,
        c.full_team_count as full,
        (select coalesce(sum(z.n), 0) from unnest(c.live_team_sizes) with ordinality as z(n, i)
          where z.i - 1 < c.team_size_min)::int as under_min
        from courses c where c.id = ${c.id}`)) as unknown as { rows: unknown[] };
      const { rows: recount } = (await db.execute(sql`select count(*)::int as teams,
        count(*) filter (where t.member_count >= t.max_size)::int as full,
        count(*) filter (where t.member_count < c.team_size_min)::int as under_min
        from teams t join courses c on c.id = t.course_id
        where t.course_id = ${c.id} and t.disbanded_at is null`)) as unknown as { rows: unknown[] };
      expect(rows[0]).toEqual(recount[0]);
      return rows[0];
    };
    expect(await figures()).toEqual({ teams: 6, full: 2, under_min: 3 });
    // A new minimum changes "under the minimum" with no rewrite of the kept sizes.
    await db.update(courses).set({ teamSizeMin: 2 }).where(eq(courses.id, c.id));
    expect(await figures()).toEqual({ teams: 6, full: 2, under_min: 2 });
  });
});
