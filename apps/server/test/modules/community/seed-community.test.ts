// The demo seed gives the community something to show (issue 12): skills and headlines, looking
// flags with notes only where the app would allow them, a few opened profiles and emails, and
// teams that say what they need.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, enrollments, teams, users } from '../../../src/db/schema/index.js';
import { seedDemo } from '../../../src/db/seed.js';
import { getWorkerDb } from '../../helper.js';

describe('demo seed: community data', () => {
  it('gives students skills, headlines, looking notes and teams wanted skills', async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db);

    const students = await db
      .select({ skills: users.skills, headline: users.headline })
      .from(users)
      .where(eq(users.role, 'STUDENT'));
    expect(students.length).toBeGreaterThan(50);
    expect(students.every((s) => s.skills.length >= 2 && s.headline !== '')).toBe(true);
    const [opened] = await db
      .select({
        organization: sql<number>`count(*) filter (where ${users.profileVisibility} = 'ORGANIZATION')`,
        email: sql<number>`count(*) filter (where ${users.showEmail})`,
      })
      .from(users);
    expect(Number(opened!.organization)).toBeGreaterThanOrEqual(2);
    expect(Number(opened!.email)).toBeGreaterThanOrEqual(2);

    // Looking only on ACTIVE enrollments without a team, each with a note.
    const looking = await db
      .select({
        email: enrollments.email,
        code: courses.code,
        status: enrollments.status,
        note: enrollments.lookingNote,
        inTeam: sql<boolean>`exists(select 1 from team_members m
          where m.course_id = ${enrollments.courseId} and m.user_id = ${enrollments.userId})`,
      })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(and(eq(enrollments.lookingForTeam, true), isNotNull(enrollments.userId)));
    expect(looking.length).toBeGreaterThan(5);
    for (const row of looking) {
      expect(row).toMatchObject({ status: 'ACTIVE', inTeam: false });
      expect(row.note).not.toBe('');
    }
    const elena = looking
      .filter((r) => r.email === 'elena.garcia@student.northfield.edu')
      .map((r) => r.code);
    expect(elena.sort()).toEqual(['CS301', 'CS350']);

    const wanted = await db
      .select({ name: teams.name, wanted: teams.wantedSkills })
      .from(teams)
      .where(sql`cardinality(${teams.wantedSkills}) > 0`);
    expect(wanted.map((t) => t.name)).toContain('Byte Club');
  });
});
