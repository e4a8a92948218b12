import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { and, count, eq as eqOp, isNotNull, lt } from 'drizzle-orm';
import { courses, enrollments, organizations } from '../../src/db/schema/index.js';
import { DEMO_EMAILS, DEMO_USERS, ROSTER_STUDENTS, seedDemo } from '../../src/db/seed.js';
import { buildTestApp, getWorkerDb, signIn } from '../helper.js';

describe('demo seed', () => {
  it('creates users of every role, once', async () => {
    const { db } = await getWorkerDb();
    expect(await seedDemo(db)).toEqual({
      usersCreated: DEMO_USERS.length + ROSTER_STUDENTS.length,
      organizationsCreated: 2,
    });
    expect(await seedDemo(db)).toEqual({ usersCreated: 0, organizationsCreated: 0 });
    const rows = await db.select().from(users);
    expect(rows.map((u) => u.email).sort()).toEqual(
      [...DEMO_EMAILS, ...ROSTER_STUDENTS.map((u) => u.email)].sort(),
    );
    expect(rows.filter((u) => u.role === 'STUDENT').length).toBeGreaterThanOrEqual(55);
    expect(new Set(rows.map((u) => u.role))).toEqual(
      new Set(['SUPERADMIN', 'ORG_ADMIN', 'STUDENT']),
    );
    expect(DEMO_USERS.filter((u) => u.role === 'STUDENT').length).toBeGreaterThanOrEqual(8);
  });

  it('seeds two organizations with courses and enrollments in every status', async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db);
    expect(await db.select().from(organizations)).toHaveLength(2);
    const allCourses = await db.select().from(courses);
    expect(allCourses.length).toBeGreaterThanOrEqual(5);
    expect(allCourses.filter((c) => c.archivedAt !== null)).toHaveLength(1);
    const passed = await db
      .select({ n: count() })
      .from(courses)
      .where(and(lt(courses.teamFormationDeadline, new Date()), isNotNull(courses.id)));
    expect(passed[0]!.n).toBeGreaterThanOrEqual(2); // the archived one and one past its deadline
    const byStatus = await db
      .select({ status: enrollments.status, n: count() })
      .from(enrollments)
      .groupBy(enrollments.status);
    const n = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
    expect(n.ACTIVE).toBeGreaterThan(50);
    expect(n.INACTIVE).toBeGreaterThan(0);
    expect(n.PENDING).toBeGreaterThan(0);
    // Every non-pending enrollment belongs to an account with the same email.
    const linked = await db
      .select({ e: enrollments.email, u: users.email })
      .from(enrollments)
      .innerJoin(users, eqOp(users.id, enrollments.userId));
    expect(linked.every((r) => r.e === r.u)).toBe(true);
  });

  it('runs at start when SEED_DEMO is on and keeps later changes', async () => {
    const app = await buildTestApp({ SEED_DEMO: true });
    const grace = await signIn(app, 'grace.hopper@teamup.dev');
    // Seeded role, no SUPERADMIN_EMAILS needed; seeded name kept.
    expect(grace.user).toMatchObject({ role: 'SUPERADMIN', fullname: 'Grace Hopper' });

    const { db } = await getWorkerDb();
    await db
      .update(users)
      .set({ role: 'STUDENT' })
      .where(eq(users.email, 'alan.turing@northfield.edu'));
    await buildTestApp({ SEED_DEMO: true });
    const [alan] = await db
      .select()
      .from(users)
      .where(eq(users.email, 'alan.turing@northfield.edu'));
    expect(alan?.role).toBe('STUDENT');
  });
});
