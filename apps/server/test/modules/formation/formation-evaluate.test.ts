// Scoring an edited proposal (issue 36, decision 155): POST …/formation/evaluate scores the
// preview's own assignment as the preview did, an edit as evaluateAssignment says, names the rule
// a move breaks in the words of an edit, refuses a stale proposal and a bad edit, and changes
// nothing; apply takes the edited proposal and still refuses a stale one.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  FormationApplyBody,
  FormationEvaluation,
  FormationProposal,
  SurveyAnswers,
  SurveyQuestion,
} from '@teamup/shared';
import { courseStaff, enrollments, teamMembers, teams } from '../../../src/db/schema/index.js';
import { readSurveyForFormation } from '../../../src/lib/survey-sql.js';
import { evaluateAssignment } from '../../../src/modules/formation/formation-criteria.js';
import { makeCourse, makeUser } from '../../fixtures.js';
import { bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import { call, enrolledStudent, world, type World } from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const Q = { hours: randomUUID(), skills: randomUUID(), project: randomUUID(), group: randomUUID() };
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
    hoursNeeded: 3,
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

const morning = [9, 10, 11];
const afternoon = [2 * 24 + 15, 2 * 24 + 16, 2 * 24 + 17];

async function putSurvey(courseId: string) {
  const { db } = await getWorkerDb();
  await db.execute(sql`
    insert into course_surveys (course_id, questions, opens_at, closes_at, opened_at, version, updated_at)
    values (${courseId}, ${JSON.stringify(questions)}::jsonb, now() - interval '2 days',
      now() + interval '2 days', now() - interval '2 days', 1, now())`);
}

async function answer(courseId: string, userId: string, answers: SurveyAnswers) {
  const { db } = await getWorkerDb();
  await db.execute(sql`
    insert into survey_responses (course_id, user_id, answers, updated_at, submitted_at)
    values (${courseId}, ${userId}, ${JSON.stringify(answers)}::jsonb, clock_timestamp(), clock_timestamp())
    on conflict (course_id, user_id) do update set answers = excluded.answers, updated_at = excluded.updated_at`);
}

/** Alpha (Lea, Max, Mia; 4 seats), Sue, four morning and four afternoon students; Nia and Ola are of group B. */
async function setup() {
  const w = await world(app, { teamSizeMax: 4 });
  await putSurvey(w.course.id);
  const am = [];
  const pm = [];
  for (const n of ['Nia Morning', 'Ola Morning', 'Pip Morning', 'Quin Morning'])
    am.push(await enrolledStudent(w.course.id, n));
  for (const n of ['Rex Afternoon', 'Sam Afternoon', 'Tia Afternoon', 'Uma Afternoon'])
    pm.push(await enrolledStudent(w.course.id, n));
  for (const [i, s] of [...am, ...pm].entries()) {
    await answer(w.course.id, s.id, {
      [Q.hours]: { type: 'AVAILABILITY', hours: i < 4 ? morning : afternoon },
      [Q.skills]: { type: 'SKILLS', levels: { React: i % 2 ? 5 : 2, SQL: i % 2 ? 2 : 5 } },
      [Q.project]: { type: 'PROJECT', ranking: i < 4 ? ['atlas', 'beacon'] : ['beacon', 'atlas'] },
      [Q.group]: { type: 'DEMOGRAPHIC', option: i < 2 ? 'b' : 'a' },
    });
  }
  return { w, am, pm };
}

const OPTIONS = { leaveClosedTeamsAlone: true, excludeUserIds: [], useSurvey: true };

const preview = async (w: World) => {
  const res = await call(
    app,
    'POST',
    `/admin/courses/${w.course.id}/formation/preview`,
    w.as.adminA,
    { seed: 7 },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as FormationProposal;
};
const evaluate = (
  w: World,
  body: Record<string, unknown>,
  headers: Record<string, string> = w.as.adminA,
) => call(app, 'POST', `/admin/courses/${w.course.id}/formation/evaluate`, headers, body);
const asBody = (p: FormationProposal): FormationApplyBody => ({
  fingerprint: p.fingerprint,
  seed: p.seed,
  newTeams: p.teams.filter((t) => !t.teamId).map((t) => ({ key: t.key, name: t.name })),
  placements: p.placements.map((x) => ({ userId: x.userId, teamKey: x.teamKey })),
  projects: p.teams.flatMap((t) =>
    t.project ? [{ teamKey: t.key, projectId: t.project.id }] : [],
  ),
});
const withOptions = (body: FormationApplyBody) => ({ ...body, options: OPTIONS });

/** The body with two placed students exchanged. */
function swapped(body: FormationApplyBody, a: string, b: string): FormationApplyBody {
  const ka = body.placements.find((p) => p.userId === a)!.teamKey;
  const kb = body.placements.find((p) => p.userId === b)!.teamKey;
  return {
    ...body,
    placements: body.placements.map((p) =>
      p.userId === a ? { ...p, teamKey: kb } : p.userId === b ? { ...p, teamKey: ka } : p,
    ),
  };
}

/** The scores evaluateAssignment gives the proposal's teams with `body`'s placements. */
async function expectedScores(w: World, p: FormationProposal, body: FormationApplyBody) {
  const { db } = await getWorkerDb();
  const survey = (await readSurveyForFormation(db, w.course.id))!;
  const target = new Map(body.placements.map((x) => [x.userId, x.teamKey]));
  const names = new Map(
    [...p.placements.map((x) => x.student), ...p.teams.flatMap((t) => t.members)].map((s) => [
      s.userId,
      s.fullname,
    ]),
  );
  const scored = p.teams.filter((t) => !t.locked);
  return evaluateAssignment(
    {
      questions: survey.questions,
      answers: survey.answers,
      names,
      teams: scored.map((t) => {
        const fixed = t.members.map((m) => m.userId).filter((id) => !target.has(id));
        const placed = body.placements.filter((x) => x.teamKey === t.key).length;
        return { key: t.key, name: t.name, fixed, size: fixed.length + placed };
      }),
      movable: [...target.keys()].sort(),
    },
    target,
    new Map(body.projects!.map((x) => [x.teamKey, x.projectId])),
  );
}

async function courseMembers(courseId: string) {
  const { db } = await getWorkerDb();
  const rows = await db
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.courseId, courseId));
  return rows;
}

