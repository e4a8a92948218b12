// Migration 0020 (decision 115) backfills team_membership_periods from the audit trail. A fresh
// database is migrated up to 0019 only (a copy of the migrations folder whose journal stops
// there), teams, members and their audit events are written as the app wrote them before, and
// then the real migrate() applies 0020 exactly as a deployment would. Migration 0022 (issue 24,
// decision 126) gives periods to a team the triggers never saw: one written as already
// disbanded, as the demo seed wrote Sketch Club (audit events, no member rows); tested the same
// way from 0021.
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, teamMembers, teamMembershipPeriods } from '../../src/db/schema/index.js';
import type { DbHandle } from '../../src/db/client.js';
import { databaseAtPerTest, orgAndCourse } from './database-at.js';
import { usersBefore0026 } from './before-0026.js';
import { teamsBefore0027 as teams } from './before-0027.js';

/** A new, empty database of the project's driver, migrated up to 0019. */
const databaseAt0019 = databaseAtPerTest(19, '0019_notification_writers_tolerant', 'm0020');
const databaseAt0021 = databaseAtPerTest(21, '0021_counters_once_per_transaction', 'm0022');

/** Minutes after a fixed start, so every event has its own time. */
const T = (minute: number) => new Date(Date.UTC(2026, 9, 1, 9, minute));

/** A course C101 and people named `names` (emails name@example.edu), with their ids by name. */
async function courseAndPeople(handle: DbHandle, names: string[]) {
  const { org, course } = await orgAndCourse(handle);
  const people = await handle.db
    .insert(usersBefore0026)
    .values(names.map((n) => ({ email: `${n}@example.edu`, fullname: n })))
    .returning();
  const id = Object.fromEntries(people.map((u) => [u.fullname, u.id])) as Record<string, string>;
  return { org, course, courseId: course.id, people, id };
}

