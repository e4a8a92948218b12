// The email outbox's statements (issue 26, decision 133). The rows are written by the database
// (trigger `notifications_email_outbox`, migration 0026); this module claims them under a lease,
// reads what an email needs, and records each attempt's end. Every write after a claim holds
// only while the row is still in that claim (its `attempts` unchanged): a worker whose lease ran
// out and was claimed again by another process changes nothing.
import { sql } from 'drizzle-orm';
import {
  EMAIL_IMMEDIATE_CAP_PER_HOUR,
  EMAIL_RETRY_HOURS,
  type NotificationKind,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

/** One notification as an email needs it (the sentence's names are read at send time). */
export interface OutboxNotification {
  id: string;
  kind: NotificationKind;
  data: Record<string, unknown>;
  createdAt: string;
  actor: { id: string; fullname: string; avatar: string | null } | null;
  team: { id: string; name: string } | null;
  course: { id: string; code: string; title: string } | null;
  /**
   * A JOIN_REQUEST_RECEIVED's request as the applicant made it (issue 35, item 16): the message
   * they wrote and the skills of their profile, for the leader to decide on. Null for other kinds
   * and for a request that is gone.
   */
  request: { message: string; skills: string[] } | null;
}

/** A claimed row with what its email needs. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  kind: 'NOTIFICATION' | 'DIGEST';
  userId: string;
  email: string;
  fullname: string;
  /** The recipient's digest time zone (theirs, their organization's, else UTC). */
  timeZone: string;
  /** The recipient turned every email off or the address is undeliverable since it was queued. */
  stopped: boolean;
  /** NOTIFICATION: its notification (null when it is gone); DIGEST: its notifications. */
  notification: OutboxNotification | null;
  items: OutboxNotification[];
  digestOn: string | null;
}

const NOTIFICATION_JSON = (n: string) =>
  sql.raw(`json_build_object(
    'id', ${n}.id, 'kind', ${n}.kind, 'data', ${n}.data,
    'createdAt', to_char(${n}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'actor', (select json_build_object('id', a.id, 'fullname', a.fullname, 'avatar', a.avatar)
              from users a where a.id = ${n}.actor_id),
    'team', (select json_build_object('id', t.id, 'name', t.name) from teams t where t.id = ${n}.team_id),
    'course', (select json_build_object('id', c.id, 'code', c.code, 'title', c.title)
               from courses c where c.id = ${n}.course_id),
    'request', case when ${n}.kind = 'JOIN_REQUEST_RECEIVED' then
      (select json_build_object('message', jr.message, 'skills', ju.skills)
       from join_requests jr join users ju on ju.id = jr.user_id
       where jr.id::text = ${n}.data ->> 'requestId' and jr.user_id = ${n}.actor_id) end)`);

/** The recipient's time zone: their own, else their organization's (any of them), else UTC. */
export const TIME_ZONE_OF_USER = (u: string) =>
  sql.raw(`coalesce(${u}.time_zone,
    (select o.default_time_zone from enrollments e join courses c on c.id = e.course_id
       join organizations o on o.id = c.organization_id
     where e.user_id = ${u}.id and o.default_time_zone is not null limit 1),
    (select o.default_time_zone from organization_admins oa join organizations o on o.id = oa.organization_id
     where oa.user_id = ${u}.id and o.default_time_zone is not null limit 1),
    'UTC')`);

/**
 * Claims up to `limit` due PENDING rows for `leaseMs` (FOR UPDATE SKIP LOCKED: two processes
 * never claim one row) and reads what their emails need, in one statement.
 */
