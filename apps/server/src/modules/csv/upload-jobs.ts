import { and, eq, sql } from 'drizzle-orm';
import type { CsvRowError } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { csvUploads } from '../../db/schema/index.js';
import { queryRows, type AppliedCounts } from './apply-roster.js';
import { inAppSql, wantedSql } from '../../lib/notification-writer-sql.js';

/** A job as its claimant holds it; `attempts` is the claim's fencing token. */
export interface ClaimedJob {
  id: string;
  courseId: string;
  organizationId: string;
  uploadedBy: string | null;
  content: string;
  totalRows: number;
  attempts: number;
}

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs}::int * interval '1 millisecond'`;

/**
 * Takes the oldest job that nobody works on: QUEUED, or PROCESSING with a lease that ran out
 * (its process died: a live one renews its lease every third of it). SKIP LOCKED lets several processes claim at once without waiting on,
 * or taking, each other's job.
 */
export async function claimNextJob(db: DbOrTx, leaseMs: number): Promise<ClaimedJob | null> {
  const [row] = await queryRows<{
    id: string;
    course_id: string;
    organization_id: string;
    uploaded_by: string | null;
    content: string;
    total_rows: number;
    attempts: number;
  }>(
    db,
    sql`
      UPDATE csv_uploads SET
        status = 'PROCESSING',
        attempts = attempts + 1,
        lease_expires_at = ${leaseEnd(leaseMs)},
        started_at = coalesce(started_at, now()),
        processed_rows = 0
      WHERE id = (
        SELECT id FROM csv_uploads
        WHERE status = 'QUEUED'
          OR (status = 'PROCESSING' AND (lease_expires_at < now() OR lease_expires_at IS NULL))
        ORDER BY created_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, course_id, organization_id, uploaded_by, content, total_rows, attempts
    `,
  );
  if (!row) return null;
  return {
    id: row.id,
    courseId: row.course_id,
    organizationId: row.organization_id,
    uploadedBy: row.uploaded_by,
    content: row.content,
    totalRows: row.total_rows,
    attempts: row.attempts,
  };
}

/**
 * Milliseconds until the first lease of a PROCESSING job runs out (null: none is running). A
 * job whose process died is claimable from that moment, so an idle worker looks again then
 * rather than at its next poll. Measured on the database clock, as leases are.
 */
export async function msUntilNextLeaseExpiry(db: DbOrTx): Promise<number | null> {
  const [row] = await queryRows<{ ms: number | string | null }>(
    db,
    sql`
      SELECT (extract(epoch FROM min(lease_expires_at) - now()) * 1000)::float8 AS ms
      FROM csv_uploads
      WHERE status = 'PROCESSING'
    `,
  );
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}

/**
 * Every write about a claimed job is conditional on the claim still being this one: a process
 * that lost its lease (paused too long) can no longer record anything, so a job is applied
 * at most once even if two processes ended up working on it.
 */
function held(job: ClaimedJob) {
  return and(
    eq(csvUploads.id, job.id),
    eq(csvUploads.attempts, job.attempts),
    eq(csvUploads.status, 'PROCESSING'),
  );
}

/** Extends the lease; false when the claim is gone. */
export async function renewLease(db: DbOrTx, job: ClaimedJob, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(csvUploads)
    .set({ leaseExpiresAt: leaseEnd(leaseMs) })
    .where(held(job))
    .returning({ id: csvUploads.id });
  return rows.length > 0;
}

/** Rows validated so far (outside the apply transaction, so status readers see it). */
export async function reportProgress(
  db: DbOrTx,
  job: ClaimedJob,
  processedRows: number,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(csvUploads)
    .set({ processedRows, leaseExpiresAt: leaseEnd(leaseMs) })
    .where(held(job))
    .returning({ id: csvUploads.id });
  return rows.length > 0;
}

/** The result, written in the transaction that applied it; false when the claim is gone. */
export async function completeJob(
  tx: DbOrTx,
  job: ClaimedJob,
  result: { rowsRead: number; counts: AppliedCounts; errors: CsvRowError[] },
): Promise<boolean> {
  const rows = await tx
    .update(csvUploads)
    .set({
      status: 'COMPLETED',
      totalRows: result.rowsRead,
      processedRows: result.rowsRead,
      createdCount: result.counts.created,
      pendingCount: result.counts.pending,
      alreadyEnrolledCount: result.counts.alreadyEnrolled,
      reactivatedCount: result.counts.reactivated,
      rejectedCount: result.errors.length,
      errors: result.errors,
      failureMessage: null,
      leaseExpiresAt: null,
      finishedAt: sql`now()`,
    })
    .where(held(job))
    .returning({ id: csvUploads.id });
  // The uploader's notification, in the transaction that records the result (issue 14).
  if (rows.length > 0) await notifyUploadResult(tx, job.id, 'CSV_UPLOAD_FINISHED');
  return rows.length > 0;
}

/** FAILED: nothing of the upload was applied, so its counts say so. */
export async function failJob(db: DbOrTx, job: ClaimedJob, message: string): Promise<void> {
  // With the uploader's notification, in one transaction (issue 14).
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(csvUploads)
      .set({
        status: 'FAILED',
        failureMessage: message,
        createdCount: 0,
        pendingCount: 0,
        alreadyEnrolledCount: 0,
        reactivatedCount: 0,
        rejectedCount: 0,
        errors: [],
        leaseExpiresAt: null,
        finishedAt: sql`now()`,
      })
      .where(held(job))
      .returning({ id: csvUploads.id });
    if (rows.length > 0) await notifyUploadResult(tx, job.id, 'CSV_UPLOAD_FAILED');
  });
}

/**
 * Tells the uploader how their upload ended (issue 14, decision 112), from the upload's row as
 * the transaction just recorded it (file name, counts): one statement, nothing when the
 * uploader's account is gone or wants the kind neither in the app nor by email. No audit event to derive it from, so the worker
 * writes it itself, inside the transaction that records the result.
 */
async function notifyUploadResult(
  tx: DbOrTx,
  uploadId: string,
  kind: 'CSV_UPLOAD_FINISHED' | 'CSV_UPLOAD_FAILED',
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO notifications
      (user_id, kind, organization_id, course_id, data, shown_in_app, read_at)
    SELECT cu.uploaded_by, ${kind}, cu.organization_id, cu.course_id,
      jsonb_build_object('uploadId', cu.id, 'fileName', cu.file_name,
        'created', cu.created_count, 'pending', cu.pending_count,
        'reactivated', cu.reactivated_count, 'alreadyEnrolled', cu.already_enrolled_count,
        'rejected', cu.rejected_count),
      ${inAppSql(kind)}
    FROM csv_uploads cu JOIN users u ON u.id = cu.uploaded_by
    WHERE cu.id = ${uploadId} AND ${wantedSql(kind)}
  `);
}

/** Back in the queue for any process to take (a retry, or this process shutting down). */
export async function requeueJob(db: DbOrTx, job: ClaimedJob): Promise<void> {
  await db
    .update(csvUploads)
    .set({ status: 'QUEUED', processedRows: 0, leaseExpiresAt: null })
    .where(held(job));
}