describe('migration 0020_waitlist_and_membership_periods', () => {
  it('backfills periods from the audit trail and opens one for members it lacks', async () => {
    const handle = await databaseAt0019();
    const { db } = handle;
    const { org, courseId, people, id } = await courseAndPeople(handle, [
      'lea',
      'max',
      'mia',
      'cat',
      'bob',
      'gil',
      'gus',
      'nora',
      'adm',
    ]);
    const team = async (name: string, leader: string, disbandedAt: Date | null = null) =>
      (
        await db
          .insert(teams)
          .values({
            courseId,
            name,
            leaderId: disbandedAt ? null : id[leader]!,
            createdBy: id[leader]!,
            maxSize: 5,
            disbandedAt,
          })
          .returning()
      )[0]!.id;
    const alpha = await team('Alpha', 'lea');
    const beta = await team('Beta', 'bob');
    const gamma = await team('Gamma', 'gil', T(7));

    // Today's members (Gamma was disbanded: none). Nora has no events at all.
    await db.insert(teamMembers).values([
      { teamId: alpha, courseId, userId: id.lea!, joinedAt: T(1) },
      { teamId: alpha, courseId, userId: id.max!, joinedAt: T(4) },
      { teamId: alpha, courseId, userId: id.cat!, joinedAt: T(6) },
      { teamId: alpha, courseId, userId: id.nora!, joinedAt: T(0) },
      { teamId: beta, courseId, userId: id.bob!, joinedAt: T(1) },
    ]);
    const event = (
      teamId: string,
      action: string,
      who: string,
      minute: number,
      data: Record<string, unknown> = {},
    ) => ({
      organizationId: org.id,
      courseId,
      teamId,
      action,
      actorId: id.adm!,
      targetUserId: id[who]!,
      data,
      createdAt: T(minute),
    });
    await db.insert(auditEvents).values([
      event(alpha, 'TEAM_CREATED', 'lea', 1),
      // Max joins, leaves and joins again.
      event(alpha, 'MEMBER_JOINED', 'max', 2),
      event(alpha, 'MEMBER_LEFT', 'max', 3),
      event(alpha, 'MEMBER_JOINED', 'max', 4),
      // Mia is placed, then leaves with her enrollment.
      event(alpha, 'MEMBER_ADDED_BY_ADMIN', 'mia', 2),
      event(alpha, 'MEMBER_REMOVED', 'mia', 5, { enrollmentId: crypto.randomUUID() }),
      event(beta, 'TEAM_CREATED', 'bob', 1),
      // Cat joins Beta and is moved to Alpha (two events).
      event(beta, 'MEMBER_JOINED', 'cat', 2),
      event(beta, 'MEMBER_MOVED_BY_ADMIN', 'cat', 6, { toTeamId: alpha, toTeamName: 'Alpha' }),
      event(alpha, 'MEMBER_MOVED_BY_ADMIN', 'cat', 6, { fromTeamId: beta, fromTeamName: 'Beta' }),
      event(gamma, 'TEAM_CREATED', 'gil', 1),
      event(gamma, 'MEMBER_JOINED', 'gus', 2),
      {
        ...event(gamma, 'TEAM_DISBANDED', 'gil', 7, { releasedMembers: [id.gil, id.gus] }),
        targetUserId: null,
      },
    ]);

    await handle.migrate();

    const periods = await db
      .select()
      .from(teamMembershipPeriods)
      .orderBy(asc(teamMembershipPeriods.joinedAt), asc(teamMembershipPeriods.leftAt));
    const name = (userId: string) => people.find((u) => u.id === userId)!.fullname;
    const teamName = { [alpha]: 'Alpha', [beta]: 'Beta', [gamma]: 'Gamma' };
    const seen = periods
      .map((p) => ({
        who: name(p.userId),
        team: teamName[p.teamId],
        joined: p.joinedAt.toISOString(),
        left: p.leftAt?.toISOString() ?? null,
        reason: p.leftReason,
      }))
      .sort((a, b) => `${a.who}${a.joined}`.localeCompare(`${b.who}${b.joined}`));
    const at = (m: number) => T(m).toISOString();
    expect(seen).toEqual([
      { who: 'bob', team: 'Beta', joined: at(1), left: null, reason: null },
      { who: 'cat', team: 'Beta', joined: at(2), left: at(6), reason: 'MOVED' },
      { who: 'cat', team: 'Alpha', joined: at(6), left: null, reason: null },
      { who: 'gil', team: 'Gamma', joined: at(1), left: at(7), reason: 'DISBANDED' },
      { who: 'gus', team: 'Gamma', joined: at(2), left: at(7), reason: 'DISBANDED' },
      { who: 'lea', team: 'Alpha', joined: at(1), left: null, reason: null },
      { who: 'max', team: 'Alpha', joined: at(2), left: at(3), reason: 'LEFT' },
      { who: 'max', team: 'Alpha', joined: at(4), left: null, reason: null },
      { who: 'mia', team: 'Alpha', joined: at(2), left: at(5), reason: 'ENROLLMENT_ENDED' },
      // No events: the period starts at the member row's joined_at.
      { who: 'nora', team: 'Alpha', joined: at(0), left: null, reason: null },
    ]);
    expect(periods.every((p) => p.courseId === courseId)).toBe(true);

    // From now on the triggers keep them: a delete without a reason closes as REMOVED.
    await db.execute(sql`delete from team_members where user_id = ${id.nora!}`);
    const [nora] = await db
      .select()
      .from(teamMembershipPeriods)
      .where(sql`${teamMembershipPeriods.userId} = ${id.nora!}`);
    expect(nora).toMatchObject({ leftReason: 'REMOVED' });
    expect(nora!.leftAt).not.toBeNull();
  });

  it('leaves no closed period without a reason', async () => {
    const handle = await databaseAt0019();
    const { db } = handle;
    const { org, course } = await orgAndCourse(handle);
    const [lea] = await db
      .insert(usersBefore0026)
      .values({ email: 'lea@example.edu', fullname: 'lea' })
      .returning();
    const [alpha] = await db
      .insert(teams)
      .values({
        courseId: course.id,
        name: 'Alpha',
        leaderId: lea!.id,
        createdBy: lea!.id,
        maxSize: 5,
      })
      .returning();
    await db
      .insert(teamMembers)
      .values({ teamId: alpha!.id, courseId: course.id, userId: lea!.id, joinedAt: T(1) });
    await db.insert(auditEvents).values({
      organizationId: org.id,
      courseId: course.id,
      teamId: alpha!.id,
      action: 'TEAM_CREATED',
      actorId: lea!.id,
      targetUserId: lea!.id,
      createdAt: T(1),
    });
    await handle.migrate();
    const periods = await db.select().from(teamMembershipPeriods);
    expect(periods.map((p) => [p.leftAt, p.leftReason])).toEqual([[null, null]]);
  });
});

