// The bench's exact solver for small classes (issue 36, decision 151): branch and bound over
// valid teams, an exact cover. Every set of students of each size the class needs is scored with
// every project (criteriaScorer: the app's scoring); a team that breaks a hard rule is not a
// candidate. The search covers the student left with the fewest candidate teams with each team
// that holds it (best first), keeps the projects' capacities and the number of teams of each size, and
// prunes every candidate whose score is not above the best lowest found, so it proves the highest
// lowest team score over placements that keep every hard rule. It starts from an incumbent bound
// (Teamup's lowest): candidates at or under it are never built, and if no placement beats it the
// incumbent is the optimum. A node limit bounds the run; a class that hits it is not "proven".
import {
  criteriaScorer,
  type CriteriaInput,
} from '../../src/modules/formation/formation-criteria.js';

export interface ExactResult {
  /** The highest lowest team score (the incumbent when nothing beats it). */
  lowest: number;
  /** True when a placement better than the incumbent was found. */
  improved: boolean;
  nodes: number;
  /** False when the node limit stopped the search. */
  proven: boolean;
  candidates: number;
  /** The best placement found (team masks and projects), when it beats the incumbent. */
  teams: { mask: number; project: number; score: number }[];
}

interface Candidate {
  mask: number;
  size: number;
  project: number;
  score: number;
}

export function exactLowest(
  input: CriteriaInput,
  incumbent: number,
  options: { nodeLimit?: number } = {},
): ExactResult {
  const scorer = criteriaScorer(input);
  const n = scorer.studentIds.length;
  if (n > 30) throw new Error('exactLowest: at most 30 students');
  if (scorer.fixedOf.some((f) => f.length > 0)) throw new Error('exactLowest: no fixed members');
  const nodeLimit = options.nodeLimit ?? 20_000_000;
  const sizeCount = new Map<number, number>();
  for (const s of scorer.sizes) sizeCount.set(s, (sizeCount.get(s) ?? 0) + 1);
  const projects = scorer.projects;
  const capacity = scorer.projectCapacity;
  const teamOf = new Int32Array(n).fill(-1);
  const EPS = 1e-12;
  // Candidates by their lowest member.
  const byFirst: Candidate[][] = Array.from({ length: n }, () => []);
  let candidates = 0;
  const members: number[] = [];
  const visit = (start: number, size: number) => {
    if (members.length === size) {
      for (const i of members) teamOf[i] = 0;
      if (scorer.teamViolations(members, 0, teamOf) === 0) {
        let mask = 0;
        for (const i of members) mask |= 1 << i;
        for (let p = projects > 0 ? 0 : -1; p < Math.max(projects, 0); p++) {
          const score = scorer.teamScore(members, p, teamOf);
          if (score > incumbent + EPS) {
            byFirst[members[0]!]!.push({ mask, size, project: p, score });
            candidates++;
          }
        }
      }
      for (const i of members) teamOf[i] = -1;
      return;
    }
    for (let i = start; i <= n - (size - members.length); i++) {
      members.push(i);
      visit(i + 1, size);
      members.pop();
    }
  };
  for (const size of sizeCount.keys()) visit(0, size);
  for (const list of byFirst) list.sort((a, b) => b.score - a.score);
  // Every candidate under each of its members, for the branching choice.
  const byStudent: Candidate[][] = Array.from({ length: n }, () => []);
  for (const list of byFirst)
    for (const c of list) for (let i = 0; i < n; i++) if (c.mask & (1 << i)) byStudent[i]!.push(c);
  for (const list of byStudent) list.sort((a, b) => b.score - a.score);

  let best = incumbent;
  let improved = false;
  let nodes = 0;
  let stopped = false;
  const left = new Map(sizeCount);
  const used = new Int32Array(Math.max(projects, 1));
  const full = n === 32 ? -1 : (1 << n) - 1;
  const chosen: Candidate[] = [];
  let bestTeams: Candidate[] = [];
  const dfs = (covered: number, low: number) => {
    if (stopped) return;
    if (covered === full) {
      if (low > best + EPS) {
        best = low;
        improved = true;
        bestTeams = [...chosen];
      }
      return;
    }
    if (++nodes > nodeLimit) {
      stopped = true;
      return;
    }
    // Branch on the student left with the fewest candidate teams (none: prune).
    const fits = (c: Candidate) =>
      (c.mask & covered) === 0 &&
      (left.get(c.size) ?? 0) > 0 &&
      !(c.project >= 0 && used[c.project]! >= capacity[c.project]!);
    let first = -1;
    let fewest = Infinity;
    for (let i = 0; i < n; i++) {
      if (covered & (1 << i)) continue;
      let count = 0;
      for (const c of byStudent[i]!) {
        if (c.score <= best + EPS) break;
        if (fits(c) && ++count >= fewest) break;
      }
      if (count < fewest) {
        fewest = count;
        first = i;
        if (count === 0) return;
      }
    }
    for (const c of byStudent[first]!) {
      if (c.score <= best + EPS) break; // sorted: no later one can raise the lowest above best
      if (!fits(c)) continue;
      const k = left.get(c.size)!;
      left.set(c.size, k - 1);
      if (c.project >= 0) used[c.project]!++;
      chosen.push(c);
      dfs(covered | c.mask, Math.min(low, c.score));
      chosen.pop();
      if (c.project >= 0) used[c.project]!--;
      left.set(c.size, k);
      if (stopped) return;
    }
  };
  dfs(0, Infinity);
  return {
    lowest: best,
    improved,
    nodes,
    proven: !stopped,
    candidates,
    teams: bestTeams.map(({ mask, project, score }) => ({ mask, project, score })),
  };
}
