// Email preferences, the time zone, unsubscribing, and "Remind students without a team"
// (issue 26, decision 133).
import { sql } from 'drizzle-orm';
import {
  EMAIL_DEFAULTS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  TEAMLESS_REMINDER_INTERVAL_HOURS,
  type EmailMode,
  type EmailPreferences,
  type NotificationKind,
  type TeamlessReminderPreview,
  type TeamlessReminderResult,
  type UnsubscribeInfo,
  type UpdateEmailPreferences,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { AppError, badRequest, conflict, notFound } from '../../plugins/errors.js';
import {
  adminCourseScope,
  courseRefusal,
  iso,
  type AdminCaller,
} from '../../lib/admin-course-sql.js';
import { describeNotification } from '../../lib/notification-text.js';
import { audiencesOf, audiencesSql } from '../../lib/notification-audiences.js';
import { nextReminderAt, sendCourseReminder } from '../../lib/course-reminder.js';
import { TIME_ZONE_OF_USER } from './outbox.js';
import { domainOf } from './transport.js';
import { subjectFor } from './templates/index.js';
import type { UnsubscribeClaims } from './unsubscribe-token.js';

interface PrefRow {
  modes: Record<string, EmailMode> | null;
  all_off: boolean;
  undeliverable: boolean;
  own_zone: string | null;
  zone: string;
  audiences: unknown;
}

/** The user's preferences as one statement reads them. */
const PREFS = (userId: string) => sql`select
    (select json_object_agg(p.kind, p.mode) from user_email_preferences p where p.user_id = u.id) as modes,
    u.email_all_off as all_off, u.email_undeliverable_at is not null as undeliverable,
    u.time_zone as own_zone, ${TIME_ZONE_OF_USER('u')} as zone, ${audiencesSql('u')} as audiences
  from users u where u.id = ${userId}`;

function toPreferences(row: PrefRow, emailEnabled: boolean): EmailPreferences {
  const modes = row.modes ?? {};
  return {
    kinds: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      label: NOTIFICATION_KIND_LABELS[kind],
      mode: modes[kind] ?? EMAIL_DEFAULTS[kind],
      defaultMode: EMAIL_DEFAULTS[kind],
    })),
    allOff: row.all_off,
    timeZone: row.zone,
    timeZoneIsMine: row.own_zone !== null,
    undeliverable: row.undeliverable,
    emailEnabled,
    audiences: audiencesOf(row.audiences),
  };
}

export async function getEmailPreferences(
  db: DbOrTx,
  userId: string,
  emailEnabled: boolean,
): Promise<EmailPreferences> {
  const [row] = await queryRows<PrefRow>(db, PREFS(userId));
  if (!row) throw notFound('User not found');
  return toPreferences(row, emailEnabled);
}

/**
 * Sets the listed kinds (a kind set to its default keeps no row) and "all emails off", in one
 * transaction; kinds not listed keep their mode.
 */
export async function setEmailPreferences(
  tx: DbOrTx,
  userId: string,
  body: UpdateEmailPreferences,
  emailEnabled: boolean,
): Promise<EmailPreferences> {
  const modes = new Map<NotificationKind, EmailMode>();
  for (const { kind, mode } of body.modes ?? []) modes.set(kind, mode);
  const differing = [...modes].filter(([kind, mode]) => mode !== EMAIL_DEFAULTS[kind]);
  const [user] = await queryRows<{ id: string }>(
    tx,
    sql`update users set email_all_off = coalesce(${body.allOff ?? null}::boolean, email_all_off),
        email_undeliverable_at = case when ${body.resumeDelivery === true} then null
                                      else email_undeliverable_at end,
        email_undeliverable_code = case when ${body.resumeDelivery === true} then null
                                        else email_undeliverable_code end
      where id = ${userId} returning id`,
  );
  if (!user) throw notFound('User not found');
  if (modes.size > 0) {
    await tx.execute(sql`delete from user_email_preferences
      where user_id = ${userId} and kind = any(${`{${[...modes.keys()].join(',')}}`}::text[])`);
  }
  if (differing.length > 0) {
    await tx.execute(sql`insert into user_email_preferences (user_id, kind, mode)
      select ${userId}::uuid, x->>0, x->>1
      from json_array_elements(${JSON.stringify(differing)}::json) x`);
  }
  // A kind turned OFF (or every email) stops what waits of it; a kind moved to the digest
  // waits for it. Nothing already sent changes.
  await tx.execute(sql`update email_deliveries d
    set state = case when teamup_email_mode(d.user_id, n.kind) = 'OFF' then 'CANCELLED'
                     when teamup_email_mode(d.user_id, n.kind) = 'DIGEST' then 'HELD'
                     else 'PENDING' end,
        next_attempt_at = now()
    from notifications n
    where n.id = d.notification_id and d.user_id = ${userId}
      and d.state in ('PENDING', 'HELD') and d.attempts = 0`);
  return getEmailPreferences(tx, userId, emailEnabled);
}

