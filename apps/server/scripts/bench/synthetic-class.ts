// A seeded synthetic class for the criteria benchmark (issue 27, decision 135): realistic survey
// answers for n students, all teamless (no fixed members), teams of 4–5.
// - AVAILABILITY (8:00–22:00, 6 hours needed): five archetypes (weekday mornings, afternoons,
//   evenings, weekends, scattered), each student free in most of their archetype's hours plus
//   noise elsewhere, so schedules are correlated.
// - SKILLS (4 skills, DIVERSE): an overall level (1–5) per student, one strong skill, spread.
// - ROLE (4 roles, DIVERSE): skewed (developers are many, testers few).
// - PROJECT (8 projects, capacities a little over the teams): skewed popularity.
// - TEAMMATES: 10% of students name one classmate they would rather not work with; 20% like
//   one or two classmates (mostly of their own archetype).
// - DEMOGRAPHIC (DIVERSE, weight 1): a protected option ("do not isolate") held by 15%.
// - SINGLE_CHOICE (SIMILAR): working style.
// 5% of students did not answer at all.
import type { SurveyAnswers, SurveyQuestion } from '@teamup/shared';
import type { CriteriaInput } from '../../src/modules/formation/formation-criteria.js';
import { prng } from '../../src/modules/formation/formation-algorithm.js';

const FIRST = [
  'Ada',
  'Ben',
  'Chloé',
  'Dana',
  'Eli',
  'Farah',
  'Gus',
  'Hana',
  'Ivan',
  'June',
  'Kofi',
  'Lena',
  'Mo',
  'Nia',
  'Omar',
  'Pia',
  'Quinn',
  'Rosa',
  'Sam',
  'Tariq',
  'Uma',
  'Vik',
  'Wen',
  'Yara',
  'Zoe',
];
const LAST = [
  'Lee',
  'Ortiz',
  'Nguyen',
  'Okafor',
  'Schmidt',
  'Rossi',
  'Kowalski',
  'Haddad',
  'Silva',
  'Tanaka',
  'Dubois',
  'Novak',
  'Singh',
  'Moreau',
  'Park',
];

const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const qid = (n: number) => uuid(0xc0ffee, n);

export const SYNTHETIC_QUESTIONS: SurveyQuestion[] = [
  {
    id: qid(1),
    type: 'AVAILABILITY',
    prompt: 'When are you free to meet?',
    help: '',
    weight: 4,
    goal: 'SIMILAR',
    required: true,
    fromHour: 8,
    toHour: 22,
    hoursNeeded: 6,
  },
  {
    id: qid(2),
    type: 'SKILLS',
    prompt: 'Rate your skills',
    help: '',
    weight: 3,
    goal: 'DIVERSE',
    required: true,
    skills: ['Python', 'React', 'SQL', 'Design'],
  },
  {
    id: qid(3),
    type: 'ROLE',
    prompt: 'Which role do you prefer?',
    help: '',
    weight: 2,
    goal: 'DIVERSE',
    required: true,
    options: [
      { id: 'lead', label: 'Lead' },
      { id: 'dev', label: 'Developer' },
      { id: 'design', label: 'Designer' },
      { id: 'test', label: 'Tester' },
    ],
  },
  {
    id: qid(4),
    type: 'PROJECT',
    prompt: 'Rank the projects',
    help: '',
    weight: 3,
    goal: 'SIMILAR',
    required: true,
    projects: [], // filled per class (capacities depend on the number of teams)
  },
  {
    id: qid(5),
    type: 'TEAMMATES',
    prompt: 'Teammates you would like, or would rather not work with',
    help: '',
    weight: 2,
    goal: 'SIMILAR',
    required: false,
  },
  {
    id: qid(6),
    type: 'DEMOGRAPHIC',
    prompt: 'Are you the first in your family at university?',
    help: '',
    weight: 1,
    goal: 'DIVERSE',
    required: false,
    options: [
      { id: 'no', label: 'No' },
      { id: 'yes', label: 'Yes' },
      { id: 'skip', label: 'Prefer not to say' },
    ],
    doNotIsolate: ['yes'],
  },
  {
    id: qid(7),
    type: 'SINGLE_CHOICE',
    prompt: 'How do you work?',
    help: '',
    weight: 2,
    goal: 'SIMILAR',
    required: true,
    options: [
      { id: 'early', label: 'Well ahead of deadlines' },
      { id: 'steady', label: 'Steadily' },
      { id: 'late', label: 'Close to the deadline' },
    ],
  },
];

const PROJECTS = ['Atlas', 'Beacon', 'Cobalt', 'Delta', 'Ember', 'Fjord', 'Garnet', 'Helix'];

/** Hours (d * 24 + h) of each archetype's core block. */
function archetypeHours(a: number): number[] {
  const out: number[] = [];
  const span = (days: number[], from: number, to: number) => {
    for (const d of days) for (let h = from; h < to; h++) out.push(d * 24 + h);
  };
  if (a === 0) span([0, 1, 2, 3, 4], 8, 12);
  else if (a === 1) span([0, 1, 2, 3, 4], 13, 17);
  else if (a === 2) span([0, 1, 2, 3, 4], 18, 22);
  else if (a === 3) span([5, 6], 10, 20);
  else span([0, 2, 4, 5], 10, 18);
  return out;
}

