// SQL pieces of the admin reads of a course (issue 15, decision 118; shared by formation's course
// health and email's teamless reminder since issue 26): the admin's scope on a course `c` joined
// to its organization `o`, ISO timestamps, and rows of raw statements.
import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '@teamup/shared';

export interface AdminCaller {
  userId: string;
  role: Role;
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
 * organization of theirs, or any live one for a superadmin. Anything else reads as absent (404).
 */
export function adminCourseScope(caller: AdminCaller): SQL {
  return caller.role === 'SUPERADMIN'
    ? sql`o.deleted_at is null`
    : sql`o.deleted_at is null and o.id in (
        select oa.organization_id from organization_admins oa where oa.user_id = ${caller.userId})`;
}
