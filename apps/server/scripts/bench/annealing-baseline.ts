// The bench's independent heuristic (issue 36, decision 151): a simulated annealing on the same
// objective as Teamup (violations, then the lowest team score, then the mean), given wall-clock
// seconds (45 in the report; BENCH_SA_SECONDS shortens local tries). It shares nothing with
// Teamup's search but the scoring (criteriaScorer).
// - Start: a random deal into the seats, projects chosen jointly (as evaluateAssignment).
// - Move: swap two movable students of different teams (or, 1 move in 20 with a project
//   question, give a team a free project or exchange two teams' projects); both teams re-scored
//   in full.
// - Energy: 1,000 × hard rules broken − lowest − 0.01 × the sum of the team scores (so a team's
//   gain counts alike in every class size), computed exactly after each move
//   (the lowest over all teams), Metropolis acceptance; the temperature falls geometrically with
//   the elapsed time from 0.02 to 0.0002, then the run reheats (restarts from its best) while
//   time is left. The best placement met is the answer, scored with its own projects.
import {
  criteriaScorer,
  type CriteriaInput,
} from '../../src/modules/formation/formation-criteria.js';
import { prng } from '../../src/modules/formation/formation-algorithm.js';

export interface AnnealResult {
  lowestScore: number;
  meanScore: number;
  violations: number;
  moves: number;
  cycles: number;
}

