// Auto-placement benchmark (`npm run bench:formation`, issue 15, decision 116). Builds the real
// app and, for each run, a fresh course with 2,000 teamless ACTIVE students (with skills),
// 100 existing teams of 1–4 members (some closed, some wanting skills) and 300 pending join
// requests and 300 invitations between them; times POST …/formation/preview and then
// POST …/formation/apply of that proposal as is (through app.inject, so routing, validation
// and serialization count). Prints the median of BENCH_RUNS (3) runs after one warm-up run.
// DATABASE_URL selects PostgreSQL (a fresh database next to it, dropped afterwards); without
// it, PGlite in a temporary directory (BENCH_SKIP_PGLITE=1 leaves PGlite out when PostgreSQL is
// measured). Target: under 1 s each on PostgreSQL.
//
// Then placement by criteria (issue 27, decision 135): on synthetic classes of 60, 300 and 2,000
// students (scripts/bench/synthetic-class.ts), Teamup's solveCriteria against a Team-Maker
// baseline (scripts/bench/teammaker-baseline.ts, Layton et al. 2010: random restarts improved by
// pairwise swaps, same scoring); prints lowest and mean team score, violated hard constraints and
// time for both, and PASS when Teamup's lowest ≥ the baseline's with 0 violations.
// BENCH_SKIP_DB=1 runs the criteria part only; BENCH_SKIP_CRITERIA=1 leaves it out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { FormationProposal } from '@teamup/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { courses, organizationAdmins, organizations, users } from '../src/db/schema/index.js';
import { randomBaseline, solveCriteria } from '../src/modules/formation/formation-criteria.js';
import { API, benchEnv, createBenchDatabase, ms, signIn } from './bench-lib.js';
import { syntheticClass } from './bench/synthetic-class.js';
import { teamMakerBaseline } from './bench/teammaker-baseline.js';
import { benchAnnealing, benchExact, benchIds } from './bench/quality.js';

