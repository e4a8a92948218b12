// The scoring table of decision 135 (with decision 151's two rulings), re-implemented here from
// the text alone, and compared with what the app reports (issue 36: "the design text and the
// code say the same thing for every question type"). Random classes with one question of every
// type, a random goal (where the type has one) and weight, random answers (some missing, some
// partial), random teams; solveCriteria's and evaluateAssignment's scores must equal this file's:
// exactly for every question whose arithmetic is free of summation order (AVAILABILITY, SKILLS,
// ROLE, SINGLE_CHOICE, DEMOGRAPHIC, TEAMMATES) and within 1e-12 where a sum of fractions is taken
// in another order (MULTIPLE_CHOICE, PROJECT, and the weighted team score over them).
import type { SurveyAnswers, SurveyQuestion } from '@teamup/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluateAssignment,
  solveCriteria,
  type CriteriaInput,
  type CriteriaTeamResult,
} from '../../../src/modules/formation/formation-criteria.js';

const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const S = (n: number) => uuid(1, n);
const Q = (n: number) => uuid(2, n);
const NEUTRAL = 0.5;
const TOLERANCE = 1e-12;

type Goal = 'SIMILAR' | 'DIVERSE' | 'BALANCED';
/** Decision 152: BALANCED scores 1 − |team mean − class mean| / this, at least 0. */
const BALANCE_SCALE = 2;
const options = (n: number) =>
  Array.from({ length: n }, (_, k) => ({ id: `o${k}`, label: `O${k}` }));
const SKILLS = ['Python', 'React', 'SQL', 'Design'];
const PROJECTS = ['p1', 'p2', 'p3', 'p4'];

function questions(goals: Goal[], weights: number[], needed: number): SurveyQuestion[] {
  const common = (k: number) => ({
    id: Q(k + 1),
    prompt: `Question ${k + 1}`,
    help: '',
    required: false,
    weight: weights[k]!,
    // BALANCED is a goal of SKILLS only (decision 152); elsewhere it reads as SIMILAR.
    goal: goals[k] === 'BALANCED' && k !== 1 ? 'SIMILAR' : goals[k]!,
  });
  return [
    {
      ...common(0),
      goal: 'SIMILAR',
      type: 'AVAILABILITY',
      fromHour: 8,
      toHour: 20,
      hoursNeeded: needed,
    },
    { ...common(1), type: 'SKILLS', skills: SKILLS },
    { ...common(2), type: 'ROLE', options: options(3) },
    { ...common(3), type: 'SINGLE_CHOICE', options: options(3) },
    { ...common(4), type: 'MULTIPLE_CHOICE', options: options(4), maxChoices: null },
    {
      ...common(5),
      goal: 'SIMILAR',
      type: 'PROJECT',
      projects: PROJECTS.map((id) => ({ id, name: id.toUpperCase(), capacity: 2 })),
    },
    { ...common(6), goal: 'SIMILAR', type: 'TEAMMATES' },
    { ...common(7), type: 'DEMOGRAPHIC', options: options(3), doNotIsolate: [] },
  ] as SurveyQuestion[];
}

// ---- Decision 135's table, from its words ----------------------------------------------------

/** "free hours shared by all, over the hours needed, capped at 1" (the window's hours only). */
function availability(q: SurveyQuestion & { type: 'AVAILABILITY' }, team: SurveyAnswers[]) {
  const sets = team.flatMap((a) => {
    const x = a[q.id];
    return x?.type === 'AVAILABILITY' ? [new Set(x.hours)] : [];
  });
  if (sets.length === 0) return NEUTRAL;
  let shared = 0;
  for (let d = 0; d < 7; d++)
    for (let h = q.fromHour; h < q.toHour; h++) if (sets.every((s) => s.has(d * 24 + h))) shared++;
  return Math.min(1, shared / q.hoursNeeded);
}

/** SIMILAR "1 − normalised spread of mean levels"; DIVERSE "share of skills with someone ≥ 4". */
function skills(
  q: SurveyQuestion & { type: 'SKILLS' },
  team: SurveyAnswers[],
  everyone: SurveyAnswers[],
) {
  const ratedBy = (people: SurveyAnswers[]) =>
    people.flatMap((a) => {
      const x = a[q.id];
      return x?.type === 'SKILLS' && Object.keys(x.levels).length > 0 ? [x.levels] : [];
    });
  const meanLevel = (l: Record<string, number>) => {
    const v = Object.values(l);
    return v.reduce((s, x) => s + x, 0) / v.length;
  };
  const rated = ratedBy(team);
  if (q.goal === 'BALANCED') {
    // Decision 152: each team's mean of its members' mean levels near the class's mean.
    const all = ratedBy(everyone).map(meanLevel);
    if (rated.length === 0 || all.length === 0) return NEUTRAL;
    const classMean = all.reduce((s, x) => s + x, 0) / all.length;
    const teamMean = rated.map(meanLevel).reduce((s, x) => s + x, 0) / rated.length;
    return Math.max(0, 1 - Math.abs(teamMean - classMean) / BALANCE_SCALE);
  }
  if (rated.length === 0) return NEUTRAL;
  if (q.goal === 'DIVERSE')
    return q.skills.filter((s) => rated.some((l) => (l[s] ?? 0) >= 4)).length / q.skills.length;
  const means = rated.map((l) => {
    let sum = 0;
    let count = 0;
    for (const [, v] of Object.entries(l)) {
      sum += v;
      count++;
    }
    return sum / count;
  });
  return 1 - (Math.max(...means) - Math.min(...means)) / 4;
}

