// Migration 0023 (decision 129): enrollments.member_skill_keys is a copy of the enrolled user's
// skill_keys, kept by triggers so the community directory filters a course's roster rows by
// skill without reading each user. After every kind of change that can touch it (a user's
// skills edited, an enrollment added, relinked to another user, unlinked by the user's deletion,
// an attempt to write the copy directly, a bulk update), each enrollment's copy equals a
// recount from users.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrollments, users } from '../../src/db/schema/index.js';
import { makeCourse, makeEnrollment, makeOrganization, makeUser } from '../fixtures.js';
import { getWorkerDb } from '../helper.js';

/** Enrollments of the course whose copy differs from their user's skill_keys ('{}' without one). */
async function stale(courseId: string) {
  const { db } = await getWorkerDb();
  const { rows } = (await db.execute(sql`
    select e.id, e.member_skill_keys, u.skill_keys from enrollments e
    left join users u on u.id = e.user_id
    where e.course_id = ${courseId}
      and e.member_skill_keys is distinct from coalesce(u.skill_keys, '{}'::text[])`)) as unknown as {
    rows: unknown[];
  };
  return rows;
}

describe('enrollments.member_skill_keys (migration 0023)', () => {
  it('equals the user’s skill keys after every kind of change', async () => {
    const { db } = await getWorkerDb();
    const org = await makeOrganization();
    const course = await makeCourse(org.id);
    const other = await makeCourse(org.id);
    const a = await makeUser({ email: `msk-a-${Date.now()}@example.edu` });
    const b = await makeUser({ email: `msk-b-${Date.now()}@example.edu` });
    await db
      .update(users)
      .set({ skills: [' Go ', 'SQL'] })
      .where(eq(users.id, a.id));
    await db
      .update(users)
      .set({ skills: ['Rust'] })
      .where(eq(users.id, b.id));
    const ea = await makeEnrollment(course.id, { email: a.email, userId: a.id, status: 'ACTIVE' });
    await makeEnrollment(other.id, { email: a.email, userId: a.id, status: 'ACTIVE' });
    const eb = await makeEnrollment(course.id, { email: b.email, userId: b.id, status: 'ACTIVE' });
    // Not linked yet (no account): an empty copy.
    const pending = await makeEnrollment(course.id, { email: `msk-p-${Date.now()}@example.edu` });
    expect(await stale(course.id)).toEqual([]);
    const [row] = await db
      .select({ keys: enrollments.memberSkillKeys })
      .from(enrollments)
      .where(eq(enrollments.id, ea.id));
    expect(row!.keys).toEqual(['go', 'sql']);

    // Skills edited: every enrollment of the user follows.
    await db
      .update(users)
      .set({ skills: ['TypeScript'] })
      .where(eq(users.id, a.id));
    expect(await stale(course.id)).toEqual([]);
    expect(await stale(other.id)).toEqual([]);
    // Relinked to another user (an account claims the enrollment), and linked at sign-in.
    await db.update(enrollments).set({ userId: a.id }).where(eq(enrollments.id, eb.id));
    await db.update(enrollments).set({ userId: b.id }).where(eq(enrollments.id, pending.id));
    expect(await stale(course.id)).toEqual([]);
    // A direct write of the copy is overruled by the user's keys.
    await db
      .update(enrollments)
      .set({ memberSkillKeys: ['forged'] })
      .where(eq(enrollments.id, ea.id));
    expect(await stale(course.id)).toEqual([]);
    // Bulk: many users' skills at once, in one statement, in a transaction.
    await db.transaction(async (tx) => {
      await tx.execute(sql`update users set skills = array['Go', 'Kotlin']
        where id in (${a.id}, ${b.id})`);
    });
    expect(await stale(course.id)).toEqual([]);
    // The user deleted: the enrollment is unlinked (user_id set null) and its copy emptied.
    await db.delete(users).where(eq(users.id, b.id));
    expect(await stale(course.id)).toEqual([]);
    const [unlinked] = await db
      .select({ keys: enrollments.memberSkillKeys })
      .from(enrollments)
      .where(eq(enrollments.id, pending.id));
    expect(unlinked!.keys).toEqual([]);
  });
});
