import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { sql } from 'drizzle-orm';
import type { DetailedHealth, HealthCheck, HealthStatus } from '@teamup/shared';
import type { Db } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';
import { resolveBuildCommit } from '../../lib/build-commit.js';
import { migrationsFolder, serverVersion } from '../../lib/paths.js';
import type { HealthMonitor } from './monitor.js';

/**
 * Above each limit the figure is degraded (decision 110). They are sent with the figures, so
 * the page shows them; "down" is only for a database that does not answer.
 */
export const HEALTH_LIMITS = {
  dbLatencyMs: 100,
  dbLatencyP99Ms: 250,
  dbPoolWaiting: 5,
  pendingMigrations: 0,
  csvOldestWaitingSeconds: 300,
  csvFailedLast24h: 3,
  csvLeaseOverdueSeconds: 60,
  mailOldestPendingSeconds: 600,
  mailFailedLast24h: 20,
  rssMb: 1024,
  heapUsedPercent: 90,
  eventLoopDelayP99Ms: 200,
  serverErrorsPerMinute: 5,
} as const;

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations this build ships, by the `created_at` drizzle records for each. */
const journal: JournalEntry[] = (
  JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  }
).entries;
export const expectedMigrations = journal.length;
const tagByWhen = new Map(journal.map((e) => [String(e.when), e.tag]));

const buildCommit = resolveBuildCommit();

export function judge(value: number | null, degradedAbove: number): HealthCheck {
  return {
    value,
    degradedAbove,
    status: value !== null && value > degradedAbove ? 'degraded' : 'ok',
  };
}

const RANK: Record<HealthStatus, number> = { ok: 0, degraded: 1, down: 2 };

function worst(statuses: HealthStatus[]): HealthStatus {
  return statuses.reduce<HealthStatus>((a, b) => (RANK[b] > RANK[a] ? b : a), 'ok');
}

interface StatsRow {
  queued: number | string;
  processing: number | string;
  oldest_waiting_s: number | string | null;
  failed_24h: number | string;
  lease_upload_id: string | null;
  lease_attempt: number | null;
  lease_expires_in_s: number | string | null;
  lease_overdue_s: number | string | null;
  migrations_applied: number | string;
  latest_migration_at: number | string | null;
  mail_pending: number | string;
  mail_held: number | string;
  mail_oldest_s: number | string | null;
  mail_sent_24h: number | string;
  mail_failed_24h: number | string;
  mail_undeliverable: number | string;
}

/**
 * The CSV queue and the applied migrations in one statement (decision 110). Indexed by
 * csv_uploads_status_idx (status, created_at); failed jobs are few.
 */
const STATS = sql`
  SELECT
    (SELECT count(*) FROM csv_uploads WHERE status = 'QUEUED') AS queued,
    (SELECT count(*) FROM csv_uploads WHERE status = 'PROCESSING') AS processing,
    (SELECT extract(epoch FROM now() - min(created_at))::float8
       FROM csv_uploads WHERE status = 'QUEUED') AS oldest_waiting_s,
    (SELECT count(*) FROM csv_uploads
       WHERE status = 'FAILED' AND finished_at >= now() - interval '24 hours') AS failed_24h,
    lease.id AS lease_upload_id,
    lease.attempts AS lease_attempt,
    extract(epoch FROM lease.lease_expires_at - now())::float8 AS lease_expires_in_s,
    (SELECT extract(epoch FROM now() - min(lease_expires_at))::float8
       FROM csv_uploads WHERE status = 'PROCESSING' AND lease_expires_at < now()) AS lease_overdue_s,
    (SELECT count(*) FROM drizzle.__drizzle_migrations) AS migrations_applied,
    (SELECT max(created_at) FROM drizzle.__drizzle_migrations) AS latest_migration_at,
    (SELECT count(*) FROM email_deliveries WHERE state = 'PENDING') AS mail_pending,
    (SELECT count(*) FROM email_deliveries WHERE state = 'HELD') AS mail_held,
    (SELECT extract(epoch FROM now() - min(next_attempt_at))::float8
       FROM email_deliveries WHERE state = 'PENDING' AND next_attempt_at <= now()) AS mail_oldest_s,
    (SELECT count(*) FROM email_deliveries
       WHERE state = 'SENT' AND sent_at >= now() - interval '24 hours') AS mail_sent_24h,
    (SELECT count(*) FROM email_deliveries
       WHERE state = 'FAILED' AND created_at >= now() - interval '24 hours') AS mail_failed_24h,
    (SELECT count(*) FROM users WHERE email_undeliverable_at IS NOT NULL) AS mail_undeliverable
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (
    SELECT id, attempts, lease_expires_at FROM csv_uploads
    WHERE status = 'PROCESSING'
    ORDER BY lease_expires_at DESC NULLS LAST, id
    LIMIT 1
  ) AS lease ON true
`;

