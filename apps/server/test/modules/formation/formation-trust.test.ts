// Placement an instructor can trust (issue 35, decision 147): each criterion of each team says
// what it measured, a random placement of the same class is the baseline beside the scores
// (bounded, deterministic), and a rule (do not isolate, would rather not) is kept whatever the
// question's weight while a weight-0 question adds nothing to the score.
import type { SurveyAnswers, SurveyQuestion } from '@teamup/shared';
import { describe, expect, it } from 'vitest';
import {
  baselineSamples,
  evaluateAssignment,
  randomBaseline,
  solveCriteria,
  type CriteriaInput,
} from '../../../src/modules/formation/formation-criteria.js';

const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const S = (n: number) => uuid(1, n);
const Q = (n: number) => uuid(2, n);
const common = { help: '', required: false };

function input(
  questions: SurveyQuestion[],
  answers: Record<number, SurveyAnswers>,
  sizes: number[],
  fixed: number[][] = sizes.map(() => []),
): CriteriaInput {
  const total = sizes.reduce((a, b) => a + b, 0);
  const fixedSet = new Set(fixed.flat());
  return {
    questions,
    answers: new Map(Object.entries(answers).map(([k, v]) => [S(Number(k)), v])),
    names: new Map(Array.from({ length: total }, (_, i) => [S(i + 1), `Student ${i + 1}`])),
    teams: sizes.map((size, t) => ({
      key: `t${t + 1}`,
      name: `Team ${t + 1}`,
      fixed: (fixed[t] ?? []).map(S),
      size,
    })),
    movable: Array.from({ length: total }, (_, i) => i + 1)
      .filter((i) => !fixedSet.has(i))
      .map(S),
  };
}

function scores(inp: CriteriaInput, teams: number[][]) {
  const assignment = new Map<string, string>();
  teams.forEach((members, t) => members.forEach((i) => assignment.set(S(i), `t${t + 1}`)));
  for (const team of inp.teams) for (const id of team.fixed) assignment.delete(id);
  return evaluateAssignment(inp, assignment);
}

const detailOf = (r: ReturnType<typeof scores>, team: number) =>
  r.teams[team]!.criteria.map((c) => c.detail);

const hoursQ: SurveyQuestion = {
  ...common,
  id: Q(1),
  type: 'AVAILABILITY',
  prompt: 'When are you free?',
  weight: 5,
  goal: 'SIMILAR',
  fromHour: 0,
  toHour: 24,
  hoursNeeded: 6,
};
const hours = (h: number[]): SurveyAnswers[string] => ({ type: 'AVAILABILITY', hours: h });

