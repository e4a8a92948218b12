// Placement by criteria (issue 27, decision 135). PURE: the same input and seed give the same
// result; no database, no clock, no Math.random (the seeded mulberry32 of formation-algorithm.ts
// breaks ties and orders the search); every loop has an iteration budget, never a time budget.
//
// The objective is CATME's: maximize the lowest team score, then the mean. Hard constraints
// ("would rather not" pairs, "do not isolate") are never crossed by a move; those that cannot all
// hold are reported with a sentence naming the students.
//
// Scoring (decision 135's table). Each question with weight > 0 gives a team a score in [0, 1];
// the team score is the weighted mean of those (no scored question: every team scores 1).
// - AVAILABILITY: hours free for every member who answered (bitset intersection, only the hours
//   of the question's fromHour–toHour window each day) / hoursNeeded, capped at 1. Issue 36
//   (decision 153): answers given in another time zone are first read in the question's (the
//   offsets at input.scheduleAt); with a meeting length of L hours, only shared hours inside a
//   run of at least L consecutive shared hours count (the week wraps). A minimum shared time is
//   HARD, whatever the weight: a team whose members who answered share less (so counted) is a
//   violation.
// - SKILLS: per member, the mean level over the question's skills they rated. SIMILAR: 1 − (max −
//   min of those means) / 4. DIVERSE: share of the question's skills some member rates ≥ 4.
// - ROLE, DEMOGRAPHIC: SIMILAR: share of the answering members with the most common option;
//   DIVERSE: distinct options / min(answering members, options).
// - SINGLE_CHOICE: SIMILAR: mean pairwise Jaccard similarity of the answering members' single
//   answers, i.e. the share of pairs of them with the same option; DIVERSE: 1 − it (decision 151).
// - MULTIPLE_CHOICE: mean pairwise Jaccard similarity of the answering members' sets (SIMILAR), or
//   1 − it (DIVERSE). Two empty sets count as identical.
// - PROJECT: each team gets a project (capacity = how many teams may take it; chosen jointly,
//   greedily by the members' preferences, then improved with the teams); score: mean over
//   members of 1 − rank / (number of projects), rank 0-based in the member's ranking; projects
//   the member left out rank after, equally: each is worth the mean of the values of the ranks
//   left (r ranked of P: 1 − (r + P − 1) / 2P); a team without a project (capacities exhausted)
//   scores 0 for the members who answered.
// - TEAMMATES: share of the members who listed a liked classmate that have one in the team.
//   "Would rather not" pairs (either direction) are HARD, whatever the weight.
// - DEMOGRAPHIC doNotIsolate: HARD, whatever the weight: for each protected option, a team has 0
//   or ≥ togetherMin (2 unless set to 3) members with it.
// - Issue 36 (decision 152), HARD whatever the weight: DEMOGRAPHIC notAllOf (no team of 2+ all of
//   that answer), requireMixed (2+ answers in a team where 2+ answered), incompatible option pairs
//   (DEMOGRAPHIC, ROLE, SINGLE_CHOICE), TEAMMATES likeRule REQUIRED_MUTUAL / REQUIRED (the pair
//   shares a team). SKILLS BALANCED: 1 − |team mean − class mean| / 2, at least 0.
// Missing answers (no entry, no answer to that question, or an answer of the wrong type) are
// neutral: per-member measures (PROJECT) count such a member 0.5; set-based measures leave them
// out; a question too few members answered to measure (none; fewer than two for Jaccard and
// SINGLE_CHOICE; no
// member listing a liked classmate) scores 0.5 for that team.
//
// The movable students are first put in an order that does not depend on their ids
// (canonicalOrder). Algorithm, per seeded restart (the best by violations, then lowest, then
// mean is kept; min(16, round(384 / n)) restarts, decision 151):
// 1. Construction: fixed members stay; the hardest students first (protected groups placed as
//    pairs or triples, a team with one fixed member of a group first gets one more; then the most
//    "would rather not" links) go, each, to the feasible team where the score loses least (or
//    gains most); then the projects, jointly.
// 2. Repair: swaps that lower the number of violated hard constraints.
// 3. Pairwise passes (Team-Maker's rule: a swap is made when the lower of the two teams' scores
//    rises, or stays while their sum rises) until a pass makes none or the budget is spent.
// 4. Max-min: repeatedly the lowest team tries another free project (or an exchange), then every
//    swap of a movable member with every movable student elsewhere, accepting when the lower of
//    the two teams rises above the old lowest (or stays while their sum rises); when none does,
//    a two-swap chain (the lowest team gains, the team it hurt is repaired by a third team).
//    Pairwise passes between max-min rounds make room. Last, a pass that raises the mean while no
//    team falls below the lowest.
// 5. Annealing for the lowest (Search.anneal, decision 151): random swaps (half from the lowest
//    team) and project moves on a smooth stand-in for (violations, lowest, mean); the best state
//    met is restored; then steps 3–4 again.
// 6. Annealing for the mean: the sum of the scores, no team below the lowest, no rule broken;
//    then steps 3–4 again. Iterations min(400·n², 150,000) and half that, shared by the restarts.
// Outside the annealing no move ever adds a violation; moves that remove one are always taken
// (the annealing's best state is judged by violations first). Budgets are counts
// (max-min steps, rounds, candidate swaps), so the result depends on the input and seed only.
// Each candidate swap re-scores the team it leaves from per-criterion aggregates of the other
// members (Replacement: O(questions) per candidate) and the other team only when that passes.
//
// Explanations: per movable student, the one or two criteria they help most (the criterion's
// weight × its score with them minus without them), in words; DEMOGRAPHIC answers are never
// used in a sentence; "Balances the teams' scores" when none applies.
import {
  availabilitySettings,
  SURVEY_BALANCE_SCALE,
  toGridHours,
  zoneShiftMinutes,
  type SurveyAnswers,
  type SurveyQuestion,
} from '@teamup/shared';
import { prng } from './formation-algorithm.js';

export interface CriteriaTeamInput {
  key: string;
  name: string;
  /** Members who stay where they are (never moved). */
  fixed: string[];
  /** The team's size after placement: fixed.length + the seats to fill (size >= fixed.length). */
  size: number;
}

export interface CriteriaInput {
  /** All of the survey's questions (scoring uses weight > 0; hard constraints come from TEAMMATES avoid and DEMOGRAPHIC doNotIsolate whatever the weight). */
  questions: SurveyQuestion[];
  /** userId -> answers (a student without an entry did not answer). */
  answers: Map<string, SurveyAnswers>;
  /** userId -> full name (for violation sentences and explanations). */
  names: Map<string, string>;
  teams: CriteriaTeamInput[];
  /** Students to place; sum(size - fixed.length) === movable.length (throws otherwise). */
  movable: string[];
  /**
   * Issue 36: the instant (ms) whose UTC offsets read availability given in another time zone
   * (the app gives the survey's closing time). Absent: SCHEDULE_FALLBACK_AT.
   */
  scheduleAt?: number;
}

/** The instant of CriteriaInput.scheduleAt when none is given (tests, the bench): a January Monday. */
export const SCHEDULE_FALLBACK_AT = Date.UTC(2026, 0, 5, 12);

export interface CriteriaTeamResult {
  key: string;
  score: number;
  /** Per scored question: the score in [0, 1] and what it measured, in the instructor's words. */
  criteria: { questionId: string; score: number; detail: string }[];
  project: { id: string; name: string } | null;
}

export interface CriteriaViolation {
  kind:
    | 'AVOID'
    | 'ISOLATED'
    | 'ALL_ONE_ANSWER'
    | 'NOT_MIXED'
    | 'INCOMPATIBLE'
    | 'APART'
    | 'SHARED_TIME';
  teamKey: string;
  userIds: string[];
  detail: string;
  /** The question whose rule it is. */
  questionId: string;
}

export interface CriteriaResult {
  /** Every movable userId -> team key. */
  assignment: Map<string, string>;
  /** Same order as input.teams. */
  teams: CriteriaTeamResult[];
  /** Over teams with size > 0. */
  lowestScore: number;
  meanScore: number;
  violations: CriteriaViolation[];
  /** Every movable userId -> one sentence. */
  explanations: Map<string, string>;
  /** Among all students of the teams (fixed + movable). */
  respondents: number;
  nonRespondents: number;
}

const EPS = 1e-12;
const NEUTRAL = 0.5;
const WORDS = 6; // 168 hours in 32-bit words

type Crit =
  | {
      kind: 'AVAIL';
      q: SurveyQuestion;
      weight: number;
      hours: (Uint32Array | null)[];
      needed: number;
      /** The meeting length: shared hours count inside runs of at least this many (issue 36). */
      length: number;
    }
  | { kind: 'SKILL_SIM'; q: SurveyQuestion; weight: number; mean: Float64Array }
  | {
      kind: 'SKILL_BAL';
      q: SurveyQuestion;
      weight: number;
      mean: Float64Array;
      /** The mean of the answering students' means (NaN: nobody answered). */
      classMean: number;
    }
  | {
      kind: 'SKILL_DIV';
      q: SurveyQuestion;
      weight: number;
      high: Int32Array;
      levels: Int8Array[];
      skills: string[];
    }
  | {
      kind: 'OPT';
      q: SurveyQuestion;
      weight: number;
      diverse: boolean;
      /** SINGLE_CHOICE: mean pairwise agreement (decision 151); ROLE, DEMOGRAPHIC: the share. */
      pairwise: boolean;
      opt: Int32Array;
      labels: string[];
    }
  | { kind: 'MULTI'; q: SurveyQuestion; weight: number; diverse: boolean; mask: Int32Array }
  | { kind: 'PROJECT'; q: SurveyQuestion; weight: number }
  | { kind: 'LIKE'; q: SurveyQuestion; weight: number };

interface ProjectModel {
  q: SurveyQuestion & { type: 'PROJECT' };
  count: number;
  capacity: Int32Array;
  /** pref[i * count + p]: member i's value of project p (0.5 when i did not answer). */
  pref: Float64Array;
  /** rank[i * count + p]: 0-based rank, -1 unranked or no answer. */
  rank: Int16Array;
  /** answered[i]: 1 when i answered the question. */
  answered: Uint8Array;
}

/** Issue 36: an availability question's minimum shared time, a hard rule. */
interface ScheduleRule {
  q: SurveyQuestion;
  /** Per student: free hours in the question's zone and window (null: no answer). */
  hours: (Uint32Array | null)[];
  length: number;
  min: number;
}

interface ProtectedGroup {
  q: SurveyQuestion;
  label: string;
  members: number[];
  /** At least this many or none in a team (2: "do not isolate"). */
  min: number;
}

/**
 * Issue 36 (decision 152): the answer rules of one choice question, kept whatever the weight:
 * "no team entirely of one answer" (notAll), "require mixed", incompatible option pairs.
 */
interface AnswerRule {
  q: SurveyQuestion;
  labels: string[];
  /** Each student's option (-1: no answer). */
  opt: Int32Array;
  /** Options no team of 2+ may be made of entirely. */
  notAll: number[];
  mixed: boolean;
  pairs: [number, number][];
}

/** The mean of the non-NaN values (NaN when there are none). */
function meanOf(values: Float64Array): number {
  let sum = 0;
  let count = 0;
  for (const v of values)
    if (v === v) {
      sum += v;
      count++;
    }
  return count ? sum / count : NaN;
}

/** BALANCED: 1 − |team mean − class mean| / SURVEY_BALANCE_SCALE, at least 0 (neutral unmeasured). */
function balanced(classMean: number, sum: number, answered: number): number {
  if (answered === 0 || classMean !== classMean) return NEUTRAL;
  return Math.max(0, 1 - Math.abs(sum / answered - classMean) / SURVEY_BALANCE_SCALE);
}

function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

// Issue 36: the week as a ring of 168 bits in WORDS words (bits 168..191 stay 0).
const LAST_BITS = 168 - 32 * (WORDS - 1); // bits used in the last word
const LAST_MASK = (1 << LAST_BITS) - 1;

/** y[i] = x[i + 1], the week wrapping (Monday 00:00 follows Sunday 23:00). */
function nextHour(x: Uint32Array, y: Uint32Array): void {
  for (let w = 0; w < WORDS - 1; w++) y[w] = (x[w]! >>> 1) | ((x[w + 1]! & 1) << 31);
  y[WORDS - 1] = (x[WORDS - 1]! >>> 1) | ((x[0]! & 1) << (LAST_BITS - 1));
}

/** y[i] = x[i - 1], the week wrapping. */
function previousHour(x: Uint32Array, y: Uint32Array): void {
  y[0] = (x[0]! << 1) | ((x[WORDS - 1]! >>> (LAST_BITS - 1)) & 1);
  for (let w = 1; w < WORDS; w++) y[w] = (x[w]! << 1) | (x[w - 1]! >>> 31);
  y[WORDS - 1]! &= LAST_MASK;
}

// Scratch words of blockHours (single-threaded).
const blockStarts = new Uint32Array(WORDS);
const blockCover = new Uint32Array(WORDS);
const blockA = new Uint32Array(WORDS);
const blockB = new Uint32Array(WORDS);

/**
 * The hours of set `x` inside a run of at least `length` consecutive hours of it ("2-hour
 * blocks": a lone shared hour does not count, three in a row count 3). length 1: every hour.
 */
export function blockHours(x: Uint32Array, length: number): number {
  let n = 0;
  if (length <= 1) {
    for (let w = 0; w < WORDS; w++) n += popcount(x[w]!);
    return n;
  }
  // Starts: hour i with i .. i + length - 1 all in x.
  blockStarts.set(x);
  blockA.set(x);
  for (let k = 1; k < length; k++) {
    nextHour(blockA, blockB);
    blockA.set(blockB);
    for (let w = 0; w < WORDS; w++) blockStarts[w]! &= blockA[w]!;
  }
  // Covered: every hour within length - 1 after a start.
  blockCover.set(blockStarts);
  blockA.set(blockStarts);
  for (let k = 1; k < length; k++) {
    previousHour(blockA, blockB);
    blockA.set(blockB);
    for (let w = 0; w < WORDS; w++) blockCover[w]! |= blockA[w]!;
  }
  for (let w = 0; w < WORDS; w++) n += popcount(blockCover[w]!);
  return n;
}

/**
 * A student's hours read in the question's zone (decision 153); null when their zone is one this
 * runtime does not know (then the answer is left out, as an unreadable one).
 */
function gridHoursOf(
  hours: readonly number[],
  from: string | undefined,
  to: string,
  at: number,
): readonly number[] | null {
  if (from === undefined || from === to) return hours;
  try {
    return toGridHours(hours, zoneShiftMinutes(from, to, at));
  } catch {
    return null;
  }
}

/** " in 2-hour blocks" for a meeting length over an hour, else nothing. */
const inBlocks = (length: number) => (length > 1 ? ` in ${length}-hour blocks` : '');

const ordinal = (n: number) => {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
};

function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The compiled problem: students by index (fixed ones first, then movable), teams by index. */
class Model {
  readonly ids: string[] = [];
  readonly index = new Map<string, number>();
  readonly fixed: Uint8Array;
  readonly movable: number[] = [];
  readonly teamCount: number;
  readonly sizes: Int32Array;
  readonly fixedOf: number[][];
  readonly crits: Crit[] = [];
  readonly totalWeight: number;
  readonly avoid: number[][];
  /** avoidAsked[i]: the students i asked not to work with (direction kept for sentences). */
  readonly avoidAsked: Set<number>[];
  readonly likes: number[][];
  readonly project: ProjectModel | null = null;
  readonly projectCrit: Crit | null = null;
  readonly groups: ProtectedGroup[] = [];
  readonly groupsOf: number[][];
  readonly answerRules: AnswerRule[] = [];
  /** Issue 36: required teammates (symmetric), from a TEAMMATES likeRule other than SCORE. */
  readonly required: number[][];
  requiredQuestion: SurveyQuestion | null = null;
  /** Issue 36: minimum shared time rules (availability questions with minSharedHours > 0). */
  readonly schedules: ScheduleRule[] = [];
  /** 1 when the student has a hard constraint (an avoid link or a protected group). */
  readonly linked: Uint8Array;
  readonly respondents: number;

