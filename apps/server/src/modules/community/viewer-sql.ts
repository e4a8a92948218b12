// Who a caller may see in the community, as SQL fragments over a `users` row aliased `u`
// (decision 105; the rule is written at the top of packages/shared/src/community.ts):
// - a student sees themselves, students sharing an ACTIVE course with them (both enrollments
//   ACTIVE and not removed, course not archived, organization live), and students with
//   ORGANIZATION visibility enrolled (not removed) in an organization where the student is
//   enrolled (not removed) too;
// - an organization admin sees, besides that, the students enrolled (not removed) in the
//   courses of the organizations they administer;
// - a superadmin sees every student (role STUDENT, or enrolled somewhere).
// Every fragment starts from the caller's own rows (their enrollments, their organizations) through
// the enrollments and courses indexes, so no statement reads every profile to decide.
import { sql, type SQL } from 'drizzle-orm';
import { adminOrgIds, emailVisibleTo, type Viewer } from '../../lib/email-rule.js';

export { adminOrgIds, type Viewer };

/** Students sharing an ACTIVE course with the viewer (the viewer included when so enrolled). */
const classmateIds = (v: Viewer) => sql`
  select eu.user_id from enrollments ev
  join courses cc on cc.id = ev.course_id and cc.archived_at is null
  join organizations co on co.id = cc.organization_id and co.deleted_at is null
  join enrollments eu on eu.course_id = ev.course_id
    and eu.status = 'ACTIVE' and eu.removed_at is null and eu.user_id is not null
  where ev.user_id = ${v.userId} and ev.status = 'ACTIVE' and ev.removed_at is null`;

/** Students who opened their profile to their organizations, in one of the viewer's. */
const organizationVisibleIds = (v: Viewer) => sql`
  select eu.user_id from enrollments ev
  join courses cv on cv.id = ev.course_id
  join organizations ov on ov.id = cv.organization_id and ov.deleted_at is null
  join courses cu on cu.organization_id = cv.organization_id
  join enrollments eu on eu.course_id = cu.id and eu.removed_at is null and eu.user_id is not null
  join users ou on ou.id = eu.user_id and ou.profile_visibility = 'ORGANIZATION'
  where ev.user_id = ${v.userId} and ev.removed_at is null`;

/** Students enrolled (not removed) in the courses of the viewer's organizations. */
const administeredIds = (v: Viewer) => sql`
  select ea.user_id from enrollments ea
  join courses ca on ca.id = ea.course_id
  where ca.organization_id in (${adminOrgIds(v)})
    and ea.removed_at is null and ea.user_id is not null`;

/**
 * The ids of every user the viewer may see, as a subquery. `withSelf`: whether the viewer is
 * among them (profiles: yes; the directory and skill counts: no).
 */
export function visibleIds(v: Viewer, withSelf: boolean): SQL {
  if (v.role === 'SUPERADMIN') {
    return sql`
      select su.id from users su where su.role = 'STUDENT'
      union select se.user_id from enrollments se
        where se.removed_at is null and se.user_id is not null`;
  }
  const parts = [classmateIds(v), organizationVisibleIds(v)];
  if (v.role === 'ORG_ADMIN') parts.push(administeredIds(v));
  if (withSelf) parts.push(sql`select ${v.userId}::uuid`);
  return sql.join(parts, sql` union `);
}

/**
 * The same rule as {@link visibleIds} as a condition on one row `u`, each branch an index
 * lookup from `u`'s enrollments: cheaper when the rows to judge are few (one profile, or a
 * course's roster) than building the viewer's whole visible set.
 */