/** One option per member: the answering members' options. */
function chosen(q: SurveyQuestion, team: SurveyAnswers[]): string[] {
  return team.flatMap((a) => {
    const x = a[q.id];
    return x && 'option' in x ? [x.option] : [];
  });
}

/** ROLE and "diversity as ROLE": most common share; distinct / min(size, options). */
function role(q: SurveyQuestion & { options: unknown[] }, team: SurveyAnswers[]) {
  const o = chosen(q, team);
  if (o.length === 0) return NEUTRAL;
  if (q.goal === 'DIVERSE') return new Set(o).size / Math.min(o.length, q.options.length);
  const most = Math.max(...o.map((x) => o.filter((y) => y === x).length));
  return most / o.length;
}

/** Jaccard similarity mean over pairs of answering members (1 − it when DIVERSE). */
function jaccardMean(sets: Set<string>[], goal: Goal) {
  if (sets.length < 2) return NEUTRAL;
  let sum = 0;
  let pairs = 0;
  for (let x = 0; x < sets.length; x++)
    for (let y = x + 1; y < sets.length; y++) {
      const a = sets[x]!;
      const b = sets[y]!;
      const union = new Set([...a, ...b]).size;
      sum += union === 0 ? 1 : [...a].filter((v) => b.has(v)).length / union;
      pairs++;
    }
  return goal === 'DIVERSE' ? 1 - sum / pairs : sum / pairs;
}

function single(q: SurveyQuestion, team: SurveyAnswers[]) {
  return jaccardMean(
    chosen(q, team).map((o) => new Set([o])),
    q.goal,
  );
}

function multiple(q: SurveyQuestion, team: SurveyAnswers[]) {
  const sets = team.flatMap((a) => {
    const x = a[q.id];
    return x?.type === 'MULTIPLE_CHOICE' ? [new Set(x.options)] : [];
  });
  return jaccardMean(sets, q.goal);
}

/**
 * "mean of (1 − rank/len)" for the team's project; projects left out rank after, equally (each
 * the mean value of the ranks left); a member who did not answer is neutral; no project: 0.
 */
function project(
  q: SurveyQuestion & { type: 'PROJECT' },
  team: SurveyAnswers[],
  id: string | null,
) {
  const len = q.projects.length;
  const values = team.map((a) => {
    const x = a[q.id];
    if (x?.type !== 'PROJECT') return NEUTRAL;
    if (id === null) return 0;
    const r = x.ranking.indexOf(id);
    if (r >= 0) return 1 - r / len;
    const left: number[] = [];
    for (let k = x.ranking.length; k < len; k++) left.push(1 - k / len);
    return left.reduce((s, v) => s + v, 0) / left.length;
  });
  return values.reduce((s, v) => s + v, 0) / values.length;
}

/** "share of members with a liked teammate" among those who listed one; nobody listed: 0.5. */
function teammates(q: SurveyQuestion, team: string[], answers: Map<string, SurveyAnswers>) {
  const listers = team.filter((id) => {
    const x = answers.get(id)?.[q.id];
    return x?.type === 'TEAMMATES' && x.like.length > 0;
  });
  if (listers.length === 0) return NEUTRAL;
  const happy = listers.filter((id) => {
    const x = answers.get(id)![q.id] as { like: string[] };
    return x.like.some((j) => j !== id && team.includes(j));
  });
  return happy.length / listers.length;
}

function tableScores(
  input: CriteriaInput,
  team: string[],
  result: CriteriaTeamResult,
): { perQuestion: Map<string, number>; score: number } {
  const answers = team.map((id) => input.answers.get(id) ?? {});
  const perQuestion = new Map<string, number>();
  let sum = 0;
  let weight = 0;
  for (const q of input.questions) {
    if (q.weight <= 0) continue;
    const v =
      q.type === 'AVAILABILITY'
        ? availability(q, answers)
        : q.type === 'SKILLS'
          ? skills(q, answers, [...input.answers.values()])
          : q.type === 'ROLE' || q.type === 'DEMOGRAPHIC'
            ? role(q, answers)
            : q.type === 'SINGLE_CHOICE'
              ? single(q, answers)
              : q.type === 'MULTIPLE_CHOICE'
                ? multiple(q, answers)
                : q.type === 'PROJECT'
                  ? project(q, answers, result.project?.id ?? null)
                  : teammates(q, team, input.answers);
    perQuestion.set(q.id, v);
    sum += q.weight * v;
    weight += q.weight;
  }
  return { perQuestion, score: weight === 0 ? 1 : sum / weight };
}

// ---- Random classes --------------------------------------------------------------------------