function pick<T>(items: readonly T[], weights: readonly number[], random: () => number): T {
  const total = weights.reduce((s, w) => s + w, 0);
  let x = random() * total;
  for (let k = 0; k < items.length; k++) {
    x -= weights[k]!;
    if (x < 0) return items[k]!;
  }
  return items[items.length - 1]!;
}

/** Teams of 4–5 for n students (about 4.5 each). */
export function teamSizes(n: number): number[] {
  const k = Math.max(1, Math.round(n / 4.5));
  const base = Math.floor(n / k);
  return Array.from({ length: k }, (_, t) => base + (t < n % k ? 1 : 0));
}

export function syntheticClass(n: number, seed: number): CriteriaInput {
  const random = prng(seed);
  const ids = Array.from({ length: n }, (_, i) => uuid(1, i + 1));
  const names = new Map(
    ids.map((id, i) => [
      id,
      `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i >= FIRST.length * LAST.length ? ` ${Math.floor(i / (FIRST.length * LAST.length)) + 1}` : ''}`,
    ]),
  );
  const sizes = teamSizes(n);
  const capacity = Math.ceil(sizes.length / PROJECTS.length) + 1;
  const questions = SYNTHETIC_QUESTIONS.map((q) =>
    q.type === 'PROJECT'
      ? {
          ...q,
          projects: PROJECTS.map((name, k) => ({
            id: `p${k + 1}`,
            name: `Project ${name}`,
            capacity,
          })),
        }
      : q,
  );
  const [avail, skills, role, project, mates, demo, style] = questions;
  const archetype = ids.map(() => pick([0, 1, 2, 3, 4], [3, 3, 3, 2, 2], random));
  const byArchetype = [0, 1, 2, 3, 4].map((a) => ids.filter((_, i) => archetype[i] === a));
  const popularity = PROJECTS.map((_, k) => 1 / (k + 1.5));
  const answers = new Map<string, SurveyAnswers>();
  ids.forEach((id, i) => {
    if (random() < 0.05) return; // did not answer
    const core = new Set(archetypeHours(archetype[i]!));
    const hours: number[] = [];
    for (let d = 0; d < 7; d++)
      for (let h = 8; h < 22; h++) {
        const bit = d * 24 + h;
        if (random() < (core.has(bit) ? 0.7 : 0.06)) hours.push(bit);
      }
    const overall = pick([1, 2, 3, 4, 5], [1, 3, 4, 3, 1], random);
    const strong = Math.floor(random() * 4);
    const levels: Record<string, number> = {};
    ['Python', 'React', 'SQL', 'Design'].forEach((s, k) => {
      const v = overall + (k === strong ? 2 : 0) + Math.round((random() - 0.5) * 2);
      levels[s] = Math.max(1, Math.min(5, v));
    });
    const remaining = PROJECTS.map((_, k) => k);
    const ranking: string[] = [];
    const ranked = 3 + Math.floor(random() * 6);
    for (let r = 0; r < ranked && remaining.length; r++) {
      const k = pick(
        remaining,
        remaining.map((x) => popularity[x]!),
        random,
      );
      remaining.splice(remaining.indexOf(k), 1);
      ranking.push(`p${k + 1}`);
    }
    const other = () => {
      let j = Math.floor(random() * n);
      if (j === i) j = (j + 1) % n;
      return ids[j]!;
    };
    const friend = () => {
      const pool = byArchetype[archetype[i]!]!;
      const j = pool[Math.floor(random() * pool.length)]!;
      return j === id ? other() : j;
    };
    const like =
      random() < 0.2 ? [...new Set([friend(), ...(random() < 0.5 ? [friend()] : [])])] : [];
    const avoid = random() < 0.1 ? [other()].filter((j) => !like.includes(j)) : [];
    const demoOption = random() < 0.15 ? 'yes' : random() < 0.06 ? 'skip' : 'no';
    answers.set(id, {
      [avail!.id]: { type: 'AVAILABILITY', hours },
      [skills!.id]: { type: 'SKILLS', levels },
      [role!.id]: {
        type: 'ROLE',
        option: pick(['lead', 'dev', 'design', 'test'], [2, 5, 2, 1], random),
      },
      [project!.id]: { type: 'PROJECT', ranking },
      [mates!.id]: { type: 'TEAMMATES', like, avoid },
      [demo!.id]: { type: 'DEMOGRAPHIC', option: demoOption },
      [style!.id]: {
        type: 'SINGLE_CHOICE',
        option: pick(
          ['early', 'steady', 'late'],
          [
            [3, 2, 1],
            [1, 3, 1],
            [1, 2, 3],
            [2, 2, 2],
            [1, 1, 1],
          ][archetype[i]!]!,
          random,
        ),
      },
    });
  });
  return {
    questions,
    answers,
    names,
    teams: sizes.map((size, t) => ({
      key: `new-${t + 1}`,
      name: `Team ${t + 1}`,
      fixed: [],
      size,
    })),
    movable: ids,
  };
}
