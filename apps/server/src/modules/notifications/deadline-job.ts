import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEADLINE_REMINDER_HOURS_LIST } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import { queryRows } from '../../db/query-rows.js';
import { inAppSql, wantedSql } from '../../lib/notification-writer-sql.js';

/**
 * DEADLINE_SOON (issue 14, decisions 111 and 112; 72 h added by issue 26): students without a
 * team in a course whose formation deadline is within 72 h, then 24 h, are told once each,
 * however many processes run the job (a claim row per course and deadline, inserted with the
 * reminders).
 */
export interface DeadlineReminderJobOptions {
  /** Between runs, before jitter. */
  intervalMs: number;
  /** Each wait is intervalMs times a random factor in [1 - jitter, 1 + jitter]. */
  jitter: number;
  /** Before the first run; unset: a random wait in [5 s, 30 s] ("soon after start"). */
  firstDelayMs?: number;
}

export const DEADLINE_REMINDER_JOB_DEFAULTS: DeadlineReminderJobOptions = {
  intervalMs: 5 * 60_000,
  jitter: 0.1,
};

export interface DeadlineReminderJob {
  start(): void;
  /** Runs now; resolves with the number of reminders written. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * One run, ONE statement (so one transaction): the courses due (live organization, not
 * archived, deadline within 72 h; issue 26 added the 72 h reminder beside the 24 h one) are
 * claimed by inserting (course, deadline, hours) into notification_deadline_reminders, where
 * `hours` is the smallest reminder the deadline is now within (24 when under 24 h, else 72);
 * ON CONFLICT DO NOTHING returns only the claims this run won (a concurrent run's insert of the
 * same key waits for it and then does nothing), and the reminders go to the claimed courses'
 * ACTIVE enrolled students with an account, no team in the course and the kind wanted in the app
 * or by email. A moved deadline is a new key: announced again. A course created 10 h before its
 * deadline gets the 24 h reminder only.
 */
export async function sendDeadlineReminders(db: DbOrTx): Promise<number> {
  const [longest, shortest] = [
    Math.max(...DEADLINE_REMINDER_HOURS_LIST),
    Math.min(...DEADLINE_REMINDER_HOURS_LIST),
  ];
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
      WITH due AS (
        SELECT c.id, c.organization_id, c.team_formation_deadline AS deadline,
          CASE WHEN c.team_formation_deadline <= now() + make_interval(hours => ${shortest}::int)
            THEN ${shortest}::int ELSE ${longest}::int END AS hours
        FROM courses c JOIN organizations o ON o.id = c.organization_id
        WHERE c.team_formation_deadline > now()
          AND c.team_formation_deadline <= now() + make_interval(hours => ${longest}::int)
          AND c.archived_at IS NULL
          AND o.deleted_at IS NULL
      ),
      claimed AS (
        INSERT INTO notification_deadline_reminders (course_id, deadline, hours)
        SELECT id, deadline, hours FROM due
        ON CONFLICT DO NOTHING
        RETURNING course_id, deadline, hours
      ),
      sent AS (
        INSERT INTO notifications
          (user_id, kind, organization_id, course_id, data, shown_in_app, read_at)
        SELECT e.user_id, 'DEADLINE_SOON', d.organization_id, cl.course_id,
          jsonb_build_object('deadline', to_char(cl.deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'hours', cl.hours),
          ${inAppSql('DEADLINE_SOON')}
        FROM claimed cl
        JOIN due d ON d.id = cl.course_id
        JOIN enrollments e ON e.course_id = cl.course_id
        JOIN users u ON u.id = e.user_id
        WHERE e.status = 'ACTIVE' AND e.removed_at IS NULL
          AND ${wantedSql('DEADLINE_SOON')}
          AND NOT EXISTS (
            SELECT 1 FROM team_members m WHERE m.course_id = cl.course_id AND m.user_id = e.user_id)
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM sent
    `,
  );
  return row?.n ?? 0;
}

export function createDeadlineReminderJob(
  db: DbOrTx,
  log: FastifyBaseLogger,
  overrides: Partial<DeadlineReminderJobOptions> = {},
): DeadlineReminderJob {
  const options = { ...DEADLINE_REMINDER_JOB_DEFAULTS, ...overrides };
  return createPeriodicJob(
    'deadline reminders',
    log,
    {
      intervalMs: options.intervalMs,
      jitter: options.jitter,
      firstDelayMs: options.firstDelayMs ?? 5_000 + Math.round(Math.random() * 25_000),
    },
    async () => {
      const startedAt = Date.now();
      const reminders = await sendDeadlineReminders(db);
      if (reminders > 0) {
        log.info({ reminders, ms: Date.now() - startedAt }, 'deadline reminders sent');
      }
      return reminders;
    },
  );
}
