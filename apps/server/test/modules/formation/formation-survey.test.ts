// Placement by criteria through preview and apply (issue 27, decision 135): the survey shapes who
// sits where inside the lock-then-fill shape, scores and reasons come with the proposal, hard
// constraints hold or are reported, projects are recorded on apply, and answers changed since the
// preview make apply refuse a stale proposal.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  FormationApplyBody,
  FormationProposal,
  SurveyAnswers,
  SurveyQuestion,
} from '@teamup/shared';
import { teamMembers, teams } from '../../../src/db/schema/index.js';
import { makeTeam } from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { call, enrolledStudent, pendingRequest, world, type World } from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const Q = {
  hours: randomUUID(),
  skills: randomUUID(),
  project: randomUUID(),
  mates: randomUUID(),
  group: randomUUID(),
};
const questions: SurveyQuestion[] = [
  {
    id: Q.hours,
    type: 'AVAILABILITY',
    prompt: 'When are you free?',
    help: '',
    weight: 5,
    goal: 'SIMILAR',
    required: true,
    fromHour: 8,
    toHour: 20,
    hoursNeeded: 4,
  },
  {
    id: Q.skills,
    type: 'SKILLS',
    prompt: 'Your skills',
    help: '',
    weight: 3,
    goal: 'DIVERSE',
    required: false,
    skills: ['React', 'SQL'],
  },
  {
    id: Q.project,
    type: 'PROJECT',
    prompt: 'Which project?',
    help: '',
    weight: 2,
    goal: 'SIMILAR',
    required: false,
    projects: [
      { id: 'atlas', name: 'Atlas', capacity: 2 },
      { id: 'beacon', name: 'Beacon', capacity: 2 },
    ],
  },
  {
    id: Q.mates,
    type: 'TEAMMATES',
    prompt: 'Teammates',
    help: '',
    weight: 1,
    goal: 'SIMILAR',
    required: false,
  },
  {
    id: Q.group,
    type: 'DEMOGRAPHIC',
    prompt: 'Background',
    help: '',
    weight: 0,
    goal: 'SIMILAR',
    required: false,
    options: [
      { id: 'a', label: 'Group A' },
      { id: 'b', label: 'Group B' },
    ],
    doNotIsolate: ['b'],
  },
];

/** Monday 9–12 (morning people) or Wednesday 15–18 (afternoon people). */
const morning = [9, 10, 11];
const afternoon = [2 * 24 + 15, 2 * 24 + 16, 2 * 24 + 17];

async function putSurvey(courseId: string, version = 1) {
  const { db } = await getWorkerDb();
  await db.execute(sql`
    insert into course_surveys (course_id, questions, opens_at, closes_at, opened_at, version, updated_at)
    values (${courseId}, ${JSON.stringify(questions)}::jsonb, now() - interval '2 days',
      now() + interval '2 days', now() - interval '2 days', ${version}, now())
    on conflict (course_id) do update set questions = excluded.questions, version = excluded.version`);
}

async function answer(courseId: string, userId: string, answers: SurveyAnswers) {
  const { db } = await getWorkerDb();
  await db.execute(sql`
    insert into survey_responses (course_id, user_id, answers, updated_at, submitted_at)
    values (${courseId}, ${userId}, ${JSON.stringify(answers)}::jsonb, clock_timestamp(), clock_timestamp())
    on conflict (course_id, user_id) do update set answers = excluded.answers, updated_at = excluded.updated_at`);
}

const preview = (w: World, body: Record<string, unknown> = { seed: 7 }) =>
  call(app, 'POST', `/admin/courses/${w.course.id}/formation/preview`, w.as.adminA, body);
const apply = (w: World, body: FormationApplyBody) =>
  call(app, 'POST', `/admin/courses/${w.course.id}/formation/apply`, w.as.adminA, body as never);
const asBody = (p: FormationProposal): FormationApplyBody => ({
  fingerprint: p.fingerprint,
  seed: p.seed,
  newTeams: p.teams.filter((t) => !t.teamId).map((t) => ({ key: t.key, name: t.name })),
  placements: p.placements.map((x) => ({ userId: x.userId, teamKey: x.teamKey })),
  projects: p.teams.flatMap((t) =>
    t.project ? [{ teamKey: t.key, projectId: t.project.id }] : [],
  ),
});

/**
 * Alpha (Lea, Max, Mia; 4 seats) and eight teamless students besides Sue: four free in the
 * morning and four in the afternoon. Nia and Ola (group B) must not be alone; Pip asks not to
 * work with Rex.
 */
