import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { DEMO_EMAILS, DEMO_USERS, seedDemo } from '../../src/db/seed.js';
import { buildTestApp, getWorkerDb, signIn } from '../helper.js';

describe('demo seed', () => {
  it('creates users of every role, once', async () => {
    const { db } = await getWorkerDb();
    expect(await seedDemo(db)).toEqual({ usersCreated: DEMO_USERS.length });
    expect(await seedDemo(db)).toEqual({ usersCreated: 0 });
    const rows = await db.select().from(users);
    expect(rows.map((u) => u.email).sort()).toEqual([...DEMO_EMAILS].sort());
    expect(new Set(rows.map((u) => u.role))).toEqual(
      new Set(['SUPERADMIN', 'ORG_ADMIN', 'STUDENT']),
    );
    expect(DEMO_USERS.filter((u) => u.role === 'STUDENT').length).toBeGreaterThanOrEqual(8);
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
