// Auto-placement, lock-then-fill (issue 15, decision 116). PURE: the same input, options and seed
// give the same proposal; no database, no clock, no Math.random (a seeded PRNG breaks ties).
// Existing teams keep their members; teams under the minimum are topped up first, teamless
// students then fill open seats, the rest form new teams; the number of teams left under the
// minimum is the least the numbers allow. Cost: O(students × teams) plus a small DP over the
// teams under the minimum (see chooseTopUps).

export interface AlgoStudent {
  userId: string;
  fullname: string;
  email: string;
  skills: string[];
  /** Issue 36: the student's course section (null or absent: none). */
  section?: string | null;
}

export interface AlgoTeam {
  id: string;
  name: string;
  maxSize: number;
  openToRequests: boolean;
  wantedSkills: string[];
  members: AlgoStudent[];
  /** The team's leader (criteria placement never moves them; issue 27). */
  leaderId?: string | null;
}

/** The algorithm's whole input; formation-input.ts reads it (sorted by id) and digests it. */
export interface FormationInput {
  courseId: string;
  /** Prefixes new teams' names, so two courses' "Team 1" are told apart in lists and exports. */
  courseCode: string;
  teamSizeMin: number;
  teamSizeMax: number;
  teams: AlgoTeam[];
  /** Active teamless students of the course. */
  students: AlgoStudent[];
  /** Pending (or waitlisted) join requests of those students to those teams. */
  requests: { userId: string; teamId: string }[];
  /** Pending invitations of those students by those teams. */
  invitations: { userId: string; teamId: string }[];
}

export interface AlgoOptions {
  seed: number;
  leaveClosedTeamsAlone: boolean;
  excludeUserIds: string[];
  mergeUnderMinimum: boolean;
  /**
   * Issue 36: new teams of set sizes first ("2 teams of 6"), the rest at the course's sizes.
   * Sizes are checked by the caller (the course minimum to 50).
   */
  sizePlan?: { size: number; count: number }[];
  /** Issue 36: what new teams' names start with (default: the course code, then "Team"). */
  newTeamPrefix?: string;
  /** Issue 36: names new teams must not take besides the input's teams' (other sections'). */
  takenNames?: string[];
}

/** The teams of a size plan that the pool can fill, largest first, and the ones it cannot. */
export function plannedSizes(
  plan: { size: number; count: number }[] | undefined,
  students: number,
): { sizes: number[]; dropped: number } {
  const wanted = (plan ?? [])
    .flatMap((row) => Array.from({ length: row.count }, () => row.size))
    .sort((a, b) => b - a);
  const sizes: number[] = [];
  let left = students;
  let dropped = 0;
  for (const size of wanted) {
    if (size <= left) {
      sizes.push(size);
      left -= size;
    } else dropped++;
  }
  return { sizes, dropped };
}

export interface AlgoPlacement {
  userId: string;
  student: AlgoStudent;
  teamKey: string;
  fromTeamId: string | null;
  explanation: string;
}

export interface AlgoProposedTeam {
  key: string;
  teamId: string | null;
  name: string;
  members: AlgoStudent[];
  maxSize: number;
  openToRequests: boolean;
  wantedSkills: string[];
  locked: boolean;
}

export interface AlgoProposal {
  teams: AlgoProposedTeam[];
  placements: AlgoPlacement[];
  unplaced: { student: AlgoStudent; reason: string }[];
  summary: {
    placed: number;
    newTeams: number;
    underMinimum: number;
    underMinimumReason: string | null;
    /** Issue 36: other sentences for the instructor (a size plan cut short, a small section). */
    notes?: string[];
  };
}

/** mulberry32: a small, fast PRNG, good enough to break ties reproducibly. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const keyOf = (skill: string) => skill.trim().toLowerCase();

/** Some k with k·min ≤ n ≤ k·max (n = 0 needs no team). */
export function splitsEvenly(n: number, min: number, max: number): boolean {
  if (n === 0) return true;
  return Math.ceil(n / max) * min <= n;
}

/** Sizes of new teams for n students: fewest teams, sizes within one of each other. */
export function newTeamSizes(n: number, min: number, max: number): number[] {
  if (n === 0) return [];
  const k = Math.ceil(n / max);
  if (k * min <= n) {
    const base = Math.floor(n / k);
    const extra = n % k;
    return Array.from({ length: k }, (_, i) => base + (i < extra ? 1 : 0));
  }
  // No split reaches the minimum: full teams and one short team (one under the minimum).
  const full = Math.floor(n / max);
  const sizes = Array.from({ length: full }, () => max);
  if (n % max > 0) sizes.push(n % max);
  return sizes;
}

