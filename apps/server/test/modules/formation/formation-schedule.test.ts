// Issue 36 (decision 153): availability scored in blocks of the meeting length, answers given in
// other time zones read in the question's, and the minimum shared time as a hard rule.
import type { SurveyAnswers, SurveyQuestion } from '@teamup/shared';
import { describe, expect, it } from 'vitest';
import {
  blockHours,
  evaluateAssignment,
  solveCriteria,
  type CriteriaInput,
} from '../../../src/modules/formation/formation-criteria.js';
import { surveyRules, surveyShapesTeams } from '../../../src/modules/formation/formation-survey.js';

const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const S = (n: number) => uuid(1, n);
const QID = uuid(2, 1);
const AT = Date.UTC(2027, 0, 15, 12);
const h = (day: number, hour: number) => day * 24 + hour;

const question = (
  extra: Partial<Extract<SurveyQuestion, { type: 'AVAILABILITY' }>> = {},
): SurveyQuestion => ({
  id: QID,
  type: 'AVAILABILITY',
  prompt: 'When?',
  help: '',
  required: false,
  weight: 1,
  goal: 'SIMILAR',
  fromHour: 0,
  toHour: 24,
  hoursNeeded: 4,
  ...extra,
});

const bits = (hours: number[]) => {
  const x = new Uint32Array(6);
  for (const b of hours) x[b >>> 5]! |= 1 << (b & 31);
  return x;
};

function input(
  q: SurveyQuestion,
  answers: Record<number, [string | undefined, number[]]>,
  sizes: number[],
): CriteriaInput {
  const total = sizes.reduce((a, b) => a + b, 0);
  return {
    questions: [q],
    answers: new Map(
      Object.entries(answers).map(([k, [timeZone, hours]]): [string, SurveyAnswers] => [
        S(Number(k)),
        { [QID]: { type: 'AVAILABILITY', ...(timeZone ? { timeZone } : {}), hours } },
      ]),
    ),
    names: new Map(Array.from({ length: total }, (_, i) => [S(i + 1), `Student ${i + 1}`])),
    teams: sizes.map((size, t) => ({ key: `t${t + 1}`, name: `Team ${t + 1}`, fixed: [], size })),
    movable: Array.from({ length: total }, (_, i) => S(i + 1)),
    scheduleAt: AT,
  };
}

const assign = (teams: number[][]) =>
  new Map(teams.flatMap((m, t) => m.map((i): [string, string] => [S(i), `t${t + 1}`])));

describe('blocks of the meeting length', () => {
  it('counts the hours inside runs at least that long, the week wrapping', () => {
    const x = bits([h(0, 9), h(0, 10), h(0, 11), h(2, 14), h(4, 8), h(4, 9), h(6, 23), h(0, 0)]);
    expect(blockHours(x, 1)).toBe(8);
    expect(blockHours(x, 2)).toBe(7); // 9–12, Friday 8–10, Sunday 23 → Monday 1
    expect(blockHours(x, 3)).toBe(3);
    expect(blockHours(x, 4)).toBe(0);
    const all = bits(Array.from({ length: 168 }, (_, i) => i));
    expect(blockHours(all, 4)).toBe(168);
    // Runs across word boundaries (bits 31–33, 159–161).
    expect(blockHours(bits([31, 32, 33, 159, 160, 161]), 3)).toBe(6);
  });

  it('scores shared hours in blocks over hoursNeeded and says so', () => {
    const q = question({ meetingHours: 2 });
    // Shared: Monday 9–11 (a block) and Wednesday 14 (alone): 2 hours count.
    const both = [h(0, 9), h(0, 10), h(2, 14)];
    const r = evaluateAssignment(
      input(q, { 1: [undefined, both], 2: [undefined, [...both, h(3, 3)]] }, [2]),
      assign([[1, 2]]),
    );
    expect(r.teams[0]!.criteria[0]).toEqual({
      questionId: QID,
      score: 0.5,
      detail: '2 of the 4 shared free hours needed, counted in 2-hour blocks',
    });
    const lone = evaluateAssignment(
      input(q, { 1: [undefined, [h(2, 14)]], 2: [undefined, [h(2, 14)]] }, [2]),
      assign([[1, 2]]),
    );
    expect(lone.teams[0]!.criteria[0]!.detail).toBe(
      'No 2-hour block of the week when all 2 who answered are free (4 hours needed)',
    );
  });

  it('scores as before with 1-hour blocks (the default)', () => {
    const r = evaluateAssignment(
      input(question(), { 1: [undefined, [h(2, 14)]], 2: [undefined, [h(2, 14)]] }, [2]),
      assign([[1, 2]]),
    );
    expect(r.teams[0]!.criteria[0]!.detail).toBe('1 of the 4 shared free hours needed');
  });
});