/**
 * The browser's time zone. PostgreSQL must know it too (the digest computes the local hour in
 * SQL); a zone it does not know is refused rather than stored. The first zone an organization's
 * admin reports becomes the organization's default for members whose browser never reported one.
 */
export async function setTimeZone(
  tx: DbOrTx,
  userId: string,
  timeZone: string,
  emailEnabled: boolean,
): Promise<EmailPreferences> {
  try {
    await tx.execute(sql`select now() at time zone ${timeZone}`);
  } catch {
    throw badRequest('Not a time zone the server knows', [
      { path: 'timeZone', message: 'Not a time zone the database knows' },
    ]);
  }
  const [user] = await queryRows<{ id: string }>(
    tx,
    sql`update users set time_zone = ${timeZone} where id = ${userId} returning id`,
  );
  if (!user) throw notFound('User not found');
  await tx.execute(sql`update organizations o set default_time_zone = ${timeZone}
    from organization_admins oa
    where oa.organization_id = o.id and oa.user_id = ${userId} and o.default_time_zone is null`);
  return getEmailPreferences(tx, userId, emailEnabled);
}

/** What the link would do; a GET changes nothing. The kinds a digest's link names: its kinds. */
export async function unsubscribeInfo(
  db: DbOrTx,
  claims: UnsubscribeClaims,
): Promise<UnsubscribeInfo> {
  const [row] = await queryRows<{ email: string; all_off: boolean; kind_off: boolean }>(
    db,
    sql`select u.email, u.email_all_off as all_off,
        ${
          claims.target === 'DIGEST'
            ? sql`not exists (select 1 from unnest(${`{${NOTIFICATION_KINDS.join(',')}}`}::text[]) k
                where teamup_email_mode(u.id, k) = 'DIGEST')`
            : sql`teamup_email_mode(u.id, ${claims.target}) = 'OFF'`
        } as kind_off
      from users u where u.id = ${claims.userId}`,
  );
  if (!row) throw invalidToken();
  return {
    kind: claims.target === 'DIGEST' ? null : claims.target,
    label: claims.target === 'DIGEST' ? null : NOTIFICATION_KIND_LABELS[claims.target],
    emailDomain: domainOf(row.email),
    kindOff: row.kind_off,
    allOff: row.all_off,
  };
}

export const invalidToken = () =>
  new AppError(
    400,
    'INVALID_UNSUBSCRIBE_TOKEN',
    'This unsubscribe link is invalid or has expired. Sign in and choose your email settings on your profile.',
  );

/** KIND: the link's kind OFF (a digest's link: every kind now in the digest); ALL: every email. */
export async function unsubscribe(
  tx: DbOrTx,
  claims: UnsubscribeClaims,
  scope: 'KIND' | 'ALL',
): Promise<UnsubscribeInfo> {
  if (scope === 'ALL') {
    await setEmailPreferences(tx, claims.userId, { allOff: true }, true).catch((error) => {
      if (error instanceof AppError && error.statusCode === 404) throw invalidToken();
      throw error;
    });
  } else {
    const [row] = await queryRows<{ digest_kinds: string[] | null }>(
      tx,
      sql`select array(select k from unnest(${`{${NOTIFICATION_KINDS.join(',')}}`}::text[]) k
          where teamup_email_mode(u.id, k) = 'DIGEST') as digest_kinds
        from users u where u.id = ${claims.userId}`,
    );
    if (!row) throw invalidToken();
    const kinds =
      claims.target === 'DIGEST'
        ? ((row.digest_kinds ?? []) as NotificationKind[])
        : [claims.target];
    await setEmailPreferences(
      tx,
      claims.userId,
      { modes: kinds.map((kind) => ({ kind, mode: 'OFF' as const })) },
      true,
    );
  }
  return unsubscribeInfo(tx, claims);
}