  constructor(readonly input: CriteriaInput) {
    const fixedIds: string[] = [];
    this.fixedOf = input.teams.map((t) => {
      if (t.size < t.fixed.length || !Number.isInteger(t.size))
        throw new Error(`Team ${t.key}: size ${t.size} below its ${t.fixed.length} fixed members`);
      return t.fixed.map((id) => {
        fixedIds.push(id);
        return this.add(id);
      });
    });
    const seats = input.teams.reduce((s, t) => s + t.size - t.fixed.length, 0);
    if (seats !== input.movable.length)
      throw new Error(`${input.movable.length} students to place but ${seats} open seats`);
    for (const id of input.movable) this.movable.push(this.add(id));
    const n = this.ids.length;
    this.fixed = new Uint8Array(n);
    for (let i = 0; i < fixedIds.length; i++) this.fixed[i] = 1;
    this.teamCount = input.teams.length;
    this.sizes = Int32Array.from(input.teams.map((t) => t.size));
    this.avoid = Array.from({ length: n }, () => []);
    this.avoidAsked = Array.from({ length: n }, () => new Set<number>());
    this.likes = Array.from({ length: n }, () => []);
    this.required = Array.from({ length: n }, () => []);
    this.groupsOf = Array.from({ length: n }, () => []);
    let respondents = 0;
    for (const id of this.ids) if (input.answers.has(id)) respondents++;
    this.respondents = respondents;

    const answer = <T extends SurveyQuestion['type']>(i: number, q: SurveyQuestion, type: T) => {
      const a = input.answers.get(this.ids[i]!)?.[q.id];
      return a && a.type === type ? (a as Extract<NonNullable<typeof a>, { type: T }>) : null;
    };

    for (const q of input.questions) {
      const weight = q.weight;
      switch (q.type) {
        case 'AVAILABILITY': {
          const settings = availabilitySettings(q);
          const at = input.scheduleAt ?? SCHEDULE_FALLBACK_AT;
          const window = new Uint32Array(WORDS);
          for (let d = 0; d < 7; d++)
            for (let h = q.fromHour; h < q.toHour && h < 24; h++) {
              const bit = d * 24 + h;
              window[bit >>> 5]! |= 1 << (bit & 31);
            }
          const hours = this.ids.map((_, i) => {
            const a = answer(i, q, 'AVAILABILITY');
            if (!a) return null;
            const given = gridHoursOf(a.hours, a.timeZone, settings.timeZone, at);
            if (!given) return null;
            const set = new Uint32Array(WORDS);
            for (const bit of given) if (bit >= 0 && bit < 168) set[bit >>> 5]! |= 1 << (bit & 31);
            for (let w = 0; w < WORDS; w++) set[w]! &= window[w]!;
            return set;
          });
          if (weight > 0)
            this.crits.push({
              kind: 'AVAIL',
              q,
              weight,
              hours,
              needed: Math.max(1, q.hoursNeeded),
              length: settings.meetingHours,
            });
          if (settings.minSharedHours > 0)
            this.schedules.push({
              q,
              hours,
              length: settings.meetingHours,
              min: settings.minSharedHours,
            });
          break;
        }
        case 'SKILLS': {
          const canonical = new Map(q.skills.map((s, k) => [s.trim().toLowerCase(), k]));
          const mean = new Float64Array(n).fill(NaN);
          const high = new Int32Array(n).fill(-1);
          const levels: Int8Array[] = [];
          for (let i = 0; i < n; i++) {
            const row = new Int8Array(q.skills.length);
            levels.push(row);
            const a = answer(i, q, 'SKILLS');
            if (!a) continue;
            let sum = 0;
            let count = 0;
            let mask = 0;
            for (const [name, level] of Object.entries(a.levels)) {
              const k = canonical.get(name.trim().toLowerCase());
              if (k === undefined || !(level >= 1 && level <= 5) || row[k]) continue;
              row[k] = level;
              sum += level;
              count++;
              if (level >= 4) mask |= 1 << k;
            }
            if (count > 0) {
              mean[i] = sum / count;
              high[i] = mask;
            }
          }
          if (weight > 0)
            this.crits.push(
              q.goal === 'DIVERSE'
                ? { kind: 'SKILL_DIV', q, weight, high, levels, skills: q.skills }
                : q.goal === 'BALANCED'
                  ? { kind: 'SKILL_BAL', q, weight, mean, classMean: meanOf(mean) }
                  : { kind: 'SKILL_SIM', q, weight, mean },
            );
          break;
        }
        case 'ROLE':
        case 'SINGLE_CHOICE':
        case 'DEMOGRAPHIC': {
          const optIndex = new Map(q.options.map((o, k) => [o.id, k]));
          const opt = new Int32Array(n).fill(-1);
          for (let i = 0; i < n; i++) {
            const a = answer(i, q, q.type);
            const k = a ? optIndex.get(a.option) : undefined;
            if (k !== undefined) opt[i] = k;
          }
          if (weight > 0)
            this.crits.push({
              kind: 'OPT',
              q,
              weight,
              diverse: q.goal === 'DIVERSE',
              pairwise: q.type === 'SINGLE_CHOICE',
              opt,
              labels: q.options.map((o) => o.label),
            });
          if (q.type === 'DEMOGRAPHIC')
            for (const optionId of new Set(q.doNotIsolate)) {
              const k = optIndex.get(optionId);
              if (k === undefined) continue;
              const members: number[] = [];
              for (let i = 0; i < n; i++) if (opt[i] === k) members.push(i);
              const g = this.groups.length;
              const min = q.togetherMin ?? 2;
              this.groups.push({ q, label: q.options[k]!.label, members, min });
              for (const i of members) this.groupsOf[i]!.push(g);
            }
          this.compileAnswerRule(q, optIndex, opt);
          break;
        }
        case 'MULTIPLE_CHOICE': {
          const optIndex = new Map(q.options.map((o, k) => [o.id, k]));
          const mask = new Int32Array(n).fill(-1);
          for (let i = 0; i < n; i++) {
            const a = answer(i, q, 'MULTIPLE_CHOICE');
            if (!a) continue;
            let m = 0;
            for (const id of a.options) {
              const k = optIndex.get(id);
              if (k !== undefined) m |= 1 << k;
            }
            mask[i] = m;
          }
          if (weight > 0)
            this.crits.push({ kind: 'MULTI', q, weight, diverse: q.goal === 'DIVERSE', mask });
          break;
        }
        case 'PROJECT': {
          if (this.project) break; // the schema allows one
          const count = q.projects.length;
          const pIndex = new Map(q.projects.map((p, k) => [p.id, k]));
          const pref = new Float64Array(n * count);
          const rank = new Int16Array(n * count).fill(-1);
          const answered = new Uint8Array(n);
          for (let i = 0; i < n; i++) {
            const a = answer(i, q, 'PROJECT');
            if (!a) {
              pref.fill(NEUTRAL, i * count, (i + 1) * count);
              continue;
            }
            answered[i] = 1;
            let r = 0;
            for (const id of a.ranking) {
              const k = pIndex.get(id);
              if (k === undefined || rank[i * count + k] !== -1) continue;
              rank[i * count + k] = r;
              pref[i * count + k] = 1 - r / count;
              r++;
            }
            // Projects left out rank "after, equally" (the answer schema): they share the ranks
            // r..count-1, so each is worth the mean of those ranks' values (decision 151).
            if (r < count) {
              const rest = 1 - (r + count - 1) / (2 * count);
              for (let k = 0; k < count; k++)
                if (rank[i * count + k] === -1) pref[i * count + k] = rest;
            }
          }
          this.project = {
            q,
            count,
            capacity: Int32Array.from(q.projects.map((p) => p.capacity)),
            pref,
            rank,
            answered,
          };
          if (weight > 0) {
            this.projectCrit = { kind: 'PROJECT', q, weight };
            this.crits.push(this.projectCrit);
          }
          break;
        }
        case 'TEAMMATES': {
          for (let i = 0; i < n; i++) {
            const a = answer(i, q, 'TEAMMATES');
            if (!a) continue;
            for (const id of a.avoid) {
              const j = this.index.get(id);
              if (j === undefined || j === i) continue;
              this.avoidAsked[i]!.add(j);
              if (!this.avoid[i]!.includes(j)) {
                this.avoid[i]!.push(j);
                this.avoid[j]!.push(i);
              }
            }
            for (const id of a.like) {
              const j = this.index.get(id);
              if (j !== undefined && j !== i && !this.likes[i]!.includes(j)) this.likes[i]!.push(j);
            }
          }
          this.compileRequired(q);
          if (weight > 0) this.crits.push({ kind: 'LIKE', q, weight });
          break;
        }
      }
    }
    this.totalWeight = this.crits.reduce((s, c) => s + c.weight, 0);
    this.counts = new Int32Array(Math.max(...this.crits.map((c) => this.optionCount(c)), 1));
    this.groupCount = new Int32Array(this.groups.length);
    this.linked = Uint8Array.from(this.ids, (_, i) =>
      this.avoid[i]!.length > 0 ||
      this.groupsOf[i]!.length > 0 ||
      this.required[i]!.length > 0 ||
      this.inScheduleRule(i)
        ? 1
        : 0,
    );
    // A student an answer rule concerns: whoever answered its question (moving them can make
    // or break a team of one answer, a mixed team, an incompatible pair).
    for (const r of this.answerRules)
      for (let i = 0; i < n; i++)
        if (r.opt[i]! >= 0 && this.concerns(r, r.opt[i]!)) this.linked[i] = 1;
    this.ruleCounts = new Int32Array(Math.max(1, ...this.answerRules.map((r) => r.labels.length)));
  }