describe('answers in other time zones', () => {
  it("are read in the question's zone before scoring", () => {
    // Grid in Europe/Paris (UTC+1 in January). New York (UTC−5) Monday 3:00–7:00 is Paris
    // 9:00–13:00; Kolkata (UTC+5:30) Monday 13:00–17:00 is Paris 8:30–12:30: whole 9, 10, 11.
    const q = question({ timeZone: 'Europe/Paris', fromHour: 8, toHour: 20 });
    const r = evaluateAssignment(
      input(
        q,
        {
          1: ['America/New_York', [3, 4, 5, 6]],
          2: ['Asia/Kolkata', [13, 14, 15, 16]],
          3: ['Europe/Paris', [9, 10, 11, 12]],
        },
        [3],
      ),
      assign([[1, 2, 3]]),
    );
    expect(r.teams[0]!.criteria[0]!.detail).toBe('3 of the 4 shared free hours needed');
  });

  it("read without a zone, or in the question's own, are the grid's hours", () => {
    const q = question({ timeZone: 'Asia/Tokyo' });
    const r = evaluateAssignment(
      input(q, { 1: [undefined, [5, 6]], 2: ['Asia/Tokyo', [5, 6]] }, [2]),
      assign([[1, 2]]),
    );
    expect(r.teams[0]!.criteria[0]!.score).toBe(0.5);
  });
});

describe('minimum shared time', () => {
  // Students 1–2 share Monday mornings, 3–4 Thursday afternoons; 1 and 3 nothing.
  const mon = [h(0, 9), h(0, 10), h(0, 11)];
  const thu = [h(3, 14), h(3, 15), h(3, 16)];
  const answers: Record<number, [string | undefined, number[]]> = {
    1: [undefined, mon],
    2: [undefined, mon],
    3: [undefined, thu],
    4: [undefined, thu],
  };

  it('is kept whatever the weight, even at 0', () => {
    const q = question({ weight: 0, meetingHours: 2, minSharedHours: 3 });
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = solveCriteria(input(q, answers, [2, 2]), { seed });
      expect(r.violations).toEqual([]);
      expect(r.assignment.get(S(1))).toBe(r.assignment.get(S(2)));
    }
  });

  it('names the team that cannot have it, with what it shares and what the rule asks', () => {
    const q = question({ weight: 2, meetingHours: 2, minSharedHours: 4 });
    const r = solveCriteria(input(q, answers, [2, 2]), { seed: 1 });
    expect(r.violations.map((v) => [v.kind, v.detail])).toEqual(
      expect.arrayContaining([
        [
          'SHARED_TIME',
          expect.stringMatching(
            /^Team \d shares 3 hours a week in 2-hour blocks; the rule of "When\?" asks 4, but the students' free hours/,
          ),
        ],
      ]),
    );
    expect(r.violations).toHaveLength(2);
  });

  it('counts members who gave hours only; a team where nobody did is not short', () => {
    const q = question({ minSharedHours: 2 });
    const r = evaluateAssignment(
      input(q, { 1: [undefined, mon] }, [2, 2]),
      assign([
        [1, 2],
        [3, 4],
      ]),
    );
    expect(r.violations).toEqual([]);
  });

  it('is a rule of the survey, listed, and shapes teams alone', () => {
    const q = question({ weight: 0, meetingHours: 2, minSharedHours: 3, timeZone: 'UTC' });
    const survey = {
      version: 1,
      questions: [q],
      answers: new Map(),
      latestAnswerAt: null,
      counts: { activeStudents: 0, submitted: 0, drafts: 0 },
    };
    expect(surveyShapesTeams(survey)).toBe(true);
    expect(surveyShapesTeams({ ...survey, questions: [question({ weight: 0 })] })).toBe(false);
    expect(surveyRules(survey)).toEqual([
      {
        questionId: QID,
        prompt: 'When?',
        kind: 'MIN_SHARED_TIME',
        weight: 0,
        options: [],
        schedule: { minSharedHours: 3, meetingHours: 2, timeZone: 'UTC' },
        broken: 0,
      },
    ]);
  });
});
