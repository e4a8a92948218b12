import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { IDEMPOTENCY_KEY_TTL_HOURS, NOTIFICATION_RETENTION_DAYS } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

/**
 * Retention (decision 103): what the server deletes or clears so that `sessions`,
 * `refresh_tokens` and `csv_uploads.content` do not grow without bound.
 *
 * - A session dead (expired or revoked, whichever came first) for DEAD_SESSION_RETENTION_DAYS
 *   is deleted, its refresh tokens first.
 * - A used (rotated) refresh token is deleted once its use is older than REFRESH_TOKEN_TTL plus
 *   USED_REFRESH_TOKEN_MARGIN_SECONDS, even while its session lives: the browser that held it
 *   dropped the cookie by then (its Max-Age is REFRESH_TOKEN_TTL from when it was set, which is
 *   before the use), so reuse detection (a used token presented again revokes the session)
 *   has nobody left to protect. A copy presented later is refused as unknown, never accepted.
 * - A finished (COMPLETED or FAILED) upload's file is cleared CSV_CONTENT_RETENTION_DAYS after
 *   it finished. Nothing reads the file after the job: the status, the history, the errors.csv
 *   report keep their counts and rejected rows, and a finished job is never claimed again.
 * - A day of a user's activity (user_activity_days, System Analytics, decision 109) is deleted
 *   ACTIVITY_DAY_RETENTION_DAYS after that day: the analytics look back 90 days at most, and a
 *   year and a month keeps a day's figures comparable with the same day a year before.
 * - A notification (issue 14, decision 111) is deleted NOTIFICATION_RETENTION_DAYS after it was
 *   written, read or not.
 * - A kept answer of an idempotent call (issue 35, decision 149) is deleted
 *   IDEMPOTENCY_KEY_TTL_HOURS after the call.
 *
 * Every statement touches at most one batch of rows, each its own transaction, and takes only
 * rows nobody holds (FOR UPDATE SKIP LOCKED): several processes running it at once take
 * different rows, never wait on each other or on a request, and what one deleted the other
 * does not find. No lease is needed.
 */

/** How long a dead session (and so its sign-in's device and address) stays listed in the database. */
export const DEAD_SESSION_RETENTION_DAYS = 30;
/** Beyond REFRESH_TOKEN_TTL, how long a used refresh token is kept (clock skew, a late cookie). */
export const USED_REFRESH_TOKEN_MARGIN_SECONDS = 86_400;
/** How long a finished upload keeps its file. */
export const CSV_CONTENT_RETENTION_DAYS = 30;
/** How long a day of a user's activity is kept (days after that day, UTC). */
export const ACTIVITY_DAY_RETENTION_DAYS = 400;
/** Rows per statement for sessions, refresh tokens, activity days and notifications. */
export const RETENTION_BATCH_ROWS = 1000;
/** Uploads per statement: each may hold megabytes of file, so fewer of them. */
export const RETENTION_CSV_BATCH_ROWS = 100;
/** Statements per kind of row and run; a run that reaches it is followed by a catch-up run. */
export const RETENTION_MAX_BATCHES = 20;

export interface RetentionLimits {
  /** Seconds: the refresh cookie's Max-Age (config REFRESH_TOKEN_TTL). */
  refreshTokenTtlSeconds: number;
  deadSessionDays: number;
  usedTokenMarginSeconds: number;
  csvContentDays: number;
  activityDays: number;
  notificationDays: number;
  batchRows: number;
  csvBatchRows: number;
  maxBatches: number;
}

export interface RetentionCounts {
  /** Sessions deleted. */
  sessions: number;
  /** Refresh tokens deleted: used ones past their limit, then those of the deleted sessions. */
  refreshTokens: number;
  /** Uploads whose file was cleared. */
  csvContents: number;
  /** Days of users' activity deleted. */
  activityDays: number;
  /** Notifications deleted. */
  notifications: number;
  /** Kept answers of idempotent calls deleted. */
  idempotencyKeys: number;
  /** Some kind filled all its batches: more may be waiting. */
  capped: boolean;
}