const STUDENTS = 2_000;
const TEAMS = 100;
const CHOICES = 300;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SKILLS = ['Python', 'React', 'SQL', 'Go', 'Design', 'Testing', 'Rust', 'Data'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** A fresh course of organization `organizationId`, seeded with a handful of statements. */
async function seedCourse(app: FastifyInstance, organizationId: string, run: string) {
  const [course] = await app.db
    .insert(courses)
    .values({
      organizationId,
      code: `F${run}`,
      title: `Formation ${run}`,
      term: 'Bench',
      teamSizeMin: 3,
      teamSizeMax: 5,
      teamFormationDeadline: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: courses.id });
  const courseId = course!.id;
  const skills = sql.raw(`array[${SKILLS.map((s) => `'${s}'`).join(',')}]`);
  const people = STUDENTS + TEAMS * 4;
  await app.db.execute(sql`
    insert into users (email, fullname, skills)
    select 'bench-f' || ${run} || '-' || i || '@bench.example.edu', 'Formation Student ' || i,
      array[(${skills})[1 + i % 8], (${skills})[1 + (i * 7 / 3) % 8]]
    from generate_series(1, ${people}) i`);
  // Teams: team t (1..100) takes the students numbered 2000 + 4(t-1) + 1 .. + (1 + t % 4).
  await app.db.execute(sql`
    insert into teams (course_id, name, leader_id, max_size, open_to_requests, wanted_skills, member_count, created_by)
    select ${courseId}, 'Existing ' || t, u.id, 5, t % 10 <> 0, array[(${skills})[1 + t % 8]], 1 + t % 4, u.id
    from generate_series(1, ${TEAMS}) t
    join users u on u.email = 'bench-f' || ${run} || '-' || (${STUDENTS} + 4 * (t - 1) + 1) || '@bench.example.edu'`);
  await app.db.execute(sql`
    insert into team_members (team_id, user_id, course_id)
    select tm.id, u.id, ${courseId}
    from teams tm
    cross join lateral generate_series(1, tm.member_count) k
    join users u on u.email = 'bench-f' || ${run} || '-' ||
      (${STUDENTS} + 4 * (substring(tm.name from 10)::int - 1) + k) || '@bench.example.edu'
    where tm.course_id = ${courseId}`);
  // Enrollments: the 2,000 teamless students and the teams' members (the spare ones have none).
  await app.db.execute(sql`
    insert into enrollments (course_id, email, user_id, fullname, status, source, activated_at)
    select ${courseId}, u.email, u.id, u.fullname, 'ACTIVE', 'MANUAL', now()
    from users u where u.email like ${`bench-f${run}-%`}
      and (substring(u.fullname from 19)::int <= ${STUDENTS}
        or exists (select 1 from team_members m where m.user_id = u.id))`);
  await app.db.execute(sql`
    insert into join_requests (team_id, course_id, user_id)
    select tm.id, ${courseId}, u.id
    from generate_series(1, ${CHOICES}) i
    join users u on u.email = 'bench-f' || ${run} || '-' || (i * 5) || '@bench.example.edu'
    join teams tm on tm.course_id = ${courseId} and tm.name = 'Existing ' || (1 + i % ${TEAMS})`);
  await app.db.execute(sql`
    insert into invitations (team_id, course_id, invitee_id, invited_by)
    select tm.id, ${courseId}, u.id, tm.leader_id
    from generate_series(1, ${CHOICES}) i
    join users u on u.email = 'bench-f' || ${run} || '-' || (i * 5 + (i % 2) * 2) || '@bench.example.edu'
    join teams tm on tm.course_id = ${courseId} and tm.name = 'Existing ' || (1 + i % ${TEAMS})`);
  return courseId;
}

async function benchDatabase(databaseUrl: string | undefined) {
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const fresh = databaseUrl ? await createBenchDatabase(databaseUrl) : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'teamup-bench-formation-'));
  const app = await buildApp(
    loadConfig({ ...benchEnv(fresh?.url ?? '', dataDir, 'warn'), DATABASE_URL: fresh?.url }),
  );
  const previews: number[] = [];
  const applies: number[] = [];
  let last: FormationProposal | undefined;
  try {
    const [org] = await app.db
      .insert(organizations)
      .values({ name: 'Formation Bench', slug: 'formation-bench' })
      .returning({ id: organizations.id });
    const [admin] = await app.db
      .insert(users)
      .values({
        email: 'bench-formation-admin@bench.example.edu',
        fullname: 'Bench Admin',
        role: 'ORG_ADMIN',
      })
      .returning({ id: users.id, email: users.email });
    await app.db.insert(organizationAdmins).values({ organizationId: org!.id, userId: admin!.id });
    const headers = { authorization: `Bearer ${await signIn(app, admin!.email)}` };
    for (let run = 0; run <= RUNS; run++) {
      const courseId = await seedCourse(app, org!.id, String(run));
      await app.db.execute(sql`analyze`);
      let started = process.hrtime.bigint();
      const preview = await app.inject({
        method: 'POST',
        url: `${API}/admin/courses/${courseId}/formation/preview`,
        headers,
        payload: { seed: run },
      });
      const previewMs = ms(started);
      if (preview.statusCode !== 200)
        throw new Error(`preview: ${preview.statusCode} ${preview.body}`);
      const proposal = preview.json<{ data: FormationProposal }>().data;
      started = process.hrtime.bigint();
      const applied = await app.inject({
        method: 'POST',
        url: `${API}/admin/courses/${courseId}/formation/apply`,
        headers,
        payload: {
          fingerprint: proposal.fingerprint,
          seed: proposal.seed,
          newTeams: proposal.teams
            .filter((t) => !t.teamId)
            .map((t) => ({ key: t.key, name: t.name })),
          placements: proposal.placements.map((p) => ({ userId: p.userId, teamKey: p.teamKey })),
        },
      });
      const applyMs = ms(started);
      if (applied.statusCode !== 200)
        throw new Error(`apply: ${applied.statusCode} ${applied.body}`);
      console.log(
        `  ${database} run ${run}${run === 0 ? ' (warm-up)' : ''}: preview ${previewMs.toFixed(0)} ms, apply ${applyMs.toFixed(0)} ms (${proposal.summary.placed} placed, ${proposal.summary.newTeams} new teams)`,
      );
      if (run > 0) {
        previews.push(previewMs);
        applies.push(applyMs);
      }
      last = proposal;
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
  return { database, preview: median(previews), apply: median(applies), last: last! };
}

async function benchAutoPlacement() {
  console.log(
    `Auto-placement: ${STUDENTS.toLocaleString('en-US')} teamless students, ${TEAMS} teams, ${CHOICES} requests and ${CHOICES} invitations; median of ${RUNS} runs after a warm-up\n`,
  );
  const results = process.env.BENCH_SKIP_PGLITE ? [] : [await benchDatabase(undefined)];
  if (process.env.DATABASE_URL) results.push(await benchDatabase(process.env.DATABASE_URL));
  else console.log('(DATABASE_URL is not set: PostgreSQL skipped)');
  console.log('');
  for (const r of results) {
    console.log(
      `${r.database.padEnd(10)}  preview ${r.preview.toFixed(0).padStart(5)} ms  apply ${r.apply.toFixed(0).padStart(5)} ms  (${r.last.summary.placed} placed, ${r.last.summary.newTeams} new teams, ${r.last.summary.underMinimum} under the minimum)`,
    );
  }
  const pg = results.find((r) => r.database === 'PostgreSQL');
  if (pg) {
    console.log(
      `\nTarget (PostgreSQL: preview and apply under 1 s each): ${pg.preview < 1000 && pg.apply < 1000 ? 'met' : 'NOT met'}`,
    );
  }
}

/** Team-Maker's budget per class: restarts (and a pass cap for the largest), comparable time. */
const BASELINE_BUDGET: Record<number, { restarts: number; maxPasses?: number }> = {
  60: { restarts: 20 },
  300: { restarts: 3 },
  2_000: { restarts: 1, maxPasses: 2 },
};

function benchCriteria() {
  console.log(
    '\nPlacement by criteria: synthetic classes (7 questions, 10% avoid pairs, a 15% protected group), seed 1\n',
  );
  const rows: string[] = [];
  const verdicts: string[] = [];
  const fmt = (x: number) => x.toFixed(4);
  rows.push('students  algorithm                           lowest    mean  violations   time ms');
  for (const n of [60, 300, 2_000]) {
    const input = syntheticClass(n, n);
    let started = process.hrtime.bigint();
    const teamup = solveCriteria(input, { seed: 1 });
    const teamupMs = ms(started);
    const budget = BASELINE_BUDGET[n]!;
    started = process.hrtime.bigint();
    const baseline = teamMakerBaseline(input, { seed: 1, ...budget });
    const baselineMs = ms(started);
    const label = `Team-Maker (${budget.restarts} restart${budget.restarts === 1 ? '' : 's'}${budget.maxPasses ? `, ${budget.maxPasses} passes` : ''})`;
    for (const [name, r, time] of [
      ['Teamup', teamup, teamupMs],
      [label, baseline, baselineMs],
    ] as const)
      rows.push(
        `${n.toLocaleString('en-US').padStart(8)}  ${name.padEnd(34)} ${fmt(r.lowestScore)}  ${fmt(r.meanScore)}  ${String(r.violations.length).padStart(10)}  ${time.toFixed(0).padStart(8)}`,
      );
    const pass =
      teamup.lowestScore >= baseline.lowestScore - 1e-9 && teamup.violations.length === 0;
    verdicts.push(
      `${n.toLocaleString('en-US').padStart(8)}  ${pass ? 'PASS' : 'FAIL'} lowest ${fmt(teamup.lowestScore)} ≥ baseline ${fmt(baseline.lowestScore)} and 0 violations (Teamup ${teamup.violations.length}, baseline ${baseline.violations.length})`,
    );
    console.log(rows.slice(-2).join('\n'));
  }
  console.log(`\n${rows.join('\n')}\n\n${verdicts.join('\n')}`);
  // Issue 35 (decision 147): the random baseline every preview with a survey now computes.
  console.log('\nRandom baseline (the same seats, shuffled; the mean of the samples)\n');
  console.log('students  samples  lowest    mean  violations   time ms');
  for (const n of [60, 300, 600, 2_000]) {
    const input = syntheticClass(n, n);
    const started = process.hrtime.bigint();
    const b = randomBaseline(input);
    const took = ms(started);
    console.log(
      `${n.toLocaleString('en-US').padStart(8)}  ${String(b.samples).padStart(7)}  ${fmt(b.lowestScore)}  ${fmt(b.meanScore)}  ${b.violations.toFixed(1).padStart(10)}  ${took.toFixed(0).padStart(8)}`,
    );
  }
}

/** Class sizes of the survey preview (issue 36: ≤ 1 s up to 600, ≤ 2 s at 2,000, no step). */
// BENCH_SURVEY_SIZES=2000 (comma-separated) measures some sizes only, for local tries.
const SURVEY_SIZES = process.env.BENCH_SURVEY_SIZES
  ? process.env.BENCH_SURVEY_SIZES.split(',').map(Number)
  : [100, 300, 600, 1_000, 1_001, 2_000];

/**
 * The preview with a survey on the database (decisions 135 and 151): for each class size, a
 * course of n teamless ACTIVE students (teams of 4–5) whose answers are the synthetic class's,
 * previewed through app.inject as an admin's browser calls it (median of BENCH_RUNS after one
 * warm-up preview of the first course); then one apply of the 2,000 students' proposal.
 */
async function benchSurveyPreview(databaseUrl: string | undefined) {
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const fresh = databaseUrl ? await createBenchDatabase(databaseUrl) : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'teamup-bench-survey-'));
  const app = await buildApp(
    loadConfig({ ...benchEnv(fresh?.url ?? '', dataDir, 'warn'), DATABASE_URL: fresh?.url }),
  );
  const previews: { n: number; ms: number; lowest: number; mean: number }[] = [];
  let applyMs = 0;
  try {
    const [org] = await app.db
      .insert(organizations)
      .values({ name: 'Survey Bench', slug: 'survey-bench' })
      .returning({ id: organizations.id });
    const [admin] = await app.db
      .insert(users)
      .values({
        email: 'bench-survey-admin@bench.example.edu',
        fullname: 'Bench Admin',
        role: 'ORG_ADMIN',
      })
      .returning({ id: users.id, email: users.email });
    await app.db.insert(organizationAdmins).values({ organizationId: org!.id, userId: admin!.id });
    const headers = { authorization: `Bearer ${await signIn(app, admin!.email)}` };
    const most = Math.max(...SURVEY_SIZES);
    await app.db.execute(sql`
      insert into users (email, fullname)
      select 'bench-s-' || i || '@bench.example.edu', 'Survey Student ' || i
      from generate_series(1, ${most}) i`);
    const rows = (await app.db.execute(sql`
      select id, substring(email from 9 for position('@' in email) - 9)::int as i
      from users where email like 'bench-s-%'`)) as unknown;
    const people = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      id: string;
      i: number;
    }[];
    const byNumber = new Map(people.map((p) => [p.i, p.id]));
    let warmed = false;
    for (const n of SURVEY_SIZES) {
      const [course] = await app.db
        .insert(courses)
        .values({
          organizationId: org!.id,
          code: `SURVEY${n}`,
          title: `Survey bench ${n}`,
          term: 'Bench',
          teamSizeMin: 4,
          teamSizeMax: 5,
          teamFormationDeadline: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: courses.id });
      const courseId = course!.id;
      await app.db.execute(sql`
        insert into enrollments (course_id, email, user_id, fullname, status, source, activated_at)
        select ${courseId}, u.email, u.id, u.fullname, 'ACTIVE', 'MANUAL', now()
        from users u where u.email like 'bench-s-%'
          and substring(u.email from 9 for position('@' in u.email) - 9)::int <= ${n}`);
      const synthetic = syntheticClass(n, n);
      // Synthetic student k (the class's movable list, in order) is the user numbered k + 1.
      const real = new Map<string, string>();
      synthetic.movable.forEach((id, k) => real.set(id, byNumber.get(k + 1)!));
      const remap = (answers: Record<string, unknown>) =>
        JSON.parse(
          JSON.stringify(answers).replace(
            /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
            (id) => real.get(id) ?? id,
          ),
        );
      const responses = [...synthetic.answers].map(([id, answers]) => ({
        user_id: real.get(id)!,
        answers: remap(answers),
      }));
      await app.db.execute(sql`
        insert into course_surveys (course_id, questions, opens_at, closes_at, opened_at, version, updated_at)
        values (${courseId}, ${JSON.stringify(synthetic.questions)}::jsonb, now() - interval '3 days',
          now() - interval '1 day', now() - interval '3 days', 1, now())`);
      await app.db.execute(sql`
        insert into survey_responses (course_id, user_id, answers, updated_at, submitted_at)
        select ${courseId}, x.user_id, x.answers, now(), now()
        from jsonb_to_recordset(${JSON.stringify(responses)}::jsonb) as x(user_id uuid, answers jsonb)`);
      await app.db.execute(sql`analyze`);
      const times: number[] = [];
      let proposal: FormationProposal | undefined;
      for (let run = warmed ? 1 : 0; run <= RUNS; run++) {
        const started = process.hrtime.bigint();
        const res = await app.inject({
          method: 'POST',
          url: `${API}/admin/courses/${courseId}/formation/preview`,
          headers,
          payload: { seed: run },
        });
        const took = ms(started);
        if (res.statusCode !== 200) throw new Error(`preview: ${res.statusCode} ${res.body}`);
        proposal = res.json<{ data: FormationProposal }>().data;
        console.log(
          `  ${database} ${n.toLocaleString('en-US')} students, survey preview run ${run}${run === 0 ? ' (warm-up)' : ''}: ${took.toFixed(0)} ms (lowest ${proposal.criteria!.lowestScore.toFixed(4)}, mean ${proposal.criteria!.meanScore.toFixed(4)}, ${proposal.criteria!.violations.length} violations, ${proposal.summary.placed} placed)`,
        );
        if (run > 0) times.push(took);
      }
      warmed = true;
      previews.push({
        n,
        ms: median(times),
        lowest: proposal!.criteria!.lowestScore,
        mean: proposal!.criteria!.meanScore,
      });
      if (n !== most) continue;
      const started = process.hrtime.bigint();
      const applied = await app.inject({
        method: 'POST',
        url: `${API}/admin/courses/${courseId}/formation/apply`,
        headers,
        payload: {
          fingerprint: proposal!.fingerprint,
          seed: proposal!.seed,
          newTeams: proposal!.teams
            .filter((t) => !t.teamId)
            .map((t) => ({ key: t.key, name: t.name })),
          placements: proposal!.placements.map((p) => ({ userId: p.userId, teamKey: p.teamKey })),
          projects: proposal!.teams.flatMap((t) =>
            t.project ? [{ teamKey: t.key, projectId: t.project.id }] : [],
          ),
        },
      });
      applyMs = ms(started);
      if (applied.statusCode !== 200)
        throw new Error(`apply: ${applied.statusCode} ${applied.body}`);
    }
    return { database, previews, apply: applyMs };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
}

