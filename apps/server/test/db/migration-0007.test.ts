// Migration 0007 fixes the rows left behind before membership followed enrollment (decision
// 081). A fresh database is migrated up to 0006 only (a copy of the migrations folder whose
// journal stops there), the bad state is written into it, and then the real migrate() applies
// 0007 exactly as a deployment would.
import { asc, eq, sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.js';
import {
  auditEvents,
  enrollments,
  invitations,
  joinRequests,
  teamMembers,
  teams,
} from '../../src/db/schema/index.js';
import { databaseAt } from './database-at.js';
import { organizationsBefore0026 } from './before-0026.js';

// users and enrollments as they were before 0009 added columns (issue 12): written into a
// database at an earlier migration, where the current schema's inserts would name them.
const usersBefore0009 = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  fullname: text('fullname').notNull(),
  avatar: text('avatar'),
});
const enrollmentsBefore0009 = pgTable('enrollments', {
  id: uuid('id').primaryKey().defaultRandom(),
  courseId: uuid('course_id').notNull(),
  email: text('email').notNull(),
  userId: uuid('user_id'),
  fullname: text('fullname').notNull().default(''),
  status: text('status').$type<'PENDING' | 'ACTIVE' | 'INACTIVE'>().notNull(),
  source: text('source').$type<'CSV' | 'MANUAL'>().notNull(),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  removedAt: timestamp('removed_at', { withTimezone: true }),
});

// team_members as it was before 0011 added notices_seen_at (issue 13).
const teamMembersBefore0011 = pgTable('team_members', {
  teamId: uuid('team_id').notNull(),
  userId: uuid('user_id').notNull(),
  courseId: uuid('course_id').notNull(),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
});

const MIGRATION = '0007_membership_follows_enrollment';

// courses and teams as they were before 0008 added columns (decision 098): the bad state is
// written into a database at 0006, where the current schema's inserts would name columns that
// do not exist yet.
const coursesBefore0008 = pgTable('courses', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull(),
  code: text('code').notNull(),
  title: text('title').notNull(),
  term: text('term').notNull(),
  description: text('description').notNull().default(''),
  teamSizeMin: integer('team_size_min').notNull(),
  teamSizeMax: integer('team_size_max').notNull(),
  teamFormationDeadline: timestamp('team_formation_deadline', { withTimezone: true }).notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});
