// A notice to an account's owner that is not about a course (issue 34, decision 141): an LMS
// account linked to or unlinked from theirs. Written as a notification, so the outbox emails it
// (IMMEDIATE by default, like every kind the owner must hear of at once) and the bell shows it.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { inAppSql, wantedSql } from './notification-writer-sql.js';

export async function notifyAccount(
  tx: DbOrTx,
  userId: string,
  kind: 'LMS_ACCOUNT_LINKED' | 'LMS_ACCOUNT_UNLINKED',
  data: Record<string, unknown>,
  organizationId: string | null,
): Promise<void> {
  await tx.execute(sql`insert into notifications
      (user_id, kind, actor_id, organization_id, data, shown_in_app, read_at)
    select u.id, ${kind}, u.id, ${organizationId}, ${JSON.stringify(data)}::jsonb, ${inAppSql(kind)}
    from users u where u.id = ${userId} and ${wantedSql(kind)}`);
}
