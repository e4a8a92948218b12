// Issue 36 (decision 151, third pass): after the search, the lowest team is re-split with each
// other team. So in the proposal no split of the lowest team and another team's members raises
// both above the lowest score while keeping every rule: checked here split by split, with the
// app's scoring (criteriaScorer) on the inputs' own numbering, apart from the solver's search.
import { describe, expect, it } from 'vitest';
import {
  criteriaScorer,
  solveCriteria,
  type CriteriaInput,
} from '../../../src/modules/formation/formation-criteria.js';
import { syntheticClass } from '../../../scripts/bench/synthetic-class.js';

/** A synthetic class without its project question (a team's score is then its members'). */
function classOf(n: number): CriteriaInput {
  const base = syntheticClass(n, n);
  return { ...base, questions: base.questions.filter((q) => q.type !== 'PROJECT') };
}

function splits(pool: number[], k: number, visit: (a: number[], b: number[]) => void) {
  const pick: number[] = [];
  const go = (start: number) => {
    if (pick.length === k) {
      visit(
        pick.map((x) => pool[x]!),
        pool.filter((_, x) => !pick.includes(x)),
      );
      return;
    }
    for (let x = start; x <= pool.length - (k - pick.length); x++) {
      pick.push(x);
      go(x + 1);
      pick.pop();
    }
  };
  go(0);
}

describe('placement by criteria: the lowest team re-split', () => {
  it.each([1, 2, 3])(
    'leaves no split of the lowest team with another that raises both (60 students, seed %i)',
    (seed) => {
      const input = classOf(60);
      const result = solveCriteria(input, { seed });
      expect(result.violations).toEqual([]);
      const scorer = criteriaScorer(input);
      const teamIndex = new Map(input.teams.map((t, k) => [t.key, k]));
      const teamOf = new Int32Array(scorer.studentIds.length).fill(-1);
      const members: number[][] = input.teams.map(() => []);
      scorer.studentIds.forEach((id, i) => {
        const t = teamIndex.get(result.assignment.get(id)!)!;
        teamOf[i] = t;
        members[t]!.push(i);
      });
      const lowestKey = result.teams.reduce((a, b) => (b.score < a.score ? b : a)).key;
      const low = teamIndex.get(lowestKey)!;
      expect(scorer.teamScore(members[low]!, -1, teamOf)).toBeCloseTo(result.lowestScore, 12);
      let tried = 0;
      for (let t = 0; t < members.length; t++) {
        if (t === low) continue;
        const pool = [...members[low]!, ...members[t]!];
        splits(pool, members[low]!.length, (a, b) => {
          tried++;
          for (const i of a) teamOf[i] = low;
          for (const i of b) teamOf[i] = t;
          const lo = Math.min(scorer.teamScore(a, -1, teamOf), scorer.teamScore(b, -1, teamOf));
          const broken =
            scorer.teamViolations(a, low, teamOf) + scorer.teamViolations(b, t, teamOf);
          if (broken === 0) expect(lo).toBeLessThanOrEqual(result.lowestScore + 1e-9);
        });
        for (const i of members[low]!) teamOf[i] = low;
        for (const i of members[t]!) teamOf[i] = t;
      }
      expect(tried).toBeGreaterThan(500);
    },
    60_000,
  );
});
