import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { courses, organizationAdmins, organizations } from '../db/schema/index.js';
import type { AuthContext } from '../plugins/auth.js';
import { notFound } from '../plugins/errors.js';

/**
 * The organizations a caller administers: every one for a SUPERADMIN, else the ones they
 * were appointed to (deleted organizations excluded). Services filter every query by it, so
 * an admin of organization A gets 404 for anything of organization B (DESIGN §5).
 */
export type AdminScope = { all: true } | { all: false; organizationIds: string[] };

export async function adminScope(
  db: DbOrTx,
  auth: Pick<AuthContext, 'userId' | 'role'>,
): Promise<AdminScope> {
  if (auth.role === 'SUPERADMIN') return { all: true };
  const rows = await db
    .select({ id: organizationAdmins.organizationId })
    .from(organizationAdmins)
    .innerJoin(organizations, eq(organizations.id, organizationAdmins.organizationId))
    .where(and(eq(organizationAdmins.userId, auth.userId), isNull(organizations.deletedAt)));
  return { all: false, organizationIds: rows.map((r) => r.id) };
}

/** Who calls: their id and role. */
export type Caller = Pick<AuthContext, 'userId' | 'role'>;

/**
 * The caller's admin scope. A STUDENT administers nothing (losing one's last organization
 * returns an admin to STUDENT), so the common case costs no query.
 */
export function callerScope(db: DbOrTx, caller: Caller): Promise<AdminScope> {
  if (caller.role === 'STUDENT') return Promise.resolve({ all: false, organizationIds: [] });
  return adminScope(db, caller);
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
  if (!course || !inScope(scope, course.organizationId)) throw notFound('Course not found');
  return course;
}
