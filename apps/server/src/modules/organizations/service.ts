import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import type {
  appointAdminBodySchema,
  createOrganizationBodySchema,
  DirectoryUser,
  OrganizationAdmin,
  OrganizationDetail,
  OrganizationDomains,
  OrganizationSummary,
  Paginated,
  PaginationQuery,
  Role,
  UpdateOrganizationBody,
} from '@teamup/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  courses,
  enrollments,
  organizationAdmins,
  organizationDomains,
  organizations,
  users,
  type OrganizationRow,
} from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { adminScope, assertInScope, scopeCondition } from '../../lib/org-scope.js';
import type { AuthContext } from '../../plugins/auth.js';
import { containsPattern } from '../../lib/like-pattern.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { AppError, conflict, notFound } from '../../plugins/errors.js';

type Actor = Pick<AuthContext, 'userId' | 'role'>;

// ---------------------------------------------------------------------------------------
// Reading

function orgSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(organizations.name, pattern), ilike(organizations.slug, pattern));
}

const ORG_ORDER = [asc(organizations.name), asc(organizations.id)] as const;

function toSummary(
  row: OrganizationRow & { adminCount: number; courseCount: number; studentCount: number },
): OrganizationSummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    adminCount: row.adminCount,
    courseCount: row.courseCount,
    studentCount: row.studentCount,
  };
}

/**
 * Organizations matching `where`, one page of them, with their counts. The page is chosen
 * first (a CTE) and each count is one grouped subquery over the page's ids only, so the
 * cost follows the page size, not the number of organizations or enrollments.
 */
async function summaries(
  db: DbOrTx,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<OrganizationSummary[]> {
  const pageIds = db.$with('org_page').as(
    db
      .select({ id: organizations.id })
      .from(organizations)
      .where(where)
      .orderBy(...ORG_ORDER)
      .limit(page.limit)
      .offset(page.offset),
  );
  const inPage = (
    column: typeof organizationAdmins.organizationId | typeof courses.organizationId,
  ) => inArray(column, db.select({ id: pageIds.id }).from(pageIds));

  const adminCounts = db
    .select({
      organizationId: organizationAdmins.organizationId,
      n: count().as('admin_n'),
    })
    .from(organizationAdmins)
    .where(inPage(organizationAdmins.organizationId))
    .groupBy(organizationAdmins.organizationId)
    .as('admin_counts');
  // Archived courses count, as in the organization's course list and the students counted here
  // (decision 124): a card saying 3 courses above a list of 4 reads as a bug.
  const courseCounts = db
    .select({ organizationId: courses.organizationId, n: count().as('course_n') })
    .from(courses)
    .where(inPage(courses.organizationId))
    .groupBy(courses.organizationId)
    .as('course_counts');
  // Counted by email: a PENDING student has no user yet but is already a student here.
  const studentCounts = db
    .select({
      organizationId: courses.organizationId,
      n: sql<number>`count(distinct ${enrollments.email})`.mapWith(Number).as('student_n'),
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(inPage(courses.organizationId), isNull(enrollments.removedAt)))
    .groupBy(courses.organizationId)
    .as('student_counts');

  const rows = await db
    .with(pageIds)
    .select({
      ...getTableColumns(organizations),
      adminCount: sql<number>`coalesce(${adminCounts.n}, 0)`.mapWith(Number),
      courseCount: sql<number>`coalesce(${courseCounts.n}, 0)`.mapWith(Number),
      studentCount: sql<number>`coalesce(${studentCounts.n}, 0)`.mapWith(Number),
    })
    .from(pageIds)
    .innerJoin(organizations, eq(organizations.id, pageIds.id))
    .leftJoin(adminCounts, eq(adminCounts.organizationId, organizations.id))
    .leftJoin(courseCounts, eq(courseCounts.organizationId, organizations.id))
    .leftJoin(studentCounts, eq(studentCounts.organizationId, organizations.id))
    .orderBy(...ORG_ORDER);
  return rows.map(toSummary);
}

async function listOrganizations(
  db: DbOrTx,
  where: SQL | undefined,
  query: PaginationQuery,
): Promise<Paginated<OrganizationSummary>> {
  const [totalRow] = await db.select({ n: count() }).from(organizations).where(where);
  const items = await summaries(db, where, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items, page: query.page, limit: query.limit, total: totalRow?.n ?? 0 };
}

export interface OrganizationListInput extends PaginationQuery {
  search?: string;
  includeDeleted?: boolean;
}

/** GET /organizations: every live organization for a superadmin, an admin's own otherwise. */
export async function listVisibleOrganizations(
  db: DbOrTx,
  actor: Actor,
  query: OrganizationListInput,
): Promise<Paginated<OrganizationSummary>> {
  const scope = await adminScope(db, actor);
  return listOrganizations(
    db,
    and(
      isNull(organizations.deletedAt),
      scopeCondition(scope, organizations.id),
      orgSearch(query.search),
    ),
    query,
  );
}

/** GET /organizations/super/list. */
export async function listAllOrganizations(
  db: DbOrTx,
  query: OrganizationListInput,
): Promise<Paginated<OrganizationSummary>> {
  return listOrganizations(
    db,
    and(
      query.includeDeleted ? undefined : isNull(organizations.deletedAt),
      orgSearch(query.search),
    ),
    query,
  );
}

/**
 * GET /organizations/admin/my: the live organizations the caller was appointed to. For a
 * superadmin too: "my organizations" are the ones they administer by appointment, while
 * /organizations/super/list is where they see all of them.
 */
export async function listMyOrganizations(
  db: DbOrTx,
  actor: Actor,
  query: OrganizationListInput,
): Promise<Paginated<OrganizationSummary>> {
  const mine = db
    .select({ id: organizationAdmins.organizationId })
    .from(organizationAdmins)
    .where(eq(organizationAdmins.userId, actor.userId));
  return listOrganizations(
    db,
    and(isNull(organizations.deletedAt), inArray(organizations.id, mine), orgSearch(query.search)),
    query,
  );
}

async function adminsOf(db: DbOrTx, organizationId: string): Promise<OrganizationAdmin[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      fullname: users.fullname,
      avatar: users.avatar,
      role: users.role,
      appointedAt: organizationAdmins.createdAt,
      lastSignInAt: users.lastSignInAt,
    })
    .from(organizationAdmins)
    .innerJoin(users, eq(users.id, organizationAdmins.userId))
    .where(eq(organizationAdmins.organizationId, organizationId))
    .orderBy(asc(organizationAdmins.createdAt), asc(users.fullname), asc(users.id));
  return rows.map(({ lastSignInAt, appointedAt, ...admin }) => ({
    ...admin,
    appointedAt: appointedAt.toISOString(),
    hasSignedIn: lastSignInAt !== null,
  }));
}

