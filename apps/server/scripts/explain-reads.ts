// Profiling aid (decision 129): prints EXPLAIN (ANALYZE, BUFFERS) of every statement one heavy
// read sends, on a database kept by `BENCH_KEEP_DB=1 npm run bench:teams`, then its time per
// call over 20 calls and the session's prepared statements (generic or custom plans).
// Usage: DATABASE_URL=postgres://…/<kept bench database> tsx scripts/explain-reads.ts
//   [community | dashboard | usage]; the directory is asked as bench:teams asks it (a leader of
//   course 0: that course, looking, skill "go"), the dashboard as the bench admin, usage over 30
//   days. GENERIC=1 explains the generic plan (what a named statement settles on), FULL=1 prints
//   whole plans (else their last lines), SQL=1 the statements.
import { sql, type SQL } from 'drizzle-orm';
import pgClient from 'pg';
import type pg from 'pg';
import { openPostgres } from '../src/db/client.js';
import { listCommunityStudents } from '../src/modules/community/service.js';
import { getAdminDashboardStats } from '../src/modules/dashboard/admin-service.js';
import { getUsageAnalytics } from '../src/modules/analytics/service.js';
import { cpuBetween, requireDatabaseUrl, sampleCpu } from './bench-lib.js';

const url = requireDatabaseUrl('explain-reads');
const handle = openPostgres(url);
const db = handle.db;

async function main() {
  const rows = (await db.execute(sql`
    select t.leader_id as id, t.course_id from teams t join courses c on c.id = t.course_id
    where c.code = 'BENCH0' order by t.name limit 1`)) as unknown as {
    rows: { id: string; course_id: string }[];
  };
  const viewer = { userId: rows.rows[0]!.id, role: 'STUDENT' as const };
  const courseId = rows.rows[0]!.course_id;
  // Capture the statement the service sends.
  const raw = db as unknown as {
    dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
    session: { prepareQuery: (...a: unknown[]) => unknown };
  };
  const client = (db as unknown as { $client: pg.Pool }).$client;
  const original = raw.session.prepareQuery.bind(raw.session);
  const captured: { sql: string; params: unknown[] }[] = [];
  raw.session.prepareQuery = (q: unknown, ...rest: unknown[]) => {
    captured.push(q as { sql: string; params: unknown[] });
    return original(q, ...rest);
  };
  const filter = {
    page: 1,
    limit: Number(process.env.LIMIT ?? 20),
    skills: ['go'],
    courseId,
    looking: true,
  };
  const mode = process.argv[2] ?? 'community';
  const admin = (
    (await db.execute(
      sql`select id from users where email = 'bench-admin@bench.example.edu'`,
    )) as unknown as { rows: { id: string }[] }
  ).rows[0];
  const call =
    mode === 'dashboard'
      ? () => getAdminDashboardStats(db, { userId: admin!.id, role: 'ORG_ADMIN' }, {} as never)
      : mode === 'usage'
        ? () => getUsageAnalytics(db, { range: 30 })
        : () => listCommunityStudents(db, viewer, filter);
  const t0 = Date.now();
  await call();
  console.log(`${mode}: ${Date.now() - t0} ms`);
  const generic = process.env.GENERIC ? await client.connect() : undefined;
  if (generic) await generic.query('set plan_cache_mode = force_generic_plan');
  const literal = (p: unknown): string =>
    Array.isArray(p)
      ? `'{${p.map((x) => JSON.stringify(String(x))).join(',')}}'`
      : p === null
        ? 'null'
        : `'${String(p).replace(/'/g, "''")}'`;
  for (const [n, q] of captured.entries()) {
    let plan;
    if (generic) {
      await generic.query(`prepare g${n} as ${q.sql}`);
      plan = await generic.query(
        `explain (analyze, buffers) execute g${n}${q.params.length ? `(${q.params.map(literal).join(', ')})` : ''}`,
      );
    } else plan = await client.query(`explain (analyze, buffers) ${q.sql}`, q.params);
    const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    console.log(process.env.FULL ? text : text.split('\n').slice(-3).join('\n'));
    if (process.env.SQL) console.log(q.sql, q.params);
  }
  generic?.release();
  // Repeat to show steady state timing, and the database backends' CPU per call.
  const runs = Number(process.env.RUNS ?? 100);
  const adminClient = new pgClient.Client({ connectionString: url });
  await adminClient.connect();
  const dbName = new URL(url).pathname.slice(1);
  for (let i = 0; i < 10; i++) await call();
  const before = await sampleCpu(adminClient, dbName, 'main-thread');
  const t1 = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) await call();
  const used = cpuBetween(before, await sampleCpu(adminClient, dbName, 'main-thread'));
  await adminClient.end();
  console.log(
    `PostgreSQL CPU ${((used.postgresSeconds / runs) * 1e6).toFixed(0)} µs per call over ${runs}`,
  );
  const plans = (await db.execute(
    sql`select name, generic_plans, custom_plans from pg_prepared_statements`,
  )) as unknown as { rows: unknown[] };
  console.log(plans.rows);
  console.log(
    `steady: ${(Number(process.hrtime.bigint() - t1) / 1e6 / runs).toFixed(2)} ms per call`,
  );
}
main().finally(() => handle.close());