export interface HealthStats {
  queued: number;
  processing: number;
  oldestWaitingSeconds: number | null;
  failedLast24h: number;
  lease: { uploadId: string; attempt: number; expiresInSeconds: number | null } | null;
  leaseOverdueSeconds: number;
  mail: {
    pending: number;
    held: number;
    oldestPendingSeconds: number | null;
    sentLast24h: number;
    failedLast24h: number;
    undeliverableAddresses: number;
  };
  migrationsApplied: number;
  latestMigration: string | null;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The statement's figures; rejects when the database does not answer. */
export async function readHealthStats(db: Db): Promise<HealthStats> {
  const result = (await executeNamed(db, 'health', STATS)) as { rows: StatsRow[] };
  const row = result.rows[0]!;
  const oldest = num(row.oldest_waiting_s);
  const expiresIn = num(row.lease_expires_in_s);
  return {
    queued: Number(row.queued),
    processing: Number(row.processing),
    oldestWaitingSeconds: oldest === null ? null : round1(Math.max(oldest, 0)),
    failedLast24h: Number(row.failed_24h),
    lease: row.lease_upload_id
      ? {
          uploadId: row.lease_upload_id,
          attempt: Number(row.lease_attempt),
          expiresInSeconds: expiresIn === null ? null : round1(expiresIn),
        }
      : null,
    leaseOverdueSeconds: round1(Math.max(num(row.lease_overdue_s) ?? 0, 0)),
    mail: {
      pending: Number(row.mail_pending),
      held: Number(row.mail_held),
      oldestPendingSeconds:
        num(row.mail_oldest_s) === null ? null : round1(Math.max(num(row.mail_oldest_s)!, 0)),
      sentLast24h: Number(row.mail_sent_24h),
      failedLast24h: Number(row.mail_failed_24h),
      undeliverableAddresses: Number(row.mail_undeliverable),
    },
    migrationsApplied: Number(row.migrations_applied),
    latestMigration:
      row.latest_migration_at === null
        ? null
        : (tagByWhen.get(String(row.latest_migration_at)) ?? null),
  };
}

/** The figures of the process alone (no database). */
function processFigures(monitor: HealthMonitor) {
  const memory = process.memoryUsage();
  const heapLimit = getHeapStatistics().heap_size_limit;
  return {
    memory: {
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      heapLimitBytes: heapLimit,
    },
    process: {
      rssMb: judge(round1(memory.rss / (1024 * 1024)), HEALTH_LIMITS.rssMb),
      heapUsedPercent: judge(
        heapLimit > 0 ? round1((memory.heapUsed / heapLimit) * 100) : null,
        HEALTH_LIMITS.heapUsedPercent,
      ),
      eventLoopDelayP99Ms: judge(monitor.eventLoopDelayP99Ms(), HEALTH_LIMITS.eventLoopDelayP99Ms),
      requestsPerMinute: monitor.requestsPerMinute(),
      serverErrorsPerMinute: judge(
        monitor.serverErrorsPerMinute(),
        HEALTH_LIMITS.serverErrorsPerMinute,
      ),
    },
  };
}

/**
 * The detailed health (decision 110). `stats` is the one statement of the caller's read (null:
 * it failed); the round trip is measured by the monitor's probe (a second statement, on the
 * pool). Two statements whatever the data, besides the session check.
 */
export async function detailedHealth(
  monitor: HealthMonitor,
  stats: HealthStats | null,
  mailEnabled = true,
): Promise<DetailedHealth> {
  const latencyMs = await monitor.probe();
  const reachable = latencyMs !== null && stats !== null;
  const p99 = monitor.latencyP99();
  const pool = monitor.handle.poolStats?.() ?? null;
  const applied = stats?.migrationsApplied ?? 0;

  const latency: HealthCheck = reachable
    ? judge(latencyMs, HEALTH_LIMITS.dbLatencyMs)
    : { value: null, degradedAbove: HEALTH_LIMITS.dbLatencyMs, status: 'down' };
  const database: DetailedHealth['database'] = {
    driver: monitor.handle.driver,
    reachable,
    latencyMs: reachable ? latencyMs : null,
    latency,
    latencyP99: {
      ...judge(p99.valueMs, HEALTH_LIMITS.dbLatencyP99Ms),
      samples: p99.samples,
      windowSeconds: monitor.options.latencyWindowSeconds,
    },
    pool: pool && {
      max: pool.max,
      inUse: pool.inUse,
      idle: pool.idle,
      waiting: judge(pool.waiting, HEALTH_LIMITS.dbPoolWaiting),
      readLanes: pool.readLanes,
    },
    migrations: {
      applied,
      expected: journal.length,
      latest: stats?.latestMigration ?? null,
      pending: judge(stats ? journal.length - applied : null, HEALTH_LIMITS.pendingMigrations),
    },
  };
  const csvJobs: DetailedHealth['csvJobs'] = {
    queued: stats?.queued ?? 0,
    processing: stats?.processing ?? 0,
    oldestWaitingSeconds: judge(
      stats?.oldestWaitingSeconds ?? null,
      HEALTH_LIMITS.csvOldestWaitingSeconds,
    ),
    failedLast24h: judge(stats?.failedLast24h ?? null, HEALTH_LIMITS.csvFailedLast24h),
    lease: stats?.lease ?? null,
    leaseOverdueSeconds: judge(
      stats?.leaseOverdueSeconds ?? null,
      HEALTH_LIMITS.csvLeaseOverdueSeconds,
    ),
  };
  const mail: DetailedHealth['mail'] = {
    enabled: mailEnabled,
    pending: stats?.mail.pending ?? 0,
    held: stats?.mail.held ?? 0,
    oldestPendingSeconds: judge(
      stats?.mail.oldestPendingSeconds ?? null,
      HEALTH_LIMITS.mailOldestPendingSeconds,
    ),
    sentLast24h: stats?.mail.sentLast24h ?? 0,
    failedLast24h: judge(stats?.mail.failedLast24h ?? null, HEALTH_LIMITS.mailFailedLast24h),
    undeliverableAddresses: stats?.mail.undeliverableAddresses ?? 0,
  };
  const figures = processFigures(monitor);
  const checks: HealthCheck[] = [
    ...(mailEnabled ? [mail.oldestPendingSeconds, mail.failedLast24h] : []),
    database.latency,
    database.latencyP99,
    database.migrations.pending,
    csvJobs.oldestWaitingSeconds,
    csvJobs.failedLast24h,
    csvJobs.leaseOverdueSeconds,
    figures.process.rssMb,
    figures.process.heapUsedPercent,
    figures.process.eventLoopDelayP99Ms,
    figures.process.serverErrorsPerMinute,
    ...(database.pool ? [database.pool.waiting] : []),
  ];
  return {
    status: reachable ? worst(checks.map((c) => c.status)) : 'down',
    checkedAt: new Date().toISOString(),
    version: serverVersion,
    commit: buildCommit,
    uptimeSeconds: Math.round(process.uptime()),
    database,
    csvJobs,
    mail,
    ...figures,
  };
}
