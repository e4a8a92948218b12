import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { ValidRows } from './validate-roster.js';
import { queryRows } from '../../db/query-rows.js';

export interface ApplyInput {
  uploadId: string;
  courseId: string;
  organizationId: string;
  uploaderId: string | null;
  rows: ValidRows;
}

export interface AppliedCounts {
  created: number;
  pending: number;
  reactivated: number;
  alreadyEnrolled: number;
}

export { queryRows };

/**
 * Applies validated rows to a course in one statement, whatever their number: the rows travel
 * as three arrays and are joined with `unnest()`, so 10,000 students cost one round trip.
 *
 * Same rules as a manual add: an email with an account becomes ACTIVE (linked, activated), one
 * without becomes PENDING until its first sign-in. An enrollment that is there and ACTIVE or
 * PENDING stays as it is; a removed or INACTIVE one is brought back (the roster says the
 * student is in the course). Every change gets an audit event naming the upload.
 *
 * Call it inside the transaction that also records the upload's result, after locking the
 * course row: uploads for one course then apply one after the other, and each one sees what
 * the previous one committed. ON CONFLICT still covers a manual add racing the upload.
 */
export async function applyRoster(tx: DbOrTx, input: ApplyInput): Promise<AppliedCounts> {
  const { uploadId, courseId, organizationId, uploaderId, rows } = input;
  if (rows.emails.length === 0)
    return { created: 0, pending: 0, reactivated: 0, alreadyEnrolled: 0 };

  const [counts] = await queryRows<{ created: number; pending: number; reactivated: number }>(
    tx,
    sql`
      WITH input AS (
        SELECT t.email, t.fullname, t.student_id, t.section, u.id AS user_id
        FROM unnest(
          ${sql.param(rows.emails)}::text[],
          ${sql.param(rows.fullnames)}::text[],
          ${sql.param(rows.studentIds)}::text[],
          ${sql.param(rows.sections)}::text[]
        ) AS t(email, fullname, student_id, section)
        LEFT JOIN users u ON u.email = t.email
      ),
      before AS (
        SELECT e.id, e.status, e.removed_at
        FROM enrollments e
        JOIN input i ON i.email = e.email
        WHERE e.course_id = ${courseId}
      ),
      reactivated AS (
        UPDATE enrollments e SET
          status = (CASE WHEN i.user_id IS NULL THEN 'PENDING' ELSE 'ACTIVE' END)::enrollment_status,
          user_id = i.user_id,
          activated_at = CASE WHEN i.user_id IS NULL THEN NULL ELSE coalesce(e.activated_at, now()) END,
          removed_at = NULL,
          source = 'CSV',
          created_by = ${uploaderId}::uuid,
          fullname = coalesce(i.fullname, e.fullname),
          student_id = coalesce(i.student_id, e.student_id),
          section = coalesce(i.section, e.section),
          updated_at = now()
        FROM input i
        WHERE e.course_id = ${courseId}
          AND e.email = i.email
          AND (e.removed_at IS NOT NULL OR e.status = 'INACTIVE')
        RETURNING e.id, e.email, e.user_id, e.status
      ),
      inserted AS (
        INSERT INTO enrollments
          (course_id, email, user_id, fullname, student_id, section, status, source, created_by, activated_at)
        SELECT
          ${courseId}::uuid, i.email, i.user_id, coalesce(i.fullname, ''), i.student_id, i.section,
          (CASE WHEN i.user_id IS NULL THEN 'PENDING' ELSE 'ACTIVE' END)::enrollment_status,
          'CSV'::enrollment_source, ${uploaderId}::uuid,
          CASE WHEN i.user_id IS NULL THEN NULL ELSE now() END
        FROM input i
        WHERE NOT EXISTS (
          SELECT 1 FROM enrollments e WHERE e.course_id = ${courseId} AND e.email = i.email
        )
        ON CONFLICT (course_id, email) DO NOTHING
        RETURNING id, email, user_id, status
      ),
      -- Issue 36: a roster that names a section sets it on students already enrolled too (the
      -- file is the registrar's word on sections); a row without one keeps what is there.
      resectioned AS (
        UPDATE enrollments e SET section = i.section, updated_at = now()
        FROM input i
        WHERE e.course_id = ${courseId}
          AND e.email = i.email
          AND i.section IS NOT NULL
          AND e.section IS DISTINCT FROM i.section
          AND e.removed_at IS NULL AND e.status <> 'INACTIVE'
        RETURNING e.id
      ),
      audit AS (
        INSERT INTO audit_events
          (action, actor_id, organization_id, course_id, enrollment_id, target_user_id, data)
        SELECT 'ENROLLED', ${uploaderId}::uuid, ${organizationId}::uuid, ${courseId}::uuid, n.id, n.user_id,
          jsonb_build_object('email', n.email, 'status', n.status, 'source', 'CSV', 'uploadId', ${uploadId}::text)
        FROM inserted n
        UNION ALL
        SELECT
          CASE WHEN b.removed_at IS NOT NULL THEN 'RESTORED' ELSE 'STATUS_CHANGED' END,
          ${uploaderId}::uuid, ${organizationId}::uuid, ${courseId}::uuid, r.id, r.user_id,
          jsonb_build_object('email', r.email, 'from', b.status, 'to', r.status, 'source', 'CSV', 'uploadId', ${uploadId}::text)
        FROM reactivated r JOIN before b ON b.id = r.id
      )
      SELECT
        (SELECT count(*) FROM inserted WHERE status = 'ACTIVE')::int AS created,
        (SELECT count(*) FROM inserted WHERE status = 'PENDING')::int AS pending,
        (SELECT count(*) FROM reactivated)::int AS reactivated
    `,
  );
  const { created, pending, reactivated } = counts!;
  return {
    created,
    pending,
    reactivated,
    alreadyEnrolled: rows.emails.length - created - pending - reactivated,
  };
}