async function setup() {
  const w = await world(app, { teamSizeMax: 4 });
  await putSurvey(w.course.id);
  const names = ['Nia Morning', 'Ola Morning', 'Pip Morning', 'Quin Morning'];
  const later = ['Rex Afternoon', 'Sam Afternoon', 'Tia Afternoon', 'Uma Afternoon'];
  const am = [];
  const pm = [];
  for (const n of names) am.push(await enrolledStudent(w.course.id, n));
  for (const n of later) pm.push(await enrolledStudent(w.course.id, n));
  const hours = (h: number[]) => ({ type: 'AVAILABILITY' as const, hours: h });
  for (const [i, s] of am.entries()) {
    await answer(w.course.id, s.id, {
      [Q.hours]: hours(morning),
      [Q.skills]: { type: 'SKILLS', levels: { React: i % 2 ? 5 : 2, SQL: i % 2 ? 2 : 5 } },
      [Q.project]: { type: 'PROJECT', ranking: ['atlas', 'beacon'] },
      [Q.group]: { type: 'DEMOGRAPHIC', option: i < 2 ? 'b' : 'a' },
      ...(i === 2
        ? { [Q.mates]: { type: 'TEAMMATES', like: [], avoid: [pm[0]?.id ?? randomUUID()] } }
        : {}),
    });
  }
  for (const [i, s] of pm.entries()) {
    await answer(w.course.id, s.id, {
      [Q.hours]: hours(afternoon),
      [Q.skills]: { type: 'SKILLS', levels: { React: i % 2 ? 5 : 2, SQL: i % 2 ? 2 : 5 } },
      [Q.project]: { type: 'PROJECT', ranking: ['beacon', 'atlas'] },
      [Q.group]: { type: 'DEMOGRAPHIC', option: 'a' },
    });
  }
  // Pip avoids Rex (now that Rex exists).
  await answer(w.course.id, am[2]!.id, {
    [Q.hours]: hours(morning),
    [Q.mates]: { type: 'TEAMMATES', like: [], avoid: [pm[0]!.id] },
    [Q.group]: { type: 'DEMOGRAPHIC', option: 'a' },
  });
  return { w, am, pm };
}

const teamOf = (p: FormationProposal, userId: string) =>
  p.placements.find((x) => x.userId === userId)?.teamKey;