  /** Issue 36: the answer rules of a choice question (none set: nothing compiled). */
  private compileAnswerRule(
    q: SurveyQuestion & { type: 'ROLE' | 'SINGLE_CHOICE' | 'DEMOGRAPHIC' },
    optIndex: Map<string, number>,
    opt: Int32Array,
  ) {
    const notAll: number[] = [];
    let mixed = false;
    if (q.type === 'DEMOGRAPHIC') {
      for (const id of new Set(q.notAllOf ?? [])) {
        const k = optIndex.get(id);
        if (k !== undefined) notAll.push(k);
      }
      mixed = q.requireMixed === true;
    }
    const pairs: [number, number][] = [];
    const seen = new Set<string>();
    for (const [a, b] of q.incompatible ?? []) {
      const x = optIndex.get(a);
      const y = optIndex.get(b);
      if (x === undefined || y === undefined || x === y) continue;
      const key = x < y ? `${x}|${y}` : `${y}|${x}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push(x < y ? [x, y] : [y, x]);
    }
    if (notAll.length === 0 && !mixed && pairs.length === 0) return;
    this.answerRules.push({ q, labels: q.options.map((o) => o.label), opt, notAll, mixed, pairs });
  }

  /** Whether option o is one an answer rule looks at (require mixed: every option). */
  private concerns(r: AnswerRule, o: number): boolean {
    return r.mixed || r.notAll.includes(o) || r.pairs.some(([x, y]) => x === o || y === o);
  }

  /** Issue 36: "I'd like" as a hard rule (REQUIRED_MUTUAL: both asked; REQUIRED: either did). */
  private compileRequired(q: SurveyQuestion & { type: 'TEAMMATES' }) {
    const rule = q.likeRule ?? 'SCORE';
    if (rule === 'SCORE') return;
    this.requiredQuestion = q;
    this.likes.forEach((liked, i) => {
      for (const j of liked) {
        if (rule === 'REQUIRED_MUTUAL' && !this.likes[j]!.includes(i)) continue;
        if (!this.required[i]!.includes(j)) {
          this.required[i]!.push(j);
          this.required[j]!.push(i);
        }
      }
    });
  }

  /**
   * Issue 36: a minimum shared time concerns the whole team, so every student who gave hours to
   * such a question is linked: the search re-checks violations for any swap of theirs (a swap of
   * two students without hours changes no team's shared time).
   */
  private inScheduleRule(i: number): boolean {
    for (const r of this.schedules) if (r.hours[i]) return true;
    return false;
  }

  private optionCount(c: Crit): number {
    return c.kind === 'OPT' ? c.labels.length : 0;
  }

  private add(id: string): number {
    if (this.index.has(id)) throw new Error(`Student ${id} appears twice`);
    const i = this.ids.length;
    this.ids.push(id);
    this.index.set(id, i);
    return i;
  }

  name(i: number): string {
    const id = this.ids[i]!;
    return this.input.names.get(id) ?? id;
  }

  // Scratch counters (single-threaded, reset after each use).
  private readonly counts: Int32Array;
  private readonly groupCount: Int32Array;
  private readonly ruleCounts: Int32Array;
  private readonly and = new Uint32Array(WORDS);
  private readonly scheduleAnd = new Uint32Array(WORDS);

  /** One criterion's score for a team of `len` members (`m[0..len)`) with project `p`. */
  critScore(c: Crit, m: ArrayLike<number>, len: number, p: number, teamOf: Int32Array): number {
    switch (c.kind) {
      case 'AVAIL': {
        const and = this.and;
        let answered = 0;
        for (let k = 0; k < len; k++) {
          const h = c.hours[m[k]!];
          if (!h) continue;
          if (answered === 0) for (let w = 0; w < WORDS; w++) and[w] = h[w]!;
          else for (let w = 0; w < WORDS; w++) and[w]! &= h[w]!;
          answered++;
        }
        if (answered === 0) return NEUTRAL;
        const shared = blockHours(and, c.length);
        return shared >= c.needed ? 1 : shared / c.needed;
      }
      case 'SKILL_SIM': {
        let lo = Infinity;
        let hi = -Infinity;
        for (let k = 0; k < len; k++) {
          const v = c.mean[m[k]!]!;
          if (v !== v) continue; // NaN: no answer
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
        return lo === Infinity ? NEUTRAL : 1 - (hi - lo) / 4;
      }
      case 'SKILL_BAL': {
        let sum = 0;
        let answered = 0;
        for (let k = 0; k < len; k++) {
          const v = c.mean[m[k]!]!;
          if (v !== v) continue;
          sum += v;
          answered++;
        }
        return balanced(c.classMean, sum, answered);
      }
      case 'SKILL_DIV': {
        let any = false;
        let mask = 0;
        for (let k = 0; k < len; k++) {
          const h = c.high[m[k]!]!;
          if (h < 0) continue;
          any = true;
          mask |= h;
        }
        return any ? popcount(mask) / c.skills.length : NEUTRAL;
      }
      case 'OPT': {
        const counts = this.counts;
        let answered = 0;
        let best = 0;
        let distinct = 0;
        let agree = 0;
        for (let k = 0; k < len; k++) {
          const o = c.opt[m[k]!]!;
          if (o < 0) continue;
          answered++;
          agree += counts[o]!;
          const v = ++counts[o]!;
          if (v === 1) distinct++;
          if (v > best) best = v;
        }
        for (let k = 0; k < len; k++) {
          const o = c.opt[m[k]!]!;
          if (o >= 0) counts[o] = 0;
        }
        return optValue(c, answered, best, distinct, agree);
      }
      case 'MULTI': {
        let pairs = 0;
        let sum = 0;
        for (let x = 0; x < len; x++) {
          const a = c.mask[m[x]!]!;
          if (a < 0) continue;
          for (let y = x + 1; y < len; y++) {
            const b = c.mask[m[y]!]!;
            if (b < 0) continue;
            const union = popcount(a | b);
            sum += union === 0 ? 1 : popcount(a & b) / union;
            pairs++;
          }
        }
        if (pairs === 0) return NEUTRAL;
        const jaccard = sum / pairs;
        return c.diverse ? 1 - jaccard : jaccard;
      }
      case 'PROJECT': {
        const pm = this.project!;
        if (len === 0 || p === -2) return NEUTRAL; // -2: not chosen yet (construction)
        let sum = 0;
        for (let k = 0; k < len; k++) {
          const i = m[k]!;
          if (p >= 0) sum += pm.pref[i * pm.count + p]!;
          else if (!pm.answered[i]) sum += NEUTRAL;
        }
        return sum / len;
      }
      case 'LIKE': {
        let listers = 0;
        let happy = 0;
        for (let k = 0; k < len; k++) {
          const i = m[k]!;
          const liked = this.likes[i]!;
          if (liked.length === 0) continue;
          listers++;
          const t = teamOf[i]!;
          for (const j of liked)
            if (teamOf[j] === t) {
              happy++;
              break;
            }
        }
        return listers === 0 ? NEUTRAL : happy / listers;
      }
    }
  }

  /** The team score: weighted mean over the scored criteria. */
  teamScore(m: ArrayLike<number>, len: number, p: number, teamOf: Int32Array): number {
    if (this.totalWeight === 0) return 1;
    let sum = 0;
    for (const c of this.crits) sum += c.weight * this.critScore(c, m, len, p, teamOf);
    return sum / this.totalWeight;
  }

  /**
   * Prepares `r` to score team t with member `out` replaced by any student (Replacement.score):
   * per criterion the aggregate of the other members, so each candidate costs O(questions)
   * (O(members) for Jaccard and likes).
   */
  prepare(r: Replacement, t: number, m: ArrayLike<number>, len: number, out: number, p: number) {
    r.t = t;
    r.p = p;
    r.len = 0;
    for (let k = 0; k < len; k++) if (m[k] !== out) r.others[r.len++] = m[k]!;
    const o = r.others;
    const n = r.len;
    for (let ci = 0; ci < this.crits.length; ci++) {
      const c = this.crits[ci]!;
      const agg = r.aggs[ci]!;
      switch (c.kind) {
        case 'AVAIL': {
          let answered = 0;
          for (let k = 0; k < n; k++) {
            const h = c.hours[o[k]!];
            if (!h) continue;
            if (answered === 0) for (let w = 0; w < WORDS; w++) agg.bits[w] = h[w]!;
            else for (let w = 0; w < WORDS; w++) agg.bits[w]! &= h[w]!;
            answered++;
          }
          agg.a = answered;
          break;
        }
        case 'SKILL_SIM': {
          let lo = Infinity;
          let hi = -Infinity;
          for (let k = 0; k < n; k++) {
            const v = c.mean[o[k]!]!;
            if (v !== v) continue;
            if (v < lo) lo = v;
            if (v > hi) hi = v;
          }
          agg.a = lo;
          agg.b = hi;
          break;
        }
        case 'SKILL_BAL': {
          let sum = 0;
          let answered = 0;
          for (let k = 0; k < n; k++) {
            const v = c.mean[o[k]!]!;
            if (v !== v) continue;
            sum += v;
            answered++;
          }
          agg.a = sum;
          agg.b = answered;
          break;
        }
        case 'SKILL_DIV': {
          let any = 0;
          let mask = 0;
          for (let k = 0; k < n; k++) {
            const h = c.high[o[k]!]!;
            if (h < 0) continue;
            any = 1;
            mask |= h;
          }
          agg.a = any;
          agg.b = mask;
          break;
        }
        case 'OPT': {
          agg.counts.fill(0);
          let answered = 0;
          let best = 0;
          let distinct = 0;
          let agree = 0;
          for (let k = 0; k < n; k++) {
            const x = c.opt[o[k]!]!;
            if (x < 0) continue;
            answered++;
            agree += agg.counts[x]!;
            const v = ++agg.counts[x]!;
            if (v === 1) distinct++;
            if (v > best) best = v;
          }
          agg.a = answered;
          agg.b = best;
          agg.c = distinct;
          agg.d = agree;
          break;
        }
        case 'MULTI': {
          let pairs = 0;
          let sum = 0;
          for (let x = 0; x < n; x++) {
            const a = c.mask[o[x]!]!;
            if (a < 0) continue;
            for (let y = x + 1; y < n; y++) {
              const b = c.mask[o[y]!]!;
              if (b < 0) continue;
              const union = popcount(a | b);
              sum += union === 0 ? 1 : popcount(a & b) / union;
              pairs++;
            }
          }
          agg.a = pairs;
          agg.b = sum;
          break;
        }
        case 'PROJECT': {
          const pm = this.project!;
          let sum = 0;
          for (let k = 0; k < n; k++) {
            const i = o[k]!;
            if (p >= 0) sum += pm.pref[i * pm.count + p]!;
            else if (p === -2 || !pm.answered[i]) sum += NEUTRAL;
          }
          agg.a = sum;
          break;
        }
        case 'LIKE': {
          // Listers among the others (a), those already with someone they like (b), and the
          // rest (the first c of `list`), whom only the candidate could make happy.
          let listers = 0;
          let happy = 0;
          let waiting = 0;
          for (let k = 0; k < n; k++) {
            const j = o[k]!;
            const liked = this.likes[j]!;
            if (liked.length === 0) continue;
            listers++;
            let found = false;
            for (const x of liked)
              if (isOther(o, n, x)) {
                found = true;
                break;
              }
            if (found) happy++;
            else agg.list[waiting++] = j;
          }
          agg.a = listers;
          agg.b = happy;
          agg.c = waiting;
          break;
        }
      }
    }
  }

  /**
   * Violated hard constraints of team t: avoid pairs together, protected members fewer than
   * their minimum, the answer rules, required teammates outside. Each depends on t's members
   * only (and whether a partner is in t), so a swap changes the two teams it touches.
   */
  teamViolations(m: ArrayLike<number>, len: number, t: number, teamOf: Int32Array): number {
    let v = 0;
    for (let k = 0; k < len; k++) {
      const i = m[k]!;
      for (const j of this.avoid[i]!) if (j > i && teamOf[j] === t) v++;
    }
    if (this.groups.length > 0) {
      const gc = this.groupCount;
      for (let k = 0; k < len; k++) for (const g of this.groupsOf[m[k]!]!) gc[g]!++;
      for (let k = 0; k < len; k++)
        for (const g of this.groupsOf[m[k]!]!) {
          if (gc[g]! > 0 && gc[g]! < this.groups[g]!.min) v++;
          gc[g] = 0;
        }
    }
    if (this.answerRules.length > 0) v += this.answerRuleViolations(m, len);
    if (this.requiredQuestion) v += this.requiredViolations(m, len, t, teamOf);
    if (this.schedules.length > 0) v += this.scheduleViolations(m, len);
    return v;
  }

  /** Issue 36: one per team of one answer, unmixed team, incompatible pair in the team. */
  answerRuleViolations(m: ArrayLike<number>, len: number): number {
    let v = 0;
    const counts = this.ruleCounts;
    for (const r of this.answerRules) {
      let answered = 0;
      let distinct = 0;
      for (let k = 0; k < len; k++) {
        const o = r.opt[m[k]!]!;
        if (o < 0) continue;
        answered++;
        if (++counts[o]! === 1) distinct++;
      }
      if (len >= 2) for (const o of r.notAll) if (counts[o] === len) v++;
      if (r.mixed && answered >= 2 && distinct === 1) v++;
      for (const [x, y] of r.pairs) if (counts[x]! > 0 && counts[y]! > 0) v++;
      for (let k = 0; k < len; k++) {
        const o = r.opt[m[k]!]!;
        if (o >= 0) counts[o] = 0;
      }
    }
    return v;
  }

  /**
   * Issue 36: each member's required teammates outside team t (a pair split between two teams
   * counts once in each, so the count is local to the team).
   */
  requiredViolations(m: ArrayLike<number>, len: number, t: number, teamOf: Int32Array): number {
    let v = 0;
    for (let k = 0; k < len; k++) for (const j of this.required[m[k]!]!) if (teamOf[j] !== t) v++;
    return v;
  }

  /** Issue 36: minimum shared time rules a team of `len` members (`m[0..len)`) breaks. */
  scheduleViolations(m: ArrayLike<number>, len: number): number {
    let v = 0;
    for (const r of this.schedules) {
      const shared = this.scheduleShared(r, m, len);
      if (shared >= 0 && shared < r.min) v++;
    }
    return v;
  }

  /** The hours a team shares for rule r, in blocks of its length; -1 when no member answered. */
  scheduleShared(r: ScheduleRule, m: ArrayLike<number>, len: number): number {
    const and = this.scheduleAnd;
    let answered = 0;
    for (let k = 0; k < len; k++) {
      const h = r.hours[m[k]!];
      if (!h) continue;
      if (answered === 0) for (let w = 0; w < WORDS; w++) and[w] = h[w]!;
      else for (let w = 0; w < WORDS; w++) and[w]! &= h[w]!;
      answered++;
    }
    return answered === 0 ? -1 : blockHours(and, r.length);
  }
}

/** A team minus one member, ready to score any student in that seat (Model.prepare). */
class Replacement {
  t = -1;
  p = -1;
  len = 0;
  readonly others: Int32Array;
  readonly aggs: {
    a: number;
    b: number;
    c: number;
    d: number;
    bits: Uint32Array;
    counts: Int32Array;
    list: Int32Array;
  }[];
  /** Scratch: a candidate's hours with the others' (meeting lengths over 1 hour). */
  private readonly and = new Uint32Array(WORDS);

  constructor(
    readonly model: Model,
    maxSize: number,
  ) {
    this.others = new Int32Array(Math.max(1, maxSize));
    this.aggs = model.crits.map((c) => ({
      a: 0,
      b: 0,
      c: 0,
      d: 0,
      bits: new Uint32Array(WORDS),
      counts: new Int32Array(c.kind === 'OPT' ? c.labels.length : 0),
      list: new Int32Array(c.kind === 'LIKE' ? Math.max(1, maxSize) : 0),
    }));
  }

  /** The team's score with student i in the prepared seat. */
  score(i: number): number {
    const model = this.model;
    if (model.totalWeight === 0) return 1;
    const o = this.others;
    const n = this.len;
    const size = n + 1;
    let total = 0;
    for (let ci = 0; ci < model.crits.length; ci++) {
      const c = model.crits[ci]!;
      const agg = this.aggs[ci]!;
      let v: number;
      switch (c.kind) {
        case 'AVAIL': {
          const h = c.hours[i];
          if (!h) {
            if (agg.a === 0) v = NEUTRAL;
            else {
              const shared = blockHours(agg.bits, c.length);
              v = shared >= c.needed ? 1 : shared / c.needed;
            }
          } else {
            let shared = 0;
            if (c.length > 1) {
              const and = this.and;
              if (agg.a === 0) and.set(h);
              else for (let w = 0; w < WORDS; w++) and[w] = agg.bits[w]! & h[w]!;
              shared = blockHours(and, c.length);
            } else if (agg.a === 0) {
              for (let w = 0; w < WORDS && shared < c.needed; w++) shared += popcount(h[w]!);
            } else {
              // Counted until the team has the hours it needs (the score is 1 from there).
              for (let w = 0; w < WORDS && shared < c.needed; w++)
                shared += popcount(agg.bits[w]! & h[w]!);
            }
            v = shared >= c.needed ? 1 : shared / c.needed;
          }
          break;
        }
        case 'SKILL_SIM': {
          let lo = agg.a;
          let hi = agg.b;
          const x = c.mean[i]!;
          if (x === x) {
            if (x < lo) lo = x;
            if (x > hi) hi = x;
          }
          v = lo === Infinity ? NEUTRAL : 1 - (hi - lo) / 4;
          break;
        }
        case 'SKILL_BAL': {
          const x = c.mean[i]!;
          v =
            x === x
              ? balanced(c.classMean, agg.a + x, agg.b + 1)
              : balanced(c.classMean, agg.a, agg.b);
          break;
        }
        case 'SKILL_DIV': {
          const h = c.high[i]!;
          if (h < 0) v = agg.a ? popcount(agg.b) / c.skills.length : NEUTRAL;
          else v = popcount(agg.b | h) / c.skills.length;
          break;
        }
        case 'OPT': {
          const x = c.opt[i]!;
          let answered = agg.a;
          let best = agg.b;
          let distinct = agg.c;
          let agree = agg.d;
          if (x >= 0) {
            answered++;
            agree += agg.counts[x]!;
            const cnt = agg.counts[x]! + 1;
            if (cnt === 1) distinct++;
            if (cnt > best) best = cnt;
          }
          v = optValue(c, answered, best, distinct, agree);
          break;
        }
        case 'MULTI': {
          let pairs = agg.a;
          let sum = agg.b;
          const a = c.mask[i]!;
          if (a >= 0)
            for (let k = 0; k < n; k++) {
              const b = c.mask[o[k]!]!;
              if (b < 0) continue;
              const union = popcount(a | b);
              sum += union === 0 ? 1 : popcount(a & b) / union;
              pairs++;
            }
          if (pairs === 0) v = NEUTRAL;
          else v = c.diverse ? 1 - sum / pairs : sum / pairs;
          break;
        }
        case 'PROJECT': {
          const pm = model.project!;
          const p = this.p;
          let sum = agg.a;
          if (p >= 0) sum += pm.pref[i * pm.count + p]!;
          else if (p === -2 || !pm.answered[i]) sum += NEUTRAL;
          v = p === -2 ? NEUTRAL : sum / size;
          break;
        }
        case 'LIKE': {
          let listers = agg.a;
          let happy = agg.b;
          for (let k = 0; k < agg.c; k++) if (model.likes[agg.list[k]!]!.includes(i)) happy++;
          const liked = model.likes[i]!;
          if (liked.length > 0) {
            listers++;
            for (const x of liked)
              if (isOther(o, n, x)) {
                happy++;
                break;
              }
          }
          v = listers === 0 ? NEUTRAL : happy / listers;
          break;
        }
      }
      total += c.weight * v;
    }
    return total / model.totalWeight;
  }
}

/**
 * An option question's score from a team's counts: `agree` is the number of pairs of answering
 * members with the same option. SINGLE_CHOICE: the share of such pairs (the mean pairwise Jaccard
 * of single answers; DIVERSE 1 − it; fewer than two answers: neutral). ROLE and DEMOGRAPHIC: the
 * most common option's share (SIMILAR), distinct options / min(answers, options) (DIVERSE).
 */
function optValue(
  c: Crit & { kind: 'OPT' },
  answered: number,
  best: number,
  distinct: number,
  agree: number,
): number {
  if (c.pairwise) {
    if (answered < 2) return NEUTRAL;
    const share = agree / ((answered * (answered - 1)) / 2);
    return c.diverse ? 1 - share : share;
  }
  if (answered === 0) return NEUTRAL;
  return c.diverse ? distinct / Math.min(answered, c.labels.length) : best / answered;
}

function isOther(o: Int32Array, n: number, x: number): boolean {
  for (let k = 0; k < n; k++) if (o[k] === x) return true;
  return false;
}

/** A placement: members per team, each student's team, each team's project, scores. */
class State {
  readonly teamOf: Int32Array;
  readonly pos: Int32Array;
  readonly members: number[][];
  readonly project: Int32Array;
  readonly used: Int32Array;
  readonly score: Float64Array;
  readonly viol: Int32Array;

  constructor(readonly model: Model) {
    const n = model.ids.length;
    this.teamOf = new Int32Array(n).fill(-1);
    this.pos = new Int32Array(n).fill(-1);
    this.members = model.fixedOf.map(() => []);
    this.project = new Int32Array(model.teamCount).fill(model.projectCrit ? -2 : -1);
    this.used = new Int32Array(model.project?.count ?? 0);
    this.score = new Float64Array(model.teamCount);
    this.viol = new Int32Array(model.teamCount);
    model.fixedOf.forEach((fixed, t) => fixed.forEach((i) => this.put(i, t)));
  }

  /** Puts every student back as in `teamOf` (fixed members first), with those projects. */
  load(teamOf: Int32Array, project: Int32Array) {
    for (const m of this.members) m.length = 0;
    this.teamOf.fill(-1);
    this.model.fixedOf.forEach((fixed, t) => fixed.forEach((i) => this.put(i, t)));
    for (const i of this.model.movable) this.put(i, teamOf[i]!);
    this.used.fill(0);
    for (let t = 0; t < this.model.teamCount; t++) {
      this.project[t] = project[t]!;
      if (project[t]! >= 0) this.used[project[t]!]!++;
    }
  }

  put(i: number, t: number) {
    const m = this.members[t]!;
    this.teamOf[i] = t;
    this.pos[i] = m.length;
    m.push(i);
  }

  /** Exchanges a and b (different teams); its own inverse. */
  swap(a: number, b: number) {
    const ta = this.teamOf[a]!;
    const tb = this.teamOf[b]!;
    const pa = this.pos[a]!;
    const pb = this.pos[b]!;
    this.members[ta]![pa] = b;
    this.members[tb]![pb] = a;
    this.teamOf[a] = tb;
    this.teamOf[b] = ta;
    this.pos[a] = pb;
    this.pos[b] = pa;
  }

  scoreOf(t: number, p = this.project[t]!): number {
    const m = this.members[t]!;
    return this.model.teamScore(m, m.length, p, this.teamOf);
  }

  violOf(t: number): number {
    const m = this.members[t]!;
    return this.model.teamViolations(m, m.length, t, this.teamOf);
  }

  rescoreAll() {
    for (let t = 0; t < this.model.teamCount; t++) {
      this.score[t] = this.scoreOf(t);
      this.viol[t] = this.violOf(t);
    }
  }

  setProject(t: number, p: number) {
    const old = this.project[t]!;
    if (old >= 0) this.used[old]!--;
    if (p >= 0) this.used[p]!++;
    this.project[t] = p;
  }

  /** Projects chosen jointly: greedily by the members' summed preference, capacities kept. */
  chooseProjects() {
    const pm = this.model.project;
    if (!pm) return;
    const T = this.model.teamCount;
    this.used.fill(0);
    this.project.fill(-1);
    const pairs: { t: number; p: number; v: number }[] = [];
    for (let t = 0; t < T; t++) {
      const m = this.members[t]!;
      if (this.model.sizes[t] === 0) continue;
      for (let p = 0; p < pm.count; p++) {
        let v = 0;
        for (const i of m) v += pm.pref[i * pm.count + p]!;
        pairs.push({ t, p, v: m.length ? v / m.length : 0 });
      }
    }
    pairs.sort((a, b) => b.v - a.v || a.t - b.t || a.p - b.p);
    for (const { t, p } of pairs)
      if (this.project[t] === -1 && this.used[p]! < pm.capacity[p]!) this.setProject(t, p);
  }

  /** The team with the lowest score (the first of equals); -1 when no team has a seat. */
  lowestTeam(): number {
    let t0 = -1;
    for (let t = 0; t < this.model.teamCount; t++)
      if (this.model.sizes[t]! > 0 && (t0 < 0 || this.score[t]! < this.score[t0]!)) t0 = t;
    return t0;
  }

  totals(): { lowest: number; mean: number; violations: number } {
    let lowest = Infinity;
    let sum = 0;
    let count = 0;
    let violations = 0;
    for (let t = 0; t < this.model.teamCount; t++) {
      violations += this.viol[t]!;
      if (this.model.sizes[t] === 0) continue;
      const s = this.score[t]!;
      if (s < lowest) lowest = s;
      sum += s;
      count++;
    }
    return { lowest: count ? lowest : 0, mean: count ? sum / count : 0, violations };
  }
}

/** Improves the projects of low teams: another free project, or an exchange with a team. */
function improveProjects(state: State, rounds: number): void {
  const pm = state.model.project;
  if (!pm || !state.model.projectCrit) return;
  for (let r = 0; r < rounds; r++) {
    const t0 = state.lowestTeam();
    if (t0 < 0 || !projectMove(state, t0)) return;
  }
}

/** One improving project move for team t0 (the lowest): true when made. */
function projectMove(state: State, t0: number): boolean {
  const pm = state.model.project!;
  const s0 = state.score[t0]!;
  const p0 = state.project[t0]!;
  for (let p = 0; p < pm.count; p++) {
    if (p === p0 || state.used[p]! >= pm.capacity[p]!) continue;
    const s = state.scoreOf(t0, p);
    if (s > s0 + EPS) {
      state.setProject(t0, p);
      state.score[t0] = s;
      return true;
    }
  }
  for (let k = 0; k < state.model.teamCount; k++) {
    const pk = state.project[k]!;
    if (k === t0 || pk === p0 || state.model.sizes[k] === 0) continue;
    const a = state.scoreOf(t0, pk);
    if (a <= s0 + EPS) continue;
    const b = state.scoreOf(k, p0);
    const sk = state.score[k]!;
    if (
      Math.min(a, b) > s0 + EPS ||
      (Math.min(a, b) >= Math.min(s0, sk) && a + b > s0 + sk + EPS)
    ) {
      state.project[t0] = pk;
      state.project[k] = p0;
      state.score[t0] = a;
      state.score[k] = b;
      return true;
    }
  }
  return false;
}

interface SearchBudget {
  /** Max-min steps (each an accepted move or a failed scan) per restart. */
  steps: number;
  /** Pairwise rounds between max-min rounds. */
  rounds: number;
  /** Partners tried per student in a pairwise pass (a window of the seeded order). */
  partners: number;
  /** First swaps tried in a two-swap chain. */
  chain: number;
  /** Candidate swaps the pairwise passes may try in all (large classes). */
  pairTrials: number;
}

class Search {
  readonly model: Model;
  readonly movable: Int32Array;
  readonly order: Int32Array;
  private readonly rep: Replacement;
  /** What is left of the pairwise passes' budget (candidate swaps). */
  trialsLeft = Infinity;

  constructor(
    readonly state: State,
    readonly random: () => number,
  ) {
    this.model = state.model;
    this.rep = new Replacement(this.model, Math.max(1, ...this.model.sizes));
    this.movable = Int32Array.from(this.model.movable);
    this.order = Int32Array.from(this.model.movable);
    for (let i = this.order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const x = this.order[i]!;
      this.order[i] = this.order[j]!;
      this.order[j] = x;
    }
  }

  private movableOf(t: number): number[] {
    return this.state.members[t]!.filter((i) => !this.model.fixed[i]);
  }

  /** Stores the two teams' new scores and violations after swap(a, b) (done by the caller). */
  private set(ta: number, tb: number, sa: number, sb: number, va: number, vb: number) {
    const s = this.state;
    s.score[ta] = sa;
    s.score[tb] = sb;
    s.viol[ta] = va;
    s.viol[tb] = vb;
  }

  /**
   * Hard constraints first: swaps that lower the violations inside the two teams; when none does
   * and some remain, a min-conflicts walk (a random member of a violated team swaps with a random
   * student elsewhere whenever the two teams' violations do not rise) gets out of the local
   * minimum, then the descent resumes. Bounded by counts; the walk never adds a violation.
   */
  repair(maxSteps: number): void {
    this.descend(maxSteps);
    const s = this.state;
    const T = this.model.teamCount;
    const order = this.order;
    const stuck = () => {
      const out: number[] = [];
      for (let t = 0; t < T; t++) if (s.viol[t]! > 0 && this.movableOf(t).length) out.push(t);
      return out;
    };
    let violated = stuck();
    const walks = Math.min(20 * maxSteps, 20_000);
    for (let walk = 0; walk < walks && order.length > 1; walk++) {
      if (violated.length === 0) return;
      const t = violated[Math.floor(this.random() * violated.length)]!;
      const mine = this.movableOf(t);
      const a = mine[Math.floor(this.random() * mine.length)]!;
      const b = order[Math.floor(this.random() * order.length)]!;
      const tb = s.teamOf[b]!;
      if (tb === t) continue;
      const before = s.viol[t]! + s.viol[tb]!;
      s.swap(a, b);
      const va = s.violOf(t);
      const vb = s.violOf(tb);
      if (va + vb <= before) {
        this.set(t, tb, s.scoreOf(t), s.scoreOf(tb), va, vb);
        if (va + vb < before) this.descend(maxSteps);
        violated = stuck();
      } else {
        s.swap(a, b);
      }
    }
  }

  /** Swaps that lower the violations inside the two teams, until none does. */
  private descend(maxSteps: number): void {
    const s = this.state;
    const T = this.model.teamCount;
    for (let step = 0; step < maxSteps; step++) {
      let fixed = false;
      for (let t = 0; t < T && !fixed; t++) {
        if (s.viol[t] === 0) continue;
        const mine = this.movableOf(t);
        for (const b of this.order) {
          if (fixed) break;
          const tb = s.teamOf[b]!;
          if (tb === t) continue;
          const before = s.viol[t]! + s.viol[tb]!;
          for (const a of mine) {
            s.swap(a, b);
            const va = s.violOf(t);
            const vb = s.violOf(tb);
            if (va + vb < before) {
              this.set(t, tb, s.scoreOf(t), s.scoreOf(tb), va, vb);
              fixed = true;
              break;
            }
            s.swap(a, b);
          }
        }
      }
      if (!fixed) return;
    }
  }

  /**
   * The lowest team tries every swap of a movable member with a movable student elsewhere; the
   * first acceptable one is made. Swaps that raise the lowest team but sink the other below the
   * old lowest are collected for a chain.
   */
  private raiseLowest(t0: number, chains: Chain[] | null): boolean {
    const s = this.state;
    const linked = this.model.linked;
    const s0 = s.score[t0]!;
    const v0 = s.viol[t0]!;
    const mine = this.movableOf(t0);
    const order = this.order;
    const rep = this.rep;
    const m0 = s.members[t0]!;
    for (const a of mine) {
      this.model.prepare(rep, t0, m0, m0.length, a, s.project[t0]!);
      const start = Math.floor(this.random() * order.length);
      for (let x = 0; x < order.length; x++) {
        const b = order[(start + x) % order.length]!;
        const tb = s.teamOf[b]!;
        if (tb === t0) continue;
        const vk = s.viol[tb]!;
        const links = linked[a]! | linked[b]!;
        const n0 = rep.score(b);
        if (n0 <= s0 + EPS && !(links && v0 + vk > 0)) continue;
        const sk = s.score[tb]!;
        s.swap(a, b);
        const nk = s.scoreOf(tb);
        const nv0 = links ? s.violOf(t0) : v0;
        const nvk = links ? s.violOf(tb) : vk;
        const before = v0 + vk;
        const after = nv0 + nvk;
        const lo = Math.min(n0, nk);
        if (
          after < before ||
          (after === before &&
            (lo > s0 + EPS || (lo >= s0 && n0 + nk > s0 + sk + EPS && n0 > s0 + EPS)))
        ) {
          this.set(t0, tb, n0, nk, nv0, nvk);
          return true;
        }
        if (chains && after === before && n0 > s0 + EPS) {
          chains.push({ a, b, sk: nk });
          if (chains.length > 512) {
            chains.sort((p, q) => q.sk - p.sk);
            chains.length = 64;
          }
        }
        s.swap(a, b);
      }
    }
    return false;
  }

  /** Two swaps: the lowest team gains with (a, b); b's team then repairs itself with a third. */
  private chain(t0: number, candidates: Chain[], k: number): boolean {
    const s = this.state;
    const linked = this.model.linked;
    const s0 = s.score[t0]!;
    candidates.sort((x, y) => y.sk - x.sk);
    for (const { a, b } of candidates.slice(0, k)) {
      const tk = s.teamOf[b]!;
      const saved = [s.score[t0]!, s.score[tk]!, s.viol[t0]!, s.viol[tk]!] as const;
      s.swap(a, b); // t0 now holds b, tk holds a
      const first = linked[a]! | linked[b]!;
      this.set(
        t0,
        tk,
        s.scoreOf(t0),
        s.scoreOf(tk),
        first ? s.violOf(t0) : saved[2],
        first ? s.violOf(tk) : saved[3],
      );
      const mine = this.movableOf(tk);
      const vk = s.viol[tk]!;
      const mk = s.members[tk]!;
      for (const c of mine) {
        this.model.prepare(this.rep, tk, mk, mk.length, c, s.project[tk]!);
        for (const d of this.order) {
          const tm = s.teamOf[d]!;
          if (tm === t0 || tm === tk) continue;
          const nk = this.rep.score(d);
          if (nk <= s0 + EPS) continue;
          const vm = s.viol[tm]!;
          s.swap(c, d);
          const nm = s.scoreOf(tm);
          const links = linked[c]! | linked[d]!;
          const nvk = links ? s.violOf(tk) : vk;
          const nvm = links ? s.violOf(tm) : vm;
          if (nm > s0 + EPS && nvk + nvm <= vk + vm) {
            this.set(tk, tm, nk, nm, nvk, nvm);
            return true;
          }
          s.swap(c, d);
        }
      }
      s.swap(a, b);
      this.set(t0, tk, saved[0], saved[1], saved[2], saved[3]);
    }
    return false;
  }

  /** Max-min: the lowest team, again and again. Returns the steps used. */
  maxMin(steps: number, chain: number): number {
    let used = 0;
    while (used < steps) {
      used++;
      const t0 = this.state.lowestTeam();
      if (t0 < 0) break;
      const candidates: Chain[] = [];
      if (this.model.projectCrit && projectMove(this.state, t0)) continue;
      if (this.raiseLowest(t0, chain > 0 ? candidates : null)) continue;
      if (chain > 0 && candidates.length > 0 && this.chain(t0, candidates, chain)) continue;
      break;
    }
    return used;
  }

  /**
   * Pairwise swaps (each student with `partners` others, from a seeded start). `floor` null: the
   * pair's lower score must rise, or stay while their sum rises (Team-Maker's rule); a number:
   * the sum must rise and neither team fall below it (the mean, once the lowest is settled).
   */
  pairwise(partners: number, floor: number | null): number {
    const s = this.state;
    const linked = this.model.linked;
    const order = this.order;
    const n = order.length;
    const rep = this.rep;
    const count = Math.min(partners, n);
    let accepted = 0;
    for (const a of order) {
      if (this.trialsLeft <= 0) break;
      this.trialsLeft -= count;
      let ta = s.teamOf[a]!;
      const ma = s.members[ta]!;
      this.model.prepare(rep, ta, ma, ma.length, a, s.project[ta]!);
      const start = Math.floor(this.random() * n);
      for (let x = 0; x < count; x++) {
        const b = order[(start + x) % n]!;
        const tb = s.teamOf[b]!;
        if (ta === tb) continue;
        const sa = s.score[ta]!;
        const sb = s.score[tb]!;
        const va = s.viol[ta]!;
        const vb = s.viol[tb]!;
        const lo0 = Math.min(sa, sb);
        const need = floor ?? lo0;
        const links = linked[a]! | linked[b]!;
        const na = rep.score(b);
        if (na < need && !(links && va + vb > 0)) continue;
        s.swap(a, b);
        const nb = s.scoreOf(tb);
        const nva = links ? s.violOf(ta) : va;
        const nvb = links ? s.violOf(tb) : vb;
        const after = nva + nvb;
        const before = va + vb;
        const lo = Math.min(na, nb);
        const ok =
          after < before ||
          (after === before &&
            (floor === null
              ? lo > lo0 + EPS || (lo >= lo0 && na + nb > sa + sb + EPS)
              : lo >= floor && na + nb > sa + sb + EPS));
        if (ok) {
          this.set(ta, tb, na, nb, nva, nvb);
          accepted++;
          // a now sits in tb: continue with a from its new team.
          ta = tb;
          const m = s.members[ta]!;
          this.model.prepare(rep, ta, m, m.length, a, s.project[ta]!);
        } else s.swap(a, b);
      }
    }
    return accepted;
  }

  /**
   * Seeded simulated annealing on the lexicographic objective (decision 151): a random swap of
   * two movable students of different teams (now and then, two teams exchange projects or one
   * takes a free one) is scored incrementally (two Replacements, O(questions) each) and judged
   * on a smooth stand-in for (violations, lowest, mean): VIOLATION per hard constraint broken
   * plus, per team, exp(λ·(ref − score)) − μ·score, which is ruled by the lowest teams and still
   * rewards the mean. Metropolis acceptance, the temperature falling geometrically from T0 to T1
   * over `iterations` (a count: a seed gives one answer on any machine). The best state met by
   * (violations, lowest, mean) is kept and restored at the end.
   */
  anneal(iterations: number, phase: 'lowest' | 'mean' = 'lowest'): void {
    const s = this.state;
    const model = this.model;
    const movable = this.movable;
    const nm = movable.length;
    const T = model.teamCount;
    if (iterations <= 0 || nm < 2 || T < 2 || model.totalWeight === 0) return;
    const linked = model.linked;
    const pm = model.projectCrit ? model.project : null;
    const random = this.random;
    // Each student's seat, prepared once and kept while neither its team nor that team's
    // project changes (a team's stamp rises with each accepted move that touches it): most
    // moves are refused late in the walk, so most seats are prepared already.
    const maxSize = Math.max(1, ...model.sizes);
    const seats: (Replacement | null)[] = new Array<Replacement | null>(model.ids.length).fill(
      null,
    );
    const seatStamp = new Int32Array(model.ids.length).fill(-1);
    const stamp = new Int32Array(T);
    const seat = (i: number, t: number): Replacement => {
      let r = seats[i];
      if (!r) r = seats[i] = new Replacement(model, maxSize);
      if (seatStamp[i] !== stamp[t] || r.t !== t) {
        const m = s.members[t]!;
        model.prepare(r, t, m, m.length, i, s.project[t]!);
        seatStamp[i] = stamp[t]!;
      }
      return r;
    };
    // λ sharpens from 40 to 100: ever closer to the lowest team alone.
    const L0 = 40;
    const L1 = 100;
    const sharpening = Math.pow(L1 / L0, 1 / iterations);
    let LAMBDA = L0;
    const MU = 2;
    const mean = phase === 'mean';
    // A broken rule costs little at first (the walk may cross placements that break one to
    // reach one that keeps them all) and ever more, 3 → 3,000 (in cost units), by the end.
    const V0 = mean ? 1e9 : 3;
    const V1 = mean ? 1e9 : 3_000;
    const rising = Math.pow(V1 / V0, 1 / iterations);
    let penalty = V0;
    const totals = s.totals();
    let ref = totals.lowest;
    const floor = totals.lowest - EPS;
    // The mean phase: the sum of the scores, no team below the lowest it started from.
    const cost = mean
      ? (x: number) => (x < floor ? 1e9 : -x)
      : (x: number) => Math.exp(LAMBDA * (ref - x)) - MU * x;
    let viol = totals.violations;
    let sum = 0;
    let scored = 0;
    for (let t = 0; t < T; t++)
      if (model.sizes[t]! > 0) {
        sum += s.score[t]!;
        scored++;
      }
    let best = { ...totals };
    const bestTeamOf = Int32Array.from(s.teamOf);
    const bestProject = Int32Array.from(s.project);
    // Temperatures: the lowest phase from 6 to 0.06 cost units (hot: the walk starts nearly at
    // random), the mean phase from 0.03 to 0.0005 (score units: a team may lose 0.03 at first).
    const T0 = mean ? 0.03 : 3 * MU;
    const T1 = mean ? 0.0005 : 0.03 * MU;
    const cooling = Math.pow(T1 / T0, 1 / iterations);
    let temp = T0;
    const lowestNow = () => {
      let lo = Infinity;
      for (let t = 0; t < T; t++) if (model.sizes[t]! > 0 && s.score[t]! < lo) lo = s.score[t]!;
      return lo;
    };
    const FOCUS = mean ? 0 : 0.5;
    let low = -1;
    const consider = (lo2: number) => {
      if (viol > best.violations || (viol === best.violations && lo2 < best.lowest - EPS)) return;
      const lowest = lowestNow();
      const mean = sum / scored;
      if (
        viol < best.violations ||
        lowest > best.lowest + EPS ||
        (lowest >= best.lowest - EPS && mean > best.mean + EPS)
      ) {
        best = { lowest, mean, violations: viol };
        if (!phase.startsWith('m')) ref = lowest;
        bestTeamOf.set(s.teamOf);
        bestProject.set(s.project);
      }
    };
    for (
      let it = 0;
      it < iterations;
      it++, temp *= cooling, penalty *= rising, LAMBDA *= sharpening
    ) {
      if (pm && random() < 0.03) {
        // A project move: team x takes a free project, or x and y exchange theirs.
        const x = Math.floor(random() * T);
        if (model.sizes[x] === 0) continue;
        const px = s.project[x]!;
        const p = Math.floor(random() * pm.count);
        if (p === px) continue;
        let y = -1;
        if (s.used[p]! >= pm.capacity[p]!) {
          const holders: number[] = [];
          for (let t = 0; t < T; t++) if (s.project[t] === p && t !== x) holders.push(t);
          if (holders.length === 0) continue;
          y = holders[Math.floor(random() * holders.length)]!;
        }
        const nx = s.scoreOf(x, p);
        const ny = y >= 0 ? s.scoreOf(y, px) : 0;
        const delta = cost(nx) - cost(s.score[x]!) + (y >= 0 ? cost(ny) - cost(s.score[y]!) : 0);
        if (delta <= 0 || random() < Math.exp(-delta / temp)) {
          sum += nx - s.score[x]! + (y >= 0 ? ny - s.score[y]! : 0);
          if (y >= 0) {
            s.project[x] = p;
            s.project[y] = px;
            s.score[y] = ny;
            stamp[y]!++;
          } else s.setProject(x, p);
          stamp[x]!++;
          s.score[x] = nx;
          consider(y >= 0 ? Math.min(nx, ny) : nx);
        }
        continue;
      }
      // Half the swaps start from the lowest team (found again every 32 iterations): the
      // objective is ruled by it, so that is where a swap most often counts.
      if ((it & 31) === 0) low = s.lowestTeam();
      let a = movable[Math.floor(random() * nm)]!;
      if (low >= 0 && random() < FOCUS) {
        const m = s.members[low]!;
        const x = m[Math.floor(random() * m.length)]!;
        if (!model.fixed[x]) a = x;
      }
      const b = movable[Math.floor(random() * nm)]!;
      const ta = s.teamOf[a]!;
      const tb = s.teamOf[b]!;
      if (ta === tb) continue;
      const na = seat(a, ta).score(b);
      const nb = seat(b, tb).score(a);
      const sa = s.score[ta]!;
      const sb = s.score[tb]!;
      const links = linked[a]! | linked[b]!;
      let nva = s.viol[ta]!;
      let nvb = s.viol[tb]!;
      if (links) {
        s.swap(a, b);
        nva = s.violOf(ta);
        nvb = s.violOf(tb);
        s.swap(a, b);
      }
      const dv = nva + nvb - s.viol[ta]! - s.viol[tb]!;
      const delta = penalty * dv + cost(na) + cost(nb) - cost(sa) - cost(sb);
      if (delta <= 0 || random() < Math.exp(-delta / temp)) {
        s.swap(a, b);
        this.set(ta, tb, na, nb, nva, nvb);
        stamp[ta]!++;
        stamp[tb]!++;
        viol += dv;
        sum += na + nb - sa - sb;
        consider(Math.min(na, nb));
      }
    }
    s.load(bestTeamOf, bestProject);
    s.rescoreAll();
  }

  run(budget: SearchBudget, meanPass = true): void {
    this.trialsLeft = budget.pairTrials;
    // Team-Maker's pairwise passes first (every team gains), then the lowest team again and
    // again, with pairwise passes between to make room; last, the mean above the lowest.
    for (let round = 0; round < budget.rounds; round++)
      if (this.pairwise(budget.partners, null) === 0) break;
    let steps = budget.steps;
    for (let round = 0; round < budget.rounds && steps > 0; round++) {
      steps -= this.maxMin(steps, budget.chain);
      if (this.pairwise(budget.partners, null) === 0) break;
    }
    if (steps > 0) this.maxMin(steps, budget.chain);
    // The mean: one more pass of its own (the lowest is settled; no team may fall below it).
    if (meanPass) {
      const floor = this.state.totals().lowest;
      this.trialsLeft = this.movable.length * Math.min(budget.partners, this.movable.length);
      this.pairwise(budget.partners, floor);
    }
    improveProjects(this.state, this.model.teamCount);
  }
}

interface Chain {
  a: number;
  b: number;
  sk: number;
}

/** Construction: fixed members stay; protected groups in pairs, then the most constrained. */
function construct(model: Model, random: () => number): State {
  const s = new State(model);
  const T = model.teamCount;
  const free = Int32Array.from(model.sizes, (size, t) => size - model.fixedOf[t]!.length);
  const placed = new Uint8Array(model.ids.length);
  const units: number[][] = [];
  const movableSet = new Set(model.movable);
  // Protected groups: a team with exactly one fixed member of the group first gets one more.
  for (let g = 0; g < model.groups.length; g++) {
    const pool = model.groups[g]!.members.filter((i) => movableSet.has(i) && !placed[i]);
    if (pool.length === 0) continue;
    const shuffled = pool.map((i) => ({ i, r: random() })).sort((x, y) => x.r - y.r);
    const rest = shuffled.map((x) => x.i);
    for (let t = 0; t < T && rest.length > 0; t++) {
      const fixedIn = model.fixedOf[t]!.filter((i) => model.groupsOf[i]!.includes(g)).length;
      if (fixedIn === 1 && free[t]! > 0) {
        const i = rest.pop()!;
        placed[i] = 1;
        units.push([i, -1 - t]); // marker: goes to team t
      }
    }
    while (rest.length > 0) {
      const take = rest.length === 3 ? 3 : Math.min(2, rest.length);
      const unit = rest.splice(0, take);
      for (const i of unit) placed[i] = 1;
      units.push(unit);
    }
  }
  // Then everyone else, most "would rather not" links first.
  const others = model.movable
    .filter((i) => !placed[i])
    .map((i) => ({ i, d: model.avoid[i]!.length, r: random() }))
    .sort((x, y) => y.d - x.d || x.r - y.r);
  for (const { i } of others) units.push([i]);

  for (const unit of units) {
    const target = unit.length === 2 && unit[1]! < 0 ? -1 - unit[1]! : -1;
    const people = target >= 0 ? [unit[0]!] : unit;
    let best = -1;
    let bestKey = -Infinity;
    const feasible = (t: number) => {
      if (free[t]! < people.length) return false;
      for (const i of people) for (const j of model.avoid[i]!) if (s.teamOf[j] === t) return false;
      return true;
    };
    const consider = (t: number, strict: boolean) => {
      if (strict ? !feasible(t) : free[t]! < people.length) return;
      const m = s.members[t]!;
      const before = m.length === 0 ? null : s.scoreOf(t);
      for (const i of people) {
        s.teamOf[i] = t;
        m.push(i);
      }
      const after = s.scoreOf(t);
      for (const i of people) {
        s.teamOf[i] = -1;
        m.pop();
      }
      // Empty teams count as "no change"; a unit also prefers emptier teams slightly.
      const key =
        (before === null ? 0 : after - before) + (1e-6 * free[t]!) / (model.sizes[t]! + 1);
      if (key > bestKey) {
        bestKey = key;
        best = t;
      }
    };
    // A group member meant for the team with one fixed member of the group goes there only while
    // it has a seat (an earlier unit may have filled it); else they are placed like anyone.
    if (target >= 0 && free[target]! >= people.length) best = target;
    else {
      // Large classes: a seeded sample of teams (plus the emptiest) keeps construction linear.
      const probes = T <= 64 ? T : 48;
      const startAt = Math.floor(random() * T);
      let tried = 0;
      for (let x = 0; x < T && tried < probes; x++) {
        const t = (startAt + x * 7919) % T;
        if (free[t]! < people.length || !feasible(t)) continue;
        consider(t, true);
        tried++;
      }
      if (best < 0) for (let t = 0; t < T; t++) consider(t, true);
      if (best < 0) for (let t = 0; t < T; t++) consider(t, false);
      if (best < 0) {
        // A unit bigger than any team's free seats: split it.
        for (const i of people) units.push([i]);
        continue;
      }
    }
    for (const i of people) {
      s.put(i, best);
      free[best]!--;
    }
  }
  s.chooseProjects();
  s.rescoreAll();
  return s;
}

/** Annealing iterations for n students to place: a smooth function of n (decision 151). */
export function annealFor(n: number): number {
  return Math.round(Math.min(ANNEAL_PER_SQUARE * n * n, ANNEAL_CAP));
}
const ANNEAL_PER_SQUARE = 400;
const ANNEAL_CAP = 150_000;
/** The mean phase's iterations, as a share of the lowest phase's. */
const MEAN_SHARE = 0.5;

/**
 * Seeded restarts for n students: many for small classes (cheap, and their landscape has many
 * local optima), one from 384 students. The annealing's iterations are shared among them.
 */
export function restartsFor(n: number): number {
  return Math.max(1, Math.min(16, Math.round(384 / Math.max(n, 1))));
}

function budgetFor(n: number, teams: number): SearchBudget {
  return {
    steps: Math.max(200, teams),
    rounds: 30,
    partners: n <= 600 ? n : Math.max(150, Math.floor(360_000 / n)),
    // 200 per student in small classes, levelling off towards 120,000 (smooth; large classes
    // rely on the annealing instead).
    pairTrials: Math.round((200 * n * 600) / (n + 600)),
    chain: 8,
  };
}

/** Sentences for the hard constraints still violated. */
function describeViolations(model: Model, state: State): CriteriaViolation[] {
  const out: CriteriaViolation[] = [];
  const teamName = (t: number) => model.input.teams[t]!.name;
  for (let t = 0; t < model.teamCount; t++) {
    const m = [...state.members[t]!].sort((a, b) => a - b);
    for (const i of m)
      for (const j of model.avoid[i]!) {
        if (j <= i || state.teamOf[j] !== t) continue;
        const both = model.avoidAsked[i]!.has(j) && model.avoidAsked[j]!.has(i);
        const [asker, other] = model.avoidAsked[i]!.has(j) ? [i, j] : [j, i];
        const who = both
          ? `${model.name(i)} and ${model.name(j)} asked not to work together`
          : `${model.name(asker)} asked not to work with ${model.name(other)}`;
        const why =
          model.fixed[i] && model.fixed[j]
            ? `but they are both fixed in ${teamName(t)}`
            : `but the team sizes and other constraints left them both in ${teamName(t)}`;
        out.push({
          kind: 'AVOID',
          teamKey: model.input.teams[t]!.key,
          userIds: [model.ids[i]!, model.ids[j]!],
          detail: `${who}, ${why}`,
          questionId: model.input.questions.find((q) => q.type === 'TEAMMATES')?.id ?? '',
        });
      }
    for (let g = 0; g < model.groups.length; g++) {
      const group = model.groups[g]!;
      const inTeam = m.filter((i) => model.groupsOf[i]!.includes(g));
      if (inTeam.length === 0 || inTeam.length >= group.min) continue;
      const teamFixed = model.fixedOf[t]!.length === model.sizes[t];
      if (group.min === 2) {
        const i = inTeam[0]!;
        const why =
          group.members.length === 1
            ? `they are the only student in the class with that answer`
            : teamFixed
              ? `the team is fixed`
              : `no placement kept every such student with another`;
        out.push({
          kind: 'ISOLATED',
          teamKey: model.input.teams[t]!.key,
          userIds: [model.ids[i]!],
          detail: `${model.name(i)} is the only member of ${teamName(t)} who answered "${group.label}" to "${group.q.prompt}" (not to be isolated), as ${why}`,
          questionId: group.q.id,
        });
        continue;
      }
      const why =
        group.members.length < group.min
          ? `the class has only ${plural(group.members.length, 'student')} with that answer`
          : teamFixed
            ? `the team is fixed`
            : `no placement kept every such student with ${group.min - 1} others`;
      const who = listNames(inTeam.map((i) => model.name(i)));
      const count = inTeam.length === 1 ? 'the only member' : `the only ${inTeam.length} members`;
      out.push({
        kind: 'ISOLATED',
        teamKey: model.input.teams[t]!.key,
        userIds: inTeam.map((i) => model.ids[i]!),
        detail: `${who} ${inTeam.length === 1 ? 'is' : 'are'} ${count} of ${teamName(t)} who answered "${group.label}" to "${group.q.prompt}" (at least ${group.min} or none), as ${why}`,
        questionId: group.q.id,
      });
    }
    out.push(...answerRuleSentences(model, state, t, m));
    if (model.sizes[t]! > 0) out.push(...scheduleViolationsOf(model, t, m));
  }
  out.push(...requiredSentences(model, state));
  return out;
}

/** Issue 36: the answer rules team t breaks, in sentences (m: its members, sorted). */
function answerRuleSentences(
  model: Model,
  state: State,
  t: number,
  m: number[],
): CriteriaViolation[] {
  const out: CriteriaViolation[] = [];
  const team = model.input.teams[t]!;
  const teamFixed = model.fixedOf[t]!.length === model.sizes[t];
  const ids = (list: number[]) => list.map((i) => model.ids[i]!);
  for (const r of model.answerRules) {
    const prompt = r.q.prompt;
    const answered = m.filter((i) => r.opt[i]! >= 0);
    const count = (o: number) => {
      let n = 0;
      for (let i = 0; i < model.ids.length; i++) if (r.opt[i] === o) n++;
      return n;
    };
    const others = (o: number) => model.ids.length - count(o);
    for (const o of r.notAll) {
      if (m.length < 2 || !m.every((i) => r.opt[i] === o)) continue;
      const why = teamFixed
        ? 'the team is fixed'
        : others(o) < state.model.teamCount
          ? `the class has too few other students (${others(o)}) for every team`
          : 'no placement kept it with the other rules';
      out.push({
        kind: 'ALL_ONE_ANSWER',
        teamKey: team.key,
        userIds: ids(m),
        detail: `Every member of ${team.name} answered "${r.labels[o]}" to "${prompt}" (no team entirely of one answer), as ${why}`,
        questionId: r.q.id,
      });
    }
    if (
      r.mixed &&
      answered.length >= 2 &&
      answered.every((i) => r.opt[i] === r.opt[answered[0]!])
    ) {
      const o = r.opt[answered[0]!]!;
      const why = teamFixed
        ? 'the team is fixed'
        : 'no placement mixed every team with the other rules';
      out.push({
        kind: 'NOT_MIXED',
        teamKey: team.key,
        userIds: ids(answered),
        detail: `All ${answered.length} members of ${team.name} who answered "${prompt}" answered "${r.labels[o]}" (every team mixed), as ${why}`,
        questionId: r.q.id,
      });
    }
    for (const [x, y] of r.pairs) {
      const xs = m.filter((i) => r.opt[i] === x);
      const ys = m.filter((i) => r.opt[i] === y);
      if (xs.length === 0 || ys.length === 0) continue;
      const why = teamFixed
        ? 'the team is fixed'
        : 'no placement kept them apart with the other rules';
      out.push({
        kind: 'INCOMPATIBLE',
        teamKey: team.key,
        userIds: ids([...xs, ...ys].sort((a, b) => a - b)),
        detail: `${listNames(xs.map((i) => model.name(i)))} ("${r.labels[x]}") and ${listNames(ys.map((i) => model.name(i)))} ("${r.labels[y]}") are both in ${team.name}, though those answers to "${prompt}" may not share a team, as ${why}`,
        questionId: r.q.id,
      });
    }
  }
  return out;
}

/** Pairs of swaps compoundRepair may try per restart (a count, never a time). */
const COMPOUND_REPAIR_TRIES = 50_000;

/**
 * Issue 36: a rule of a whole team (a minimum shared time) can need two swaps at once to be
 * kept: with three students who share hours only in pairs, every single swap on the way leaves
 * two teams short, so a descent that never adds a violation stops one team short. When
 * violations remain after the repair, pairs of swaps are tried (the first moves a member of a
 * violated team), and the first pair that lowers the violations of the teams it touches is made,
 * again until none does. Bounded by `tries` pairs; in the students' order, so deterministic.
 */
function compoundRepair(state: State, tries: number): void {
  const model = state.model;
  const movable = model.movable;
  const touched: number[] = [];
  const sum = (viol: (t: number) => number) => {
    let v = 0;
    for (const t of touched) v += viol(t);
    return v;
  };
  for (;;) {
    let made = false;
    for (const a of movable) {
      const ta = state.teamOf[a]!;
      if (state.viol[ta] === 0) continue;
      for (const b of movable) {
        const tb = state.teamOf[b]!;
        if (tb === ta) continue;
        state.swap(a, b);
        for (let x = 0; x < movable.length && !made; x++) {
          const c = movable[x]!;
          for (let y = x + 1; y < movable.length; y++) {
            const d = movable[y]!;
            const tc = state.teamOf[c]!;
            const td = state.teamOf[d]!;
            if (tc === td) continue;
            if (--tries < 0) {
              state.swap(a, b);
              return;
            }
            state.swap(c, d);
            touched.length = 0;
            touched.push(ta, tb);
            if (tc !== ta && tc !== tb) touched.push(tc);
            if (td !== ta && td !== tb && td !== tc) touched.push(td);
            if (sum((t) => state.violOf(t)) < sum((t) => state.viol[t]!)) {
              for (const t of touched) {
                state.viol[t] = state.violOf(t);
                state.score[t] = state.scoreOf(t);
              }
              made = true;
              break;
            }
            state.swap(c, d);
          }
        }
        if (made) break;
        state.swap(a, b);
      }
      if (made) break;
    }
    if (!made) return;
  }
}

/** Issue 36: team t's minimum shared time rules not kept, in sentences. */
function scheduleViolationsOf(model: Model, t: number, m: number[]): CriteriaViolation[] {
  const out: CriteriaViolation[] = [];
  const team = model.input.teams[t]!;
  for (const r of model.schedules) {
    const shared = model.scheduleShared(r, m, m.length);
    if (shared < 0 || shared >= r.min) continue;
    const why =
      model.fixedOf[t]!.length === model.sizes[t]
        ? 'its members are fixed'
        : "the students' free hours and the other rules left no placement that gives every team as much";
    out.push({
      kind: 'SHARED_TIME',
      teamKey: team.key,
      userIds: m.filter((i) => r.hours[i]).map((i) => model.ids[i]!),
      detail: `${team.name} shares ${plural(shared, 'hour')} a week${inBlocks(r.length)}; the rule of "${r.q.prompt}" asks ${r.min}, but ${why}`,
      questionId: r.q.id,
    });
  }
  return out;
}

/** Issue 36: the required teammates placed apart, one sentence per pair. */
function requiredSentences(model: Model, state: State): CriteriaViolation[] {
  const q = model.requiredQuestion;
  if (!q) return [];
  const out: CriteriaViolation[] = [];
  // The groups the rule links (connected): a group larger than every team cannot hold.
  const group = new Int32Array(model.ids.length).fill(-1);
  const sizes: number[] = [];
  for (let s0 = 0; s0 < model.ids.length; s0++) {
    if (group[s0]! >= 0 || model.required[s0]!.length === 0) continue;
    const g = sizes.length;
    const stack = [s0];
    group[s0] = g;
    let size = 0;
    while (stack.length) {
      const i = stack.pop()!;
      size++;
      for (const j of model.required[i]!)
        if (group[j]! < 0) {
          group[j] = g;
          stack.push(j);
        }
    }
    sizes.push(size);
  }
  const largest = Math.max(0, ...model.sizes);
  for (let i = 0; i < model.ids.length; i++)
    for (const j of model.required[i]!) {
      if (j <= i || state.teamOf[i] === state.teamOf[j]) continue;
      const ti = state.teamOf[i]!;
      const tj = state.teamOf[j]!;
      const mutual = model.likes[i]!.includes(j) && model.likes[j]!.includes(i);
      const [asker, other] = model.likes[i]!.includes(j) ? [i, j] : [j, i];
      const who = mutual
        ? `${model.name(i)} and ${model.name(j)} asked for each other`
        : `${model.name(asker)} asked for ${model.name(other)}`;
      const linkedSize = sizes[group[i]!]!;
      const why =
        model.fixed[i] && model.fixed[j]
          ? 'they are both fixed in their teams'
          : linkedSize > largest
            ? `the ${linkedSize} students linked by such requests are more than a team holds (${largest} at most)`
            : 'no placement kept them together with the team sizes and the other rules';
      out.push({
        kind: 'APART',
        teamKey: model.input.teams[ti]!.key,
        userIds: [model.ids[i]!, model.ids[j]!],
        detail: `${who} (required teammates), but they are in ${model.input.teams[ti]!.name} and ${model.input.teams[tj]!.name}, as ${why}`,
        questionId: q.id,
      });
    }
  return out;
}

function teamResults(model: Model, state: State): CriteriaTeamResult[] {
  const pm = model.project;
  return model.input.teams.map((team, t) => {
    const m = state.members[t]!;
    const p = state.project[t]!;
    const criteria = model.crits.map((c) => ({
      questionId: c.q.id,
      score: model.sizes[t] === 0 ? 0 : model.critScore(c, m, m.length, p, state.teamOf),
      detail: model.sizes[t] === 0 ? '' : measured(model, c, m, p, state.teamOf),
    }));
    const q = pm?.q;
    return {
      key: team.key,
      score: model.sizes[t] === 0 ? 0 : state.score[t]!,
      criteria,
      project: q && p >= 0 ? { id: q.projects[p]!.id, name: q.projects[p]!.name } : null,
    };
  });
}

const NEUTRAL_TEXT = 'counted as half (50%), neither helping nor hurting';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What criterion c measured for a team (members m, project p), in the instructor's words: the
 * number behind the score ("2 of the 6 shared free hours needed"). DEMOGRAPHIC answers are not
 * named (only counted), as in the students' explanations.
 */
function measured(model: Model, c: Crit, m: number[], p: number, teamOf: Int32Array): string {
  const len = m.length;
  const missing = (answered: number) =>
    answered < len ? ` (${answered} of ${len} members answered)` : '';
  switch (c.kind) {
    case 'AVAIL': {
      const answered = m.filter((i) => c.hours[i]).length;
      if (answered === 0) return `No member answered: ${NEUTRAL_TEXT}`;
      const shared = countShared(c, m);
      const blocks = inBlocks(c.length);
      const text =
        shared === 0
          ? c.length > 1
            ? `No ${c.length}-hour block of the week when all ${answered} who answered are free (${c.needed} hours needed)`
            : `No hour of the week when all ${answered} who answered are free (${c.needed} needed)`
          : shared >= c.needed
            ? `${plural(shared, 'free hour')} a week shared by all${blocks} (${c.needed} needed)`
            : `${shared} of the ${c.needed} shared free hours needed${blocks ? `, counted${blocks}` : ''}`;
      return text + missing(answered);
    }
    case 'SKILL_SIM': {
      let lo = Infinity;
      let hi = -Infinity;
      let answered = 0;
      for (const i of m) {
        const v = c.mean[i]!;
        if (v !== v) continue;
        answered++;
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      if (answered === 0) return `No member rated these skills: ${NEUTRAL_TEXT}`;
      const text =
        hi - lo < 0.05
          ? `Members' average skill levels are all ${lo.toFixed(1)} (on 1–5)`
          : `Members' average skill levels run from ${lo.toFixed(1)} to ${hi.toFixed(1)} (on 1–5; closer is better)`;
      return text + missing(answered);
    }
    case 'SKILL_BAL': {
      const rated = m.filter((i) => c.mean[i]! === c.mean[i]!);
      if (rated.length === 0 || c.classMean !== c.classMean)
        return `No member rated these skills: ${NEUTRAL_TEXT}`;
      const mean = rated.reduce((s, i) => s + c.mean[i]!, 0) / rated.length;
      return `The team's average skill level is ${mean.toFixed(1)}, the class's ${c.classMean.toFixed(1)} (on 1–5; closer is better, ${SURVEY_BALANCE_SCALE} levels apart scores 0)${missing(rated.length)}`;
    }
    case 'SKILL_DIV': {
      const answered = m.filter((i) => c.high[i]! >= 0).length;
      if (answered === 0) return `No member rated these skills: ${NEUTRAL_TEXT}`;
      const parts = c.skills.map((skill, k) => {
        const by = m.filter((i) => c.levels[i]![k]! >= 4).length;
        return `${skill} by ${by === 0 ? 'none' : by}`;
      });
      const covered = c.skills.filter((_, k) => m.some((i) => c.levels[i]![k]! >= 4)).length;
      return `Skills at level 4 or more: ${parts.join(', ')} (${covered} of ${c.skills.length} covered)${missing(answered)}`;
    }
    case 'OPT': {
      const counts = new Map<number, number>();
      for (const i of m) {
        const o = c.opt[i]!;
        if (o >= 0) counts.set(o, (counts.get(o) ?? 0) + 1);
      }
      const answered = [...counts.values()].reduce((a, b) => a + b, 0);
      if (answered === 0) return `No member answered: ${NEUTRAL_TEXT}`;
      if (c.pairwise) {
        if (answered < 2) return `Fewer than two members answered: ${NEUTRAL_TEXT}`;
        let agree = 0;
        for (const k of counts.values()) agree += (k * (k - 1)) / 2;
        const pairs = (answered * (answered - 1)) / 2;
        return `${agree} of ${plural(pairs, 'pair')} of members gave the same answer${c.diverse ? ' (fewer is better here)' : ''}${missing(answered)}`;
      }
      if (c.diverse) {
        const most = Math.min(answered, c.labels.length);
        return `${plural(counts.size, 'different answer')} among ${plural(answered, 'member')} (${most} at most)${missing(answered)}`;
      }
      let top = -1;
      for (const [o, n] of counts) if (top < 0 || n > counts.get(top)!) top = o;
      const best = counts.get(top)!;
      const what =
        c.q.type === 'ROLE'
          ? ` want the same role (${c.labels[top]})`
          : c.q.type === 'DEMOGRAPHIC'
            ? ' gave the same answer'
            : ` gave the same answer ("${c.labels[top]}")`;
      return `${best} of ${answered} members${what}${missing(answered)}`;
    }
    case 'MULTI': {
      const answered = m.filter((i) => c.mask[i]! >= 0).length;
      if (answered < 2) return `Fewer than two members answered: ${NEUTRAL_TEXT}`;
      const jaccard = c.diverse
        ? 1 - model.critScore(c, m, len, p, teamOf)
        : model.critScore(c, m, len, p, teamOf);
      const share = Math.round(jaccard * 100);
      return `Two members' choices overlap ${share}% on average${c.diverse ? ' (less overlap is better here)' : ''}${missing(answered)}`;
    }
    case 'PROJECT': {
      const pm = model.project!;
      if (p < 0) return 'No project was left for this team (every project had its teams)';
      const ranks = new Map<string, number>();
      let unranked = 0;
      let unanswered = 0;
      for (const i of m) {
        if (!pm.answered[i]) {
          unanswered++;
          continue;
        }
        const r = pm.rank[i * pm.count + p]!;
        if (r < 0) unranked++;
        else ranks.set(ordinal(r + 1), (ranks.get(ordinal(r + 1)) ?? 0) + 1);
      }
      const parts = [...ranks]
        .sort((a, b) => parseInt(a[0]) - parseInt(b[0]))
        .map(([r, n]) => `${r} by ${n}`);
      if (unranked) parts.push(`left out by ${unranked}`);
      if (unanswered) parts.push(`${unanswered} did not answer`);
      return `Project ${pm.q.projects[p]!.name}: ranked ${parts.join(', ')} (of ${pm.count} projects)`;
    }
    case 'LIKE': {
      let listers = 0;
      let happy = 0;
      for (const i of m) {
        const liked = model.likes[i]!;
        if (liked.length === 0) continue;
        listers++;
        if (liked.some((j) => teamOf[j] === teamOf[i])) happy++;
      }
      if (listers === 0) return `No member asked for a classmate: ${NEUTRAL_TEXT}`;
      if (listers === 1)
        return `The one member who asked for classmates has ${happy ? 'one' : 'none'} in the team`;
      return `${happy === 0 ? 'None' : happy} of the ${listers} members who asked for classmates ${happy <= 1 ? 'has' : 'have'} one in the team`;
    }
  }
}

