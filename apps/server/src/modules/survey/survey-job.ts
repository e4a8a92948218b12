import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SURVEY_CLOSING_REMINDER_HOURS } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { iso } from '../../lib/admin-course-sql.js';
import { inAppSql, wantedSql } from '../../lib/notification-writer-sql.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import { announceOpenedSurveys } from './service.js';

/**
 * The survey's timed notices (issue 27, decision 135), every minute in every process: the
 * opening (SURVEY_OPENED, once per survey: a survey whose opensAt arrives by itself, without a
 * PUT at that moment) and the closing reminders (SURVEY_CLOSING, 48 h and 24 h before closesAt,
 * to ACTIVE students who have not submitted, once per course, closing time and hours).
 */
export interface SurveyJobOptions {
  /** Between runs, before jitter. */
  intervalMs: number;
  /** Each wait is intervalMs times a random factor in [1 - jitter, 1 + jitter]. */
  jitter: number;
  /** Before the first run; unset: a random wait in [5 s, 30 s] ("soon after start"). */
  firstDelayMs?: number;
}

export const SURVEY_JOB_DEFAULTS: SurveyJobOptions = { intervalMs: 60_000, jitter: 0.1 };

/**
 * A closing reminder whose moment passed more than this long ago is skipped, not sent late: a
 * server that was down at the moment would otherwise send "closes in 48 hours" when the survey
 * closes in 30, or both reminders at once.
 */
export const SURVEY_REMINDER_GRACE_MINUTES = 60;

export interface SurveyJobRun {
  opened: number;
  closing: number;
}

/**
 * The closing reminders, in ONE statement: each (survey, hours) whose moment (closesAt − hours)
 * has come, at most SURVEY_REMINDER_GRACE_MINUTES ago, and after the survey opened (a survey
 * opened 30 h before closing gets the 24 h reminder only; one opened 10 h before gets none), is
 * claimed by inserting (course, closesAt, hours) into survey_reminders; ON CONFLICT DO NOTHING
 * returns only this run's claims, so concurrent runs send each reminder once. A moved closing
 * time is a new key: reminded again. Answers the number of notifications written.
 */
export async function sendSurveyClosingReminders(db: DbOrTx): Promise<number> {
  const hoursList = sql.raw(`array[${SURVEY_CLOSING_REMINDER_HOURS.join(',')}]::int[]`);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
      WITH due AS (
        SELECT s.course_id, c.organization_id, s.closes_at, h.hours
        FROM course_surveys s
        JOIN courses c ON c.id = s.course_id
        JOIN organizations o ON o.id = c.organization_id
        CROSS JOIN unnest(${hoursList}) AS h(hours)
        WHERE c.archived_at IS NULL AND o.deleted_at IS NULL
          AND jsonb_array_length(s.questions) > 0
          AND s.opens_at IS NOT NULL AND s.closes_at > now()
          AND s.closes_at - make_interval(hours => h.hours) <= now()
          AND s.closes_at - make_interval(hours => h.hours)
            > now() - make_interval(mins => ${SURVEY_REMINDER_GRACE_MINUTES}::int)
          AND s.closes_at - make_interval(hours => h.hours) >= s.opens_at
      ),
      claimed AS (
        INSERT INTO survey_reminders (course_id, closes_at, hours)
        SELECT course_id, closes_at, hours FROM due
        ON CONFLICT DO NOTHING
        RETURNING course_id, closes_at, hours
      ),
      sent AS (
        INSERT INTO notifications
          (user_id, kind, organization_id, course_id, data, shown_in_app, read_at)
        SELECT e.user_id, 'SURVEY_CLOSING', d.organization_id, cl.course_id,
          jsonb_build_object('hours', cl.hours, 'closesAt', ${iso(sql`cl.closes_at`)}),
          ${inAppSql('SURVEY_CLOSING')}
        FROM claimed cl
        JOIN due d ON d.course_id = cl.course_id AND d.hours = cl.hours
        JOIN enrollments e ON e.course_id = cl.course_id
        JOIN users u ON u.id = e.user_id
        WHERE e.status = 'ACTIVE' AND e.removed_at IS NULL
          AND ${wantedSql('SURVEY_CLOSING')}
          AND NOT EXISTS (
            SELECT 1 FROM survey_responses r
            WHERE r.course_id = cl.course_id AND r.user_id = e.user_id
              AND r.submitted_at IS NOT NULL)
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM sent
    `,
  );
  return row?.n ?? 0;
}

/** One run: the openings, then the closing reminders. */
export async function runSurveyJob(db: DbOrTx): Promise<SurveyJobRun> {
  const opened = await announceOpenedSurveys(db);
  const closing = await sendSurveyClosingReminders(db);
  return { opened, closing };
}

export function createSurveyJob(
  db: DbOrTx,
  log: FastifyBaseLogger,
  onQueued: () => void,
  overrides: Partial<SurveyJobOptions> = {},
) {
  const options = { ...SURVEY_JOB_DEFAULTS, ...overrides };
  return createPeriodicJob(
    'survey notices',
    log,
    {
      intervalMs: options.intervalMs,
      jitter: options.jitter,
      firstDelayMs: options.firstDelayMs ?? 5_000 + Math.round(Math.random() * 25_000),
    },
    async () => {
      const run = await runSurveyJob(db);
      if (run.opened + run.closing > 0) {
        log.info(run, 'survey notices sent');
        onQueued();
      }
      return run;
    },
  );
}