export function annealingBaseline(
  input: CriteriaInput,
  options: { seed: number; seconds: number },
): AnnealResult {
  const scorer = criteriaScorer(input);
  const random = prng(options.seed);
  const n = scorer.studentIds.length;
  const T = scorer.teamCount;
  const movable = [...scorer.movable];
  const teamOf = new Int32Array(n).fill(-1);
  const pos = new Int32Array(n);
  const members: number[][] = scorer.fixedOf.map((f) => [...f]);
  members.forEach((m, t) => m.forEach((i, k) => ((teamOf[i] = t), (pos[i] = k))));
  const deal = [...movable];
  for (let i = deal.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deal[i], deal[j]] = [deal[j]!, deal[i]!];
  }
  let next = 0;
  for (let t = 0; t < T; t++)
    while (members[t]!.length < scorer.sizes[t]!) {
      const i = deal[next++]!;
      teamOf[i] = t;
      pos[i] = members[t]!.length;
      members[t]!.push(i);
    }
  const project = scorer.chooseProjects(members);
  const P = scorer.projects;
  const used = new Int32Array(Math.max(P, 1));
  if (P > 0) for (let t = 0; t < T; t++) if (project[t]! >= 0) used[project[t]!]!++;
  const score = new Float64Array(T);
  const viol = new Int32Array(T);
  const scored: number[] = [];
  for (let t = 0; t < T; t++) if (scorer.sizes[t]! > 0) scored.push(t);
  for (let t = 0; t < T; t++) {
    score[t] = scorer.teamScore(members[t]!, project[t]!, teamOf);
    viol[t] = scorer.teamViolations(members[t]!, t, teamOf);
  }
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
  let sum = 0;
  let violations = 0;
  for (const t of scored) sum += score[t]!;
  for (let t = 0; t < T; t++) violations += viol[t]!;
  const lowestNow = () => {
    let lo = Infinity;
    for (const t of scored) if (score[t]! < lo) lo = score[t]!;
    return lo;
  };
  const energy = (v: number, lo: number, s: number) => 1000 * v - lo - 0.01 * s;
  let current = energy(violations, lowestNow(), sum);
  const best = {
    violations,
    lowest: lowestNow(),
    mean: sum / scored.length,
    teamOf: Int32Array.from(teamOf),
    project: Int32Array.from(project),
  };
  const isBetter = (v: number, lo: number, mean: number) =>
    v < best.violations ||
    (v === best.violations &&
      (lo > best.lowest + 1e-12 || (lo >= best.lowest - 1e-12 && mean > best.mean + 1e-12)));
  const T0 = 0.02;
  const T1 = 0.0002;
  const cycleMs = Math.max(1000, (options.seconds * 1000) / 3);
  const started = Date.now();
  const end = started + options.seconds * 1000;
  let moves = 0;
  let cycles = 1;
  let cycleStart = started;
  let temp = T0;
  const nm = movable.length;
  if (nm < 2 || T < 2)
    return { lowestScore: best.lowest, meanScore: best.mean, violations, moves, cycles };
  for (;;) {
    if ((moves & 255) === 0) {
      const now = Date.now();
      if (now >= end) break;
      let f = (now - cycleStart) / cycleMs;
      if (f >= 1) {
        // Reheat from the best placement met.
        cycles++;
        cycleStart = now;
        f = 0;
        for (let t = 0; t < T; t++) members[t]!.length = 0;
        for (let i = 0; i < n; i++) {
          const t = best.teamOf[i]!;
          teamOf[i] = t;
          pos[i] = members[t]!.length;
          members[t]!.push(i);
        }
        project.set(best.project);
        used.fill(0);
        if (P > 0) for (let t = 0; t < T; t++) if (project[t]! >= 0) used[project[t]!]!++;
        sum = 0;
        violations = 0;
        for (let t = 0; t < T; t++) {
          score[t] = scorer.teamScore(members[t]!, project[t]!, teamOf);
          viol[t] = scorer.teamViolations(members[t]!, t, teamOf);
          violations += viol[t]!;
        }
        for (const t of scored) sum += score[t]!;
        current = energy(violations, lowestNow(), sum);
      }
      temp = T0 * Math.pow(T1 / T0, f);
    }
    moves++;
    if (P > 0 && random() < 0.05) {
      const x = scored[Math.floor(random() * scored.length)]!;
      const p = Math.floor(random() * P);
      const px = project[x]!;
      if (p === px) continue;
      let y = -1;
      if (used[p]! >= scorer.projectCapacity[p]!) {
        const holders = scored.filter((t) => t !== x && project[t] === p);
        if (holders.length === 0) continue;
        y = holders[Math.floor(random() * holders.length)]!;
      }
      const oldX = score[x]!;
      const oldY = y >= 0 ? score[y]! : 0;
      const nx = scorer.teamScore(members[x]!, p, teamOf);
      const ny = y >= 0 ? scorer.teamScore(members[y]!, px, teamOf) : 0;
      score[x] = nx;
      if (y >= 0) score[y] = ny;
      const s2 = sum + nx - oldX + (y >= 0 ? ny - oldY : 0);
      const lo = lowestNow();
      const e = energy(violations, lo, s2);
      if (e <= current || random() < Math.exp((current - e) / temp)) {
        current = e;
        sum = s2;
        if (y >= 0) {
          project[y] = px;
          project[x] = p;
        } else {
          if (px >= 0) used[px]!--;
          used[p]!++;
          project[x] = p;
        }
        if (isBetter(violations, lo, sum / scored.length)) {
          Object.assign(best, { violations, lowest: lo, mean: sum / scored.length });
          best.teamOf.set(teamOf);
          best.project.set(project);
        }
      } else {
        score[x] = oldX;
        if (y >= 0) score[y] = oldY;
      }
      continue;
    }
    const a = movable[Math.floor(random() * nm)]!;
    const b = movable[Math.floor(random() * nm)]!;
    const ta = teamOf[a]!;
    const tb = teamOf[b]!;
    if (ta === tb) continue;
    const sa = score[ta]!;
    const sb = score[tb]!;
    const va = viol[ta]!;
    const vb = viol[tb]!;
    swap(a, b);
    const na = scorer.teamScore(members[ta]!, project[ta]!, teamOf);
    const nb = scorer.teamScore(members[tb]!, project[tb]!, teamOf);
    const nva = scorer.teamViolations(members[ta]!, ta, teamOf);
    const nvb = scorer.teamViolations(members[tb]!, tb, teamOf);
    score[ta] = na;
    score[tb] = nb;
    const v2 = violations + nva + nvb - va - vb;
    const s2 = sum + na + nb - sa - sb;
    const lo = lowestNow();
    const e = energy(v2, lo, s2);
    if (e <= current || random() < Math.exp((current - e) / temp)) {
      current = e;
      sum = s2;
      violations = v2;
      viol[ta] = nva;
      viol[tb] = nvb;
      if (isBetter(violations, lo, sum / scored.length)) {
        Object.assign(best, { violations, lowest: lo, mean: sum / scored.length });
        best.teamOf.set(teamOf);
        best.project.set(project);
      }
    } else {
      swap(a, b);
      score[ta] = sa;
      score[tb] = sb;
    }
  }
  return {
    lowestScore: best.lowest,
    meanScore: best.mean,
    violations: best.violations,
    moves,
    cycles,
  };
}