export async function claimDeliveries(
  db: DbOrTx,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  return queryRows<ClaimedDelivery>(
    db,
    sql`
      with due as (
        select id from email_deliveries
        where state = 'PENDING' and next_attempt_at <= now()
          and (lease_expires_at is null or lease_expires_at <= now())
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      ),
      claimed as (
        update email_deliveries d set attempts = d.attempts + 1,
          lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}::float8),
          first_attempt_at = coalesce(d.first_attempt_at, now())
        from due where d.id = due.id
        returning d.id, d.attempts, d.kind, d.user_id, d.notification_id, d.digest_on
      )
      select cl.id, cl.attempts, cl.kind, cl.user_id as "userId", u.email, u.fullname,
        ${TIME_ZONE_OF_USER('u')} as "timeZone",
        (u.email_all_off or u.email_undeliverable_at is not null) as stopped,
        (select ${NOTIFICATION_JSON('n')} from notifications n where n.id = cl.notification_id)
          as notification,
        coalesce((select json_agg(${NOTIFICATION_JSON('n')} order by n.seq)
          from email_deliveries h join notifications n on n.id = h.notification_id
          where cl.kind = 'DIGEST' and h.digest_id = cl.id), '[]'::json) as items,
        to_char(cl.digest_on, 'YYYY-MM-DD') as "digestOn"
      from claimed cl join users u on u.id = cl.user_id
    `,
  );
}

/** A claim: the row and the attempt that holds it. */
export interface Claim {
  id: string;
  attempts: number;
}

/**
 * The claims still held, as a FROM item `c(id, attempts)` and a condition on `d` (the outbox
 * row): two arrays, so the primary key finds each row whatever the planner thinks of the table
 * (a JSON join was planned as a scan of every PENDING row when a burst had just been written).
 */
const heldClaims = (claims: Claim[]) =>
  sql`unnest(${`{${claims.map((c) => c.id).join(',')}}`}::uuid[],
             ${`{${claims.map((c) => c.attempts).join(',')}}`}::int[]) c(id, attempts)`;
const claimedIds = (claims: Claim[]) =>
  sql`d.id = any(${`{${claims.map((c) => c.id).join(',')}}`}::uuid[])`;

/** Extends the lease of the claims still held (the worker's heartbeat). */
export async function renewLeases(db: DbOrTx, claims: Claim[], leaseMs: number): Promise<void> {
  if (claims.length === 0) return;
  await db.execute(sql`update email_deliveries d
    set lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}::float8)
    from ${heldClaims(claims)}
    where ${claimedIds(claims)} and d.id = c.id and d.attempts = c.attempts and d.state = 'PENDING'`);
}