const teamsBefore0008 = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  courseId: uuid('course_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  leaderId: uuid('leader_id'),
  maxSize: integer('max_size').notNull(),
  openToRequests: boolean('open_to_requests').notNull().default(true),
  memberCount: integer('member_count').notNull().default(0),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  disbandedAt: timestamp('disbanded_at', { withTimezone: true }),
});

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** A new, empty database of the project's driver, migrated up to 0006 (database-at.ts). */
async function databaseAt0006(): Promise<DbHandle> {
  const { handle, close } = await databaseAt(6, '0006_used_id_tokens', 'm0007');
  cleanup = close;
  return handle;
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/**
 * Course C101: Alpha (Lea leads, INACTIVE; Mia removed; Kim and Max ACTIVE, Kim joined before
 * Max; Ned has no enrollment at all), Solo (only Ola, whose enrollment was removed; a request
 * from Sue and an invitation to Tia pending) and Bravo (Bob, ACTIVE: nothing wrong). Ina is
 * INACTIVE in C101 with a pending request to Alpha and an invitation from it, and ACTIVE in
 * D101 with a pending request to Delta there.
 */
async function badState(handle: DbHandle) {
  const { db } = handle;
  const [org] = await db
    .insert(organizationsBefore0026)
    .values({ name: 'Org', slug: 'org' })
    .returning();
  const course = async (code: string) =>
    (
      await db
        .insert(coursesBefore0008)
        .values({
          organizationId: org!.id,
          code,
          title: code,
          term: 'Fall 2026',
          teamSizeMin: 1,
          teamSizeMax: 5,
          teamFormationDeadline: new Date(Date.now() + 86_400_000),
        })
        .returning()
    )[0]!;
  const c = await course('C101');
  const d = await course('D101');
  const names = ['lea', 'mia', 'kim', 'max', 'ned', 'ola', 'sue', 'tia', 'bob', 'ina', 'dan'];
  const u = Object.fromEntries(
    await Promise.all(
      names.map(async (n) => {
        const [row] = await db
          .insert(usersBefore0009)
          .values({ email: `${n}@example.edu`, fullname: n })
          .returning();
        return [n, row!] as const;
      }),
    ),
  );
  const enroll = (
    courseId: string,
    n: string,
    status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE',
    removed = false,
  ) =>
    db.insert(enrollmentsBefore0009).values({
      courseId,
      email: `${n}@example.edu`,
      userId: u[n]!.id,
      fullname: n,
      status,
      source: 'MANUAL',
      activatedAt: new Date(),
      removedAt: removed ? new Date() : null,
    });
  await enroll(c.id, 'lea', 'INACTIVE');
  await enroll(c.id, 'mia', 'ACTIVE', true);
  for (const n of ['kim', 'max', 'sue', 'tia', 'bob']) await enroll(c.id, n);
  await enroll(c.id, 'ola', 'ACTIVE', true);
  await enroll(c.id, 'ina', 'INACTIVE');
  await enroll(d.id, 'ina');
  await enroll(d.id, 'dan');

  const team = async (courseId: string, name: string, members: [string, number][]) => {
    const [row] = await db
      .insert(teamsBefore0008)
      .values({
        courseId,
        name,
        leaderId: u[members[0]![0]]!.id,
        maxSize: 5,
        memberCount: members.length,
      })
      .returning();
    await db.insert(teamMembersBefore0011).values(
      members.map(([n, h]) => ({
        teamId: row!.id,
        courseId,
        userId: u[n]!.id,
        joinedAt: hoursAgo(h),
      })),
    );
    return row!;
  };
  // Kim joined before Max, though inserted after him: succession goes by join time.
  const alpha = await team(c.id, 'Alpha', [
    ['lea', 10],
    ['mia', 9],
    ['max', 7],
    ['kim', 8],
    ['ned', 6],
  ]);
  const solo = await team(c.id, 'Solo', [['ola', 5]]);
  const bravo = await team(c.id, 'Bravo', [['bob', 5]]);
  const delta = await team(d.id, 'Delta', [['dan', 5]]);

  const request = async (t: { id: string; courseId: string }, n: string) =>
    (
      await db
        .insert(joinRequests)
        .values({ teamId: t.id, courseId: t.courseId, userId: u[n]!.id })
        .returning()
    )[0]!.id;
  const invite = async (t: { id: string; courseId: string; leaderId: string | null }, n: string) =>
    (
      await db
        .insert(invitations)
        .values({ teamId: t.id, courseId: t.courseId, inviteeId: u[n]!.id, invitedBy: t.leaderId })
        .returning()
    )[0]!.id;
  const ids = {
    inaToAlpha: await request(alpha, 'ina'),
    alphaToIna: await invite(alpha, 'ina'),
    sueToSolo: await request(solo, 'sue'),
    soloToTia: await invite(solo, 'tia'),
    sueToBravo: await request(bravo, 'sue'),
    inaToDelta: await request(delta, 'ina'),
    deltaToIna: await invite(delta, 'ina'),
  };
  return { org, c, d, u, alpha, solo, bravo, delta, ids };
}

describe(`migration ${MIGRATION}`, () => {
  it('takes students without an ACTIVE enrollment out of their teams, as the app would', async () => {
    const handle = await databaseAt0006();
    const w = await badState(handle);
    const { db } = handle;

    await handle.migrate();

    const members = async (teamId: string) =>
      (
        await db
          .select({ userId: teamMembers.userId })
          .from(teamMembers)
          .where(eq(teamMembers.teamId, teamId))
          .orderBy(asc(teamMembers.joinedAt))
      ).map((r) => r.userId);
    const team = async (id: string) => (await db.select().from(teams).where(eq(teams.id, id)))[0]!;
    const request = async (id: string) =>
      (await db.select().from(joinRequests).where(eq(joinRequests.id, id)))[0]!;
    const invitation = async (id: string) =>
      (await db.select().from(invitations).where(eq(invitations.id, id)))[0]!;

    // Alpha keeps its ACTIVE members; leadership passes to the longest-standing one.
    expect(await members(w.alpha.id)).toEqual([w.u.kim!.id, w.u.max!.id]);
    expect(await team(w.alpha.id)).toMatchObject({
      leaderId: w.u.kim!.id,
      memberCount: 2,
      disbandedAt: null,
    });
    // Solo lost its only member: disbanded, its pending request and invitation cancelled.
    expect(await members(w.solo.id)).toEqual([]);
    const solo = await team(w.solo.id);
    expect(solo.memberCount).toBe(0);
    expect(solo.disbandedAt).not.toBeNull();
    expect(await request(w.ids.sueToSolo)).toMatchObject({
      status: 'CANCELLED',
      reason: 'The team was disbanded',
    });
    expect((await invitation(w.ids.soloToTia)).status).toBe('CANCELLED');
    // Ina's pending request and invitation in C101 are cancelled; those in D101 are not.
    expect(await request(w.ids.inaToAlpha)).toMatchObject({
      status: 'CANCELLED',
      reason: 'No active enrollment in the course',
    });
    expect((await invitation(w.ids.alphaToIna)).status).toBe('CANCELLED');
    expect((await request(w.ids.inaToDelta)).status).toBe('PENDING');
    expect((await invitation(w.ids.deltaToIna)).status).toBe('PENDING');
    // Teams with nothing wrong are left alone.
    expect(await members(w.bravo.id)).toEqual([w.u.bob!.id]);
    expect(await team(w.bravo.id)).toMatchObject({ memberCount: 1, disbandedAt: null });
    expect((await request(w.ids.sueToBravo)).status).toBe('PENDING');
    expect(await members(w.delta.id)).toEqual([w.u.dan!.id]);

    // Every change is audited as the system's (no actor), naming the migration.
    const audits = await db
      .select()
      .from(auditEvents)
      .orderBy(asc(auditEvents.action), asc(auditEvents.teamId));
    const summary = audits
      .map((a) => `${a.action} ${a.teamId === w.alpha.id ? 'Alpha' : 'Solo'} ${a.targetUserId}`)
      .sort();
    const name = (n: string) => w.u[n]!.id;
    expect(summary).toEqual(
      [
        `MEMBER_REMOVED Alpha ${name('lea')}`,
        `MEMBER_REMOVED Alpha ${name('mia')}`,
        `MEMBER_REMOVED Alpha ${name('ned')}`,
        `MEMBER_REMOVED Solo ${name('ola')}`,
        `LEADER_CHANGED Alpha ${name('kim')}`,
        `TEAM_DISBANDED Solo null`,
        `REQUEST_CANCELLED Solo ${name('sue')}`,
        `INVITATION_CANCELLED Solo ${name('tia')}`,
        `REQUEST_CANCELLED Alpha ${name('ina')}`,
        `INVITATION_CANCELLED Alpha ${name('ina')}`,
      ].sort(),
    );
    for (const a of audits) {
      expect(a.actorId).toBeNull();
      expect(a.organizationId).toBe(w.org!.id);
      expect(a.courseId).toBe(w.c.id);
      expect(a.data).toMatchObject({ migration: MIGRATION });
    }
    expect(audits.find((a) => a.action === 'LEADER_CHANGED')!.data).toMatchObject({
      from: name('lea'),
      to: name('kim'),
    });
    expect(audits.find((a) => a.action === 'TEAM_DISBANDED')!.data).toMatchObject({
      reason: 'Last member left',
      releasedMembers: [],
    });

    // The invariant the app now keeps holds everywhere.
    const result = (await db.execute(sql`
      select count(*)::int as n from ${teamMembers} tm
      where not exists (
        select 1 from ${enrollments} e
        where e.course_id = tm.course_id and e.user_id = tm.user_id
          and e.removed_at is null and e.status = 'ACTIVE')`)) as unknown as {
      rows: { n: number }[];
    };
    expect(result.rows[0]!.n).toBe(0);
  });

  it('changes nothing in a database without such rows', async () => {
    const handle = await databaseAt0006();
    const { db } = handle;
    const [org] = await db
      .insert(organizationsBefore0026)
      .values({ name: 'Org', slug: 'org' })
      .returning();
    const [course] = await db
      .insert(coursesBefore0008)
      .values({
        organizationId: org!.id,
        code: 'C101',
        title: 'C',
        term: 'Fall 2026',
        teamSizeMin: 1,
        teamSizeMax: 4,
        teamFormationDeadline: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const [lea] = await db
      .insert(usersBefore0009)
      .values({ email: 'lea@example.edu', fullname: 'Lea' })
      .returning();
    await db.insert(enrollmentsBefore0009).values({
      courseId: course!.id,
      email: lea!.email,
      userId: lea!.id,
      fullname: 'Lea',
      status: 'ACTIVE',
      source: 'MANUAL',
    });
    const [team] = await db
      .insert(teamsBefore0008)
      .values({
        courseId: course!.id,
        name: 'Alpha',
        leaderId: lea!.id,
        maxSize: 4,
        memberCount: 1,
      })
      .returning();
    await db
      .insert(teamMembersBefore0011)
      .values({ teamId: team!.id, courseId: course!.id, userId: lea!.id });

    await handle.migrate();

    expect(await db.select().from(auditEvents)).toEqual([]);
    // Every column the team had stays as it was (0008 only adds its leader's copies).
    const [after] = await db.select().from(teams).where(eq(teams.id, team!.id));
    expect(after).toMatchObject(team!);
  });
});