describe('criteria placement (survey) in preview and apply', () => {
  it('places by the survey: scores, reasons, schedules together, hard constraints kept', async () => {
    const { w, am, pm } = await setup();
    const res = await preview(w);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data as FormationProposal;
    expect(p.criteria).not.toBeNull();
    expect(p.criteria!.questions.map((q) => q.id)).toEqual([Q.hours, Q.skills, Q.project, Q.mates]);
    expect(p.criteria!.violations).toEqual([]);
    expect(p.criteria!.lowestScore).toBeLessThanOrEqual(p.criteria!.meanScore);
    // Everyone teamless is placed, with a sentence.
    const placed = new Set(p.placements.map((x) => x.userId));
    for (const s of [...am, ...pm, w.sue]) expect(placed.has(s.id)).toBe(true);
    for (const x of p.placements) expect(x.explanation.length).toBeGreaterThan(5);
    // Every team that has members after the proposal has a score and a share per question.
    for (const t of p.teams) {
      const size = t.members.length + p.placements.filter((x) => x.teamKey === t.key).length;
      if (size === 0) continue;
      expect(t.score).not.toBeNull();
      expect(t.criteria.map((c) => c.questionId).sort()).toEqual(
        [Q.hours, Q.skills, Q.project, Q.mates].sort(),
      );
    }
    // Morning people share a team, afternoon people another (the heaviest question).
    const amTeams = new Set(am.map((s) => teamOf(p, s.id)));
    const pmTeams = new Set(pm.map((s) => teamOf(p, s.id)));
    expect([...amTeams].some((t) => pmTeams.has(t))).toBe(false);
    // Pip is not with Rex; Nia and Ola (group B) are together.
    expect(teamOf(p, am[2]!.id)).not.toBe(teamOf(p, pm[0]!.id));
    expect(teamOf(p, am[0]!.id)).toBe(teamOf(p, am[1]!.id));
    // Alpha keeps Lea, Max and Mia: nobody moves out of a self-formed team.
    expect(p.placements.every((x) => x.fromTeamId === null)).toBe(true);
    // Same seed, same proposal.
    const again = (await preview(w)).json().data as FormationProposal;
    expect(again).toEqual(p);
    // Without the survey: the placement of issue 15.
    const plain = (await preview(w, { seed: 7, useSurvey: false })).json()
      .data as FormationProposal;
    expect(plain.criteria).toBeNull();
    expect(plain.teams.every((t) => t.score === null)).toBe(true);
  });

  it('issue 35: says what each criterion measured, beside a random baseline, with one count of answers and the rules', async () => {
    const { w, am } = await setup();
    const { db } = await getWorkerDb();
    // Quin's answers are a draft (saved, not submitted): counted as a draft, and still used.
    await db.execute(sql`update survey_responses set submitted_at = null
      where course_id = ${w.course.id} and user_id = ${am[3]!.id}`);
    const p = (await preview(w)).json().data as FormationProposal;
    const c = p.criteria!;
    // One count: the survey's results read the same numbers.
    const results = (
      await call(app, 'GET', `/admin/courses/${w.course.id}/survey`, w.as.adminA)
    ).json().data as { activeStudents: number; submitted: number; drafts: number };
    expect(c.answers).toEqual({
      activeStudents: results.activeStudents,
      submitted: results.submitted,
      drafts: 1,
      notStarted: results.activeStudents - results.submitted - results.drafts,
    });
    expect(results.drafts).toBe(1);
    expect(c.answers.submitted).toBe(7);
    // The random baseline: same questions, bounded samples, below the proposal's mean.
    expect(c.baseline.samples).toBe(30);
    expect(c.baseline.questions.map((q) => q.questionId)).toEqual(c.questions.map((q) => q.id));
    expect(c.baseline.meanScore).toBeLessThan(c.meanScore);
    // Each question's mean over the scored teams, and each team's words for each criterion.
    for (const q of c.questions) {
      expect(q.meanScore).toBeGreaterThanOrEqual(0);
      expect(q.meanScore).toBeLessThanOrEqual(1);
    }
    for (const t of p.teams)
      for (const x of t.criteria) expect(x.detail.length, JSON.stringify(x)).toBeGreaterThan(10);
    const hoursDetails = p.teams.flatMap((t) =>
      t.criteria.filter((x) => x.questionId === Q.hours).map((x) => x.detail),
    );
    expect(hoursDetails.some((d) => /shared|free hour/.test(d))).toBe(true);
    // The rules, whatever the weight: "do not isolate" at weight 0, "would rather not".
    expect(c.rules).toEqual([
      {
        questionId: Q.mates,
        prompt: 'Teammates',
        kind: 'AVOID',
        weight: 1,
        options: [],
        broken: 0,
      },
      {
        questionId: Q.group,
        prompt: 'Background',
        kind: 'DO_NOT_ISOLATE',
        weight: 0,
        options: ['Group B'],
        min: 2,
        broken: 0,
      },
    ]);
    // The weight-0 question scores nothing: not among the scored questions.
    expect(c.questions.map((q) => q.id)).not.toContain(Q.group);
  });

  it('applies the proposal with its projects; answers changed since the preview make it stale', async () => {
    const { w, am } = await setup();
    const p = (await preview(w)).json().data as FormationProposal;
    const given = p.teams.filter((t) => t.project);
    expect(given.length).toBeGreaterThan(0);

    // An answer saved after the preview: apply refuses, nothing changes.
    await answer(w.course.id, am[3]!.id, {
      [Q.hours]: { type: 'AVAILABILITY', hours: afternoon },
    });
    const stale = await apply(w, asBody(p));
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().code).toBe('STALE_PROPOSAL');

    const fresh = (await preview(w)).json().data as FormationProposal;
    const res = await apply(w, asBody(fresh));
    expect(res.statusCode, res.body).toBe(200);
    const { db } = await getWorkerDb();
    const rows = await db
      .select({ id: teams.id, name: teams.name, project: sql<string | null>`project` })
      .from(teams)
      .where(eq(teams.courseId, w.course.id));
    const withProject = rows.filter((r) => r.project !== null);
    expect(withProject.length).toBe(fresh.teams.filter((t) => t.project).length);
    for (const r of withProject) expect(['Atlas', 'Beacon']).toContain(r.project);
  });

  it('refuses a project that is not the survey’s or over its capacity, and writes nothing', async () => {
    const { w } = await setup();
    const p = (await preview(w)).json().data as FormationProposal;
    const body = asBody(p);
    const keys = p.teams.map((t) => t.key);
    const bad: [FormationApplyBody['projects'], string][] = [
      [
        [{ teamKey: keys[0]!, projectId: 'nope' }],
        "Project nope is not one of the survey's projects",
      ],
      [
        keys.slice(0, 3).map((k) => ({ teamKey: k, projectId: 'atlas' })),
        'Atlas can go to at most 2 teams',
      ],
    ];
    for (const [projects, message] of bad) {
      if (keys.length < 3 && message.startsWith('Atlas')) continue;
      const res = await apply(w, { ...body, projects });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const { db } = await getWorkerDb();
    const placed = await db.select().from(teamMembers).where(eq(teamMembers.courseId, w.course.id));
    expect(placed.length).toBe(3);
  });

  it('re-forms self-formed teams when asked, never moving a leader, and apply accepts it', async () => {
    const { w, am } = await setup();
    // Max and Mia (Alpha) are afternoon people; Lea is a morning person.
    await answer(w.course.id, w.lea.id, { [Q.hours]: { type: 'AVAILABILITY', hours: morning } });
    for (const s of [w.max, w.mia]) {
      await answer(w.course.id, s.id, { [Q.hours]: { type: 'AVAILABILITY', hours: afternoon } });
    }
    const kept = (await preview(w)).json().data as FormationProposal;
    expect(kept.placements.every((x) => x.fromTeamId === null)).toBe(true);

    const res = await preview(w, { seed: 7, keepSelfFormedTeams: false });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data as FormationProposal;
    expect(p.options.keepSelfFormedTeams).toBe(false);
    expect(p.placements.some((x) => x.userId === w.lea.id)).toBe(false);
    expect(p.criteria!.lowestScore).toBeGreaterThanOrEqual(kept.criteria!.lowestScore);
    const applied = await apply(w, asBody(p));
    expect(applied.statusCode, applied.body).toBe(200);
    const { db } = await getWorkerDb();
    const [alpha] = await db.select().from(teams).where(eq(teams.id, w.team.id));
    expect(alpha!.leaderId).toBe(w.lea.id);
    expect(alpha!.disbandedAt).toBeNull();
    void am;
  });

  it('keeps a student’s own request unless a member of that team would rather not work with them', async () => {
    const { w, pm } = await setup();
    await pendingRequest(w.team, pm[3]!.id);
    const kept = (await preview(w)).json().data as FormationProposal;
    const uma = kept.placements.find((x) => x.userId === pm[3]!.id)!;
    expect(uma.teamKey).toBe(w.team.id);
    expect(uma.explanation).toBe('Asked to join Alpha');

    await answer(w.course.id, w.max.id, {
      [Q.mates]: { type: 'TEAMMATES', like: [], avoid: [pm[3]!.id] },
    });
    const p = (await preview(w)).json().data as FormationProposal;
    expect(teamOf(p, pm[3]!.id)).not.toBe(w.team.id);
    expect(p.criteria!.violations).toEqual([]);
  });

  it('does not keep a request that would leave its student alone of a "do not isolate" group', async () => {
    const { w, am } = await setup();
    // Nia (group B, as is Ola) asks to join Alpha, whose members are not of group B and which
    // has one seat: kept, she would be the only one of her group there.
    await pendingRequest(w.team, am[0]!.id);
    const p = (await preview(w)).json().data as FormationProposal;
    expect(teamOf(p, am[0]!.id)).toBeDefined();
    expect(teamOf(p, am[0]!.id)).not.toBe(w.team.id);
    expect(p.criteria!.violations).toEqual([]);
  });

  it('reports an avoid pair it cannot keep apart (both fixed in one team)', async () => {
    const w = await world(app);
    await putSurvey(w.course.id);
    await answer(w.course.id, w.max.id, {
      [Q.mates]: { type: 'TEAMMATES', like: [], avoid: [w.mia.id] },
    });
    const extra = await enrolledStudent(w.course.id, 'Val Extra');
    void extra;
    await makeTeam(w.course.id, (await enrolledStudent(w.course.id, 'Wes Leader')).id, {
      name: 'Omega',
      maxSize: 4,
    });
    const p = (await preview(w)).json().data as FormationProposal;
    expect(p.criteria!.violations).toHaveLength(1);
    expect(p.criteria!.violations[0]!.kind).toBe('AVOID');
    expect(p.criteria!.violations[0]!.teamKey).toBe(w.team.id);
    expect(p.criteria!.violations[0]!.userIds.sort()).toEqual([w.max.id, w.mia.id].sort());
  });
});
