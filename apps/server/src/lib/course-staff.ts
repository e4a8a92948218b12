// Course staff (issue 28, decision 137): who teaches which course, as the scope checks and the
// sign-in need it. A staff row counts once it has a user (appointed by email: after that
// address's first sign-in) and its course's organization is not deleted.
import { sql, type SQL } from 'drizzle-orm';
import type { CourseStaffRole } from '@teamup/shared';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';

/** The staff roles a route's level admits: a TA level admits instructors too. */
export function staffRolesAtLeast(level: CourseStaffRole): CourseStaffRole[] {
  return level === 'INSTRUCTOR' ? ['INSTRUCTOR'] : ['INSTRUCTOR', 'TEACHING_ASSISTANT'];
}

const rolesList = (level: CourseStaffRole) =>
  sql.join(
    staffRolesAtLeast(level).map((r) => sql`${r}::course_staff_role`),
    sql`, `,
  );

/** A query of the ids of the courses `userId` is staff of at `level` or above. */
export function staffCourseIdsSql(userId: string, level: CourseStaffRole): SQL {
  return sql`select cs.course_id from course_staff cs
    join courses sc on sc.id = cs.course_id
    join organizations so on so.id = sc.organization_id and so.deleted_at is null
    where cs.user_id = ${userId} and cs.role in (${rolesList(level)})`;
}

/** The ids of the courses `userId` is staff of at `level` or above. */
export async function staffCourseIds(
  db: DbOrTx,
  userId: string,
  level: CourseStaffRole,
): Promise<string[]> {
  const rows = await queryRows<{ course_id: string }>(db, staffCourseIdsSql(userId, level));
  return rows.map((r) => r.course_id);
}

/** Whether `userId` is staff of any course at `level` or above (the auth plugin's gate). */
export async function isCourseStaffAnywhere(
  db: DbOrTx,
  userId: string,
  level: CourseStaffRole,
): Promise<boolean> {
  const [row] = await queryRows<{ yes: boolean }>(
    db,
    sql`select exists (${staffCourseIdsSql(userId, level)}) as yes`,
  );
  return row?.yes === true;
}

/**
 * At sign-in, in the sign-in's transaction: the appointments waiting for this address become
 * the user's. An appointment for a course the user already staffs (by an LTI launch, say) is
 * dropped, keeping the higher role. Returns how many were linked.
 */
export async function linkPendingStaff(
  tx: DbOrTx,
  user: { id: string; email: string },
  /** An LMS launch vouches for its own organization's courses only (decision 141). */
  organizationId?: string,
): Promise<number> {
  const inOrganization = organizationId
    ? sql`and p.course_id in (select id from courses where organization_id = ${organizationId})`
    : sql``;
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`with pending as (
        select p.id, p.course_id, p.role from course_staff p
        where p.email = ${user.email} and p.user_id is null ${inOrganization}),
      raised as (
        update course_staff cs set role = 'INSTRUCTOR', updated_at = now()
        from pending p
        where cs.course_id = p.course_id and cs.user_id = ${user.id}
          and p.role = 'INSTRUCTOR' and cs.role <> 'INSTRUCTOR'
        returning cs.id),
      dropped as (
        delete from course_staff d using pending p
        where d.id = p.id and exists (select 1 from course_staff o
          where o.course_id = p.course_id and o.user_id = ${user.id})
        returning d.id),
      linked as (
        update course_staff cs set user_id = ${user.id}, updated_at = now()
        from pending p
        where cs.id = p.id and not exists (select 1 from course_staff o
          where o.course_id = p.course_id and o.user_id = ${user.id})
        returning cs.id)
      select (select count(*) from linked)::int as n,
        (select count(*) from raised)::int + (select count(*) from dropped)::int as merged`,
  );
  return row?.n ?? 0;
}
