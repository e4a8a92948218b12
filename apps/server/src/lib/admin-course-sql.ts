// SQL pieces of the admin reads of a course (issue 15, decision 118; shared by formation's course
// health and email's teamless reminder since issue 26): the admin's scope on a course `c` joined
// to its organization `o`, ISO timestamps, and rows of raw statements.
import { sql, type SQL } from 'drizzle-orm';
import type { CourseStaffRole, Role } from '@teamup/shared';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';
import type { AppError } from '../plugins/errors.js';
import { forbidden, notFound } from '../plugins/errors.js';
import { staffCourseIdsSql } from './course-staff.js';

export interface AdminCaller {
  userId: string;
  role: Role;
  /** On a route a course's staff may call: the level it admits (issue 28). */
  courseStaff?: CourseStaffRole | null;
}

/** Rows of a raw statement: both drivers answer `{ rows }`. */
export async function rowsOf<T>(query: PromiseLike<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

/** A timestamp as the API's ISO string (UTC, milliseconds), whatever the driver. */
export const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The course `c` (joined to its organization `o`) is one the caller administers: a live
 * organization of theirs, any live one for a superadmin, or on a staff route a course they are
 * staff of at the route's level. Anything else reads as absent: see `courseRefusal`.
 */
export function adminCourseScope(caller: AdminCaller): SQL {
  if (caller.role === 'SUPERADMIN') return sql`o.deleted_at is null`;
  const staff = caller.courseStaff
    ? sql` or c.id in (${staffCourseIdsSql(caller.userId, caller.courseStaff)})`
    : sql``;
  return sql`o.deleted_at is null and (o.id in (
      select oa.organization_id from organization_admins oa where oa.user_id = ${caller.userId})${staff})`;
}

/**
 * The refusal when `adminCourseScope` found no course: 404 for an admin (no oracle across
 * organizations), 403 for a student who passed the gate as some course's staff (issue 28).
 */
export function courseRefusal(caller: AdminCaller, message = 'Course not found'): AppError {
  return caller.role === 'STUDENT' && caller.courseStaff ? forbidden() : notFound(message);
}

/**
 * The refusal when something inside a course was not found: 404 with `message` when the course
 * is the caller's to administer, else the course's own refusal (a staff member of another
 * course learns nothing about this one's students).
 */
export async function refusalInCourse(
  db: DbOrTx,
  caller: AdminCaller,
  courseId: string,
  message: string,
): Promise<AppError> {
  const found = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from courses c join organizations o on o.id = c.organization_id
      where c.id = ${courseId} and ${adminCourseScope(caller)}`,
  );
  return found.length > 0 ? notFound(message) : courseRefusal(caller);
}
