import { count, desc, eq, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type {
  Paginated,
  PaginationQuery,
  ProfileActivityEntry,
  TeamAuditEntry,
} from '@teamup/shared';
import type { DbOrTx } from '../db/client.js';
import { auditEvents, courses, organizations, teams, users } from '../db/schema/index.js';

export interface AuditEntry {
  action: string;
  actorId: string | null;
  organizationId?: string | null;
  courseId?: string | null;
  enrollmentId?: string | null;
  teamId?: string | null;
  targetUserId?: string | null;
  /** Before/after values or anything else worth keeping with the event. */
  data?: Record<string, unknown>;
}

/** Records who changed what; call it inside the transaction that makes the change. */
export async function recordAudit(db: DbOrTx, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditEvents).values(
    entries.map((e) => ({
      action: e.action,
      actorId: e.actorId,
      organizationId: e.organizationId ?? null,
      courseId: e.courseId ?? null,
      enrollmentId: e.enrollmentId ?? null,
      teamId: e.teamId ?? null,
      targetUserId: e.targetUserId ?? null,
      data: e.data ?? {},
    })),
  );
}

const actor = alias(users, 'actor');
const target = alias(users, 'target');

// Nested objects of left-joined tables: drizzle gives null for an object whose row is missing.
const eventColumns = {
  id: auditEvents.id,
  action: auditEvents.action,
  data: auditEvents.data,
  createdAt: auditEvents.createdAt,
  actor: { id: actor.id, fullname: actor.fullname, email: actor.email, avatar: actor.avatar },
  target: { id: target.id, fullname: target.fullname, email: target.email, avatar: target.avatar },
};

const contextColumns = {
  team: { id: teams.id, name: teams.name },
  course: { id: courses.id, code: courses.code, title: courses.title },
  organization: { id: organizations.id, name: organizations.name },
};

/**
 * Newest first; entries written in one transaction share a time, so the id keeps their order
 * stable between pages.
 */
function newestPage<T extends PgSelect>(query: T, where: SQL | undefined, page: PaginationQuery) {
  return query
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
}

/** The page's rows (dates as ISO strings) with the total of all that match `where`. */
async function paginated<Row extends { createdAt: Date }>(
  db: DbOrTx,
  rows: Promise<Row[]>,
  where: SQL | undefined,
  page: PaginationQuery,
): Promise<Paginated<Omit<Row, 'createdAt'> & { createdAt: string }>> {
  const [items, [counted]] = await Promise.all([
    rows,
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return {
    items: items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    page: page.page,
    limit: page.limit,
    total: counted?.total ?? 0,
  };
}

/**
 * One page of the audit events that match `where`, newest first, with who acted and whom each
 * was about (null when the system acted, or when it was about no one): two statements whatever
 * the page size, the page and the total. A team's history is such a page.
 */
export function listAuditEvents(
  db: DbOrTx,
  where: SQL | undefined,
  page: PaginationQuery,
): Promise<Paginated<TeamAuditEntry>> {
  const rows = db
    .select(eventColumns)
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.actorId))
    .leftJoin(target, eq(target.id, auditEvents.targetUserId))
    .$dynamic();
  return paginated(db, newestPage(rows, where, page), where, page);
}

/**
 * {@link listAuditEvents} with the team, course and organization each event names joined in
 * (still two statements), as a user's own activity shows them.
 */
export function listAuditEventsInContext(
  db: DbOrTx,
  where: SQL | undefined,
  page: PaginationQuery,
): Promise<Paginated<ProfileActivityEntry>> {
  const rows = db
    .select({ ...eventColumns, ...contextColumns })
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.actorId))
    .leftJoin(target, eq(target.id, auditEvents.targetUserId))
    .leftJoin(teams, eq(teams.id, auditEvents.teamId))
    .leftJoin(courses, eq(courses.id, auditEvents.courseId))
    .leftJoin(organizations, eq(organizations.id, auditEvents.organizationId))
    .$dynamic();
  return paginated(db, newestPage(rows, where, page), where, page);
}
