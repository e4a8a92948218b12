import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../../config.js';
import { notFound, unauthenticated } from '../../plugins/errors.js';
import type { HealthMonitor } from './monitor.js';
import { expectedMigrations, readHealthStats } from './service.js';

export interface MetricsRoutesOptions {
  config: Pick<Config, 'METRICS_TOKEN'>;
  monitor: HealthMonitor;
  /** This process's mail worker counts (issue 26). */
  mailCounters?: { sent: number; retried: number; failed: number; held: number; cancelled: number };
}

/** Node's and the process's default metrics, registered once per process (they are global). */
let processRegistry: Registry | undefined;
function defaultMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function presents(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer (.+)$/.exec(header) : null;
  // Digests have one length, so the comparison takes the same time whatever was sent.
  return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
}

/**
 * GET /metrics in the Prometheus text format (issue 13, decision 110), outside the API prefix
 * where scrapers look. Off (404) unless METRICS_TOKEN is set; then only a request bearing it is
 * answered (401 otherwise). Not in the OpenAPI document: it is for scrapers, not API clients.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  { config, monitor, mailCounters }: MetricsRoutesOptions,
) {
  const token = config.METRICS_TOKEN;
  if (!token) {
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async () => {
      throw notFound('Route GET /metrics not found');
    });
    return;
  }
  const expected = digest(token);
  const appRegistry = new Registry();

  const STREAM_ROUTE = '/api/v1/events';
  const requestDuration = new Histogram({
    name: 'teamup_http_request_duration_seconds',
    help: 'Time from request to response, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [appRegistry],
  });
  monitor.onResponse((response) => {
    // The live stream's "response" lasts as long as the stream is open (minutes): it is not a
    // latency and would only fill the top bucket. It still counts in requests per minute.
    if (response.route === STREAM_ROUTE) return;
    requestDuration.observe(
      { method: response.method, route: response.route, status_code: response.statusCode },
      response.seconds,
    );
  });

  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [appRegistry] });
  const dbUp = gauge('teamup_database_up', '1 when the database answered the last scrape');
  const dbLatency = gauge('teamup_database_latency_seconds', 'select 1 round trip at the scrape');
  const dbLatencyP99 = gauge(
    'teamup_database_latency_p99_seconds',
    'p99 of the database round trips of the last minutes',
  );
  // PGlite is one connection in the process: no pool gauges at all rather than zeros.
  const pooled = monitor.handle.poolStats !== undefined;
  const pool = pooled
    ? {
        connections: gauge('teamup_db_pool_connections', 'Pooled PostgreSQL connections', [
          'state',
        ]),
        max: gauge('teamup_db_pool_max', 'Most pooled PostgreSQL connections'),
        lanes: gauge('teamup_db_read_lanes', 'Read lanes (decision 104) by state', ['state']),
      }
    : null;
  const migrations = gauge('teamup_db_migrations', 'Database migrations', ['state']);
  const csvJobs = gauge('teamup_csv_jobs', 'CSV upload jobs by status', ['status']);
  const csvOldest = gauge(
    'teamup_csv_oldest_waiting_seconds',
    'Age of the oldest queued CSV job (0 when none waits)',
  );
  const csvFailed = gauge('teamup_csv_jobs_failed_24h', 'CSV jobs that failed in the last 24 h');
  const csvOverdue = gauge(
    'teamup_csv_lease_overdue_seconds',
    'How long the most overdue CSV lease has run out (0 when none)',
  );
  // Issue 26: the outbox, as the database has it (every process's), and what this process sent.
  const mailQueue = gauge('teamup_email_queue', 'Emails in the outbox by state', ['state']);
  const mailOldest = gauge(
    'teamup_email_oldest_pending_seconds',
    'Age of the oldest email due and not yet sent (0 when none)',
  );
  const mailSent24h = gauge(
    'teamup_email_sent_24h',
    'Emails sent in the last 24 h (all processes)',
  );
  const mailFailed24h = gauge(
    'teamup_email_failed_24h',
    'Emails given up in the last 24 h (all processes)',
  );
  const mailTotals = new Counter({
    name: 'teamup_emails_total',
    help: 'Emails this process sent, retried (temporary failure), failed (permanent), held for the digest (hourly cap) or cancelled, since it started',
    labelNames: ['outcome'],
    registers: [appRegistry],
  });
  const mailSeen: Record<string, number> = {};
  const loopP99 = gauge(
    'teamup_event_loop_delay_p99_seconds',
    'p99 of the event loop delay over the last minute',
  );

  // A merge copies the metrics registered so far: made once they all are.
  const registry = Registry.merge([defaultMetrics(), appRegistry]);

  async function refresh() {
    const latencyMs = await monitor.probe();
    const stats = await readHealthStats(app.db).catch(() => null);
    dbUp.set(latencyMs !== null && stats !== null ? 1 : 0);
    if (latencyMs !== null) dbLatency.set(latencyMs / 1000);
    const p99 = monitor.latencyP99().valueMs;
    if (p99 !== null) dbLatencyP99.set(p99 / 1000);
    const poolStats = monitor.handle.poolStats?.();
    if (pool && poolStats) {
      pool.connections.set({ state: 'in_use' }, poolStats.inUse);
      pool.connections.set({ state: 'idle' }, poolStats.idle);
      pool.connections.set({ state: 'waiting' }, poolStats.waiting);
      pool.max.set(poolStats.max);
      pool.lanes.set({ state: 'open' }, poolStats.readLanes.open);
      pool.lanes.set({ state: 'in_flight' }, poolStats.readLanes.inFlight);
    }
    if (stats) {
      migrations.set({ state: 'applied' }, stats.migrationsApplied);
      migrations.set({ state: 'expected' }, expectedMigrations);
      csvJobs.set({ status: 'queued' }, stats.queued);
      csvJobs.set({ status: 'processing' }, stats.processing);
      csvOldest.set(stats.oldestWaitingSeconds ?? 0);
      csvFailed.set(stats.failedLast24h);
      csvOverdue.set(stats.leaseOverdueSeconds);
      mailQueue.set({ state: 'pending' }, stats.mail.pending);
      mailQueue.set({ state: 'held' }, stats.mail.held);
      mailOldest.set(stats.mail.oldestPendingSeconds ?? 0);
      mailSent24h.set(stats.mail.sentLast24h);
      mailFailed24h.set(stats.mail.failedLast24h);
    }
    if (mailCounters) {
      // The worker counts in plain numbers; the counter takes what was added since the scrape.
      for (const [outcome, value] of Object.entries(mailCounters)) {
        const delta = value - (mailSeen[outcome] ?? 0);
        if (delta > 0) mailTotals.inc({ outcome }, delta);
        else mailTotals.inc({ outcome }, 0);
        mailSeen[outcome] = value;
      }
    }
    const loop = monitor.eventLoopDelayP99Ms();
    if (loop !== null) loopP99.set(loop / 1000);
  }

  app.get(
    '/metrics',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      if (!presents(request, expected)) throw unauthenticated('A valid metrics token is required');
      await refresh();
      const text = await registry.metrics();
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
}