const classArb = fc
  .record({
    sizes: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 5 }),
    goals: fc.array(fc.constantFrom<Goal>('SIMILAR', 'DIVERSE', 'BALANCED'), {
      minLength: 8,
      maxLength: 8,
    }),
    weights: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 8, maxLength: 8 }),
    needed: fc.integer({ min: 1, max: 12 }),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  })
  .map(({ sizes, goals, weights, needed, seed }) => {
    let x = seed >>> 0;
    const random = () => (x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const total = sizes.reduce((s, v) => s + v, 0);
    const qs = questions(goals, weights, needed);
    const answers = new Map<string, SurveyAnswers>();
    for (let i = 1; i <= total; i++) {
      if (random() < 0.15) continue; // did not answer at all
      const a: SurveyAnswers = {};
      const answer = (k: number, v: SurveyAnswers[string]) => {
        if (random() < 0.85) a[Q(k)] = v; // some questions left unanswered
      };
      const hours: number[] = [];
      for (let h = 0; h < 168; h++) if (random() < 0.45) hours.push(h);
      answer(1, { type: 'AVAILABILITY', hours });
      const levels: Record<string, number> = {};
      for (const s of SKILLS) if (random() < 0.8) levels[s] = 1 + Math.floor(random() * 5);
      answer(2, { type: 'SKILLS', levels });
      answer(3, { type: 'ROLE', option: pick(['o0', 'o1', 'o2']) });
      answer(4, { type: 'SINGLE_CHOICE', option: pick(['o0', 'o1', 'o2']) });
      answer(5, {
        type: 'MULTIPLE_CHOICE',
        options: ['o0', 'o1', 'o2', 'o3'].filter(() => random() < 0.4),
      });
      const ranking = [...PROJECTS].sort(() => random() - 0.5).slice(0, Math.floor(random() * 5));
      answer(6, { type: 'PROJECT', ranking });
      const like = random() < 0.5 ? [S(1 + Math.floor(random() * total))] : [];
      answer(7, { type: 'TEAMMATES', like: like.filter((j) => j !== S(i)), avoid: [] });
      answer(8, { type: 'DEMOGRAPHIC', option: pick(['o0', 'o1', 'o2']) });
      answers.set(S(i), a);
    }
    const ids = Array.from({ length: total }, (_, k) => S(k + 1));
    const input: CriteriaInput = {
      questions: qs,
      answers,
      names: new Map(ids.map((id, k) => [id, `Student ${k + 1}`])),
      teams: sizes.map((size, t) => ({ key: `t${t}`, name: `Team ${t}`, fixed: [], size })),
      movable: ids,
    };
    // A random assignment into the sizes, for evaluateAssignment.
    const shuffled = [...ids].sort(() => random() - 0.5);
    const assignment = new Map<string, string>();
    let next = 0;
    sizes.forEach((size, t) => {
      for (let k = 0; k < size; k++) assignment.set(shuffled[next++]!, `t${t}`);
    });
    return { input, assignment, seed };
  });

/** Order-free arithmetic: the app's number must be the table's, bit for bit (BALANCED sums means
 * in another order: within the tolerance). */
const EXACT = new Set([
  'AVAILABILITY',
  'SKILLS',
  'ROLE',
  'SINGLE_CHOICE',
  'DEMOGRAPHIC',
  'TEAMMATES',
]);

function check(input: CriteriaInput, assignment: Map<string, string>, teams: CriteriaTeamResult[]) {
  const members = new Map<string, string[]>();
  for (const [id, key] of assignment) members.set(key, [...(members.get(key) ?? []), id]);
  for (const result of teams) {
    const team = members.get(result.key) ?? [];
    if (team.length === 0) continue;
    const table = tableScores(input, team, result);
    expect(Math.abs(result.score - table.score)).toBeLessThanOrEqual(TOLERANCE);
    for (const c of result.criteria) {
      const q = input.questions.find((x) => x.id === c.questionId)!;
      const expected = table.perQuestion.get(c.questionId)!;
      if (EXACT.has(q.type) && q.goal !== 'BALANCED')
        expect(c.score, `${q.type} ${q.goal}`).toBe(expected);
      else
        expect(Math.abs(c.score - expected), `${q.type} ${q.goal}`).toBeLessThanOrEqual(TOLERANCE);
    }
  }
}

describe('decision 135 scoring table, re-implemented from the text', () => {
  it('evaluateAssignment scores every question type and goal as the table says', () => {
    fc.assert(
      fc.property(classArb, ({ input, assignment }) => {
        const r = evaluateAssignment(input, assignment);
        check(input, assignment, r.teams);
        const scores = r.teams.filter((_, t) => input.teams[t]!.size > 0).map((t) => t.score);
        expect(r.lowestScore).toBe(Math.min(...scores));
      }),
      { numRuns: 300 },
    );
  });

  it("solveCriteria's reported scores are the table's for the teams it forms", () => {
    fc.assert(
      fc.property(classArb, ({ input, seed }) => {
        const r = solveCriteria(input, { seed });
        check(input, r.assignment, r.teams);
      }),
      { numRuns: 60 },
    );
  });
});