describe('what each criterion measured, in words', () => {
  it('availability: the shared hours against the hours needed, and why 0%', () => {
    const inp = input(
      [hoursQ],
      {
        1: { [Q(1)]: hours([9, 10, 11]) },
        2: { [Q(1)]: hours([9, 10, 30]) },
        3: { [Q(1)]: hours([1, 2, 3, 4, 5, 6, 7]) },
        4: { [Q(1)]: hours([40, 41]) },
        5: { [Q(1)]: hours([1, 2, 3, 4, 5, 6, 7]) },
        6: { [Q(1)]: hours([1, 2, 3, 4, 5, 6, 7]) },
      },
      [2, 2, 2],
    );
    const r = scores(inp, [
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(r.teams[0]!.criteria[0]!.score).toBeCloseTo(2 / 6);
    expect(detailOf(r, 0)).toEqual(['2 of the 6 shared free hours needed']);
    expect(r.teams[1]!.criteria[0]!.score).toBe(0);
    expect(detailOf(r, 1)).toEqual([
      'No hour of the week when all 2 who answered are free (6 needed)',
    ]);
    expect(detailOf(r, 2)).toEqual(['7 free hours a week shared by all (6 needed)']);
  });

  it('skills, roles, choices, teammates and projects; a question nobody answered is neutral', () => {
    const qs: SurveyQuestion[] = [
      {
        ...common,
        id: Q(2),
        type: 'SKILLS',
        prompt: 'Skills',
        weight: 1,
        goal: 'DIVERSE',
        skills: ['Python', 'SQL'],
      },
      {
        ...common,
        id: Q(3),
        type: 'ROLE',
        prompt: 'Role',
        weight: 1,
        goal: 'SIMILAR',
        options: [
          { id: 'fe', label: 'Frontend' },
          { id: 'be', label: 'Backend' },
        ],
      },
      {
        ...common,
        id: Q(4),
        type: 'SINGLE_CHOICE',
        prompt: 'Language',
        weight: 1,
        goal: 'DIVERSE',
        options: [
          { id: 'en', label: 'English' },
          { id: 'fr', label: 'French' },
          { id: 'de', label: 'German' },
        ],
      },
      { ...common, id: Q(5), type: 'TEAMMATES', prompt: 'Teammates', weight: 1, goal: 'SIMILAR' },
      {
        ...common,
        id: Q(6),
        type: 'PROJECT',
        prompt: 'Project',
        weight: 1,
        goal: 'SIMILAR',
        projects: [
          { id: 'atlas', name: 'Atlas', capacity: 1 },
          { id: 'beacon', name: 'Beacon', capacity: 1 },
        ],
      },
    ];
    const a = (
      py: number,
      role: string,
      lang: string,
      like: number[],
      ranking: string[],
    ): SurveyAnswers => ({
      [Q(2)]: { type: 'SKILLS', levels: { Python: py, SQL: 2 } },
      [Q(3)]: { type: 'ROLE', option: role },
      [Q(4)]: { type: 'SINGLE_CHOICE', option: lang },
      [Q(5)]: { type: 'TEAMMATES', like: like.map(S), avoid: [] },
      [Q(6)]: { type: 'PROJECT', ranking },
    });
    const inp = input(
      qs,
      {
        1: a(5, 'be', 'en', [2], ['atlas', 'beacon']),
        2: a(4, 'be', 'en', [5], ['beacon', 'atlas']),
        3: a(1, 'be', 'fr', [], ['atlas', 'beacon']),
        4: a(1, 'fe', 'en', [], ['atlas']),
      },
      [4, 1],
    );
    const r = scores(inp, [[1, 2, 3, 4], [5]]);
    const [skills, role, lang, mates, project] = detailOf(r, 0);
    expect(skills).toBe('Skills at level 4 or more: Python by 2, SQL by none (1 of 2 covered)');
    expect(role).toBe('3 of 4 members want the same role (Backend)');
    // Decision 151: SINGLE_CHOICE is scored by pairs of members (3 of the 6 pairs agree).
    expect(lang).toBe('3 of 6 pairs of members gave the same answer (fewer is better here)');
    expect(mates).toBe('1 of the 2 members who asked for classmates has one in the team');
    const alone = scores(inp, [[1, 3, 4, 5], [2]]);
    expect(detailOf(alone, 0)[3]).toBe(
      'The one member who asked for classmates has none in the team',
    );
    expect(project).toMatch(/^Project (Atlas|Beacon): ranked .* \(of 2 projects\)$/);
    // Team 2: student 5 answered nothing; every question says so and scores half.
    for (const [k, c] of r.teams[1]!.criteria.entries()) {
      if (k === 4) continue; // the project: team 2 gets the other one
      expect(c.score).toBe(0.5);
      expect(c.detail).toMatch(/counted as half \(50%\)/);
    }
  });

  it('a DEMOGRAPHIC answer is counted, never named', () => {
    const q: SurveyQuestion = {
      ...common,
      id: Q(7),
      type: 'DEMOGRAPHIC',
      prompt: 'Background',
      weight: 2,
      goal: 'SIMILAR',
      options: [
        { id: 'a', label: 'Group A' },
        { id: 'b', label: 'Group B' },
      ],
      doNotIsolate: [],
    };
    const d = (option: string): SurveyAnswers => ({ [Q(7)]: { type: 'DEMOGRAPHIC', option } });
    const r = scores(input([q], { 1: d('a'), 2: d('a'), 3: d('b') }, [3]), [[1, 2, 3]]);
    expect(detailOf(r, 0)).toEqual(['2 of 3 members gave the same answer']);
  });
});

/** A class of n students in teams of 4, schedules from two archetypes. */
function bigClass(n: number): CriteriaInput {
  const answers: Record<number, SurveyAnswers> = {};
  for (let i = 1; i <= n; i++) {
    const base = i % 2 ? [9, 10, 11, 12, 13, 14, 15] : [50, 51, 52, 53, 54, 55];
    answers[i] = { [Q(1)]: hours(base.filter((_, k) => (i + k) % 5 !== 0)) };
  }
  return input(
    [hoursQ],
    answers,
    Array.from({ length: n / 4 }, () => 4),
  );
}

describe('the random baseline', () => {
  it('is deterministic, bounded, keeps the team sizes and sits below the placement', () => {
    const inp = bigClass(40);
    const a = randomBaseline(inp);
    const b = randomBaseline(inp);
    expect(a).toEqual(b);
    expect(a.samples).toBe(30);
    expect(a.questions.map((q) => q.questionId)).toEqual([Q(1)]);
    expect(a.lowestScore).toBeLessThanOrEqual(a.meanScore);
    expect(a.meanScore).toBeGreaterThanOrEqual(0);
    expect(a.meanScore).toBeLessThanOrEqual(1);
    // The question's mean equals the team mean with a single question.
    expect(a.questions[0]!.score).toBeCloseTo(a.meanScore);
    const solved = solveCriteria(inp, { seed: 1 });
    expect(solved.meanScore).toBeGreaterThan(a.meanScore);
    expect(solved.lowestScore).toBeGreaterThan(a.lowestScore);
  });

  it('with every member fixed, the baseline is the placement itself', () => {
    const inp = input(
      [hoursQ],
      { 1: { [Q(1)]: hours([1, 2, 3]) }, 2: { [Q(1)]: hours([1, 2]) } },
      [2],
      [[1, 2]],
    );
    const base = randomBaseline(inp);
    expect(base.meanScore).toBeCloseTo(2 / 6);
    expect(base.lowestScore).toBeCloseTo(2 / 6);
  });

  // Its time is measured by `npm run bench:formation` (the baseline rows), not here.
  it('takes fewer samples past 600 students, and 30 at 600', () => {
    expect(baselineSamples(600)).toBe(30);
    expect(baselineSamples(1_200)).toBe(15);
    expect(baselineSamples(10_000)).toBe(5);
    const inp = bigClass(600);
    const base = randomBaseline(inp);
    expect(base.samples).toBe(30);
  });
});

describe('weights and rules are separate', () => {
  const group: SurveyQuestion = {
    ...common,
    id: Q(8),
    type: 'DEMOGRAPHIC',
    prompt: 'Background',
    weight: 0,
    goal: 'SIMILAR',
    options: [
      { id: 'a', label: 'Group A' },
      { id: 'b', label: 'Group B' },
    ],
    doNotIsolate: ['b'],
  };
  const d = (option: string, h: number[]): SurveyAnswers => ({
    [Q(8)]: { type: 'DEMOGRAPHIC', option },
    [Q(1)]: hours(h),
  });
  // Students 1 and 2 (group B) share no hour; the hours alone would part them.
  const answers = {
    1: d('b', [1, 2, 3, 4, 5, 6]),
    2: d('b', [30, 31, 32, 33, 34, 35]),
    3: d('a', [1, 2, 3, 4, 5, 6]),
    4: d('a', [30, 31, 32, 33, 34, 35]),
  };

  it('a weight-0 question with "do not isolate" is kept as a hard rule and adds 0 to the score', () => {
    const inp = input([hoursQ, group], answers, [2, 2]);
    const r = solveCriteria(inp, { seed: 3 });
    expect(r.violations).toEqual([]);
    expect(r.assignment.get(S(1))).toBe(r.assignment.get(S(2)));
    // Not scored: only the hours question is among the criteria, and the team score is its score.
    for (const t of r.teams) {
      expect(t.criteria.map((c) => c.questionId)).toEqual([Q(1)]);
      expect(t.score).toBeCloseTo(t.criteria[0]!.score);
    }
    // Without the rule the hours win: 1 goes with 3, 2 with 4.
    const free = solveCriteria(input([hoursQ, { ...group, doNotIsolate: [] }], answers, [2, 2]), {
      seed: 3,
    });
    expect(free.assignment.get(S(1))).toBe(free.assignment.get(S(3)));
    expect(free.teams.every((t) => t.score === 1)).toBe(true);
  });

  it('a rule the sizes cannot keep is reported, whatever the weight', () => {
    const inp = input(
      [hoursQ, group],
      answers,
      [2, 2],
      [
        [1, 3],
        [2, 4],
      ],
    );
    const r = solveCriteria(inp, { seed: 3 });
    expect(r.violations.map((v) => v.kind)).toEqual(['ISOLATED', 'ISOLATED']);
  });
});
