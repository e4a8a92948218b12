import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { courses, organizationAdmins, organizations } from '../db/schema/index.js';
import type { AuthContext } from '../plugins/auth.js';
import type { AppError } from '../plugins/errors.js';
import { forbidden, notFound } from '../plugins/errors.js';
import { staffCourseIds } from './course-staff.js';

/**
 * What a caller administers: everything for a SUPERADMIN, else the organizations they were
 * appointed to (deleted organizations excluded) and, on a route a course's staff may call
 * (issue 28), the courses they are staff of at the route's level. Services filter every query
 * by it, so an admin of organization A gets 404 for anything of organization B (DESIGN §5);
 * a caller who is only staff (`staffOnly`) gets 403 for a course that is not theirs.
 */
export type AdminScope =
  | { all: true }
  | { all: false; organizationIds: string[]; staffCourseIds: string[]; staffOnly: boolean };

/** Who calls: their id and role, and on a staff route the staff level it admits. */
export type Caller = Pick<AuthContext, 'userId' | 'role' | 'courseStaff'>;

export async function adminScope(db: DbOrTx, auth: Caller): Promise<AdminScope> {
  if (auth.role === 'SUPERADMIN') return { all: true };
  const [rows, staff] = await Promise.all([
    auth.role === 'STUDENT'
      ? Promise.resolve([])
      : db
          .select({ id: organizationAdmins.organizationId })
          .from(organizationAdmins)
          .innerJoin(organizations, eq(organizations.id, organizationAdmins.organizationId))
          .where(and(eq(organizationAdmins.userId, auth.userId), isNull(organizations.deletedAt))),
    auth.courseStaff ? staffCourseIds(db, auth.userId, auth.courseStaff) : Promise.resolve([]),
  ]);
  return {
    all: false,
    organizationIds: rows.map((r) => r.id),
    staffCourseIds: staff,
    staffOnly: rows.length === 0 && staff.length > 0,
  };
}

const NOTHING: AdminScope = {
  all: false,
  organizationIds: [],
  staffCourseIds: [],
  staffOnly: false,
};

/**
 * The caller's admin scope. A STUDENT administers no organization (losing one's last
 * organization returns an admin to STUDENT), so off the staff routes it costs no query.
 */
export function callerScope(db: DbOrTx, caller: Caller): Promise<AdminScope> {
  if (caller.role === 'STUDENT' && !caller.courseStaff) return Promise.resolve(NOTHING);
  return adminScope(db, caller);
}

/**
 * The refusal for an object outside the scope: 404 for admins (no oracle across
 * organizations), 403 for a course's staff reaching for another course.
 */
export function outOfScope(scope: AdminScope, message: string): AppError {
  return !scope.all && scope.staffOnly ? forbidden() : notFound(message);
}

/** Whether the course (of the organization) is in the scope: as an admin or as its staff. */
export function courseIsInScope(scope: AdminScope, organizationId: string, courseId: string) {
  return (
    scope.all ||
    scope.organizationIds.includes(organizationId) ||
    scope.staffCourseIds.includes(courseId)
  );
}

export function inScope(scope: AdminScope, organizationId: string): boolean {
  return scope.all || scope.organizationIds.includes(organizationId);
}

/** A WHERE condition limiting `column` (an organization id) to the scope. */
export function scopeCondition(scope: AdminScope, column: AnyPgColumn): SQL {
  if (scope.all) return sql`true`;
  if (scope.organizationIds.length === 0) return sql`false`;
  return inArray(column, scope.organizationIds);
}

/**
 * A WHERE condition limiting rows of courses to the scope: `orgColumn` in an organization
 * administered, or `courseColumn` a course staffed.
 */
export function courseScopeCondition(
  scope: AdminScope,
  orgColumn: AnyPgColumn | SQL,
  courseColumn: AnyPgColumn | SQL,
): SQL {
  if (scope.all) return sql`true`;
  const parts: SQL[] = [];
  if (scope.organizationIds.length > 0) {
    parts.push(
      sql`${orgColumn} in (${sql.join(
        scope.organizationIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  if (scope.staffCourseIds.length > 0) {
    parts.push(
      sql`${courseColumn} in (${sql.join(
        scope.staffCourseIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

/** Throws 404 unless the organization exists, is not deleted and is in scope. */
export function assertInScope(scope: AdminScope, organizationId: string | undefined | null) {
  if (!organizationId || !inScope(scope, organizationId)) throw notFound('Organization not found');
}

/** The course (with its organization id) if it is in scope, else 404. */
export async function courseInScope(db: DbOrTx, scope: AdminScope, courseId: string) {
  const [course] = await db
    .select({
      id: courses.id,
      organizationId: courses.organizationId,
      archivedAt: courses.archivedAt,
    })
    .from(courses)
    .innerJoin(organizations, eq(organizations.id, courses.organizationId))
    .where(and(eq(courses.id, courseId), isNull(organizations.deletedAt)))
    .limit(1);
  if (!course || !courseIsInScope(scope, course.organizationId, course.id)) {
    throw outOfScope(scope, 'Course not found');
  }
  return course;
}
