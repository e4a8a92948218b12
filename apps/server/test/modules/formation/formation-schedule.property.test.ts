// Issue 36 (decision 153): the minimum shared time is a hard rule. On tiny random classes (students
// answering in three time zones, some not at all), every placement is tried by brute force with an
// independent count of the shared hours in blocks: whenever one keeps the rule for every team,
// solveCriteria keeps it; when none does, the teams it leaves short are exactly the ones reported,
// each with a sentence.
import {
  overlappedHours,
  toGridHours,
  zoneShiftMinutes,
  type SurveyAnswers,
  type SurveyQuestion,
} from '@teamup/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  solveCriteria,
  type CriteriaInput,
} from '../../../src/modules/formation/formation-criteria.js';

/** Many solves: a bound for a loaded machine, not a speed check (speed is the bench's). */
const PROPERTY_TIMEOUT = 90_000;

const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const S = (n: number) => uuid(1, n);
const QID = uuid(2, 1);
const AT = Date.UTC(2027, 2, 1, 12);
const ZONES = ['UTC', 'Asia/Kolkata', 'America/New_York'] as const;
const FROM = 8;
const TO = 20;

/** Independent of the scorer: hours of `set` inside a run of ≥ length consecutive hours (the week wraps). */
function inBlocks(set: Set<number>, length: number): number {
  if (set.size === 168) return 168;
  let n = 0;
  for (let h = 0; h < 168; h++) {
    if (!set.has(h)) continue;
    // The run through h: how far it goes back and forward.
    let back = 0;
    while (back < 168 && set.has((h - back - 1 + 168) % 168)) back++;
    let ahead = 0;
    while (ahead < 168 && set.has((h + ahead + 1) % 168)) ahead++;
    if (back + ahead + 1 >= length) n++;
  }
  return n;
}

const classArb = fc
  .record({
    sizes: fc.array(fc.integer({ min: 2, max: 3 }), { minLength: 2, maxLength: 3 }),
    fixedFirst: fc.boolean(),
    planted: fc.boolean(),
    length: fc.integer({ min: 1, max: 3 }),
    min: fc.integer({ min: 1, max: 6 }),
    weight: fc.integer({ min: 0, max: 3 }),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    density: fc.double({ min: 0.05, max: 0.5, noNaN: true }),
  })
  .map(({ sizes, fixedFirst, planted, length, min, weight, seed, density }) => {
    let x = seed >>> 0;
    const random = () => (x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
    const total = sizes.reduce((a, b) => a + b, 0);
    const question: SurveyQuestion = {
      id: QID,
      type: 'AVAILABILITY',
      prompt: 'When are you free?',
      help: '',
      required: false,
      weight,
      goal: 'SIMILAR',
      fromHour: FROM,
      toHour: TO,
      hoursNeeded: 6,
      timeZone: 'UTC',
      meetingHours: length,
      minSharedHours: min,
    };
    // Each student: one of a few weekly patterns (so some pairs share much, others nothing),
    // with noise; given in one of three zones; a few do not answer. Planted: the students of
    // each team (in input order) share its pattern, so a placement often keeps the rule.
    const patterns = [
      [0, 1, 2].flatMap((d) => [9, 10, 11, 12].map((h) => d * 24 + h)),
      [2, 3, 4].flatMap((d) => [14, 15, 16].map((h) => d * 24 + h)),
      [5, 6].flatMap((d) => [10, 11, 12, 13, 14].map((h) => d * 24 + h)),
    ];
    const teamOf = sizes.flatMap((size, t) => Array.from({ length: size }, () => t));
    const answers = new Map<string, SurveyAnswers>();
    for (let i = 1; i <= total; i++) {
      if (random() < 0.1) continue;
      const p = planted ? teamOf[i - 1]! % patterns.length : Math.floor(random() * patterns.length);
      const grid = new Set(patterns[p]!);
      for (let h = 0; h < 168; h++) {
        if (h % 24 < FROM || h % 24 >= TO) continue;
        if (random() < density / 4) grid.add(h);
        if (grid.has(h) && random() < density / 3) grid.delete(h);
      }
      const zone = ZONES[Math.floor(random() * ZONES.length)]!;
      // Expressed in the student's zone: each of their hours that overlaps a free grid hour
      // (for Kolkata, both half-hour neighbours), so reading them back gives the grid's again.
      const shift = zoneShiftMinutes(zone, 'UTC', AT);
      const hours: number[] = [];
      for (let j = 0; j < 168; j++)
        if (overlappedHours(j, shift).some((k) => grid.has(k))) hours.push(j);
      answers.set(S(i), { [QID]: { type: 'AVAILABILITY', timeZone: zone, hours } });
    }
    const fixed = sizes.map((_, t) => (fixedFirst && t === 0 ? [1] : []));
    const input: CriteriaInput = {
      questions: [question],
      answers,
      names: new Map(Array.from({ length: total }, (_, k) => [S(k + 1), `Student ${k + 1}`])),
      teams: sizes.map((size, t) => ({
        key: `t${t}`,
        name: `Team ${t + 1}`,
        fixed: fixed[t]!.map(S),
        size,
      })),
      movable: Array.from({ length: total }, (_, k) => k + 1)
        .filter((i) => !(fixedFirst && i === 1))
        .map(S),
      scheduleAt: AT,
    };
    return { input, seed, length, min };
  });

/** The grid hours of each student (window applied), as an independent reading. */
function gridOf(input: CriteriaInput): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const [id, answers] of input.answers) {
    const a = answers[QID];
    if (a?.type !== 'AVAILABILITY') continue;
    const shift = zoneShiftMinutes(a.timeZone ?? 'UTC', 'UTC', AT);
    out.set(id, new Set(toGridHours(a.hours, shift).filter((h) => h % 24 >= FROM && h % 24 < TO)));
  }
  return out;
}