/** The organization with counts and admins, deleted or not; null when there is none. */
export async function findOrganizationDetail(
  db: DbOrTx,
  organizationId: string,
): Promise<OrganizationDetail | null> {
  const [summary] = await summaries(db, eq(organizations.id, organizationId), {
    limit: 1,
    offset: 0,
  });
  if (!summary) return null;
  const [admins, domains] = await Promise.all([
    adminsOf(db, organizationId),
    domainsOf(db, organizationId),
  ]);
  return { ...summary, admins, domains };
}

/** The email domains an organization owns (decision 141), alphabetical. */
export async function domainsOf(db: DbOrTx, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: organizationDomains.domain })
    .from(organizationDomains)
    .where(eq(organizationDomains.organizationId, organizationId))
    .orderBy(asc(organizationDomains.domain));
  return rows.map((r) => r.domain);
}

/**
 * PUT /organizations/super/{id}/domains: the whole list, replaced in one transaction. A domain
 * another organization owns is refused with 409 DOMAIN_TAKEN and nothing changes (only a
 * superadmin calls this, who sees every organization anyway).
 */
export async function setDomains(
  db: Db,
  actor: Actor,
  organizationId: string,
  domains: readonly string[],
): Promise<OrganizationDomains> {
  return db.transaction(async (tx) => {
    await lockLiveOrganization(tx, organizationId);
    const before = await domainsOf(tx, organizationId);
    if (domains.length > 0) {
      const [taken] = await tx
        .select({ domain: organizationDomains.domain, name: organizations.name })
        .from(organizationDomains)
        .innerJoin(organizations, eq(organizations.id, organizationDomains.organizationId))
        .where(
          and(
            inArray(organizationDomains.domain, [...domains]),
            ne(organizationDomains.organizationId, organizationId),
          ),
        )
        .limit(1);
      if (taken) {
        throw conflict(
          'DOMAIN_TAKEN',
          `${taken.domain} belongs to another organization (${taken.name}); remove it there first`,
        );
      }
    }
    const removed = before.filter((d) => !domains.includes(d));
    const added = domains.filter((d) => !before.includes(d));
    if (removed.length > 0) {
      await tx
        .delete(organizationDomains)
        .where(
          and(
            eq(organizationDomains.organizationId, organizationId),
            inArray(organizationDomains.domain, removed),
          ),
        );
    }
    if (added.length > 0) {
      const inserted = await tx
        .insert(organizationDomains)
        .values(added.map((domain) => ({ domain, organizationId, createdBy: actor.userId })))
        .onConflictDoNothing()
        .returning({ domain: organizationDomains.domain });
      if (inserted.length !== added.length) {
        // Another organization took one between the check and the insert.
        throw conflict(
          'DOMAIN_TAKEN',
          'One of these domains was just given to another organization',
        );
      }
    }
    if (added.length > 0 || removed.length > 0) {
      await recordAudit(tx, {
        action: 'ORGANIZATION_DOMAINS_SET',
        actorId: actor.userId,
        organizationId,
        data: { added, removed },
      });
    }
    return { organizationId, domains: await domainsOf(tx, organizationId) };
  });
}