/** Why each movable student is where they are: the one or two criteria they helped most. */
function explain(model: Model, state: State): Map<string, string> {
  const out = new Map<string, string>();
  for (const i of model.movable) {
    const t = state.teamOf[i]!;
    const m = state.members[t]!;
    const p = state.project[t]!;
    const without = m.filter((j) => j !== i);
    const reasons: { value: number; text: string }[] = [];
    for (const c of model.crits) {
      const withScore = model.critScore(c, m, m.length, p, state.teamOf);
      // Without i (i moved away): likes of i no longer count, so park i outside for the measure.
      state.teamOf[i] = -1;
      const withoutScore = model.critScore(c, without, without.length, p, state.teamOf);
      state.teamOf[i] = t;
      const text = reason(model, state, c, i, t);
      if (!text) continue;
      reasons.push({
        value: c.weight * (withScore - withoutScore) + c.weight * withScore * 1e-3,
        text,
      });
    }
    reasons.sort((a, b) => b.value - a.value);
    const chosen = reasons.filter((r) => r.value > 0).slice(0, 2);
    const sentence = chosen.length
      ? chosen
          .map((r, k) => (k === 0 ? r.text : r.text[0]!.toLowerCase() + r.text.slice(1)))
          .join('; ')
      : "Balances the teams' scores";
    out.set(model.ids[i]!, sentence);
  }
  return out;
}

