// Migration 0008 (decision 098) adds courses.live_team_count and the leader's copies on teams,
// fills them for the rows already there, and installs the triggers that keep them. A fresh
// database is migrated up to 0007 only (a copy of the migrations folder whose journal stops
// there), teams are written into it as the app wrote them before, and then the real migrate()
// applies 0008 exactly as a deployment would.
import { asc, eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.js';
import { courses, teams, users } from '../../src/db/schema/index.js';
import { databaseAt } from './database-at.js';
import { organizationsBefore0026 } from './before-0026.js';

// users as they were before 0009 added columns (issue 12): written into a
// database at an earlier migration, where the current schema's inserts would name them.
const usersBefore0009 = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  fullname: text('fullname').notNull(),
  avatar: text('avatar'),
});

// The columns of courses and teams before 0008 that these rows need.
const coursesBefore = pgTable('courses', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull(),
  code: text('code').notNull(),
  title: text('title').notNull(),
  term: text('term').notNull(),
  teamSizeMin: integer('team_size_min').notNull(),
  teamSizeMax: integer('team_size_max').notNull(),
  teamFormationDeadline: timestamp('team_formation_deadline', { withTimezone: true }).notNull(),
});
const teamsBefore = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  courseId: uuid('course_id').notNull(),
  name: text('name').notNull(),
  leaderId: uuid('leader_id'),
  maxSize: integer('max_size').notNull(),
  memberCount: integer('member_count').notNull().default(0),
  disbandedAt: timestamp('disbanded_at', { withTimezone: true }),
});

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** A new, empty database of the project's driver, migrated up to 0007 (database-at.ts). */
async function databaseAt0007(): Promise<DbHandle> {
  const { handle, close } = await databaseAt(7, '0007_membership_follows_enrollment', 'm0008');
  cleanup = close;
  return handle;
}

describe('migration 0008_course_team_count_and_leader_copy', () => {
  it("counts each course's live teams, copies every leader, and keeps both from then on", async () => {
    const handle = await databaseAt0007();
    const { db } = handle;
    const [org] = await db
      .insert(organizationsBefore0026)
      .values({ name: 'Org', slug: 'org' })
      .returning();
    const course = async (code: string) =>
      (
        await db
          .insert(coursesBefore)
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
    const e = await course('E101');
    const user = async (n: string, avatar: string | null = null) =>
      (
        await db
          .insert(usersBefore0009)
          .values({ email: `${n}@example.edu`, fullname: `${n} Name`, avatar })
          .returning()
      )[0]!;
    const lea = await user('lea', 'https://example.edu/lea.png');
    const bob = await user('bob');
    const dan = await user('dan');
    const team = async (
      courseId: string,
      name: string,
      leaderId: string | null,
      disbandedAt: Date | null = null,
    ) =>
      (
        await db
          .insert(teamsBefore)
          .values({ courseId, name, leaderId, maxSize: 5, memberCount: 1, disbandedAt })
          .returning()
      )[0]!;
    // C101: two live teams, one disbanded and one whose leader's user was deleted (no leader).
    const alpha = await team(c.id, 'Alpha', lea.id);
    await team(c.id, 'Bravo', bob.id);
    const old = await team(c.id, 'Old', lea.id, new Date());
    await team(c.id, 'Orphan', null);
    // D101: one live team. E101: none.
    await team(d.id, 'Delta', dan.id);

    await handle.migrate();

    const counts = await db
      .select({ code: courses.code, count: courses.liveTeamCount })
      .from(courses)
      .orderBy(asc(courses.code));
    expect(counts).toEqual([
      { code: 'C101', count: 2 },
      { code: 'D101', count: 1 },
      { code: 'E101', count: 0 },
    ]);
    const copies = await db
      .select({
        name: teams.name,
        fullname: teams.leaderFullname,
        email: teams.leaderEmail,
        avatar: teams.leaderAvatar,
      })
      .from(teams)
      .orderBy(asc(teams.name));
    expect(copies).toEqual([
      {
        name: 'Alpha',
        fullname: 'lea Name',
        email: 'lea@example.edu',
        avatar: 'https://example.edu/lea.png',
      },
      { name: 'Bravo', fullname: 'bob Name', email: 'bob@example.edu', avatar: null },
      { name: 'Delta', fullname: 'dan Name', email: 'dan@example.edu', avatar: null },
      // A disbanded team keeps its last leader, copied too.
      {
        name: 'Old',
        fullname: 'lea Name',
        email: 'lea@example.edu',
        avatar: 'https://example.edu/lea.png',
      },
      { name: 'Orphan', fullname: null, email: null, avatar: null },
    ]);

    // From now on the triggers keep them: a new team, a disband, a restore, a rename.
    await db.insert(teams).values({ courseId: e.id, name: 'Echo', leaderId: bob.id, maxSize: 3 });
    await db.update(teams).set({ disbandedAt: new Date() }).where(eq(teams.id, alpha.id));
    await db.update(teams).set({ disbandedAt: null }).where(eq(teams.id, old.id));
    await db.update(users).set({ fullname: 'Bob Renamed' }).where(eq(users.id, bob.id));
    const after = await db
      .select({ code: courses.code, count: courses.liveTeamCount })
      .from(courses)
      .orderBy(asc(courses.code));
    expect(after.map((r) => r.count)).toEqual([2, 1, 1]);
    const bobs = await db
      .select({ name: teams.name, fullname: teams.leaderFullname })
      .from(teams)
      .where(eq(teams.leaderId, bob.id))
      .orderBy(asc(teams.name));
    expect(bobs).toEqual([
      { name: 'Bravo', fullname: 'Bob Renamed' },
      { name: 'Echo', fullname: 'Bob Renamed' },
    ]);
    // A leader without a copy is refused (the check the triggers satisfy).
    await expect(
      db.execute(sql`update teams set leader_fullname = null where name = 'Delta'`),
    ).rejects.toThrow();
    // A fresh database migrated from nothing: slow on PGlite when the machine is busy.
  }, 60_000);
});
