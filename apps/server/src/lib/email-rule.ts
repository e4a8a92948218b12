// The one email rule (DESIGN §6, decisions 105, 106 and 121), for every response, search and
// export. Features do not import each other, so the rule lives here, once, and the community,
// classmates, team and activity calls all build on it.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Role } from '@teamup/shared';
import type { DbOrTx } from '../db/client.js';

/** An id: a value, a column of an outer query, or a placeholder of a prepared statement. */
export type Ref = SQLWrapper | string;

export interface Viewer {
  userId: string;
  role: Role;
}

/** Live organizations the viewer administers (none for a student: no admin rows). */
export const adminOrgIds = (v: Viewer) => sql`
  select oa.organization_id from organization_admins oa
  join organizations ao on ao.id = oa.organization_id and ao.deleted_at is null
  where oa.user_id = ${v.userId}`;

/**
 * Whether a student caller may see a person's email: their own; one whose owner opted in
 * (users.show_email); a teammate's (both hold a seat in one team: team_members only holds live
 * teams' members); or staff's, an organization admin of a live organization in whose courses
 * the caller is enrolled (not removed), since staff are the students' contact (decision 121).
 * A superadmin is not course staff: their email follows the student rule like anyone's.
 */
export const emailShownSql = (personId: Ref, showEmail: Ref, callerId: Ref) => sql<boolean>`(
  ${personId} = ${callerId} or ${showEmail} or exists(
    select 1 from "team_members" as "caller_seat"
    inner join "team_members" as "person_seat" on "person_seat"."team_id" = "caller_seat"."team_id"
    where "caller_seat"."user_id" = ${callerId} and "person_seat"."user_id" = ${personId}
  ) or exists(
    select 1 from "organization_admins" as "staff"
    inner join "organizations" as "staff_org" on "staff_org"."id" = "staff"."organization_id"
      and "staff_org"."deleted_at" is null
    inner join "courses" as "staff_course" on "staff_course"."organization_id" = "staff"."organization_id"
    inner join "enrollments" as "caller_enrollment" on "caller_enrollment"."course_id" = "staff_course"."id"
      and "caller_enrollment"."user_id" = ${callerId} and "caller_enrollment"."removed_at" is null
    where "staff"."user_id" = ${personId}))`;

/**
 * {@link emailShownSql} for any role, over a person row: superadmins see every email, an
 * organization admin also the emails of the students enrolled (not removed) in their
 * organizations' courses and of their fellow admins (the organization page lists them).
 */
export function emailVisibleTo(v: Viewer, personId: Ref, showEmail: Ref): SQL {
  if (v.role === 'SUPERADMIN') return sql`true`;
  const studentRule = emailShownSql(personId, showEmail, v.userId);
  if (v.role === 'STUDENT') return studentRule;
  return sql`(${studentRule} or exists(
    select 1 from enrollments ee
    join courses ce on ce.id = ee.course_id
    where ee.user_id = ${personId} and ee.removed_at is null
      and ce.organization_id in (${adminOrgIds(v)})
  ) or exists(
    select 1 from organization_admins fa
    where fa.user_id = ${personId} and fa.organization_id in (${adminOrgIds(v)})))`;
}

interface Named {
  id: string;
  email: string | null;
}

/**
 * The actors' and targets' emails of a page of history entries as the viewer may see them: one
 * statement for the people of the page, whatever its size (none when the page names no one).
 */
export async function hideHiddenEmails<E extends { actor: Named | null; target: Named | null }>(
  db: DbOrTx,
  v: Viewer,
  entries: E[],
): Promise<E[]> {
  if (v.role === 'SUPERADMIN') return entries;
  const ids = new Set<string>();
  for (const e of entries) {
    if (e.actor) ids.add(e.actor.id);
    if (e.target) ids.add(e.target.id);
  }
  if (ids.size === 0) return entries;
  // Written over an alias: a one-table select would leave "id" unqualified, and the rule's
  // subqueries have their own.
  const { rows } = (await db.execute(sql`
    select u.id, ${emailVisibleTo(v, sql`u.id`, sql`u.show_email`)} as shown
    from users u where u.id = any(${sql.param([...ids])}::uuid[])`)) as unknown as {
    rows: { id: string; shown: boolean }[];
  };
  const shown = new Set(rows.filter((r) => r.shown).map((r) => r.id));
  const hide = <P extends Named | null>(p: P): P =>
    p && !shown.has(p.id) ? { ...p, email: null } : p;
  return entries.map((e) => ({ ...e, actor: hide(e.actor), target: hide(e.target) }));
}