// ---------------------------------------------------------------------------------------------
// "Remind students without a team"

interface TeamlessRow {
  code: string;
  recipients: { id: string; fullname: string; email: string }[] | null;
  last_sent_at: string | null;
  actor: { id: string; fullname: string; avatar: string | null };
}

/** Who would be reminded: ACTIVE enrolled students with an account and no team in the course. */
const TEAMLESS = (courseId: string) => sql`select u.id, u.fullname, u.email
  from enrollments e join users u on u.id = e.user_id
  where e.course_id = ${courseId} and e.status = 'ACTIVE' and e.removed_at is null
    and not exists (select 1 from team_members m where m.course_id = e.course_id and m.user_id = e.user_id)`;

export async function teamlessPreview(
  db: DbOrTx,
  caller: AdminCaller,
  courseId: string,
): Promise<TeamlessReminderPreview> {
  const [row] = await queryRows<TeamlessRow>(
    db,
    sql`select c.code,
        (select json_agg(json_build_object('id', t.id, 'fullname', t.fullname, 'email', t.email)
                         order by t.fullname, t.email)
         from (${TEAMLESS(courseId)}) t) as recipients,
        (select ${iso(sql`r.sent_at`)} from course_reminders r
         where r.course_id = c.id and r.kind = 'TEAMLESS') as last_sent_at,
        (select json_build_object('id', a.id, 'fullname', a.fullname, 'avatar', a.avatar)
         from users a where a.id = ${caller.userId}) as actor
      from courses c join organizations o on o.id = c.organization_id
      where c.id = ${courseId} and ${adminCourseScope(caller)}`,
  );
  if (!row) throw courseRefusal(caller);
  const { text } = describeNotification('TEAMLESS_REMINDER', {
    actor: row.actor,
    team: null,
    course: { id: courseId, code: row.code, title: '' },
    data: {},
  });
  return {
    recipients: row.recipients ?? [],
    text,
    subject: subjectFor('TEAMLESS_REMINDER', text),
    lastSentAt: row.last_sent_at,
    nextAllowedAt: nextReminderAt(row.last_sent_at, TEAMLESS_REMINDER_INTERVAL_HOURS),
  };
}

/**
 * Sends the reminder: claims the course's slot (at most once per
 * TEAMLESS_REMINDER_INTERVAL_HOURS: the row's conditional upsert serializes two admins), then
 * writes the notifications (and through them the emails), in the caller's transaction.
 */
export async function sendTeamlessReminder(
  tx: DbOrTx,
  caller: AdminCaller,
  courseId: string,
  /** The instructor's own words (issue 35), added to each notification and email. */
  message?: string,
): Promise<TeamlessReminderResult> {
  const [course] = await queryRows<{ id: string; organization_id: string; archived: boolean }>(
    tx,
    sql`select c.id, c.organization_id, c.archived_at is not null as archived
      from courses c join organizations o on o.id = c.organization_id
      where c.id = ${courseId} and ${adminCourseScope(caller)}`,
  );
  if (!course) throw courseRefusal(caller);
  if (course.archived) throw conflict('COURSE_ARCHIVED', 'The course is archived');
  const { sentAt, eligible } = await sendCourseReminder(tx, {
    courseId,
    organizationId: course.organization_id,
    callerId: caller.userId,
    reminderKind: 'TEAMLESS',
    notificationKind: 'TEAMLESS_REMINDER',
    intervalHours: TEAMLESS_REMINDER_INTERVAL_HOURS,
    recipients: TEAMLESS(courseId),
    tooSoon: (next) =>
      `Students without a team were reminded less than ${TEAMLESS_REMINDER_INTERVAL_HOURS} hours ago; you can remind them again at ${next ?? 'any moment now'}`,
    nobody: 'Every active student of this course is in a team',
    message: message || undefined,
  });
  return {
    sent: eligible,
    sentAt,
    nextAllowedAt: new Date(
      new Date(sentAt).getTime() + TEAMLESS_REMINDER_INTERVAL_HOURS * 3_600_000,
    ).toISOString(),
  };
}