async function detailOrThrow(db: DbOrTx, organizationId: string): Promise<OrganizationDetail> {
  const detail = await findOrganizationDetail(db, organizationId);
  if (!detail) throw notFound('Organization not found');
  return detail;
}

/** GET /organizations/super/{id}: also a deleted organization, so that it can be restored. */
export async function getOrganizationForSuperadmin(
  db: DbOrTx,
  organizationId: string,
): Promise<OrganizationDetail> {
  return detailOrThrow(db, organizationId);
}

/** GET /organizations/admin/my/{id}: a live organization within the caller's scope, else 404. */
export async function getOrganizationInScope(
  db: DbOrTx,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationDetail> {
  assertInScope(await adminScope(db, actor), organizationId);
  const detail = await detailOrThrow(db, organizationId);
  if (detail.deletedAt) throw notFound('Organization not found');
  return detail;
}

export interface DirectoryQuery extends PaginationQuery {
  search?: string;
  role?: Role;
}

/** GET /organizations/super/users/list: one query for the page, one for its organizations. */
export async function listDirectoryUsers(
  db: DbOrTx,
  query: DirectoryQuery,
): Promise<Paginated<DirectoryUser>> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    pattern ? or(ilike(users.fullname, pattern), ilike(users.email, pattern)) : undefined,
    query.role ? eq(users.role, query.role) : undefined,
  );
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullname: users.fullname,
      avatar: users.avatar,
      role: users.role,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
    })
    .from(users)
    .where(where)
    .orderBy(asc(users.fullname), asc(users.email))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);

  const administered = new Map<string, { id: string; name: string }[]>();
  if (rows.length > 0) {
    const links = await db
      .select({
        userId: organizationAdmins.userId,
        id: organizations.id,
        name: organizations.name,
      })
      .from(organizationAdmins)
      .innerJoin(organizations, eq(organizations.id, organizationAdmins.organizationId))
      .where(
        and(
          inArray(
            organizationAdmins.userId,
            rows.map((r) => r.id),
          ),
          isNull(organizations.deletedAt),
        ),
      )
      .orderBy(asc(organizations.name), asc(organizations.id));
    for (const { userId, ...org } of links) {
      const list = administered.get(userId) ?? [];
      list.push(org);
      administered.set(userId, list);
    }
  }

  return {
    items: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
      organizations: administered.get(r.id) ?? [],
    })),
    page: query.page,
    limit: query.limit,
    total: totalRow?.n ?? 0,
  };
}

// ---------------------------------------------------------------------------------------
// Writing
//
// Role rule (DESIGN §6): a user who administers at least one live organization is ORG_ADMIN;
// losing the last one returns them to STUDENT; SUPERADMIN is never touched. To keep two
// concurrent changes from both believing "another organization remains", every change locks
// the organization row first and then the affected users' rows, always in that order.

