// The anchor for the criteria benchmark (issue 27, decision 135): CATME Team-Maker's published
// approach (Layton, Loughry, Ohland & Ricco 2010, "Design and validation of a web-based system for
// assigning members to teams using instructor-specified criteria"), on Teamup's own scoring.
// - Many random restarts. Each deals the movable students at random into the open seats (sizes
//   respected, fixed members kept), then improves by pairwise swaps: every student in turn is
//   tried against every student of another team, and a swap is made when it raises the lower of
//   the two teams' scores (or keeps it and raises their sum), pass after pass until a pass makes
//   no swap (or `maxPasses`, default 50). The best restart by (lowest, mean) is kept.
// - Team-Maker has no hard constraints: a violated "would rather not" pair or an isolated member
//   of a protected group costs PENALTY (1, a whole team score) inside the team's score, so the
//   search avoids them when it can; the bench scores the result without the penalty
//   (evaluateAssignment) and counts the violations left.
// - Projects: chosen jointly for the deal, and again after each pass (as evaluateAssignment),
//   kept when the lowest (then the sum) is better.
import {
  criteriaScorer,
  evaluateAssignment,
  type CriteriaInput,
  type CriteriaResult,
} from '../../src/modules/formation/formation-criteria.js';
import { prng } from '../../src/modules/formation/formation-algorithm.js';

export const PENALTY = 1;
/** A restart stops after this many passes even if the last one still swapped. */
export const MAX_PASSES = 50;

/** (lowest, sum) of x better than of y. */
function better(x: Float64Array, y: Float64Array): boolean {
  let lx = Infinity;
  let ly = Infinity;
  let sx = 0;
  let sy = 0;
  for (let t = 0; t < x.length; t++) {
    lx = Math.min(lx, x[t]!);
    ly = Math.min(ly, y[t]!);
    sx += x[t]!;
    sy += y[t]!;
  }
  return lx > ly + EPS || (lx >= ly - EPS && sx > sy + EPS);
}
const EPS = 1e-12;

export interface BaselineResult extends Pick<
  CriteriaResult,
  'teams' | 'lowestScore' | 'meanScore' | 'violations'
> {
  assignment: Map<string, string>;
  restarts: number;
  passes: number;
}

export function teamMakerBaseline(
  input: CriteriaInput,
  options: { seed: number; restarts: number; maxPasses?: number },
): BaselineResult {
  const scorer = criteriaScorer(input);
  const random = prng(options.seed);
  const n = scorer.studentIds.length;
  const T = scorer.teamCount;
  const maxPasses = options.maxPasses ?? MAX_PASSES;
  let best: { teamOf: Int32Array; lowest: number; mean: number } | null = null;
  let passesTotal = 0;

  for (let r = 0; r < options.restarts; r++) {
    // A random deal into the open seats.
    const movable = [...scorer.movable];
    for (let i = movable.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [movable[i], movable[j]] = [movable[j]!, movable[i]!];
    }
    const teamOf = new Int32Array(n).fill(-1);
    const pos = new Int32Array(n);
    const members: number[][] = scorer.fixedOf.map((f) => [...f]);
    members.forEach((m, t) => m.forEach((i, k) => ((teamOf[i] = t), (pos[i] = k))));
    let next = 0;
    for (let t = 0; t < T; t++)
      while (members[t]!.length < scorer.sizes[t]!) {
        const i = movable[next++]!;
        teamOf[i] = t;
        pos[i] = members[t]!.length;
        members[t]!.push(i);
      }
    let projects = scorer.chooseProjects(members);
    const score = new Float64Array(T);
    const penalized = (t: number) =>
      scorer.teamScore(members[t]!, projects[t]!, teamOf) -
      PENALTY * scorer.teamViolations(members[t]!, t, teamOf);
    const rescore = () => {
      for (let t = 0; t < T; t++) score[t] = penalized(t);
    };
    const swap = (a: number, b: number) => {
      const ta = teamOf[a]!;
      const tb = teamOf[b]!;
      members[ta]![pos[a]!] = b;
      members[tb]![pos[b]!] = a;
      teamOf[a] = tb;
      teamOf[b] = ta;
      const p = pos[a]!;
      pos[a] = pos[b]!;
      pos[b] = p;
    };
    rescore();
    for (let pass = 0; pass < maxPasses; pass++) {
      passesTotal++;
      let swaps = 0;
      for (const a of scorer.movable)
        for (const b of scorer.movable) {
          const ta = teamOf[a]!;
          const tb = teamOf[b]!;
          if (ta === tb) continue;
          const sa = score[ta]!;
          const sb = score[tb]!;
          swap(a, b);
          const na = penalized(ta); // a's old team, now holding b
          const nb = penalized(tb);
          const lo = Math.min(na, nb);
          const lo0 = Math.min(sa, sb);
          if (lo > lo0 + EPS || (lo >= lo0 && na + nb > sa + sb + EPS)) {
            score[ta] = na;
            score[tb] = nb;
            swaps++;
          } else swap(a, b);
        }
      // Projects again for the new teams, kept when the lowest (then the sum) is better.
      const previous = { projects, score: Float64Array.from(score) };
      projects = scorer.chooseProjects(members);
      rescore();
      if (!better(score, previous.score)) {
        projects = previous.projects;
        score.set(previous.score);
      }
      if (swaps === 0) break;
    }
    let lowest = Infinity;
    let sum = 0;
    let count = 0;
    for (let t = 0; t < T; t++) {
      if (scorer.sizes[t] === 0) continue;
      lowest = Math.min(lowest, score[t]!);
      sum += score[t]!;
      count++;
    }
    const mean = count ? sum / count : 0;
    if (
      !best ||
      lowest > best.lowest + EPS ||
      (lowest >= best.lowest - EPS && mean > best.mean + EPS)
    )
      best = { teamOf: Int32Array.from(teamOf), lowest, mean };
  }

  const assignment = new Map<string, string>();
  for (const i of scorer.movable)
    assignment.set(scorer.studentIds[i]!, input.teams[best!.teamOf[i]!]!.key);
  return {
    ...evaluateAssignment(input, assignment),
    assignment,
    restarts: options.restarts,
    passes: passesTotal,
  };
}