/** A team under the minimum that could reach it: what it costs and what it can take. */
interface Deficient {
  index: number;
  deficit: number;
  /** Seats above the minimum once topped up. */
  aboveMin: number;
}

/**
 * Which teams under the minimum to top up, and how many students go to new teams, so that the
 * fewest teams stay under the minimum. Fixing more teams always wins (each is one team fewer,
 * the new-team remainder costs at most one), so the number fixed is the most the students can
 * pay for (smallest deficits first); among sets of that size, a DP over (teams, students spent)
 * keeps the most room above the minimum, which decides whether the rest can avoid a short new
 * team. Without the budget (huge inputs) the greedy set stands.
 */
function chooseTopUps(
  deficient: Deficient[],
  students: number,
  otherRoom: number,
  min: number,
  max: number,
): { fixed: Set<number>; toNewTeams: number; shortNewTeam: boolean } {
  const sorted = [...deficient].sort(
    (a, b) => a.deficit - b.deficit || b.aboveMin - a.aboveMin || a.index - b.index,
  );
  let most = 0;
  let spent = 0;
  for (const d of sorted) {
    if (spent + d.deficit > students) break;
    spent += d.deficit;
    most++;
  }
  // otherRoom: seats in teams at or above the minimum, and in teams that cannot reach it.
  // Every deficient team also takes (deficit - 1) without being fixed.
  const unfixedRoom = deficient.reduce((sum, d) => sum + d.deficit - 1, 0);
  const evaluate = (fixed: Deficient[]) => {
    const cost = fixed.reduce((s, d) => s + d.deficit, 0);
    const gain = fixed.reduce((s, d) => s + d.aboveMin + 1, 0);
    const upper = students - cost;
    const lower = Math.max(0, students - otherRoom - unfixedRoom - gain);
    for (let n = lower; n <= upper; n++) {
      if (splitsEvenly(n, min, max)) return { toNewTeams: n, short: false };
    }
    return { toNewTeams: lower, short: true };
  };
  const greedy = sorted.slice(0, most);
  const first = evaluate(greedy);
  const result = (set: Deficient[], e: { toNewTeams: number; short: boolean }) => ({
    fixed: new Set(set.map((d) => d.index)),
    toNewTeams: e.toNewTeams,
    shortNewTeam: e.short,
  });
  if (!first.short || most === 0) return result(greedy, first);

  // DP: best[k][c] = most room (aboveMin + 1 summed) over k fixed teams costing exactly c.
  const budget = deficient.length * most * (students + 1);
  if (budget > 4_000_000) return result(greedy, first);
  const NONE = -1;
  const width = students + 1;
  const best = new Int32Array((most + 1) * width).fill(NONE);
  const from: Int32Array[] = [];
  best[0] = 0;
  for (let i = 0; i < sorted.length; i++) {
    const d = sorted[i]!;
    const took = new Int32Array((most + 1) * width).fill(NONE);
    for (let k = Math.min(most, i + 1); k >= 1; k--) {
      for (let c = students; c >= d.deficit; c--) {
        const prev = best[(k - 1) * width + c - d.deficit]!;
        if (prev === NONE) continue;
        const value = prev + d.aboveMin + 1;
        if (value > best[k * width + c]!) {
          best[k * width + c] = value;
          took[k * width + c] = 1;
        }
      }
    }
    from.push(took);
  }
  for (let c = 0; c <= students; c++) {
    const room = best[most * width + c]!;
    if (room === NONE) continue;
    const upper = students - c;
    const lower = Math.max(0, students - otherRoom - unfixedRoom - room);
    let n = -1;
    for (let m = lower; m <= upper; m++) {
      if (splitsEvenly(m, min, max)) {
        n = m;
        break;
      }
    }
    if (n < 0) continue;
    // Walk the choices back: the last item that improved (k, c) is in the set.
    const set: Deficient[] = [];
    let k = most;
    let cost = c;
    for (let i = sorted.length - 1; i >= 0 && k > 0; i--) {
      if (from[i]![k * width + cost] === 1) {
        set.push(sorted[i]!);
        cost -= sorted[i]!.deficit;
        k--;
      }
    }
    if (k === 0) return result(set, { toNewTeams: n, short: false });
  }
  return result(greedy, first);
}