/** Runs a write; a slug already used (by a live or a deleted organization) becomes a 409. */
async function withSlugConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'organizations_slug_unique')) {
      throw new AppError(409, 'SLUG_TAKEN', 'This slug is already used by another organization', [
        { path: 'slug', message: 'This slug is already taken' },
      ]);
    }
    throw error;
  }
}

/** Locks a live organization against deletion for the rest of the transaction; else 404. */
async function lockLiveOrganization(tx: DbOrTx, organizationId: string): Promise<void> {
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
    .for('share');
  if (!row) throw notFound('Organization not found');
}

async function lockUsers(tx: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(asc(users.id))
    .for('update');
}

/** ORG_ADMINs among `userIds` who administer no live organization any more become STUDENT. */
async function demoteOrphanedAdmins(tx: DbOrTx, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const stillAdmin = tx
    .select({ one: sql`1` })
    .from(organizationAdmins)
    .innerJoin(organizations, eq(organizations.id, organizationAdmins.organizationId))
    .where(and(eq(organizationAdmins.userId, users.id), isNull(organizations.deletedAt)));
  const demoted = await tx
    .update(users)
    .set({ role: 'STUDENT', updatedAt: sql`now()` })
    .where(
      and(inArray(users.id, userIds), eq(users.role, 'ORG_ADMIN'), sql`not exists (${stillAdmin})`),
    )
    .returning({ id: users.id });
  return demoted.map((d) => d.id);
}

/** STUDENTs among `userIds` become ORG_ADMIN (they administer a live organization now). */
async function promoteStudents(tx: DbOrTx, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const promoted = await tx
    .update(users)
    .set({ role: 'ORG_ADMIN', updatedAt: sql`now()` })
    .where(and(inArray(users.id, userIds), eq(users.role, 'STUDENT')))
    .returning({ id: users.id });
  return promoted.map((p) => p.id);
}

export async function createOrganization(
  db: Db,
  actor: Actor,
  body: z.output<typeof createOrganizationBodySchema>,
): Promise<OrganizationDetail> {
  return withSlugConflict(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(organizations)
        .values({ name: body.name, slug: body.slug, description: body.description })
        .returning();
      await recordAudit(tx, {
        action: 'ORGANIZATION_CREATED',
        actorId: actor.userId,
        organizationId: created!.id,
        data: { name: created!.name, slug: created!.slug },
      });
      return detailOrThrow(tx, created!.id);
    }),
  );
}

/** PUT /organizations/{id}: a superadmin, or an admin of that organization; deleted → 404. */
export async function updateOrganization(
  db: Db,
  actor: Actor,
  organizationId: string,
  changes: UpdateOrganizationBody,
): Promise<OrganizationDetail> {
  return withSlugConflict(() =>
    db.transaction(async (tx) => {
      assertInScope(await adminScope(tx, actor), organizationId);
      const [before] = await tx
        .select()
        .from(organizations)
        .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
        .for('update');
      if (!before) throw notFound('Organization not found');
      await tx
        .update(organizations)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(organizations.id, organizationId));
      const keys = Object.keys(changes) as (keyof UpdateOrganizationBody)[];
      await recordAudit(tx, {
        action: 'ORGANIZATION_UPDATED',
        actorId: actor.userId,
        organizationId,
        data: {
          before: Object.fromEntries(keys.map((k) => [k, before[k]])),
          after: changes,
        },
      });
      return detailOrThrow(tx, organizationId);
    }),
  );
}

/**
 * DELETE /organizations/{id}: a soft delete, everything is kept. Admins for whom this was
 * the last live organization lose ORG_ADMIN in the same transaction.
 */
export async function deleteOrganization(
  db: Db,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationDetail> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(organizations)
      .set({ deletedAt: sql`now()`, deletedBy: actor.userId, updatedAt: sql`now()` })
      .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
      .returning({ id: organizations.id });
    if (!deleted) throw notFound('Organization not found');
    const adminIds = await adminIdsOf(tx, organizationId);
    await lockUsers(tx, adminIds);
    const demotedUserIds = await demoteOrphanedAdmins(tx, adminIds);
    await recordAudit(tx, {
      action: 'ORGANIZATION_DELETED',
      actorId: actor.userId,
      organizationId,
      data: { demotedUserIds },
    });
    return detailOrThrow(tx, organizationId);
  });
}

