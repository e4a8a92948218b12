import { eq, or } from 'drizzle-orm';
import type { Paginated, PaginationQuery, ProfileActivityEntry } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';
import { listAuditEventsInContext } from '../../lib/audit.js';

/**
 * The user's activity: audit events they made or that were about them, newest first. Two
 * statements whatever the page size: the page (with the names of people, team, course and
 * organization joined in) and the total.
 */
export function listProfileActivity(
  db: DbOrTx,
  userId: string,
  query: PaginationQuery,
): Promise<Paginated<ProfileActivityEntry>> {
  const mine = or(eq(auditEvents.actorId, userId), eq(auditEvents.targetUserId, userId));
  return listAuditEventsInContext(db, mine, query);
}
