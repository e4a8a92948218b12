// CSV enrollment benchmark (`npm run bench:csv`). Builds the real app, uploads generated
// rosters through the API and times upload → COMPLETED, next to a plain batched INSERT of the
// same rows into a fresh course in the same run. PGlite always; PostgreSQL too when
// DATABASE_URL is set. Target: 10,000 rows in < 2 s on PostgreSQL and within 3× the plain insert.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq, like, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { courses, enrollments, organizations, users } from '../src/db/schema/index.js';
import { multipart } from './bench-lib.js';

const API = '/api/v1';
const SIZES = [1_000, 10_000];
/** Share of roster emails that already have an account (they become ACTIVE, the rest PENDING). */
const WITH_ACCOUNT = 0.2;
const INSERT_BATCH = 1_000;

interface Figures {
  database: string;
  rows: number;
  acceptMs: number;
  completeMs: number;
  plainInsertMs: number;
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

function rosterOf(prefix: string, n: number) {
  const people = Array.from({ length: n }, (_, i) => ({
    email: `${prefix}-${i + 1}@bench.example.edu`,
    fullname: `Bench Student ${i + 1}`,
    studentId: `B${i + 1}`,
  }));
  const text = [
    'email,fullname,studentId',
    ...people.map((p) => `${p.email},${p.fullname},${p.studentId}`),
  ]
    .join('\n')
    .concat('\n');
  return { people, text };
}

async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const credential = await app.inject({
    method: 'POST',
    url: `${API}/dev/id-token`,
    payload: { email, fullname: 'Bench Admin' },
  });
  const login = await app.inject({
    method: 'POST',
    url: `${API}/auth/login/google`,
    payload: { credential: credential.json().data.credential },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
  return login.json().data.token as string;
}

async function makeCourse(app: FastifyInstance, organizationId: string, code: string) {
  const [course] = await app.db
    .insert(courses)
    .values({
      organizationId,
      code,
      title: `Bench ${code}`,
      term: 'Bench',
      teamSizeMin: 2,
      teamSizeMax: 4,
      teamFormationDeadline: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning({ id: courses.id });
  return course!.id;
}

/** Upload → 202, then polls the status as the web app does until the job is done. */
async function timeUpload(app: FastifyInstance, token: string, courseId: string, text: string) {
  const form = multipart(courseId, 'bench.csv', text);
  const start = process.hrtime.bigint();
  const res = await app.inject({
    method: 'POST',
    url: `${API}/csv/upload`,
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
  const acceptMs = ms(start);
  if (res.statusCode !== 202) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
  const id = res.json().data.id as string;
  for (;;) {
    const status = await app.inject({
      method: 'GET',
      url: `${API}/csv/status/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const data = status.json().data;
    if (data.status === 'COMPLETED')
      return { acceptMs, completeMs: ms(start), counts: data.counts };
    if (data.status === 'FAILED') throw new Error(`upload failed: ${data.failureMessage}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The floor to compare with: the same rows, batched into enrollments, in one transaction. */
async function timePlainInsert(
  app: FastifyInstance,
  courseId: string,
  people: { email: string; fullname: string; studentId: string }[],
) {
  const start = process.hrtime.bigint();
  await app.db.transaction(async (tx) => {
    for (let i = 0; i < people.length; i += INSERT_BATCH) {
      await tx.insert(enrollments).values(
        people.slice(i, i + INSERT_BATCH).map((p) => ({
          courseId,
          email: p.email,
          fullname: p.fullname,
          studentId: p.studentId,
          status: 'PENDING' as const,
          source: 'CSV' as const,
        })),
      );
    }
  });
  return ms(start);
}

async function benchDatabase(databaseUrl: string | undefined): Promise<Figures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'teamup-bench-csv-'));
  const run = randomUUID().slice(0, 8);
  const adminEmail = `bench-admin-${run}@bench.example.edu`;
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'off',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
    SUPERADMIN_EMAILS: adminEmail,
  });
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const app = await buildApp(config);
  const figures: Figures[] = [];
  let organizationId: string | undefined;
  try {
    const token = await signIn(app, adminEmail);
    const [org] = await app.db
      .insert(organizations)
      .values({ name: `Bench ${run}`, slug: `bench-${run}` })
      .returning({ id: organizations.id });
    organizationId = org!.id;

    // Warm-up (code paths, query plans, connections); not reported.
    const warm = rosterOf(`warm-${run}`, 200);
    await timeUpload(app, token, await makeCourse(app, organizationId, 'WARM'), warm.text);
    await timePlainInsert(app, await makeCourse(app, organizationId, 'WARM-P'), warm.people);

    for (const size of SIZES) {
      const { people, text } = rosterOf(`s${size}-${run}`, size);
      const withAccount = people.slice(0, Math.floor(size * WITH_ACCOUNT));
      for (let i = 0; i < withAccount.length; i += INSERT_BATCH) {
        await app.db
          .insert(users)
          .values(
            withAccount
              .slice(i, i + INSERT_BATCH)
              .map((p) => ({ email: p.email, fullname: p.fullname })),
          );
      }
      const upload = await timeUpload(
        app,
        token,
        await makeCourse(app, organizationId, `U${size}`),
        text,
      );
      if (upload.counts.created + upload.counts.pending !== size) {
        throw new Error(`unexpected counts: ${JSON.stringify(upload.counts)}`);
      }
      const plainInsertMs = await timePlainInsert(
        app,
        await makeCourse(app, organizationId, `P${size}`),
        people,
      );
      figures.push({ database, rows: size, ...upload, plainInsertMs });
    }
  } finally {
    // A shared PostgreSQL keeps nothing of the run; PGlite's directory goes with it.
    if (databaseUrl && organizationId) {
      await app.db.delete(courses).where(eq(courses.organizationId, organizationId));
      await app.db.delete(organizations).where(eq(organizations.id, organizationId));
      await app.db.delete(users).where(like(users.email, `%-${run}%@bench.example.edu`));
      await app.db.execute(sql`select 1`);
    }
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

function printTable(rows: Figures[]) {
  const header = ['database', 'rows', 'upload 202', 'upload → COMPLETED', 'plain insert', 'ratio'];
  const lines = rows.map((f) => [
    f.database,
    f.rows.toLocaleString('en-US'),
    `${f.acceptMs.toFixed(0)} ms`,
    `${f.completeMs.toFixed(0)} ms`,
    `${f.plainInsertMs.toFixed(0)} ms`,
    `${(f.completeMs / f.plainInsertMs).toFixed(2)}×`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

const results = await benchDatabase(undefined);
if (process.env.DATABASE_URL) results.push(...(await benchDatabase(process.env.DATABASE_URL)));
else console.log('(DATABASE_URL is not set: PostgreSQL skipped)\n');
console.log(
  `CSV enrollment, Node ${process.version}, ${Math.round(WITH_ACCOUNT * 100)}% of emails with an account\n`,
);
printTable(results);
const pg = results.find((r) => r.database === 'PostgreSQL' && r.rows === 10_000);
if (pg) {
  const ok = pg.completeMs < 2000 && pg.completeMs <= 3 * pg.plainInsertMs;
  console.log(
    `\nTarget (PostgreSQL, 10,000 rows: < 2 s and ≤ 3× plain insert): ${ok ? 'met' : 'NOT met'}`,
  );
}