/** One criterion in words for student i in team t (null: nothing to say). */
function reason(model: Model, state: State, c: Crit, i: number, t: number): string | null {
  const m = state.members[t]!;
  const others = m.filter((j) => j !== i);
  switch (c.kind) {
    case 'AVAIL': {
      if (!c.hours[i]) return null;
      const n = countShared(c, m);
      if (n === 0) return null;
      return `Shares ${n} free hour${n === 1 ? '' : 's'} a week with the team${inBlocks(c.length)}`;
    }
    case 'SKILL_SIM': {
      const v = c.mean[i]!;
      if (v !== v) return null;
      return `Has skill levels close to the team's (${v.toFixed(1)} on average)`;
    }
    case 'SKILL_BAL': {
      const v = c.mean[i]!;
      if (v !== v || c.classMean !== c.classMean) return null;
      return `Brings the team's average skill level near the class's (${c.classMean.toFixed(1)})`;
    }
    case 'SKILL_DIV': {
      // The skill only they bring at 4 or more, else their strongest (ties: the first).
      const row = c.levels[i]!;
      let best = -1;
      let bestKey = 0;
      for (let k = 0; k < row.length; k++) {
        if (row[k]! < 4) continue;
        const alone = !others.some((j) => c.levels[j]![k]! >= 4);
        const key = row[k]! + (alone ? 10 : 0);
        if (key > bestKey) {
          bestKey = key;
          best = k;
        }
      }
      if (best < 0) return null;
      return `Brings ${c.skills[best]} at level ${row[best]} to a diverse-skills team`;
    }
    case 'OPT': {
      const o = c.opt[i]!;
      if (o < 0 || c.q.type === 'DEMOGRAPHIC') return null;
      const label = c.labels[o]!;
      const same = others.filter((j) => c.opt[j] === o).length;
      const isRole = c.q.type === 'ROLE';
      if (c.diverse) {
        if (same > 0) return null;
        return isRole
          ? `Brings the role ${label}, which no teammate chose`
          : `Adds a different answer to "${c.q.prompt}"`;
      }
      if (same === 0) return null;
      return isRole
        ? `Wants the role ${label}, like ${same} teammate${same === 1 ? '' : 's'}`
        : `Gave the same answer to "${c.q.prompt}" as ${same} teammate${same === 1 ? '' : 's'}`;
    }
    case 'MULTI': {
      const a = c.mask[i]!;
      if (a < 0) return null;
      const overlap = others.some((j) => c.mask[j]! >= 0 && (c.mask[j]! & a) !== 0);
      if (c.diverse) return overlap ? null : `Brings different answers to "${c.q.prompt}"`;
      return overlap ? `Has answers to "${c.q.prompt}" in common with the team` : null;
    }
    case 'PROJECT': {
      const pm = model.project!;
      const p = state.project[t]!;
      if (p < 0) return null;
      const r = pm.rank[i * pm.count + p]!;
      if (r < 0) return null;
      return `Ranked ${pm.q.projects[p]!.name} ${ordinal(r + 1)}`;
    }
    case 'LIKE': {
      const liked = model.likes[i]!.filter((j) => state.teamOf[j] === t);
      if (liked.length)
        return `Works with ${listNames(liked.map((j) => model.name(j)))}, whom they asked for`;
      const likedBy = others.filter((j) => model.likes[j]!.includes(i));
      if (likedBy.length) return `Was asked for by ${listNames(likedBy.map((j) => model.name(j)))}`;
      return null;
    }
  }
}

