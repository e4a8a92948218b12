import type { DbOrTx } from '../db/client.js';
import { auditEvents } from '../db/schema/index.js';

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