/** Whether a team (user ids) breaks the rule: its answering members share less than min. */
function short(members: string[], grid: Map<string, Set<number>>, length: number, min: number) {
  const sets = members.flatMap((id) => (grid.has(id) ? [grid.get(id)!] : []));
  if (sets.length === 0) return false;
  const shared = new Set([...sets[0]!].filter((h) => sets.every((s) => s.has(h))));
  return inBlocks(shared, length) < min;
}

/** Every assignment of the movable students to the open seats (teams as lists of ids). */
function* placements(input: CriteriaInput): Generator<string[][]> {
  const teams = input.teams.map((t) => [...t.fixed]);
  const sizes = input.teams.map((t) => t.size);
  function* go(k: number): Generator<string[][]> {
    if (k === input.movable.length) {
      yield teams.map((t) => [...t]);
      return;
    }
    for (let t = 0; t < teams.length; t++) {
      if (teams[t]!.length >= sizes[t]!) continue;
      teams[t]!.push(input.movable[k]!);
      yield* go(k + 1);
      teams[t]!.pop();
    }
  }
  yield* go(0);
}

describe('minimum shared time (property)', () => {
  it(
    'is kept whenever a placement keeps it, and otherwise the short teams are exactly the ones named',
    () => {
      fc.assert(
        fc.property(classArb, ({ input, seed, length, min }) => {
          const grid = gridOf(input);
          let possible = false;
          for (const teams of placements(input)) {
            if (teams.every((m) => !short(m, grid, length, min))) {
              possible = true;
              break;
            }
          }
          const r = solveCriteria(input, { seed });
          const members = input.teams.map((t) => [...t.fixed]);
          for (const [id, key] of r.assignment) members[Number(key.slice(1))]!.push(id);
          const shortTeams = input.teams
            .filter((_, t) => short(members[t]!, grid, length, min))
            .map((t) => t.key);
          if (possible) expect(r.violations).toEqual([]);
          else expect(shortTeams.length).toBeGreaterThan(0);
          expect(r.violations.map((v) => v.teamKey)).toEqual(shortTeams);
          for (const v of r.violations) {
            expect(v.kind).toBe('SHARED_TIME');
            expect(v.detail).toMatch(/^Team \d shares \d+ hours? a week/);
            expect(v.detail).toContain(`asks ${min}`);
          }
        }),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
