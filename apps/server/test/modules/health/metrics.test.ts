import { beforeAll, describe, expect, it } from 'vitest';
import { csvUploads, notifications } from '../../../src/db/schema/index.js';
import { loadConfig } from '../../../src/config.js';
import { expectedMigrations } from '../../../src/modules/health/service.js';
import { makeCourse, makeOrganization } from '../../fixtures.js';
import { API, bearer, buildTestApp, driver, getWorkerDb, signIn } from '../../helper.js';

const TOKEN = 'metrics-token-0123456789-abcdef';

beforeAll(async () => {
  await getWorkerDb();
});

/** The value of one sample line of the exposition, e.g. `teamup_csv_jobs{status="queued"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is off (404 in the envelope) when METRICS_TOKEN is unset', async () => {
    const app = await buildTestApp();
    for (const headers of [{}, bearer(TOKEN)]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('refuses a request without the token or with another one (401 in the envelope)', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
      'Bearer ',
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(res.body).not.toContain('teamup_');
    }
  });

  it('is not part of the API document', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('answers the Prometheus text format with the right token', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN }, { csvWorker: false });
    const org = await makeOrganization();
    const course = await makeCourse(org.id);
    const { db } = await getWorkerDb();
    const job = { courseId: course.id, organizationId: org.id, fileName: 'a.csv', content: 'x' };
    await db.insert(csvUploads).values([
      { ...job, status: 'QUEUED' },
      { ...job, status: 'QUEUED' },
      { ...job, status: 'PROCESSING', leaseExpiresAt: new Date(Date.now() + 10_000) },
      { ...job, status: 'FAILED', finishedAt: new Date() },
    ]);
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: `${API}/healthcheck` });
    // A live stream (an injected one ends after its opening) is no latency: not in the histogram.
    const student = await signIn(app, 'metrics-stream@example.edu');
    const stream = await app.inject({
      method: 'GET',
      url: `${API}/events`,
      headers: bearer(student.token),
    });
    expect(stream.statusCode).toBe(200);
    await db.insert(notifications).values({ userId: student.user.id, kind: 'DEADLINE_SOON' });

    const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    // Every metric has its HELP and TYPE lines.
    expect(text).toMatch(/^# HELP teamup_http_request_duration_seconds /m);
    expect(text).toMatch(/^# TYPE teamup_http_request_duration_seconds histogram$/m);
    expect(
      sample(
        text,
        'teamup_http_request_duration_seconds_count{method="GET",route="/api/v1/healthcheck",status_code="200"}',
      ),
    ).toBe(3);
    expect(text).not.toContain('route="/api/v1/events"');
    expect(sample(text, 'teamup_database_up')).toBe(1);
    expect(sample(text, 'teamup_database_latency_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'teamup_csv_jobs{status="queued"}')).toBe(2);
    expect(sample(text, 'teamup_csv_jobs{status="processing"}')).toBe(1);
    expect(sample(text, 'teamup_csv_jobs_failed_24h')).toBe(1);
    // Issue 26: the email outbox (the student's notification is due: pending, waiting).
    expect(sample(text, 'teamup_email_queue{state="pending"}')).toBe(1);
    expect(sample(text, 'teamup_email_queue{state="held"}')).toBe(0);
    expect(sample(text, 'teamup_email_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'teamup_email_failed_24h')).toBe(0);
    expect(text).toMatch(/^# TYPE teamup_emails_total counter$/m);
    expect(sample(text, 'teamup_db_migrations{state="applied"}')).toBe(expectedMigrations);
    expect(sample(text, 'teamup_db_migrations{state="expected"}')).toBe(expectedMigrations);
    // Node's default metrics, the event loop's delay among them.
    expect(text).toMatch(/^# TYPE process_resident_memory_bytes gauge$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e+-]+$/m);
    if (driver === 'postgres') {
      expect(sample(text, 'teamup_db_pool_max')).toBe(10);
      expect(sample(text, 'teamup_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(sample(text, 'teamup_db_pool_max')).toBeUndefined();
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('must be long enough and without spaces', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'with a space in it, 24 chars or more' })).toThrow(
      /METRICS_TOKEN/,
    );
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
  });
});