/** Sent: the rows still held become SENT. */
export async function markSent(db: DbOrTx, claims: Claim[]): Promise<number> {
  if (claims.length === 0) return 0;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update email_deliveries d
      set state = 'SENT', sent_at = now(), lease_expires_at = null, error_class = null, error_code = null
      from ${heldClaims(claims)}
      where ${claimedIds(claims)} and d.id = c.id and d.attempts = c.attempts and d.state = 'PENDING'
      returning d.id`,
  );
  return rows.length;
}

/** Nothing to send any more (the notification is gone, or the recipient stopped all email). */
export async function markCancelled(db: DbOrTx, claims: Claim[]): Promise<void> {
  if (claims.length === 0) return;
  await db.execute(sql`update email_deliveries d
    set state = 'CANCELLED', lease_expires_at = null
    from ${heldClaims(claims)}
    where ${claimedIds(claims)} and d.id = c.id and d.attempts = c.attempts and d.state = 'PENDING'`);
}

/**
 * Over the hourly cap: the recipient already got EMAIL_IMMEDIATE_CAP_PER_HOUR emails in the
 * last hour, so these NOTIFICATION rows wait for the digest (HELD). Answers the rows held.
 */
export async function holdOverCap(db: DbOrTx, claims: Claim[]): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with mine as (
        select d.id, d.user_id, row_number() over (partition by d.user_id order by d.created_at, d.id) as nth
        from email_deliveries d join ${heldClaims(claims)} on d.id = c.id and d.attempts = c.attempts
        where ${claimedIds(claims)} and d.state = 'PENDING' and d.kind = 'NOTIFICATION'
      ),
      over as (
        select mine.id from mine
        where mine.nth + (select count(*) from email_deliveries s
                          where s.user_id = mine.user_id and s.state = 'SENT'
                            and s.sent_at > now() - interval '1 hour')
              > ${EMAIL_IMMEDIATE_CAP_PER_HOUR}
      )
      update email_deliveries d set state = 'HELD', lease_expires_at = null
      from over where d.id = over.id
      returning d.id`,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * A temporary failure: tried again after 1, 2, 4 … minutes (capped at 60), until
 * EMAIL_RETRY_HOURS after the first attempt; then FAILED.
 */
export async function markRetry(db: DbOrTx, claim: Claim, code: number | null): Promise<void> {
  await db.execute(sql`update email_deliveries d
    set lease_expires_at = null, error_class = 'TEMPORARY', error_code = ${code},
      state = case when now() + least(power(2, d.attempts - 1), 60) * interval '1 minute'
                        > d.first_attempt_at + make_interval(hours => ${EMAIL_RETRY_HOURS}::int)
                   then 'FAILED' else 'PENDING' end,
      next_attempt_at = now() + least(power(2, d.attempts - 1), 60) * interval '1 minute'
    where d.id = ${claim.id} and d.attempts = ${claim.attempts} and d.state = 'PENDING'`);
}

/**
 * A permanent failure (5xx): the row fails and the address is marked undeliverable, so nothing
 * more is queued for it and its other pending rows are cancelled; the organization's admins see
 * it. One statement.
 */
export async function markPermanentFailure(
  db: DbOrTx,
  claim: Claim,
  userId: string,
  code: number | null,
): Promise<void> {
  await db.execute(sql`with failed as (
      update email_deliveries d set state = 'FAILED', lease_expires_at = null,
        error_class = 'PERMANENT', error_code = ${code}
      where d.id = ${claim.id} and d.attempts = ${claim.attempts} and d.state = 'PENDING'
      returning d.user_id),
    marked as (
      update users u set email_undeliverable_at = now(), email_undeliverable_code = ${code}
      from failed where u.id = failed.user_id returning u.id),
    others as (
      update email_deliveries o set state = 'CANCELLED', error_class = 'UNDELIVERABLE'
      from marked where o.user_id = marked.id and o.id <> ${claim.id}
        and o.state in ('PENDING', 'HELD') and (o.lease_expires_at is null or o.lease_expires_at <= now())
      returning 1)
    select (select count(*) from others) as n, ${userId}::uuid as u`);
}

/** The queue as /metrics and System health show it. */
export interface MailQueueStats {
  pending: number;
  held: number;
  oldestPendingSeconds: number;
  sent24h: number;
  failed24h: number;
  undeliverableUsers: number;
}

export async function mailQueueStats(db: DbOrTx): Promise<MailQueueStats> {
  const [row] = await queryRows<Record<keyof MailQueueStats, number | string | null>>(
    db,
    sql`select
      (select count(*) from email_deliveries where state = 'PENDING')::int as pending,
      (select count(*) from email_deliveries where state = 'HELD')::int as held,
      coalesce((select extract(epoch from now() - min(created_at))
                from email_deliveries where state = 'PENDING'), 0)::float8 as "oldestPendingSeconds",
      (select count(*) from email_deliveries
       where state = 'SENT' and sent_at > now() - interval '24 hours')::int as "sent24h",
      (select count(*) from email_deliveries
       where state = 'FAILED' and created_at > now() - interval '24 hours')::int as "failed24h",
      (select count(*) from users where email_undeliverable_at is not null)::int as "undeliverableUsers"`,
  );
  return {
    pending: Number(row?.pending ?? 0),
    held: Number(row?.held ?? 0),
    oldestPendingSeconds: Number(row?.oldestPendingSeconds ?? 0),
    sent24h: Number(row?.sent24h ?? 0),
    failed24h: Number(row?.failed24h ?? 0),
    undeliverableUsers: Number(row?.undeliverableUsers ?? 0),
  };
}

/**
 * Email off (production without SMTP_URL): rows waiting longer than EMAIL_RETRY_HOURS expire,
 * so configuring SMTP later does not send a backlog of stale mail. Run by the mail job.
 */
export async function expireStale(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update email_deliveries set state = 'EXPIRED', lease_expires_at = null
      where state in ('PENDING', 'HELD')
        and created_at < now() - make_interval(hours => ${EMAIL_RETRY_HOURS}::int)
      returning id`,
  );
  return rows.length;
}