export function retentionLimits(
  refreshTokenTtlSeconds: number,
  overrides: Partial<RetentionLimits> = {},
): RetentionLimits {
  return {
    refreshTokenTtlSeconds,
    deadSessionDays: DEAD_SESSION_RETENTION_DAYS,
    usedTokenMarginSeconds: USED_REFRESH_TOKEN_MARGIN_SECONDS,
    csvContentDays: CSV_CONTENT_RETENTION_DAYS,
    activityDays: ACTIVITY_DAY_RETENTION_DAYS,
    notificationDays: NOTIFICATION_RETENTION_DAYS,
    batchRows: RETENTION_BATCH_ROWS,
    csvBatchRows: RETENTION_CSV_BATCH_ROWS,
    maxBatches: RETENTION_MAX_BATCHES,
    ...overrides,
  };
}

/** Dead since: its revocation or its expiry, whichever came first (LEAST skips a null). */
const deadBefore = (days: number) =>
  sql`least(s.revoked_at, s.expires_at) < now() - make_interval(days => ${days}::int)`;

/** One batch of each kind; each answers how many rows it touched. */
function statements(limits: RetentionLimits) {
  const usedTokens = sql`
    WITH gone AS (
      DELETE FROM refresh_tokens WHERE id IN (
        SELECT id FROM refresh_tokens
        WHERE used_at < now() - make_interval(secs => ${
          limits.refreshTokenTtlSeconds + limits.usedTokenMarginSeconds
        }::int)
        LIMIT ${limits.batchRows}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM gone
  `;
  const deadSessionTokens = sql`
    WITH gone AS (
      DELETE FROM refresh_tokens WHERE id IN (
        SELECT rt.id FROM refresh_tokens rt
        JOIN sessions s ON s.id = rt.session_id
        WHERE ${deadBefore(limits.deadSessionDays)}
        LIMIT ${limits.batchRows}::int
        FOR UPDATE OF rt SKIP LOCKED
      )
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM gone
  `;
  // Only sessions with no token left: the ON DELETE CASCADE then has nothing to do, so a
  // session refreshed for months never turns one statement into thousands of deletions. A
  // dead session gets no new token (a refresh of a dead session inserts none).
  const deadSessions = sql`
    WITH gone AS (
      DELETE FROM sessions WHERE id IN (
        SELECT s.id FROM sessions s
        WHERE ${deadBefore(limits.deadSessionDays)}
          AND NOT EXISTS (SELECT 1 FROM refresh_tokens rt WHERE rt.session_id = s.id)
        LIMIT ${limits.batchRows}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM gone
  `;
  // `content <> ''` compares lengths first, so a stored file is not read to be skipped.
  const csvContents = sql`
    WITH gone AS (
      UPDATE csv_uploads SET content = '' WHERE id IN (
        SELECT id FROM csv_uploads
        WHERE status IN ('COMPLETED', 'FAILED')
          AND finished_at < now() - make_interval(days => ${limits.csvContentDays}::int)
          AND content <> ''
        LIMIT ${limits.csvBatchRows}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM gone
  `;
  // The primary key (day, user_id) starts with the day: the old rows are one index range.
  const activityDays = sql`
    WITH gone AS (
      DELETE FROM user_activity_days WHERE (day, user_id) IN (
        SELECT day, user_id FROM user_activity_days
        WHERE day < (now() AT TIME ZONE 'UTC')::date - ${limits.activityDays}::int
        LIMIT ${limits.batchRows}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM gone
  `;
  // Old rows are one range of notifications_created_at_idx.
  const notifications = sql`
    WITH gone AS (
      DELETE FROM notifications WHERE id IN (
        SELECT id FROM notifications
        WHERE created_at < now() - make_interval(days => ${limits.notificationDays}::int)
        LIMIT ${limits.batchRows}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM gone
  `;
  // Old rows are one range of idempotency_keys_created_at_idx.
  const idempotencyKeys = sql`
    WITH gone AS (
      DELETE FROM idempotency_keys WHERE (user_id, key) IN (
        SELECT user_id, key FROM idempotency_keys
        WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS}::int)
        LIMIT ${limits.batchRows}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM gone
  `;
  return {
    usedTokens,
    deadSessionTokens,
    deadSessions,
    csvContents,
    activityDays,
    notifications,
    idempotencyKeys,
  };
}