/** POST /organizations/super/{id}/restore: undoes the soft delete and gives admins back their role. */
export async function restoreOrganization(
  db: Db,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationDetail> {
  return db.transaction(async (tx) => {
    const [restored] = await tx
      .update(organizations)
      .set({ deletedAt: null, deletedBy: null, updatedAt: sql`now()` })
      .where(and(eq(organizations.id, organizationId), isNotNull(organizations.deletedAt)))
      .returning({ id: organizations.id });
    if (!restored) {
      const [exists] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      if (!exists) throw notFound('Organization not found');
      throw conflict('CONFLICT', 'This organization is not deleted');
    }
    const adminIds = await adminIdsOf(tx, organizationId);
    await lockUsers(tx, adminIds);
    const promotedUserIds = await promoteStudents(tx, adminIds);
    await recordAudit(tx, {
      action: 'ORGANIZATION_RESTORED',
      actorId: actor.userId,
      organizationId,
      data: { promotedUserIds },
    });
    return detailOrThrow(tx, organizationId);
  });
}

async function adminIdsOf(tx: DbOrTx, organizationId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: organizationAdmins.userId })
    .from(organizationAdmins)
    .where(eq(organizationAdmins.organizationId, organizationId));
  return rows.map((r) => r.userId);
}

/**
 * POST /organizations/super/{id}/admin. An email nobody has signed in with gets a user row
 * now (ORG_ADMIN, no Google subject); sign-in links the Google identity to it by email, so
 * the person is an admin from their first sign-in on.
 */
export async function appointAdmin(
  db: Db,
  actor: Actor,
  organizationId: string,
  body: z.output<typeof appointAdminBodySchema>,
): Promise<OrganizationDetail> {
  // The body went through the shared schema, which trims and lower-cases the email.
  const email = body.email;
  return db.transaction(async (tx) => {
    await lockLiveOrganization(tx, organizationId);
    const [created] = await tx
      .insert(users)
      .values({
        email,
        fullname: body.fullname ?? email.split('@')[0]!,
        role: 'ORG_ADMIN',
      })
      // Someone signing in with this email at this very moment: use their row.
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email))
      .for('update');

    const [appointed] = await tx
      .insert(organizationAdmins)
      .values({ organizationId, userId: user!.id, appointedBy: actor.userId })
      .onConflictDoNothing()
      .returning({ userId: organizationAdmins.userId });
    if (!appointed) throw conflict('ALREADY_ADMIN', 'This user is already an admin of it');

    const promoted = await promoteStudents(tx, [user!.id]);
    await recordAudit(tx, {
      action: 'ORG_ADMIN_APPOINTED',
      actorId: actor.userId,
      organizationId,
      targetUserId: user!.id,
      data: {
        email,
        userCreated: Boolean(created),
        roleBefore: created ? null : user!.role,
        roleAfter: promoted.length > 0 ? 'ORG_ADMIN' : user!.role,
      },
    });
    return detailOrThrow(tx, organizationId);
  });
}

/** DELETE /organizations/super/{id}/admin?userId=… */
export async function removeAdmin(
  db: Db,
  actor: Actor,
  organizationId: string,
  userId: string,
): Promise<OrganizationDetail> {
  return db.transaction(async (tx) => {
    await lockLiveOrganization(tx, organizationId);
    const [user] = await lockUsers(tx, [userId]);
    const [removed] = user
      ? await tx
          .delete(organizationAdmins)
          .where(
            and(
              eq(organizationAdmins.organizationId, organizationId),
              eq(organizationAdmins.userId, userId),
            ),
          )
          .returning({ userId: organizationAdmins.userId })
      : [];
    if (!user || !removed) throw notFound('This user is not an admin of this organization');

    const demoted = await demoteOrphanedAdmins(tx, [userId]);
    await recordAudit(tx, {
      action: 'ORG_ADMIN_REMOVED',
      actorId: actor.userId,
      organizationId,
      targetUserId: userId,
      data: { roleBefore: user.role, roleAfter: demoted.length > 0 ? 'STUDENT' : user.role },
    });
    return detailOrThrow(tx, organizationId);
  });
}
