// Migration 0020 (decision 115) backfills team_membership_periods from the audit trail. A fresh
// database is migrated up to 0019 only (a copy of the migrations folder whose journal stops
// there), teams, members and their audit events are written as the app wrote them before, and
// then the real migrate() applies 0020 exactly as a deployment would.
import { asc, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.js';
import {
  auditEvents,
  courses,
  organizations,
  teamMembers,
  teamMembershipPeriods,
  teams,
  users,
} from '../../src/db/schema/index.js';
import { databaseAt } from './database-at.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** A new, empty database of the project's driver, migrated up to 0019. */
async function databaseAt0019(): Promise<DbHandle> {
  const at = await databaseAt(19, '0019_notification_writers_tolerant', 'm0020');
  cleanup = at.close;
  return at.handle;
}

/** An organization and its course C101, written at 0019. */
async function orgAndCourse({ db }: DbHandle) {
  const [org] = await db.insert(organizations).values({ name: 'Org', slug: 'org' }).returning();
  const [course] = await db
    .insert(courses)
    .values({
      organizationId: org!.id,
      code: 'C101',
      title: 'C',
      term: 'Fall 2026',
      teamSizeMin: 1,
      teamSizeMax: 5,
      teamFormationDeadline: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return { org: org!, course: course! };
}

/** Minutes after a fixed start, so every event has its own time. */
const T = (minute: number) => new Date(Date.UTC(2026, 9, 1, 9, minute));

describe('migration 0020_waitlist_and_membership_periods', () => {
  it('backfills periods from the audit trail and opens one for members it lacks', async () => {
    const handle = await databaseAt0019();
    const { db } = handle;
    const { org, course } = await orgAndCourse(handle);
    const courseId = course.id;
    const people = await db
      .insert(users)
      .values(
        ['lea', 'max', 'mia', 'cat', 'bob', 'gil', 'gus', 'nora', 'adm'].map((n) => ({
          email: `${n}@example.edu`,
          fullname: n,
        })),
      )
      .returning();
    const id = Object.fromEntries(people.map((u) => [u.fullname, u.id])) as Record<string, string>;
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
      .insert(users)
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
