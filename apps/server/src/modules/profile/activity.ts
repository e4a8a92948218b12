import { eq, or } from 'drizzle-orm';
import type { Paginated, PaginationQuery, ProfileActivityEntry } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';
import { listAuditEventsInContext } from '../../lib/audit.js';
import { hideHiddenEmails, type Viewer } from '../../lib/email-rule.js';

/**
 * The user's activity: audit events they made or that were about them, newest first. Two
 * statements whatever the page size: the page (with the names of people, team, course and
 * organization joined in) and the total; a third for the emails of the page's other people,
 * which follow the one email rule like every response (an invitee named in "I invited…" is
 * no teammate yet: decision 121).
 */
export async function listProfileActivity(
  db: DbOrTx,
  caller: Viewer,
  query: PaginationQuery,
): Promise<Paginated<ProfileActivityEntry>> {
  const mine = or(
    eq(auditEvents.actorId, caller.userId),
    eq(auditEvents.targetUserId, caller.userId),
  );
  const page = await listAuditEventsInContext(db, mine, query);
  return { ...page, items: await hideHiddenEmails(db, caller, page.items) };
}
