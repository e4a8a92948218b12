// The nightly roster sync (issue 28, decision 138): every LMS-linked course with a roster
// service is synced about once a day, as one of its LMS instructors (whose rights the sync uses,
// and whom the audit names). Claimed with a conditional update, so two processes do not sync
// one course twice; a course whose LMS fails is tried again the next round.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import type { RosterSync } from './sync-service.js';

export const NIGHTLY_SYNC_HOURS = 24;
const COURSES_PER_RUN = 20;

/** One round: the courses due, each synced once. Returns how many were synced. */
export async function syncDueRosters(
  db: DbOrTx,
  sync: RosterSync,
  log: FastifyBaseLogger,
): Promise<number> {
  const due = await queryRows<{ course_id: string; user_id: string }>(
    db,
    sql`with due as (
        select x.course_id from lti_contexts x
        join courses c on c.id = x.course_id and c.archived_at is null
        join organizations o on o.id = c.organization_id and o.deleted_at is null
        where x.memberships_url is not null
          -- Issue 35: a course no LMS instructor has launched yet (the demo's, at first) has no
          -- one to sync as: it waits, unclaimed and unremarked, and is due once one has.
          and exists (select 1 from course_staff cs where cs.course_id = x.course_id
            and cs.role = 'INSTRUCTOR' and cs.user_id is not null)
          and (x.sync_claimed_at is null
            or x.sync_claimed_at < now() - make_interval(hours => ${NIGHTLY_SYNC_HOURS}))
        order by x.sync_claimed_at nulls first limit ${COURSES_PER_RUN}
        for update of x skip locked),
      claimed as (
        update lti_contexts x set sync_claimed_at = now() from due
        where x.course_id = due.course_id returning x.course_id)
      select claimed.course_id, (select cs.user_id from course_staff cs
          where cs.course_id = claimed.course_id and cs.role = 'INSTRUCTOR'
            and cs.user_id is not null
          order by cs.source = 'LTI' desc, cs.created_at limit 1) as user_id
      from claimed`,
  );
  let synced = 0;
  for (const row of due) {
    if (!row.user_id) {
      // Only when the instructor left between the claim and this read: nothing is wrong.
      log.info({ courseId: row.course_id }, 'nightly roster sync skipped: no instructor');
      continue;
    }
    try {
      await sync(
        { userId: row.user_id, role: 'STUDENT', courseStaff: 'TEACHING_ASSISTANT' },
        row.course_id,
        false,
      );
      synced += 1;
    } catch (error) {
      log.warn({ err: error, courseId: row.course_id }, 'nightly roster sync failed');
    }
  }
  return synced;
}

export function createRosterSyncJob(
  db: DbOrTx,
  sync: RosterSync,
  log: FastifyBaseLogger,
  { intervalMs = 60 * 60_000 }: { intervalMs?: number } = {},
) {
  return createPeriodicJob(
    'LMS roster sync',
    log,
    { intervalMs, jitter: 0.1, firstDelayMs: 60_000 + Math.round(Math.random() * 60_000) },
    () => syncDueRosters(db, sync, log),
  );
}
