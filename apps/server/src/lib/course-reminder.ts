import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';
import { conflict } from '../plugins/errors.js';
import { iso } from './admin-course-sql.js';
import { inAppSql, wantedSql } from './notification-writer-sql.js';

// What an instructor's one-click reminders share (the teamless reminder of the email module and
// the survey reminder): one course_reminders row per course and kind whose conditional upsert is
// the claim, so two admins pressing at once send one reminder, and one statement that writes the
// notifications (the database's email trigger takes them from there).

/** When the next reminder of this kind may go, or null when it may go now. */
export function nextReminderAt(last: string | null, intervalHours: number): string | null {
  if (!last) return null;
  const next = new Date(new Date(last).getTime() + intervalHours * 3_600_000);
  return next.getTime() > Date.now() ? next.toISOString() : null;
}

export interface CourseReminder {
  courseId: string;
  organizationId: string;
  callerId: string;
  /** The course_reminders kind ('TEAMLESS', 'SURVEY'). */
  reminderKind: string;
  /** The notification kind written to each recipient. */
  notificationKind: string;
  intervalHours: number;
  /** A query whose rows' `id` are the users to remind. */
  recipients: SQL;
  /** The REMINDER_TOO_SOON message, given when the next reminder may go (or null). */
  tooSoon: (nextAt: string | null) => string;
  /** The NOTHING_TO_REMIND message. */
  nobody: string;
  /** The instructor's own words (issue 35), kept in each notification's data.message. */
  message?: string | undefined;
}

/**
 * Claims the reminder and writes its notifications in the caller's transaction; throws 409
 * REMINDER_TOO_SOON within the interval and NOTHING_TO_REMIND (undoing the claim with the
 * transaction) when nobody is left to remind. The caller is never notified of their own reminder.
 */
export async function sendCourseReminder(
  tx: DbOrTx,
  r: CourseReminder,
): Promise<{ sentAt: string; eligible: number; notified: number }> {
  const [claimed] = await queryRows<{ sent_at: string }>(
    tx,
    sql`insert into course_reminders (course_id, kind, sent_by, recipients)
      values (${r.courseId}, ${r.reminderKind}, ${r.callerId}, 0)
      on conflict (course_id, kind) do update
        set sent_at = now(), sent_by = excluded.sent_by, recipients = 0
        where course_reminders.sent_at <= now() - make_interval(hours => ${r.intervalHours}::int)
      returning ${iso(sql`sent_at`)} as sent_at`,
  );
  if (!claimed) {
    const [last] = await queryRows<{ sent_at: string }>(
      tx,
      sql`select ${iso(sql`sent_at`)} as sent_at from course_reminders
        where course_id = ${r.courseId} and kind = ${r.reminderKind}`,
    );
    throw conflict(
      'REMINDER_TOO_SOON',
      r.tooSoon(nextReminderAt(last?.sent_at ?? null, r.intervalHours)),
    );
  }
  const [written] = await queryRows<{ n: number; eligible: number }>(
    tx,
    sql`with t as (${r.recipients}),
      sent as (
        insert into notifications
          (user_id, kind, actor_id, organization_id, course_id, data, shown_in_app, read_at)
        select u.id, ${r.notificationKind}, ${r.callerId}, ${r.organizationId}, ${r.courseId},
          ${r.message ? sql`jsonb_build_object('message', ${r.message}::text)` : sql`'{}'::jsonb`},
          ${inAppSql(r.notificationKind)}
        from t join users u on u.id = t.id
        where u.id <> ${r.callerId} and ${wantedSql(r.notificationKind)}
        returning 1)
      select (select count(*) from sent)::int as n, (select count(*) from t)::int as eligible`,
  );
  if (!written || written.eligible === 0) throw conflict('NOTHING_TO_REMIND', r.nobody);
  await tx.execute(sql`update course_reminders set recipients = ${written.n}
    where course_id = ${r.courseId} and kind = ${r.reminderKind}`);
  return { sentAt: claimed.sent_at, eligible: written.eligible, notified: written.n };
}