interface Slot {
  team: number;
  /** Seats that bring the team to the minimum. */
  topUp: number;
  /** Seats beyond that the team may still take. */
  extra: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function proposeFormation(input: FormationInput, options: AlgoOptions): AlgoProposal {
  const random = prng(options.seed);
  const min = input.teamSizeMin;
  const max = input.teamSizeMax;
  const excluded = new Set(options.excludeUserIds);
  const teams = [...input.teams].sort((a, b) => byString(a.id, b.id));
  const students = [...input.students].sort((a, b) => byString(a.userId, b.userId));
  const unplaced = students
    .filter((s) => excluded.has(s.userId))
    .map((student) => ({ student, reason: 'Excluded by the admin' }));
  const pool = shuffled(
    students.filter((s) => !excluded.has(s.userId)),
    random,
  );
  const locked = teams.map((t) => options.leaveClosedTeamsAlone && !t.openToRequests);
  const size = teams.map((t) => t.members.length);

  // What each open team can take, and which ones the students can bring to the minimum.
  const deficient: Deficient[] = [];
  let otherRoom = 0;
  teams.forEach((t, i) => {
    if (locked[i]) return;
    const room = Math.max(0, t.maxSize - size[i]!);
    if (size[i]! < min && t.maxSize >= min) {
      deficient.push({ index: i, deficit: min - size[i]!, aboveMin: t.maxSize - min });
    } else {
      otherRoom += room;
    }
  });
  // Issue 36: the size plan's teams are new teams the pool fills first; the shape of the rest
  // (top-ups, open seats, new teams at the course's sizes) is decided on what is left.
  const planned = plannedSizes(options.sizePlan, pool.length);
  const reserved = planned.sizes.reduce((s, n) => s + n, 0);
  const shaped = pool.length - reserved;
  const plan = chooseTopUps(deficient, shaped, otherRoom, min, max);
  const slots: Slot[] = teams.map((t, i) => {
    if (locked[i]) return { team: i, topUp: 0, extra: 0 };
    const room = Math.max(0, t.maxSize - size[i]!);
    if (plan.fixed.has(i))
      return { team: i, topUp: min - size[i]!, extra: room - (min - size[i]!) };
    if (size[i]! < min && t.maxSize >= min) return { team: i, topUp: 0, extra: min - size[i]! - 1 };
    return { team: i, topUp: 0, extra: room };
  });
  /** Students that go to existing teams beyond the top-ups. */
  let extraBudget = shaped - plan.toNewTeams - slots.reduce((s, x) => s + x.topUp, 0);

  const placements: AlgoPlacement[] = [];
  const placedIn = new Map<string, number>(); // userId -> team index (-1-k for new team k)
  const taken = new Set<string>();
  const teamIndex = new Map(teams.map((t, i) => [t.id, i]));
  const skillSets = new Map(pool.map((s) => [s.userId, new Set(s.skills.map(keyOf))]));
  const wanted = teams.map((t) => new Set(t.wantedSkills.map(keyOf)));

  const take = (slot: Slot): 'topUp' | 'extra' | null => {
    if (slot.topUp > 0) {
      slot.topUp--;
      return 'topUp';
    }
    if (slot.extra > 0 && extraBudget > 0) {
      slot.extra--;
      extraBudget--;
      return 'extra';
    }
    return null;
  };
  const place = (student: AlgoStudent, i: number, explanation: string) => {
    taken.add(student.userId);
    placedIn.set(student.userId, i);
    size[i]! += 1;
    placements.push({
      userId: student.userId,
      student,
      teamKey: teams[i]!.id,
      fromTeamId: null,
      explanation,
    });
  };
  const brings = (student: AlgoStudent, i: number): string[] => {
    const seen = new Set<string>();
    return student.skills.filter((s) => {
      const k = keyOf(s);
      if (!wanted[i]!.has(k) || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  };
  const listed = (items: string[]) =>
    items.length <= 1
      ? (items[0] ?? '')
      : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

  // 1. Mutual choices (a request and an invitation), then one of the two.
  const asked = new Map<string, Set<string>>();
  const invited = new Map<string, Set<string>>();
  for (const r of input.requests) {
    (asked.get(r.userId) ?? asked.set(r.userId, new Set()).get(r.userId)!).add(r.teamId);
  }
  for (const v of input.invitations) {
    (invited.get(v.userId) ?? invited.set(v.userId, new Set()).get(v.userId)!).add(v.teamId);
  }
  const choicePass = (mutual: boolean) => {
    for (const student of pool) {
      if (taken.has(student.userId)) continue;
      const a = asked.get(student.userId) ?? new Set<string>();
      const v = invited.get(student.userId) ?? new Set<string>();
      const candidates = mutual
        ? [...a].filter((t) => v.has(t))
        : [...new Set([...a, ...v])].filter((t) => !(a.has(t) && v.has(t)));
      // Teams that still need members first, then by id (deterministic).
      const ordered = candidates
        .map((id) => teamIndex.get(id))
        .filter((i): i is number => i !== undefined && !locked[i])
        .sort((x, y) => slots[y]!.topUp - slots[x]!.topUp || byString(teams[x]!.id, teams[y]!.id));
      for (const i of ordered) {
        if (!take(slots[i]!)) continue;
        const name = teams[i]!.name;
        const why = mutual
          ? `Asked to join ${name} and was invited by it`
          : a.has(teams[i]!.id)
            ? `Asked to join ${name}`
            : `Was invited by ${name}`;
        place(student, i, why);
        break;
      }
    }
  };
  choicePass(true);
  choicePass(false);

  // 2. Top-ups, then open seats: each seat takes the free student who brings most of what the
  // team wants (ties: the seeded order).
  let cursor = 0;
  const bestFor = (i: number): AlgoStudent | null => {
    while (cursor < pool.length && taken.has(pool[cursor]!.userId)) cursor++;
    if (wanted[i]!.size === 0) return pool[cursor] ?? null;
    let best: AlgoStudent | null = null;
    let bestScore = -1;
    for (let p = cursor; p < pool.length; p++) {
      const s = pool[p]!;
      if (taken.has(s.userId)) continue;
      let score = 0;
      for (const k of skillSets.get(s.userId)!) if (wanted[i]!.has(k)) score++;
      if (score > bestScore) {
        best = s;
        bestScore = score;
        if (score === wanted[i]!.size) break;
      }
    }
    return best;
  };
  const fill = (kind: 'topUp' | 'extra') => {
    let progress = true;
    // Round robin over teams, one seat each turn, so open seats spread evenly.
    while (progress) {
      progress = false;
      for (const slot of slots) {
        const available = kind === 'topUp' ? slot.topUp > 0 : slot.extra > 0 && extraBudget > 0;
        if (!available) continue;
        const student = bestFor(slot.team);
        if (!student) return;
        take(slot);
        const name = teams[slot.team]!.name;
        const skills = brings(student, slot.team);
        const why =
          kind === 'topUp'
            ? `Tops up ${name} to the minimum of ${min}${skills.length ? `; brings ${listed(skills)}, which it wants` : ''}`
            : skills.length
              ? `Brings ${listed(skills)}, which ${name} wants`
              : `Fills an open seat in ${name}`;
        place(student, slot.team, why);
        progress = true;
      }
    }
  };
  fill('topUp');
  fill('extra');

  // 3. New teams for the rest, spreading skills: students with most skills first, each to the
  // new team that has fewest of their skills yet (then the emptiest).
  const rest = pool.filter((s) => !taken.has(s.userId));
  const sizes = [...planned.sizes, ...newTeamSizes(rest.length - reserved, min, max)];
  const usedNames = new Set(
    [...teams.map((t) => t.name), ...(options.takenNames ?? [])].map((n) => n.toLowerCase()),
  );
  let counter = 0;
  const prefix = options.newTeamPrefix ?? `${input.courseCode} Team`;
  const nextName = () => `${prefix} ${++counter}`;
  const newTeams = sizes.map((capacity, k) => {
    let name = nextName();
    while (usedNames.has(name.toLowerCase())) name = nextName();
    usedNames.add(name.toLowerCase());
    return {
      key: `new-${k + 1}`,
      name,
      capacity,
      members: [] as AlgoStudent[],
      skills: new Map<string, number>(),
    };
  });
  const order = rest
    .map((s, p) => ({ s, p, n: skillSets.get(s.userId)!.size }))
    .sort((a, b) => b.n - a.n || a.p - b.p);
  for (const { s } of order) {
    let best = -1;
    let bestClash = Infinity;
    for (let k = 0; k < newTeams.length; k++) {
      const t = newTeams[k]!;
      if (t.members.length >= t.capacity) continue;
      let clash = 0;
      for (const key of skillSets.get(s.userId)!) clash += t.skills.get(key) ?? 0;
      const better =
        clash < bestClash ||
        (clash === bestClash && t.members.length < newTeams[best]!.members.length);
      if (best < 0 || better) {
        best = k;
        bestClash = clash;
      }
    }
    const t = newTeams[best]!;
    t.members.push(s);
    for (const key of skillSets.get(s.userId)!) t.skills.set(key, (t.skills.get(key) ?? 0) + 1);
    taken.add(s.userId);
    placements.push({
      userId: s.userId,
      student: s,
      teamKey: t.key,
      fromTeamId: null,
      explanation:
        newTeams.length > 1 && s.skills.length > 0
          ? `New team: spreads skills evenly`
          : `New team: no open seat was left in an existing team`,
    });
  }

  // 4. Merges (optional): a team still under the minimum moves, whole, into another open team
  // that has room for it, smallest first; the emptied team is disbanded on apply.
  const mergedInto = new Map<number, number>();
  const targets = new Set<number>();
  if (options.mergeUnderMinimum) {
    const short = teams
      .map((_, i) => i)
      .filter((i) => !locked[i] && size[i]! < min)
      .sort((x, y) => size[x]! - size[y]! || byString(teams[x]!.id, teams[y]!.id));
    for (const a of short) {
      if (mergedInto.has(a) || targets.has(a) || size[a]! >= min || size[a] === 0) continue;
      // Prefer a target that is short too (two fewer), then one the move brings to the minimum.
      let target = -1;
      let rank = Infinity;
      teams.forEach((t, b) => {
        if (b === a || locked[b] || mergedInto.has(b) || size[b]! + size[a]! > t.maxSize) return;
        const r = size[b]! < min ? (size[b]! + size[a]! >= min ? 0 : 1) : 2;
        if (r < rank) {
          rank = r;
          target = b;
        }
      });
      if (target < 0) continue;
      mergedInto.set(a, target);
      targets.add(target);
      const from = teams[a]!;
      const to = teams[target]!;
      for (const m of from.members) {
        placements.push({
          userId: m.userId,
          student: m,
          teamKey: to.id,
          fromTeamId: from.id,
          explanation: `Moves from ${from.name}, which was under the minimum of ${min}, to merge with ${to.name}`,
        });
      }
      for (const p of placements) {
        if (p.teamKey === from.id && p.fromTeamId === null) {
          p.teamKey = to.id;
          p.explanation = `Joins ${to.name}, which ${from.name} merges into`;
        }
      }
      size[target]! += size[a]!;
      size[a] = 0;
    }
  }

  // Summary, and why some teams stay under the minimum.
  const reasons: string[] = [];
  let underMinimum = 0;
  const lockedShort = teams.filter((t, i) => locked[i] && size[i]! < min).length;
  if (lockedShort) {
    underMinimum += lockedShort;
    reasons.push(
      `${plural(lockedShort, 'team')} closed to requests, left alone, under the minimum of ${min}`,
    );
  }
  const capped = teams.filter(
    (t, i) => !locked[i] && size[i]! > 0 && size[i]! < min && t.maxSize < min,
  );
  if (capped.length) {
    underMinimum += capped.length;
    reasons.push(
      `${listed(capped.map((t) => t.name))} ${capped.length === 1 ? 'allows' : 'allow'} fewer members than the minimum of ${min}`,
    );
  }
  const unfixed = teams.filter(
    (t, i) => !locked[i] && size[i]! > 0 && size[i]! < min && t.maxSize >= min,
  ).length;
  if (unfixed) {
    underMinimum += unfixed;
    reasons.push(
      `${plural(pool.length, 'teamless student')} cannot bring all ${plural(deficient.length, 'team')} under the minimum up to ${min}`,
    );
  }
  const shortNew = newTeams.filter((t) => t.members.length < min).length;
  if (shortNew) {
    underMinimum += shortNew;
    reasons.push(
      `${plural(rest.length, 'student')} cannot all be in teams of ${min}–${max} (the open seats are taken)`,
    );
  }

  const proposedTeams: AlgoProposedTeam[] = [
    ...teams.map((t, i) => ({
      key: t.id,
      teamId: t.id,
      name: t.name,
      members: t.members,
      maxSize: t.maxSize,
      openToRequests: t.openToRequests,
      wantedSkills: t.wantedSkills,
      locked: locked[i]!,
    })),
    ...newTeams.map((t) => ({
      key: t.key,
      teamId: null,
      name: t.name,
      members: [],
      // A size plan's team may be larger than the course's teams (issue 36).
      maxSize: Math.max(max, t.capacity),
      openToRequests: true,
      wantedSkills: [],
      locked: false,
    })),
  ];
  const notes: string[] = [];
  if (planned.dropped) {
    notes.push(
      `${plural(planned.dropped, 'team')} of the size plan could not be formed: only ${plural(pool.length, 'student')} to place`,
    );
  }
  placements.sort((a, b) => byString(a.teamKey, b.teamKey) || byString(a.userId, b.userId));
  return {
    teams: proposedTeams,
    placements,
    unplaced,
    summary: {
      placed: placements.length,
      newTeams: newTeams.length,
      underMinimum,
      underMinimumReason: underMinimum ? `${reasons.join('; ')}.` : null,
      ...(notes.length ? { notes } : {}),
    },
  };
}