/**
 * One retention run: each kind in batches until a batch comes back short or maxBatches ran.
 * `shouldStop` is asked between batches (the app is closing).
 */
export async function runRetention(
  db: DbOrTx,
  limits: RetentionLimits,
  shouldStop: () => boolean = () => false,
): Promise<RetentionCounts> {
  const q = statements(limits);
  let capped = false;
  async function batches(query: ReturnType<typeof sql>, size: number): Promise<number> {
    let total = 0;
    for (let i = 0; i < limits.maxBatches; i++) {
      if (shouldStop()) return total;
      const [row] = await queryRows<{ n: number | string }>(db, query);
      const n = Number(row?.n ?? 0);
      total += n;
      if (n < size) return total;
    }
    capped = true;
    return total;
  }
  const refreshTokens =
    (await batches(q.usedTokens, limits.batchRows)) +
    (await batches(q.deadSessionTokens, limits.batchRows));
  const sessions = await batches(q.deadSessions, limits.batchRows);
  const csvContents = await batches(q.csvContents, limits.csvBatchRows);
  const activityDays = await batches(q.activityDays, limits.batchRows);
  const notifications = await batches(q.notifications, limits.batchRows);
  const idempotencyKeys = await batches(q.idempotencyKeys, limits.batchRows);
  return {
    sessions,
    refreshTokens,
    csvContents,
    activityDays,
    notifications,
    idempotencyKeys,
    capped,
  };
}

export interface RetentionJobOptions {
  /** Between runs, before jitter. */
  intervalMs: number;
  /** Each wait is intervalMs times a random factor in [1 - jitter, 1 + jitter]. */
  jitter: number;
  /** Before the first run; unset: a random wait in [1 min, 10 min], so restarts spread out. */
  firstDelayMs?: number;
  /** After a run that filled its batches (more is waiting). */
  catchUpDelayMs: number;
  limits: Partial<Omit<RetentionLimits, 'refreshTokenTtlSeconds'>>;
}

export const RETENTION_JOB_DEFAULTS: RetentionJobOptions = {
  intervalMs: 60 * 60_000,
  jitter: 0.1,
  catchUpDelayMs: 60_000,
  limits: {},
};

export interface RetentionJob {
  /** Schedules the runs (the first after firstDelayMs). */
  start(): void;
  /** Runs now; while a run is under way, the same run. Throws what the run throws. */
  runOnce(): Promise<RetentionCounts>;
  /** No further run; a run under way stops at its next batch. Resolves when it has. */
  stop(): Promise<void>;
}

export function createRetentionJob(
  db: DbOrTx,
  log: FastifyBaseLogger,
  refreshTokenTtlSeconds: number,
  overrides: Partial<RetentionJobOptions> = {},
): RetentionJob {
  const options: RetentionJobOptions = { ...RETENTION_JOB_DEFAULTS, ...overrides };
  const limits = retentionLimits(refreshTokenTtlSeconds, options.limits);
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RetentionCounts> | null = null;

  function runOnce(): Promise<RetentionCounts> {
    running ??= (async () => {
      const startedAt = Date.now();
      try {
        const counts = await runRetention(db, limits, () => stopped);
        log.info({ ...counts, ms: Date.now() - startedAt }, 'retention run');
        return counts;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function withJitter(ms: number) {
    return Math.round(ms * (1 - options.jitter + 2 * options.jitter * Math.random()));
  }

  function tick() {
    runOnce()
      .then((counts) => (counts.capped ? options.catchUpDelayMs : withJitter(options.intervalMs)))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'retention run failed; it will run again at the next interval');
        return withJitter(options.intervalMs);
      })
      .then(schedule);
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      schedule(options.firstDelayMs ?? 60_000 + Math.round(Math.random() * 9 * 60_000));
    },
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