function countShared(c: Crit & { kind: 'AVAIL' }, m: number[]): number {
  const and = new Uint32Array(WORDS).fill(0xffffffff);
  let any = false;
  for (const i of m) {
    const h = c.hours[i];
    if (!h) continue;
    any = true;
    for (let w = 0; w < WORDS; w++) and[w]! &= h[w]!;
  }
  if (!any) return 0;
  return blockHours(and, c.length);
}

/**
 * The movable students in an order that does not depend on their ids nor on the input's order
 * (issue 36: the same answers under other ids gave another result): by a hash of their answers
 * (teammates' lists by their lengths, so no id enters it) and of the answers of the classmates
 * they name or are named by; only students alike in all of that are ordered by id. The seed then
 * shuffles the search's own orders, so one seed still gives one proposal for one input.
 */
function canonicalOrder(input: CriteriaInput): CriteriaInput {
  const fnv = (text: string, hash = 0x811c9dc5) => {
    for (let k = 0; k < text.length; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
    return hash >>> 0;
  };
  // Who names whom (like and avoid, both ways), to tell apart students whose answers are alike.
  const links = new Map<string, string[][]>();
  const linksOf = (id: string) => {
    let l = links.get(id);
    if (!l) links.set(id, (l = [[], [], [], []]));
    return l;
  };
  for (const [id, a] of input.answers)
    for (const x of Object.values(a))
      if (x?.type === 'TEAMMATES') {
        for (const j of x.like) {
          linksOf(id)[0]!.push(j);
          linksOf(j)[1]!.push(id);
        }
        for (const j of x.avoid) {
          linksOf(id)[2]!.push(j);
          linksOf(j)[3]!.push(id);
        }
      }
  const own = new Map<string, number>();
  const ownOf = (id: string) => {
    let h = own.get(id);
    if (h === undefined) {
      const answers = input.answers.get(id);
      const text = input.questions
        .map((q) => {
          const x = answers?.[q.id];
          if (!x) return '-';
          if (x.type === 'TEAMMATES') return `T${x.like.length}/${x.avoid.length}`;
          return JSON.stringify(x);
        })
        .join('|');
      own.set(id, (h = fnv(text)));
    }
    return h;
  };
  const keys = new Map<string, number>();
  for (const id of input.movable) {
    const l = links.get(id);
    const around = l
      ? l
          .map((ids) =>
            ids
              .map(ownOf)
              .sort((a, b) => a - b)
              .join(','),
          )
          .join(';')
      : '';
    keys.set(id, fnv(around, ownOf(id)));
  }
  const movable = [...input.movable].sort(
    (a, b) => keys.get(a)! - keys.get(b)! || ownOf(a) - ownOf(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
  return { ...input, movable };
}

function mixSeed(seed: number, restart: number): number {
  return (
    (Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(restart + 1, 0xc2b2ae35)) >>> 0
  );
}

/** Places the movable students by criteria (see the top of the file). */
export function solveCriteria(
  input: CriteriaInput,
  options: { seed: number; restarts?: number; anneal?: number },
): CriteriaResult {
  const model = new Model(canonicalOrder(input));
  const n = model.movable.length;
  const restarts = Math.max(1, options.restarts ?? restartsFor(n));
  const budget = budgetFor(n, model.teamCount);
  // After each annealing phase, the deterministic passes again.
  const polish = budget;
  // The annealing's iterations in all, shared by the restarts (so the work is smooth in n).
  const lowestIterations = Math.round((options.anneal ?? annealFor(n)) / restarts);
  const meanIterations = Math.round((annealFor(n) * MEAN_SHARE) / restarts);
  let best: State | null = null;
  let bestTotals = { lowest: -Infinity, mean: -Infinity, violations: Infinity };
  for (let r = 0; r < restarts; r++) {
    const random = prng(mixSeed(options.seed, r));
    const state = construct(model, random);
    const search = new Search(state, random);
    search.repair(4 * n + 10);
    // Issue 36: rules of a whole team can need two swaps at once (see compoundRepair).
    if (state.totals().violations > 0) compoundRepair(state, COMPOUND_REPAIR_TRIES);
    // The first passes' mean pass would be undone by the annealing that follows (third pass).
    search.run(budget, false);
    search.anneal(lowestIterations);
    search.run(polish);
    search.anneal(meanIterations, 'mean');
    search.run(polish);
    state.rescoreAll();
    const totals = state.totals();
    if (
      !best ||
      totals.violations < bestTotals.violations ||
      (totals.violations === bestTotals.violations &&
        (totals.lowest > bestTotals.lowest + EPS ||
          (totals.lowest >= bestTotals.lowest - EPS && totals.mean > bestTotals.mean + EPS)))
    ) {
      best = state;
      bestTotals = totals;
    }
  }
  // Third pass: the lowest team re-split with each other team, then the mean again above it
  // (an annealing and one pass of pairwise swaps, no team below the new lowest).
  if (bestTotals.violations === 0 && repartition(best!, repartitionFor(n))) {
    bestTotals = raiseMean(best!, mixSeed(options.seed, restarts + 1), meanIterations, (search) => {
      search.trialsLeft = budget.pairTrials;
      search.pairwise(budget.partners, best!.totals().lowest);
    });
  }
  // Issue 36 (decision 151, third pass): in a small class the lowest team score is proven,
  // then the mean raised above it.
  const proven = proveLowest(model, bestTotals);
  if (proven) {
    const totals = raiseMean(proven, mixSeed(options.seed, restarts), meanIterations, (search) =>
      search.run(polish),
    );
    if (
      totals.violations < bestTotals.violations ||
      (totals.violations === bestTotals.violations && totals.lowest > bestTotals.lowest + EPS)
    ) {
      best = proven;
      bestTotals = totals;
    }
  }
  // Issue 36: a rule the search could not keep in a small class is settled exactly.
  if (bestTotals.violations > 0) best = exactIfSmall(model, best!, bestTotals) ?? best;
  return finish(model, best!);
}

const REPARTITION_SPLITS = 50_000;
/**
 * The splits for n students: 50,000 up to 200 students, fewer above (smooth in n): large classes
 * have the annealing's margin, and a split of two teams of 5 there is one of 252 per team.
 */
export function repartitionFor(n: number): number {
  return Math.round((REPARTITION_SPLITS * 200) / Math.max(n, 200));
}
/**
 * Pair re-partition: the lowest team and each other team pool their movable members and every
 * split of the pool into the two teams' seats is tried; the best split by (lower of the two,
 * then their sum), when it raises the lower without breaking a rule, is kept. Again from the new
 * lowest team, within `splits` splits tried in all (a count, so a seed gives one answer). True
 * when anything changed.
 */
function repartition(state: State, splits: number): boolean {
  const model = state.model;
  const T = model.teamCount;
  let changed = false;
  const teamOf = state.teamOf;
  let left = splits;
  while (left > 0) {
    const t0 = state.lowestTeam();
    if (t0 < 0) break;
    const s0 = state.score[t0]!;
    let bestGain: { t: number; pick: number[]; rest: number[]; lo: number; sum: number } | null =
      null;
    for (let t = 0; t < T; t++) {
      if (t === t0 || model.sizes[t] === 0) continue;
      const f0 = model.fixedOf[t0]!;
      const f1 = model.fixedOf[t]!;
      const pool = [...state.members[t0]!, ...state.members[t]!].filter((i) => !model.fixed[i]);
      const k = state.members[t0]!.length - f0.length;
      const oldLo = Math.min(s0, state.score[t]!);
      const oldSum = s0 + state.score[t]!;
      const v = state.viol[t0]! + state.viol[t]!;
      const pick: number[] = [];
      const m0: number[] = [];
      const m1: number[] = [];
      const visit = (start: number) => {
        if (left <= 0) return;
        if (pick.length === k) {
          left--;
          m0.length = 0;
          m1.length = 0;
          m0.push(...f0);
          m1.push(...f1);
          let j = 0;
          for (let x = 0; x < pool.length; x++) {
            if (j < pick.length && pick[j] === x) {
              m0.push(pool[x]!);
              j++;
            } else m1.push(pool[x]!);
          }
          for (const i of m0) teamOf[i] = t0;
          for (const i of m1) teamOf[i] = t;
          const a = model.teamScore(m0, m0.length, state.project[t0]!, teamOf);
          const b = model.teamScore(m1, m1.length, state.project[t]!, teamOf);
          const lo = Math.min(a, b);
          const ref = bestGain ?? { lo: oldLo, sum: oldSum };
          if (
            lo > ref.lo + EPS ||
            (lo >= ref.lo - EPS && lo > oldLo + EPS && a + b > ref.sum + EPS)
          ) {
            const nv =
              model.teamViolations(m0, m0.length, t0, teamOf) +
              model.teamViolations(m1, m1.length, t, teamOf);
            if (nv <= v) bestGain = { t, pick: [...m0], rest: [...m1], lo, sum: a + b };
          }
          return;
        }
        for (let x = start; x <= pool.length - (k - pick.length); x++) {
          pick.push(x);
          visit(x + 1);
          pick.pop();
        }
      };
      visit(0);
      for (const i of state.members[t0]!) teamOf[i] = t0;
      for (const i of state.members[t]!) teamOf[i] = t;
    }
    if (!bestGain) break;
    const g = bestGain as { t: number; pick: number[]; rest: number[] };
    state.members[t0]!.length = 0;
    state.members[g.t]!.length = 0;
    for (const i of g.pick) state.put(i, t0);
    for (const i of g.rest) state.put(i, g.t);
    state.score[t0] = state.scoreOf(t0);
    state.score[g.t] = state.scoreOf(g.t);
    state.viol[t0] = state.violOf(t0);
    state.viol[g.t] = state.violOf(g.t);
    changed = true;
  }
  return changed;
}

/**
 * The exact step's bounds: sets of students to score (every set of each team size: 24 students
 * in teams of 3 to 5 make 55,154), and teams looked at while covering (about 0.5 s here).
 */
const PROOF_TEAMS = 60_000;
const PROOF_WORK = 64_000_000;
/** Past this many teams that fit, a student is not a better place to branch than another. */
const PROOF_FEWEST = 64;

interface ProofTeam {
  mask: number;
  size: number;
  project: number;
  score: number;
}

/**
 * Issue 36 (decision 151, third pass): the highest lowest team score of a small class, proven by
 * branch and bound. Every set of students of each size the teams need (at most PROOF_TEAMS sets)
 * that keeps every hard rule is scored with each project; only those above the search's lowest
 * (`totals`, when it keeps every rule) are kept. Each step takes the student held by the fewest
 * teams that still fit (none: a dead end; past PROOF_FEWEST they count alike) and tries each of
 * them, best first, while the team counts by size and the projects' capacities allow, stopping at
 * a team not above the best lowest found. Null when the class has fixed members, is too large, or
 * no placement beats the search; else the best placement found (its projects set) within
 * PROOF_WORK teams looked at: bounded by counts, so a seed gives one answer on any machine.
 */
function proveLowest(
  model: Model,
  totals: { lowest: number; mean: number; violations: number },
): State | null {
  const n = model.movable.length;
  if (n < 2 || n > 30 || model.totalWeight === 0) return null;
  if (model.fixedOf.some((f) => f.length > 0)) return null;
  const T = model.teamCount;
  const left = new Int32Array(n + 1);
  let teams = 0;
  for (let t = 0; t < T; t++)
    if (model.sizes[t]! > 0) {
      left[model.sizes[t]!]!++;
      teams++;
    }
  if (teams < 2) return null;
  let subsets = 0;
  for (let size = 1; size <= n; size++) {
    if (left[size] === 0) continue;
    let c = 1;
    for (let k = 1; k <= size; k++) c = (c * (n - k + 1)) / k;
    subsets += c;
    if (subsets > PROOF_TEAMS) return null;
  }
  const pc = model.projectCrit;
  const pm = pc ? model.project! : null;
  const projects: number[] = [];
  if (pm) {
    let room = 0;
    for (let p = 0; p < pm.count; p++) {
      projects.push(p);
      room += pm.capacity[p]!;
    }
    // Fewer places than teams: a team may go without one.
    if (room < teams) projects.push(-1);
  } else projects.push(-1);
  const bound = totals.violations === 0 ? totals.lowest : -Infinity;
  const teamOf = new Int32Array(model.ids.length).fill(-1);
  const found: ProofTeam[] = [];
  const m: number[] = [];
  const picked: number[] = [];
  const visit = (start: number, size: number) => {
    if (picked.length === size) {
      for (const i of m) teamOf[i] = 0;
      if (model.teamViolations(m, size, 0, teamOf) === 0) {
        let base = 0;
        for (const c of model.crits)
          if (c !== pc) base += c.weight * model.critScore(c, m, size, -1, teamOf);
        let mask = 0;
        for (const k of picked) mask |= 1 << k;
        for (const p of projects) {
          const score =
            (pc ? base + pc.weight * model.critScore(pc, m, size, p, teamOf) : base) /
            model.totalWeight;
          if (score > bound + EPS) {
            found.push({ mask, size, project: p, score });
          }
        }
      }
      for (const i of m) teamOf[i] = -1;
      return;
    }
    for (let k = start; k <= n - (size - picked.length); k++) {
      picked.push(k);
      m.push(model.movable[k]!);
      visit(k + 1, size);
      picked.pop();
      m.pop();
    }
  };
  for (let size = 1; size <= n; size++) if (left[size]! > 0) visit(0, size);
  const byStudent: ProofTeam[][] = Array.from({ length: n }, () => []);
  for (const team of found)
    for (let k = 0; k < n; k++) if (team.mask & (1 << k)) byStudent[k]!.push(team);
  for (const list of byStudent) list.sort((a, b) => b.score - a.score);
  const full = (1 << n) - 1;
  const used = new Int32Array(pm ? pm.count : 0);
  const path: ProofTeam[] = [];
  let bestLowest = bound;
  let bestPath: ProofTeam[] | null = null;
  let work = 0;
  const fits = (team: ProofTeam, covered: number) =>
    (team.mask & covered) === 0 &&
    left[team.size]! > 0 &&
    (team.project < 0 || used[team.project]! < pm!.capacity[team.project]!);
  const cover = (covered: number, low: number): void => {
    if (covered === full) {
      if (low > bestLowest + EPS) {
        bestLowest = low;
        bestPath = path.slice();
      }
      return;
    }
    // The student with the fewest teams that still fit (none: a dead end).
    let pick = -1;
    let fewest = PROOF_FEWEST;
    for (let k = 0; k < n; k++) {
      if (covered & (1 << k)) continue;
      let count = 0;
      for (const team of byStudent[k]!) {
        work++;
        if (team.score <= bestLowest + EPS) break;
        if (fits(team, covered) && ++count >= fewest) break;
      }
      if (count === 0) return;
      if (pick < 0) pick = k;
      if (count < fewest) {
        fewest = count;
        pick = k;
      }
    }
    for (const team of byStudent[pick]!) {
      work++;
      if (team.score <= bestLowest + EPS || work >= PROOF_WORK) return;
      if (!fits(team, covered)) continue;
      left[team.size]!--;
      if (team.project >= 0) used[team.project]!++;
      path.push(team);
      cover(covered | team.mask, Math.min(low, team.score));
      path.pop();
      if (team.project >= 0) used[team.project]!--;
      left[team.size]!++;
    }
  };
  cover(0, Infinity);
  const chosen = bestPath as ProofTeam[] | null;
  if (!chosen) return null;
  // Teams without fixed members differ by size only: each found team takes one of its size.
  const state = new State(model);
  const taken = new Uint8Array(T);
  for (const team of chosen) {
    let t = 0;
    while (taken[t] || model.sizes[t] !== team.size) t++;
    taken[t] = 1;
    for (let k = 0; k < n; k++) if (team.mask & (1 << k)) state.put(model.movable[k]!, t);
    if (pc) state.setProject(t, team.project);
  }
  state.rescoreAll();
  return state;
}

/**
 * A placement whose lowest score was just raised: its mean raised above that lowest (a mean
 * annealing, then `polish`), rescored; its totals.
 */
function raiseMean(
  state: State,
  seed: number,
  iterations: number,
  polish: (search: Search) => void,
): { lowest: number; mean: number; violations: number } {
  const search = new Search(state, prng(seed));
  search.anneal(iterations, 'mean');
  polish(search);
  state.rescoreAll();
  return state.totals();
}

/** Placements of a class at most this large (counted as seatings) are tried one by one. */
const EXACT_SEATINGS = 20_000;

/**
 * Issue 36 (decision 152): when the search leaves a hard rule broken and the class has at most
 * EXACT_SEATINGS ways to fill its seats, every one is tried (fewest violations, then the lowest
 * team score, then the mean); null when the class is larger or nothing beats `best`. So on a
 * small class a rule that can hold does, even where a swap-by-swap repair is stuck (two students
 * who must move together). Bounded by the count, not by time.
 */
function exactIfSmall(
  model: Model,
  best: State,
  totals: { lowest: number; mean: number; violations: number },
): State | null {
  const free = Array.from(model.sizes, (size, t) => size - model.fixedOf[t]!.length);
  let seatings = 1;
  let left = model.movable.length;
  for (const f of free) {
    // C(left, f), stopping as soon as it is over the bound.
    for (let k = 1; k <= f; k++) {
      seatings = (seatings * (left - k + 1)) / k;
      if (seatings > EXACT_SEATINGS) return null;
    }
    left -= f;
  }
  const state = new State(model);
  const T = model.teamCount;
  let found: number[] | null = null;
  let bestKey = totals;
  const seat = new Int32Array(model.movable.length);
  const go = (k: number) => {
    if (k === model.movable.length) {
      state.rescoreAll();
      if (model.project) state.chooseProjects();
      if (model.projectCrit) state.rescoreAll();
      const t = state.totals();
      if (
        t.violations < bestKey.violations ||
        (t.violations === bestKey.violations &&
          (t.lowest > bestKey.lowest + EPS ||
            (t.lowest >= bestKey.lowest - EPS && t.mean > bestKey.mean + EPS)))
      ) {
        bestKey = t;
        found = Array.from(seat);
      }
      return;
    }
    const i = model.movable[k]!;
    for (let t = 0; t < T; t++) {
      if (free[t] === 0) continue;
      free[t]!--;
      seat[k] = t;
      state.put(i, t);
      go(k + 1);
      state.members[t]!.pop();
      state.teamOf[i] = -1;
      free[t]!++;
    }
  };
  go(0);
  if (!found) return null;
  const out = new State(model);
  model.movable.forEach((i, k) => out.put(i, found![k]!));
  if (model.project) out.chooseProjects();
  out.rescoreAll();
  return out;
}

function finish(model: Model, state: State): CriteriaResult {
  if (model.project && !model.projectCrit) state.chooseProjects();
  const totals = state.totals();
  const assignment = new Map<string, string>();
  for (const i of model.movable)
    assignment.set(model.ids[i]!, model.input.teams[state.teamOf[i]!]!.key);
  const all = model.ids.length;
  return {
    assignment,
    teams: teamResults(model, state),
    lowestScore: totals.lowest,
    meanScore: totals.mean,
    violations: describeViolations(model, state),
    explanations: explain(model, state),
    respondents: model.respondents,
    nonRespondents: all - model.respondents,
  };
}

/**
 * A state for a given complete assignment (throws when it does not fit the teams' sizes). With
 * `projects` (team key -> project id; a team absent has none), those projects, not chosen ones.
 */
function stateOf(
  model: Model,
  assignment: Map<string, string>,
  projects?: ReadonlyMap<string, string>,
): State {
  const state = new State(model);
  const teamIndex = new Map(model.input.teams.map((t, k) => [t.key, k]));
  for (const i of model.movable) {
    const key = assignment.get(model.ids[i]!);
    const t = key === undefined ? undefined : teamIndex.get(key);
    if (t === undefined) throw new Error(`Student ${model.ids[i]} is not assigned to a team`);
    state.put(i, t);
  }
  state.members.forEach((m, t) => {
    if (m.length !== model.sizes[t])
      throw new Error(
        `Team ${model.input.teams[t]!.key}: ${m.length} members, size ${model.sizes[t]}`,
      );
  });
  if (model.project && projects) {
    const index = new Map(model.project.q.projects.map((p, k) => [p.id, k]));
    model.input.teams.forEach((t, k) => state.setProject(k, index.get(projects.get(t.key)!) ?? -1));
    state.rescoreAll();
    return state;
  }
  if (model.project) state.chooseProjects();
  state.rescoreAll();
  improveProjects(state, model.teamCount);
  return state;
}

/**
 * Scores an arbitrary complete assignment with the same scoring (the baseline and tests use it).
 * The teams' projects are chosen here (jointly, as after construction, then improved for the
 * lowest teams), so they may differ from the ones solveCriteria settled on with the teams; unless
 * `projects` gives them (an edited proposal keeps its teams' projects, decision 155).
 */
export function evaluateAssignment(
  input: CriteriaInput,
  assignment: Map<string, string>,
  projects?: ReadonlyMap<string, string>,
): Pick<CriteriaResult, 'teams' | 'lowestScore' | 'meanScore' | 'violations'> {
  const model = new Model(input);
  const state = stateOf(model, assignment, projects);
  const totals = state.totals();
  return {
    teams: teamResults(model, state),
    lowestScore: totals.lowest,
    meanScore: totals.mean,
    violations: describeViolations(model, state),
  };
}

/** The violations as describeViolations reports them: a required pair apart counts once, not twice. */
function reportedViolations(model: Model, state: State, counted: number): number {
  if (!model.requiredQuestion) return counted;
  let apart = 0;
  for (let t = 0; t < model.teamCount; t++) {
    const m = state.members[t]!;
    apart += model.requiredViolations(m, m.length, t, state.teamOf);
  }
  return counted - apart / 2;
}

export interface RandomBaseline {
  /** How many random placements the figures are the mean of. */
  samples: number;
  lowestScore: number;
  meanScore: number;
  /** Hard constraints a random placement breaks, on average. */
  violations: number;
  /** Per scored question: its mean over the teams, averaged over the samples. */
  questions: { questionId: string; score: number }[];
}

/** The seed of the random baseline: fixed, so the same class always gets the same baseline. */
export const BASELINE_SEED = 0x7ea3;

/** Samples for n students to place: 30 up to 600, then fewer (about 18,000 seatings in all). */
export const baselineSamples = (n: number) => (n <= 600 ? 30 : Math.max(5, Math.floor(18_000 / n)));

/**
 * What a random placement of the same class gets (issue 35): the movable students shuffled into
 * the same seats (fixed members stay, team sizes kept), projects chosen jointly as after
 * construction, scored the same way; the mean over a bounded number of seeded placements. Pure and
 * deterministic (a fixed seed); O(samples · (students · questions + teams · projects)).
 */
export function randomBaseline(
  input: CriteriaInput,
  options: { seed?: number; samples?: number } = {},
): RandomBaseline {
  const model = new Model(input);
  const samples = Math.max(1, options.samples ?? baselineSamples(model.movable.length));
  const random = prng(options.seed ?? BASELINE_SEED);
  const seats: number[] = [];
  for (let t = 0; t < model.teamCount; t++)
    for (let k = model.fixedOf[t]!.length; k < model.sizes[t]!; k++) seats.push(t);
  const scored: number[] = [];
  for (let t = 0; t < model.teamCount; t++) if (model.sizes[t]! > 0) scored.push(t);
  const perQuestion = new Float64Array(model.crits.length);
  let lowest = 0;
  let mean = 0;
  let violations = 0;
  const order = [...model.movable];
  for (let s = 0; s < samples; s++) {
    for (let k = order.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [order[k], order[j]] = [order[j]!, order[k]!];
    }
    const state = new State(model);
    order.forEach((i, k) => state.put(i, seats[k]!));
    state.chooseProjects();
    state.rescoreAll();
    const totals = state.totals();
    lowest += totals.lowest;
    mean += totals.mean;
    violations += reportedViolations(model, state, totals.violations);
    if (scored.length)
      model.crits.forEach((c, ci) => {
        let sum = 0;
        for (const t of scored) {
          const m = state.members[t]!;
          sum += model.critScore(c, m, m.length, state.project[t]!, state.teamOf);
        }
        perQuestion[ci]! += sum / scored.length;
      });
  }
  return {
    samples,
    lowestScore: lowest / samples,
    meanScore: mean / samples,
    violations: violations / samples,
    questions: model.crits.map((c, ci) => ({
      questionId: c.q.id,
      score: perQuestion[ci]! / samples,
    })),
  };
}

/**
 * The same scoring on index arrays, for the bench's Team-Maker baseline (not used by the app):
 * students are numbered, `movable` lists the ones to place, teams hold member indexes.
 */
export interface CriteriaScorer {
  readonly studentIds: readonly string[];
  readonly movable: readonly number[];
  readonly teamCount: number;
  readonly fixedOf: readonly (readonly number[])[];
  readonly sizes: Int32Array;
  /** Projects a team may be given (0: no scored project question) and their capacities. */
  readonly projects: number;
  readonly projectCapacity: Int32Array;
  /** The team's score with project `project` (-1 none); teamOf maps every student to a team. */
  teamScore(members: number[], project: number, teamOf: Int32Array): number;
  /** Violated hard constraints inside team `team`. */
  teamViolations(members: number[], team: number, teamOf: Int32Array): number;
  /** Projects for the teams, chosen jointly as evaluateAssignment does. */
  chooseProjects(members: number[][]): Int32Array;
}

export function criteriaScorer(input: CriteriaInput): CriteriaScorer {
  const model = new Model(input);
  return {
    studentIds: model.ids,
    movable: model.movable,
    teamCount: model.teamCount,
    fixedOf: model.fixedOf,
    sizes: model.sizes,
    projects: model.projectCrit ? model.project!.count : 0,
    projectCapacity: model.project ? model.project.capacity : new Int32Array(0),
    teamScore: (members, project, teamOf) =>
      model.teamScore(members, members.length, model.project ? project : -1, teamOf),
    teamViolations: (members, team, teamOf) =>
      model.teamViolations(members, members.length, team, teamOf),
    chooseProjects: (members) => {
      const state = new State(model);
      members.forEach((m, t) => {
        for (const i of m) if (!model.fixed[i]) state.put(i, t);
      });
      state.chooseProjects();
      state.rescoreAll();
      improveProjects(state, model.teamCount);
      return Int32Array.from(state.project);
    },
  };
}