export function visibleCondition(v: Viewer, withSelf: boolean): SQL {
  if (v.role === 'SUPERADMIN') {
    return sql`(u.role = 'STUDENT' or exists(select 1 from enrollments se
      where se.user_id = u.id and se.removed_at is null))`;
  }
  const parts = [
    sql`exists(select 1 from enrollments eu
      join enrollments ev on ev.course_id = eu.course_id and ev.user_id = ${v.userId}
        and ev.status = 'ACTIVE' and ev.removed_at is null
      join courses cc on cc.id = eu.course_id and cc.archived_at is null
      join organizations co on co.id = cc.organization_id and co.deleted_at is null
      where eu.user_id = u.id and eu.status = 'ACTIVE' and eu.removed_at is null)`,
    sql`(u.profile_visibility = 'ORGANIZATION' and exists(select 1 from enrollments eu
      join courses cu on cu.id = eu.course_id
      join organizations ov on ov.id = cu.organization_id and ov.deleted_at is null
      join courses cv on cv.organization_id = cu.organization_id
      join enrollments ev on ev.course_id = cv.id and ev.user_id = ${v.userId}
        and ev.removed_at is null
      where eu.user_id = u.id and eu.removed_at is null))`,
  ];
  if (v.role === 'ORG_ADMIN') {
    parts.push(sql`exists(select 1 from enrollments ea
      join courses ca on ca.id = ea.course_id
      where ea.user_id = u.id and ea.removed_at is null
        and ca.organization_id in (${adminOrgIds(v)}))`);
  }
  if (withSelf) parts.push(sql`u.id = ${v.userId}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * Whether the viewer is ACTIVE (not removed) in the course, live (not archived, organization not
 * deleted): then another student's ACTIVE, not removed enrollment in it meets
 * {@link visibleCondition}'s first branch (classmates), so a roster row can be judged without
 * the general rule's joins (decision 129). It does not depend on the row: one InitPlan per
 * statement.
 */
export function viewerActiveIn(v: Viewer, courseId: string): SQL {
  return sql`exists(select 1 from enrollments xv
    join courses xc on xc.id = xv.course_id and xc.archived_at is null
    join organizations xo on xo.id = xc.organization_id and xo.deleted_at is null
    where xv.course_id = ${courseId} and xv.user_id = ${v.userId}
      and xv.status = 'ACTIVE' and xv.removed_at is null)`;
}

/** Whether the viewer may read the email of `u`: the one rule of lib/email-rule.ts. */
export const emailVisible = (v: Viewer): SQL => emailVisibleTo(v, sql`u.id`, sql`u.show_email`);

/**
 * Whether the viewer may see enrollment `e` (an alias) of another person: a classmate learns
 * nothing of an enrollment an admin set INACTIVE, so to a student another's enrollment shows only
 * while ACTIVE (decision 121); their own always, and admins every one in their organizations.
 */
export function enrollmentShown(v: Viewer, e: string): SQL {
  if (v.role === 'SUPERADMIN') return sql`true`;
  const alias = sql.raw(e);
  const studentRule = sql`(${alias}.status = 'ACTIVE' or ${alias}.user_id = ${v.userId})`;
  if (v.role === 'STUDENT') return studentRule;
  return sql`(${studentRule} or ${alias}.course_id in (select ac.id from courses ac
    where ac.organization_id in (${adminOrgIds(v)})))`;
}

/**
 * Which of `u`'s courses (aliased `c`) a card shows: for a student the courses both are
 * enrolled in (not removed), for an admin also those of their organizations, for a
 * superadmin all.
 */
export function sharedCourseCondition(v: Viewer): SQL {
  if (v.role === 'SUPERADMIN') return sql`true`;
  const mine = sql`c.id in (select ew.course_id from enrollments ew
    where ew.user_id = ${v.userId} and ew.removed_at is null)`;
  if (v.role === 'STUDENT') return mine;
  return sql`(${mine} or c.organization_id in (${adminOrgIds(v)}))`;
}

/** Whether the viewer may use the course as a filter: enrolled (not removed), or its admin. */
export function courseUsable(v: Viewer, courseId: string): SQL {
  const live = sql`select 1 from courses uc
    join organizations uo on uo.id = uc.organization_id and uo.deleted_at is null
    where uc.id = ${courseId}`;
  if (v.role === 'SUPERADMIN') return sql`exists(${live})`;
  return sql`exists(${live} and (
    exists(select 1 from enrollments ue where ue.course_id = uc.id
      and ue.user_id = ${v.userId} and ue.removed_at is null)
    or uc.organization_id in (${adminOrgIds(v)})))`;
}