async function benchSurvey() {
  console.log(
    `\nPreview with a survey at ${SURVEY_SIZES.map((n) => n.toLocaleString('en-US')).join(', ')} teamless students with the synthetic answers; median of ${RUNS} runs after a warm-up\n`,
  );
  const results = process.env.BENCH_SKIP_PGLITE ? [] : [await benchSurveyPreview(undefined)];
  if (process.env.DATABASE_URL) results.push(await benchSurveyPreview(process.env.DATABASE_URL));
  else console.log('(DATABASE_URL is not set: PostgreSQL skipped)');
  console.log('');
  for (const r of results) {
    console.log(`${r.database}: students  preview ms  lowest    mean  goal     verdict`);
    for (const p of r.previews) {
      const goal = p.n <= 600 ? 1_000 : p.n >= 2_000 ? 2_000 : null;
      const verdict = goal === null ? '' : p.ms <= goal ? 'PASS' : 'MISS';
      console.log(
        `${p.n.toLocaleString('en-US').padStart(20)}  ${p.ms.toFixed(0).padStart(10)}  ${p.lowest.toFixed(4)}  ${p.mean.toFixed(4)}  ${(goal ? `≤ ${goal.toLocaleString('en-US')}` : '—').padEnd(7)}  ${r.database === 'PostgreSQL' ? verdict : ''}`,
      );
    }
    console.log(`  apply of the 2,000 students' proposal: ${r.apply.toFixed(0)} ms`);
  }
}

if (!process.env.BENCH_SKIP_DB) await benchAutoPlacement();
if (!process.env.BENCH_SKIP_CRITERIA) {
  benchCriteria();
  // Issue 36 (decision 151): against the optimum, an annealer, and other ids.
  benchExact();
  benchAnnealing();
  benchIds();
}
if (!process.env.BENCH_SKIP_DB) await benchSurvey();