describe('migration 0022_membership_periods_of_disbanded_teams', () => {
  it('writes the periods of a team disbanded without member rows, and keeps those the triggers wrote', async () => {
    const handle = await databaseAt0021();
    const { db } = handle;
    const { org, courseId, people, id } = await courseAndPeople(handle, [
      'maya',
      'zoe',
      'lea',
      'max',
    ]);
    const [sketch, alpha] = await db
      .insert(teams)
      .values([
        {
          courseId,
          name: 'Sketch',
          leaderId: id.maya!,
          createdBy: id.maya!,
          maxSize: 4,
          disbandedAt: T(9),
        },
        { courseId, name: 'Alpha', leaderId: id.lea!, createdBy: id.lea!, maxSize: 4 },
      ])
      .returning();
    // Alpha's members went through team_members: the triggers opened Lea's and Max's periods and
    // closed Max's when he left.
    await db.insert(teamMembers).values([
      { teamId: alpha!.id, courseId, userId: id.lea!, joinedAt: T(1) },
      { teamId: alpha!.id, courseId, userId: id.max!, joinedAt: T(2) },
    ]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('teamup.leave_reason', 'LEFT', true)`);
      await tx.execute(sql`delete from team_members where user_id = ${id.max!}`);
    });
    const event = (
      teamId: string,
      action: string,
      who: string | null,
      minute: number,
      data = {},
    ) => ({
      organizationId: org.id,
      courseId,
      teamId,
      action,
      actorId: id.maya!,
      targetUserId: who && id[who]!,
      data,
      createdAt: T(minute),
    });
    await db
      .insert(auditEvents)
      .values([
        event(sketch!.id, 'TEAM_CREATED', 'maya', 1),
        event(sketch!.id, 'MEMBER_JOINED', 'zoe', 2),
        event(sketch!.id, 'TEAM_DISBANDED', null, 9, { releasedMembers: [id.maya, id.zoe] }),
        event(alpha!.id, 'TEAM_CREATED', 'lea', 1),
        event(alpha!.id, 'MEMBER_JOINED', 'max', 2),
        event(alpha!.id, 'MEMBER_LEFT', 'max', 3),
      ]);
    const before = await db.select().from(teamMembershipPeriods);
    expect(before.map((p) => p.teamId)).not.toContain(sketch!.id);

    await handle.migrate();

    const periods = await db
      .select()
      .from(teamMembershipPeriods)
      .orderBy(asc(teamMembershipPeriods.joinedAt), asc(teamMembershipPeriods.userId));
    const name = (userId: string) => people.find((u) => u.id === userId)!.fullname;
    const seen = periods.map((p) => ({
      who: name(p.userId),
      team: p.teamId === sketch!.id ? 'Sketch' : 'Alpha',
      joined: p.joinedAt.toISOString(),
      left: p.leftAt && (p.teamId === sketch!.id ? p.leftAt.toISOString() : 'closed'),
      reason: p.leftReason,
    }));
    expect(seen.filter((p) => p.team === 'Sketch')).toEqual([
      {
        who: 'maya',
        team: 'Sketch',
        joined: T(1).toISOString(),
        left: T(9).toISOString(),
        reason: 'DISBANDED',
      },
      {
        who: 'zoe',
        team: 'Sketch',
        joined: T(2).toISOString(),
        left: T(9).toISOString(),
        reason: 'DISBANDED',
      },
    ]);
    // Alpha's periods are the triggers', one each, unchanged (their times are the rows').
    expect(periods.filter((p) => p.teamId === alpha!.id)).toEqual(
      expect.arrayContaining(before.filter((p) => p.teamId === alpha!.id)),
    );
    expect(periods.filter((p) => p.teamId === alpha!.id)).toHaveLength(2);
    expect(periods.every((p) => p.courseId === courseId)).toBe(true);
  }, 60_000);
});
