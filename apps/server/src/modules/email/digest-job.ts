// The daily digest (issue 26, decision 133): every few minutes, the users whose local time has
// passed 08:00 since their last digest and who have notifications waiting for it (HELD rows) get
// one DIGEST row, which the mail worker sends like any other; the rows it covers become DIGESTED.
// `users.last_digest_on` (their local date) is claimed by a conditional update in the same
// statement, so however many processes run the job, a user gets at most one digest a day, and
// none when nothing waits.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_DIGEST_LOCAL_HOUR } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import { TIME_ZONE_OF_USER, expireStale } from './outbox.js';

/** Users handled per run at most (the next run takes the rest). */
const DIGESTS_PER_RUN = 500;

/** One run, one statement: the digests it queued. `now` is for tests (default: the clock). */
export async function queueDigests(db: DbOrTx, now?: Date): Promise<number> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
      with waiting as (
        select distinct h.user_id from email_deliveries h where h.state = 'HELD'
      ),
      due as (
        select u.id, (${at} at time zone z.tz)::date as local_day
        from waiting w join users u on u.id = w.user_id
        cross join lateral (select ${TIME_ZONE_OF_USER('u')} as tz) z
        where not u.email_all_off and u.email_undeliverable_at is null
          and extract(hour from ${at} at time zone z.tz) >= ${EMAIL_DIGEST_LOCAL_HOUR}
          and (u.last_digest_on is null or u.last_digest_on < (${at} at time zone z.tz)::date)
        limit ${DIGESTS_PER_RUN}
      ),
      claimed as (
        update users u set last_digest_on = due.local_day
        from due
        where u.id = due.id and (u.last_digest_on is null or u.last_digest_on < due.local_day)
        returning u.id, due.local_day
      ),
      digests as (
        insert into email_deliveries (user_id, kind, state, digest_on)
        select id, 'DIGEST', 'PENDING', local_day from claimed
        returning id, user_id
      ),
      taken as (
        update email_deliveries h set state = 'DIGESTED', digest_id = g.id
        from digests g
        where h.user_id = g.user_id and h.state = 'HELD'
        returning 1
      )
      select (select count(*) from digests)::int as n, (select count(*) from taken)::int as items
    `,
  );
  return row?.n ?? 0;
}

/**
 * The digest job. Where email is off (`emailOff`: production without SMTP_URL) it queues no
 * digest and instead expires what waited longer than EMAIL_RETRY_HOURS, so configuring SMTP
 * later does not send a backlog of stale mail.
 */
export function createDigestJob(
  db: DbOrTx,
  log: FastifyBaseLogger,
  onQueued: () => void,
  { intervalMs = 5 * 60_000, emailOff = false }: { intervalMs?: number; emailOff?: boolean } = {},
): PeriodicJob<number> {
  return createPeriodicJob(
    'email digest',
    log,
    { intervalMs, jitter: 0.1, firstDelayMs: 5_000 + Math.round(Math.random() * 25_000) },
    async () => {
      if (emailOff) return expireStale(db);
      const queued = await queueDigests(db);
      if (queued > 0) {
        log.info({ digests: queued }, 'daily digests queued');
        onQueued();
      }
      return queued;
    },
  );
}
