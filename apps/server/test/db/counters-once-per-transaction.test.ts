// Migration 0021 (decision 116): per counter, course and transaction, the deferred counter
// triggers apply the first change and recount on the second, so a bulk change (formation's
// apply) updates the course row twice, not once per row; team_members_stop_looking runs once per
// statement. These tests write the tables directly, in bulk, in parallel and rolled back, and
// compare every counter with a count of the rows.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, enrollments } from '../../src/db/schema/index.js';
import { makeCourse, makeOrganization } from '../fixtures.js';
import { getWorkerDb } from '../helper.js';
import { makeStudent } from '../modules/teams/requests-world.js';

type Tx = Parameters<
  Parameters<Awaited<ReturnType<typeof getWorkerDb>>['db']['transaction']>[0]
>[0];

async function kept(courseId: string) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .select({
      placed: courses.placedCount,
      liveTeams: courses.liveTeamCount,
      requests: courses.pendingJoinRequestCount,
      invitations: courses.pendingInvitationCount,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row!;
}

async function counted(courseId: string) {
  const { db } = await getWorkerDb();
  const { rows } = (await db.execute(sql`select
    (select count(*) from team_members where course_id = ${courseId})::int as placed,
    (select count(*) from teams where course_id = ${courseId} and disbanded_at is null
      and leader_id is not null)::int as "liveTeams",
    (select count(*) from join_requests where course_id = ${courseId}
      and status = 'PENDING')::int as requests,
    (select count(*) from invitations where course_id = ${courseId}
      and status = 'PENDING')::int as invitations`)) as unknown as {
    rows: Awaited<ReturnType<typeof kept>>[];
  };
  return rows[0]!;
}

const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Students enrolled ACTIVE in the course (looking for a team). */
async function students(courseId: string, n: number, tag: string): Promise<string[]> {
  const { db } = await getWorkerDb();
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await makeStudent(courseId, { fullname: `${tag} ${i}` })).id);
  await db
    .update(enrollments)
    .set({ lookingForTeam: true })
    .where(sql`${enrollments.userId} = any(${uuids(ids)})`);
  return ids;
}

/**
 * In `tx`, in bulk: teams led by the first of each group of `size` students, all of them
 * members (one insert), a pending request and an invitation from each team to each of `askers`.
 */
async function formTeams(tx: Tx, courseId: string, ids: string[], size: number, askers: string[]) {
  const groups = Array.from({ length: Math.ceil(ids.length / size) }, (_, g) =>
    ids.slice(g * size, g * size + size),
  );
  const teamRows = (await tx.execute(sql`
    insert into teams (course_id, name, leader_id, max_size, member_count, created_by)
    select ${courseId}, 'Bulk ' || x.leader_id, x.leader_id, 6, x.members, x.leader_id
    from jsonb_to_recordset(${JSON.stringify(
      groups.map((g) => ({ leader_id: g[0], members: g.length })),
    )}::jsonb) as x(leader_id uuid, members int)
    returning id, leader_id`)) as unknown as { rows: { id: string; leader_id: string }[] };
  const teamOf = new Map(teamRows.rows.map((r) => [r.leader_id, r.id]));
  await tx.execute(sql`
    insert into team_members (team_id, user_id, course_id)
    select x.team_id, x.user_id, ${courseId}
    from jsonb_to_recordset(${JSON.stringify(
      groups.flatMap((g) => g.map((u) => ({ team_id: teamOf.get(g[0]!), user_id: u }))),
    )}::jsonb) as x(team_id uuid, user_id uuid)`);
  const teamIds = teamRows.rows.map((r) => r.id);
  if (askers.length) {
    await tx.execute(sql`
      insert into join_requests (team_id, course_id, user_id)
      select t, ${courseId}, u from unnest(${uuids(teamIds)}) t, unnest(${uuids(askers)}) u`);
    await tx.execute(sql`
      insert into invitations (team_id, course_id, invitee_id, invited_by)
      select t.id, ${courseId}, u, t.leader_id
      from teams t, unnest(${uuids(askers)}) u where t.id = any(${uuids(teamIds)})`);
  }
  return teamIds;
}