describe('POST /admin/courses/{courseId}/formation/evaluate', () => {
  it('scores the unedited proposal as the preview did, and an edit as evaluateAssignment says', async () => {
    const { w, am, pm } = await setup();
    const p = await preview(w);
    const before = await courseMembers(w.course.id);

    const res = await evaluate(w, withOptions(asBody(p)));
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json().data as FormationEvaluation;
    expect(e.criteria!.lowestScore).toBeCloseTo(p.criteria!.lowestScore, 12);
    expect(e.criteria!.meanScore).toBeCloseTo(p.criteria!.meanScore, 12);
    expect(e.criteria!.violations).toEqual([]);
    expect(e.criteria!.rules).toEqual(p.criteria!.rules);
    expect(e.criteria!.respondents).toBe(p.criteria!.respondents);
    for (const q of p.criteria!.questions) {
      expect(e.criteria!.questions.find((x) => x.id === q.id)!.meanScore).toBeCloseTo(
        q.meanScore,
        12,
      );
    }
    for (const t of p.teams.filter((x) => !x.locked)) {
      const got = e.teams.find((x) => x.key === t.key)!;
      if (t.score === null) expect(got.score).toBeNull();
      else expect(got.score).toBeCloseTo(t.score, 12);
      expect(got.project).toEqual(t.project);
      expect(got.criteria.map((c) => c.detail)).toEqual(t.criteria.map((c) => c.detail));
    }

    // Nia (morning, group B) and Sam (afternoon) exchange teams.
    const [nia, sam] = [am[0]!, pm[1]!];
    const edited = swapped(asBody(p), nia.id, sam.id);
    expect(edited.placements.find((x) => x.userId === nia.id)!.teamKey).not.toBe(
      asBody(p).placements.find((x) => x.userId === nia.id)!.teamKey,
    );
    const moved = (await evaluate(w, withOptions(edited))).json().data as FormationEvaluation;
    const expected = await expectedScores(w, p, edited);
    expect(moved.criteria!.lowestScore).toBeCloseTo(expected.lowestScore, 12);
    expect(moved.criteria!.meanScore).toBeCloseTo(expected.meanScore, 12);
    expect(moved.criteria!.lowestScore).toBeLessThan(p.criteria!.lowestScore);
    for (const t of expected.teams) {
      const got = moved.teams.find((x) => x.key === t.key)!;
      if (got.score !== null) expect(got.score).toBeCloseTo(t.score, 12);
    }
    // The rule the move breaks, in the words of an edit: Nia and Ola (group B) each left alone.
    const isolated = moved.criteria!.violations.filter((v) => v.kind === 'ISOLATED');
    expect(isolated.map((v) => v.userIds[0]).sort()).toEqual([nia.id, am[1]!.id].sort());
    const niaTeam = p.teams.find(
      (t) => t.key === edited.placements.find((x) => x.userId === nia.id)!.teamKey,
    )!;
    expect(isolated.find((v) => v.userIds[0] === nia.id)!.detail).toBe(
      `Nia Morning is the only member of ${niaTeam.name} who answered “Group B” to “Background” (not to be isolated)`,
    );
    // The rules list says the edit breaks "do not isolate" twice, as the preview's list would.
    expect(moved.criteria!.rules.find((r) => r.kind === 'DO_NOT_ISOLATE')!.broken).toBe(2);

    // Nothing changed.
    expect(await courseMembers(w.course.id)).toEqual(before);

    // Apply takes the edited proposal: the teams are the edited ones.
    const applied = await call(
      app,
      'POST',
      `/admin/courses/${w.course.id}/formation/apply`,
      w.as.adminA,
      edited as never,
    );
    expect(applied.statusCode, applied.body).toBe(200);
    const { db } = await getWorkerDb();
    const named = await db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(eq(teams.courseId, w.course.id));
    const teamIdOf = (key: string) =>
      key.startsWith('new-')
        ? named.find((t) => t.name === p.teams.find((x) => x.key === key)!.name)!.id
        : key;
    const after = await courseMembers(w.course.id);
    for (const x of edited.placements) {
      expect(after.find((m) => m.userId === x.userId)!.teamId).toBe(teamIdOf(x.teamKey));
    }
    // Now the proposal is stale, edited or not.
    const again = await evaluate(w, withOptions(edited));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('STALE_PROPOSAL');
  });

  it('refuses a stale proposal (409) and a bad edit (400), changing nothing', async () => {
    const { w, am, pm } = await setup();
    const p = await preview(w);
    const body = asBody(p);
    const before = await courseMembers(w.course.id);
    const into = (userId: string, teamKey: string) => ({
      ...body,
      placements: body.placements.map((x) => (x.userId === userId ? { ...x, teamKey } : x)),
    });
    const niaKey = body.placements.find((x) => x.userId === am[0]!.id)!.teamKey;
    const other = body.placements.find(
      (x) => x.teamKey !== niaKey && x.teamKey.startsWith('new-'),
    )!;
    const bad: [Record<string, unknown>, number, RegExp][] = [
      // No options: the schema wants them.
      [body as never, 400, /not valid/],
      // Five in a team of four.
      [
        withOptions(into(other.userId, niaKey)),
        400,
        /would have 5 members; the course allows at most 4/,
      ],
      // Someone who is not teamless in the course.
      [
        withOptions({
          ...body,
          placements: [...body.placements, { userId: w.olga.id, teamKey: niaKey }],
        }),
        400,
        /not an active student of the course/,
      ],
      // Placed twice.
      [
        withOptions({ ...body, placements: [...body.placements, body.placements[0]!] }),
        400,
        /placed twice/,
      ],
      // A team that is neither the course's nor a new one.
      [withOptions(into(am[0]!.id, randomUUID())), 400, /neither a live team/],
      // A student the preview excluded.
      [{ ...body, options: { ...OPTIONS, excludeUserIds: [pm[0]!.id] } }, 400, /excluded/],
      // A project over its capacity.
      [
        withOptions({
          ...body,
          projects: p.teams.map((t) => ({ teamKey: t.key, projectId: 'atlas' })),
        }),
        400,
        /Atlas can go to at most 2 teams/,
      ],
    ];
    for (const [payload, status, message] of bad) {
      const res = await evaluate(w, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(message);
    }
    // A survey answer saved since the preview: stale.
    await answer(w.course.id, am[3]!.id, { [Q.hours]: { type: 'AVAILABILITY', hours: afternoon } });
    const stale = await evaluate(w, withOptions(body));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_PROPOSAL');
    // Apply refuses the same stale proposal, edited.
    const staleApply = await call(
      app,
      'POST',
      `/admin/courses/${w.course.id}/formation/apply`,
      w.as.adminA,
      swapped(body, am[0]!.id, pm[1]!.id) as never,
    );
    expect(staleApply.statusCode).toBe(409);
    expect(staleApply.json().code).toBe('STALE_PROPOSAL');
    expect(await courseMembers(w.course.id)).toEqual(before);
  });

  it('is the course staff’s: a student 403, the course’s assistant 200, another course’s staff 403, another organization’s admin 404', async () => {
    const { w } = await setup();
    const p = await preview(w);
    const { db } = await getWorkerDb();
    const assistant = await makeUser({ email: `ta-${randomUUID().slice(0, 8)}@example.edu` });
    const otherCourse = await makeCourse(w.orgA.id, { code: 'A202', title: 'Other' });
    const elsewhere = await makeUser({ email: `ins-${randomUUID().slice(0, 8)}@example.edu` });
    await db.insert(courseStaff).values([
      {
        courseId: w.course.id,
        userId: assistant.id,
        email: assistant.email,
        role: 'TEACHING_ASSISTANT',
      },
      {
        courseId: otherCourse.id,
        userId: elsewhere.id,
        email: elsewhere.email,
        role: 'INSTRUCTOR',
      },
    ]);
    const as = async (email: string) => bearer((await signIn(app, email)).token);
    const body = withOptions(asBody(p));
    const cases: [Record<string, string>, number][] = [
      [w.as.lea, 403],
      [w.as.sue, 403],
      [await as(assistant.email), 200],
      [await as(elsewhere.email), 403],
      [w.as.adminB, 404],
    ];
    for (const [headers, status] of cases) {
      const res = await evaluate(w, body, headers);
      expect(res.statusCode, res.body).toBe(status);
    }
    // Another organization's admin naming their own course with A's proposal: stale, not A's data.
    const res = await call(
      app,
      'POST',
      `/admin/courses/${w.courseB.id}/formation/evaluate`,
      w.as.adminB,
      body,
    );
    expect(res.statusCode).toBe(409);
  });

  it('with sections, scores each section as the preview did (a balanced question measures each section against its own mean)', async () => {
    const { w, am, pm } = await setup();
    const { db } = await getWorkerDb();
    const balanced = questions.map((q) => (q.id === Q.skills ? { ...q, goal: 'BALANCED' } : q));
    await db.execute(sql`update course_surveys set questions = ${JSON.stringify(balanced)}::jsonb
      where course_id = ${w.course.id}`);
    const inSection = async (ids: string[], section: string) =>
      db
        .update(enrollments)
        .set({ section })
        .where(and(eq(enrollments.courseId, w.course.id), inArray(enrollments.userId, ids)));
    await inSection([w.lea.id, w.max.id, w.mia.id, w.sue.id, ...am.map((s) => s.id)], 'A');
    await inSection(
      pm.map((s) => s.id),
      'B',
    );
    // Section B is the stronger one: rated 5 in both skills against A's 2 and 5.
    for (const s of pm) {
      await answer(w.course.id, s.id, {
        [Q.hours]: { type: 'AVAILABILITY', hours: afternoon },
        [Q.skills]: { type: 'SKILLS', levels: { React: 5, SQL: 5 } },
        [Q.project]: { type: 'PROJECT', ranking: ['beacon', 'atlas'] },
        [Q.group]: { type: 'DEMOGRAPHIC', option: 'a' },
      });
    }
    const p = await preview(w);
    expect(p.options.bySection).toBe(true);

    const res = await evaluate(w, { ...asBody(p), options: { ...OPTIONS, bySection: true } });
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json().data as FormationEvaluation;
    expect(e.criteria!.lowestScore).toBeCloseTo(p.criteria!.lowestScore, 12);
    expect(e.criteria!.meanScore).toBeCloseTo(p.criteria!.meanScore, 12);
    for (const t of p.teams.filter((x) => !x.locked)) {
      const got = e.teams.find((x) => x.key === t.key)!;
      if (t.score === null) expect(got.score).toBeNull();
      else expect(got.score).toBeCloseTo(t.score, 12);
    }
    // Scored as one class, the same teams read otherwise (the class mean is the whole course's).
    const whole = await evaluate(w, withOptions(asBody(p)));
    const other = (whole.json().data as FormationEvaluation).criteria!;
    expect(Math.abs(other.meanScore - p.criteria!.meanScore)).toBeGreaterThan(1e-6);
  });

  it('without the survey: checks the edit, scores nothing', async () => {
    const { w } = await setup();
    const p = await preview(w);
    const res = await evaluate(w, { ...asBody(p), options: { ...OPTIONS, useSurvey: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ teams: [], criteria: null });
  });
});
