import { solveCriteria } from '../../src/modules/formation/formation-criteria.js';
import { smallClass } from './small-class.js';
for (let c = 5; c < 6; c++) {
  const kind = { n: 12, min: 4, max: 4, project: true };
  const input = smallClass(kind, 1000 * kind.n + 100 * kind.min + 0 + c);
  const r = solveCriteria(input, { seed: 1 });
  if (r.violations.length) console.log(c, r.lowestScore, r.violations.map((v) => v.detail));
}
import { criteriaScorer } from '../../src/modules/formation/formation-criteria.js';
{
  const input = smallClass({ n: 12, min: 4, max: 4, project: true }, 12000 + 400 + 5);
  const sc = criteriaScorer(input);
  console.log(input.teams.map((t) => t.size), sc.studentIds.length, sc.movable.length);
  const teamOf = new Int32Array(12).fill(-1);
  let valid = 0;
  const ids = [...Array(12).keys()];
  // all partitions into 3 groups of 4
  const combos = (arr: number[], k: number): number[][] => k === 0 ? [[]] : arr.flatMap((x, i) => combos(arr.slice(i + 1), k - 1).map((c) => [x, ...c]));
  for (const a of combos(ids.slice(1), 3).map((c) => [0, ...c])) {
    const rest = ids.filter((i) => !a.includes(i));
    for (const b0 of combos(rest.slice(1), 3).map((c) => [rest[0]!, ...c])) {
      const c = rest.filter((i) => !b0.includes(i));
      const teams = [a, b0, c];
      teams.forEach((m, t) => m.forEach((i) => (teamOf[i] = t)));
      const v = teams.reduce((s, m, t) => s + sc.teamViolations(m, t, teamOf), 0);
      if (v === 0) valid++;
    }
  }
  console.log('valid partitions', valid);
}