describe('course counters under many changes in one transaction (migration 0021)', () => {
  it('equal a count after bulk changes in two courses, and after a second transaction', async () => {
    const { db } = await getWorkerDb();
    const org = await makeOrganization();
    const course = await makeCourse(org.id);
    const other = await makeCourse(org.id);
    const here = await students(course.id, 12, 'Here');
    const there = await students(other.id, 6, 'There');
    const askersHere = await students(course.id, 3, 'Asker');

    await db.transaction(async (tx) => {
      const teamsHere = await formTeams(tx, course.id, here, 3, askersHere);
      await formTeams(tx, other.id, there, 2, []);
      // Then, in the same transaction: a member leaves, a team is disbanded with its members,
      // requests and invitations are answered or cancelled.
      await tx.execute(sql`delete from team_members where user_id = ${here[1]!}`);
      await tx.execute(sql`delete from team_members where team_id = ${teamsHere[3]!}`);
      await tx.execute(sql`update teams set disbanded_at = now() where id = ${teamsHere[3]!}`);
      await tx.execute(sql`
        update join_requests set status = 'CANCELLED' where team_id = ${teamsHere[0]!}`);
      await tx.execute(sql`
        update invitations set status = 'REJECTED' where invitee_id = ${askersHere[2]!}`);
    });
    expect(await kept(course.id)).toEqual({ placed: 8, liveTeams: 3, requests: 9, invitations: 8 });
    expect(await kept(course.id)).toEqual(await counted(course.id));
    expect(await kept(other.id)).toEqual({ placed: 6, liveTeams: 3, requests: 0, invitations: 0 });

    // A later transaction starts afresh: its first change is applied, its second recounts.
    await db.transaction(async (tx) => {
      await tx.execute(sql`update join_requests set status = 'WITHDRAWN'
        where user_id = ${askersHere[0]!} and course_id = ${course.id}`);
      await tx.execute(sql`delete from team_members where user_id = ${here[2]!}`);
    });
    expect(await kept(course.id)).toEqual({ placed: 7, liveTeams: 3, requests: 6, invitations: 8 });
    // A single change is applied as it is.
    await db.execute(sql`delete from team_members where user_id = ${here[4]!}`);
    expect(await kept(course.id)).toEqual(await counted(course.id));
  });

  it('leave nothing behind when the transaction rolls back', async () => {
    const { db } = await getWorkerDb();
    const org = await makeOrganization();
    const course = await makeCourse(org.id);
    const ids = await students(course.id, 6, 'Undone');
    const before = await kept(course.id);
    await db
      .transaction(async (tx) => {
        await formTeams(tx, course.id, ids.slice(0, 4), 2, ids.slice(4));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await kept(course.id)).toEqual(before);
    await db.transaction(async (tx) => {
      await formTeams(tx, course.id, ids.slice(0, 4), 2, ids.slice(4));
    });
    expect(await kept(course.id)).toEqual({ placed: 4, liveTeams: 2, requests: 4, invitations: 4 });
  });

  it('equal a count when transactions of many changes in one course commit at once', async () => {
    const { db } = await getWorkerDb();
    const org = await makeOrganization();
    const course = await makeCourse(org.id);
    const groups = await Promise.all(
      Array.from({ length: 6 }, (_, g) => students(course.id, 5, `Racer ${g}`)),
    );
    const results = await Promise.allSettled(
      groups.map((ids, g) =>
        db.transaction(async (tx) => {
          const teamIds = await formTeams(tx, course.id, ids.slice(0, 4), 2, ids.slice(4));
          await tx.execute(sql`select pg_sleep(0.05)`);
          await tx.execute(sql`update join_requests set status = 'CANCELLED'
            where team_id = ${teamIds[0]!}`);
          if (g % 2) await tx.execute(sql`delete from team_members where user_id = ${ids[1]!}`);
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 'fulfilled'));
    expect(await kept(course.id)).toEqual({
      placed: 6 * 4 - 3,
      liveTeams: 12,
      requests: 6,
      invitations: 12,
    });
    expect(await kept(course.id)).toEqual(await counted(course.id));
  });

  it('a member insert of many rows stops exactly its students looking for a team', async () => {
    const { db } = await getWorkerDb();
    const org = await makeOrganization();
    const course = await makeCourse(org.id);
    const other = await makeCourse(org.id);
    const ids = await students(course.id, 7, 'Looking');
    // The first of them also looks for a team in another course, and keeps looking there.
    await db.execute(sql`
      insert into enrollments (course_id, email, user_id, fullname, status, source, looking_for_team)
      select ${other.id}, u.email, u.id, u.fullname, 'ACTIVE', 'MANUAL', true
      from users u where u.id = ${ids[0]!}`);
    await db.transaction(async (tx) => {
      await formTeams(tx, course.id, ids.slice(0, 6), 3, []);
    });
    const looking = (await db
      .select({ userId: enrollments.userId, courseId: enrollments.courseId })
      .from(enrollments)
      .where(
        sql`${enrollments.lookingForTeam} and ${enrollments.courseId} in (${course.id}, ${other.id})`,
      )) as {
      userId: string;
      courseId: string;
    }[];
    expect(looking).toEqual(
      expect.arrayContaining([
        { userId: ids[6], courseId: course.id },
        { userId: ids[0], courseId: other.id },
      ]),
    );
    expect(looking).toHaveLength(2);
  });
});
