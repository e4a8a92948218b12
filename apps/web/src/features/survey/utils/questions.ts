import {
  SURVEY_QUESTION_TYPE_LABELS,
  type SurveyGoal,
  type SurveyLikeRule,
  availabilitySettings,
  type SurveyQuestion,
  type SurveyQuestionType,
} from '@teamup/shared';
import { deviceTimeZone } from '@/lib/time-zone';

/** A v4 uuid: the browser's when it has one (secure contexts), else from random bytes. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Teammates must be alike on these: the schema fixes the goal to SIMILAR. */
export const SIMILAR_ONLY: ReadonlySet<SurveyQuestionType> = new Set([
  'AVAILABILITY',
  'PROJECT',
  'TEAMMATES',
]);

/** At most one question of these types per survey. */
export const ONCE_ONLY: ReadonlySet<SurveyQuestionType> = new Set(['PROJECT', 'TEAMMATES']);

/** "Front end" → "front-end": an option's id, from its label, in the schema's alphabet. */
export function slugOf(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 34)
    .replace(/-+$/, '');
  return slug || 'option';
}

/** The slug of a label, made unique among `taken` ("role", "role-2", …). */
export function uniqueId(label: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = slugOf(label);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const id = `${base}-${n}`;
    if (!used.has(id)) return id;
  }
}

/** A question as the builder holds it: options not saved yet take their id from their label. */
export type DraftOption = {
  id: string;
  label: string;
  fresh: boolean;
  /** Background questions: "do not isolate" (never exactly one member with it in a team). */
  doNotIsolate?: boolean;
  /** Background questions (issue 36): no team of 2+ made entirely of this answer. */
  notAll?: boolean;
};
/** Issue 36: two options (by id) of one question that may not share a team. */
export type DraftPair = [string, string];
export type DraftProject = { id: string; name: string; capacity: number | ''; fresh: boolean };

/**
 * Gives every fresh item the id of its label, unique in the list; a saved item keeps its id
 * whatever its label becomes, so answers given to it survive a rename.
 */
export function withIds<T extends { id: string; fresh: boolean }>(
  items: T[],
  labelOf: (item: T) => string,
): T[] {
  const kept = items.filter((i) => !i.fresh).map((i) => i.id);
  const taken = new Set(kept);
  return items.map((item) => {
    if (!item.fresh) return item;
    const id = uniqueId(labelOf(item), taken);
    taken.add(id);
    return { ...item, id };
  });
}

type Common = {
  id: string;
  prompt: string;
  help: string;
  weight: number;
  /** BALANCED is offered for skills only. */
  goal: SurveyGoal;
  required: boolean;
};

/** The builder's copy of a question: the schema's fields, options with their freshness. */
export type DraftQuestion =
  | (Common & {
      type: 'AVAILABILITY';
      fromHour: number;
      toHour: number;
      hoursNeeded: number;
      /** Issue 36: the grid's zone, the meeting length and the minimum shared time (a rule). */
      timeZone: string;
      meetingHours: number;
      minSharedHours: number;
    })
  | (Common & { type: 'SKILLS'; skills: string[] })
  | (Common & {
      type: 'ROLE' | 'SINGLE_CHOICE';
      options: DraftOption[];
      incompatible?: DraftPair[];
    })
  | (Common & {
      type: 'DEMOGRAPHIC';
      options: DraftOption[];
      /** At least this many or none, for the "do not isolate" options (absent: 2). */
      togetherMin?: number;
      requireMixed?: boolean;
      incompatible?: DraftPair[];
    })
  | (Common & { type: 'MULTIPLE_CHOICE'; options: DraftOption[]; maxChoices: number | null })
  | (Common & { type: 'PROJECT'; projects: DraftProject[] })
  | (Common & { type: 'TEAMMATES'; likeRule?: SurveyLikeRule });

const PROMPTS: Record<SurveyQuestionType, string> = {
  AVAILABILITY: 'When are you free to work with your team?',
  SKILLS: 'How good are you at each of these?',
  ROLE: 'Which role would you like in your team?',
  PROJECT: 'Which projects would you like to work on?',
  TEAMMATES: 'Who would you like to work with, and who would you rather not?',
  DEMOGRAPHIC: 'Which of these describes you?',
  SINGLE_CHOICE: SURVEY_QUESTION_TYPE_LABELS.SINGLE_CHOICE,
  MULTIPLE_CHOICE: SURVEY_QUESTION_TYPE_LABELS.MULTIPLE_CHOICE,
};

const option = (label: string): DraftOption => ({ id: '', label, fresh: true });

/** Issue 36: the gender preset's options, in the order gruepr and CATME users know. */
export const GENDER_OPTIONS = [
  'Woman',
  'Man',
  'Nonbinary',
  'Self-described',
  'Prefer not to say',
] as const;

/**
 * A background question on gender (issue 36): the five options, not required, diverse, with
 * "do not isolate" on Woman and Nonbinary (an instructor changes them); weight 0, a rule only.
 */
export function genderQuestion(): DraftQuestion {
  const q = newQuestion('DEMOGRAPHIC');
  return {
    ...q,
    prompt: 'What is your gender?',
    help: 'Used only to keep anyone from being the only one in a team. Optional.',
    weight: 0,
    options: withIds(
      GENDER_OPTIONS.map((label) => ({
        ...option(label),
        doNotIsolate: label === 'Woman' || label === 'Nonbinary',
      })),
      (o) => o.label,
    ),
  } as DraftQuestion;
}

/**
 * A new question of a type, with a prompt and fields an instructor adjusts. An availability grid
 * starts in `timeZone` (the organization's), else this browser's zone, else UTC (issue 36).
 */
export function newQuestion(
  type: SurveyQuestionType,
  defaults: { timeZone?: string | null } = {},
): DraftQuestion {
  const common: Common = {
    id: newId(),
    prompt: PROMPTS[type],
    help: '',
    weight: 3,
    goal: 'SIMILAR',
    required: true,
  };
  switch (type) {
    case 'AVAILABILITY':
      return {
        ...common,
        type,
        fromHour: 8,
        toHour: 20,
        hoursNeeded: 6,
        timeZone: defaults.timeZone || deviceTimeZone() || 'UTC',
        meetingHours: 1,
        minSharedHours: 0,
      };
    case 'SKILLS':
      return { ...common, type, goal: 'DIVERSE', skills: [] };
    case 'ROLE':
      return {
        ...common,
        type,
        goal: 'DIVERSE',
        options: withIds(
          [option('Leader'), option('Developer'), option('Designer')],
          (o) => o.label,
        ),
      };
    case 'SINGLE_CHOICE':
      return { ...common, type, options: withIds([option(''), option('')], (o) => o.label) };
    case 'DEMOGRAPHIC':
      return {
        ...common,
        type,
        goal: 'DIVERSE',
        required: false,
        options: withIds([option(''), option('')], (o) => o.label),
      };
    case 'MULTIPLE_CHOICE':
      return {
        ...common,
        type,
        options: withIds([option(''), option('')], (o) => o.label),
        maxChoices: null,
      };
    case 'PROJECT':
      return {
        ...common,
        type,
        projects: withIds(
          [
            { id: '', name: '', capacity: 1, fresh: true },
            { id: '', name: '', capacity: 1, fresh: true },
          ],
          (p) => p.name,
        ),
      };
    case 'TEAMMATES':
      return { ...common, type, weight: 2 };
  }
}

/** A saved question as the builder holds it (its options are not fresh: their ids stay). */
export function toDraft(q: SurveyQuestion): DraftQuestion {
  const saved = (options: { id: string; label: string }[]) =>
    options.map((o) => ({ ...o, fresh: false }));
  switch (q.type) {
    case 'ROLE':
    case 'SINGLE_CHOICE':
      return { ...q, options: saved(q.options) };
    case 'DEMOGRAPHIC': {
      const protectedIds = new Set(q.doNotIsolate);
      const notAll = new Set(q.notAllOf ?? []);
      const { notAllOf: _notAllOf, doNotIsolate: _doNotIsolate, ...rest } = q;
      return {
        ...rest,
        options: saved(q.options).map((o) => ({
          ...o,
          doNotIsolate: protectedIds.has(o.id),
          notAll: notAll.has(o.id),
        })),
      };
    }
    case 'MULTIPLE_CHOICE':
      return { ...q, options: saved(q.options) };
    case 'PROJECT':
      return { ...q, projects: q.projects.map((p) => ({ ...p, fresh: false })) };
    case 'AVAILABILITY':
      return { ...q, ...availabilitySettings(q) };
    default:
      return { ...q };
  }
}

/** The question as the API wants it (the server checks it against the shared schema). */
export function fromDraft(q: DraftQuestion): SurveyQuestion {
  const common = {
    id: q.id,
    prompt: q.prompt.trim(),
    help: q.help.trim(),
    weight: q.weight,
    goal: SIMILAR_ONLY.has(q.type) ? 'SIMILAR' : q.goal,
    required: q.required,
  };
  const options = (list: DraftOption[]) =>
    list.map(({ id, label }) => ({ id, label: label.trim() }));
  // Pairs of options still in the list, each once (an option removed takes its pairs with it).
  const pairs = (list: DraftOption[], given: DraftPair[] | undefined) => {
    const ids = new Set(list.map((o) => o.id));
    const seen = new Set<string>();
    const out: DraftPair[] = [];
    for (const [a, b] of given ?? []) {
      const key = a < b ? `${a}|${b}` : `${b}|${a}`;
      if (!ids.has(a) || !ids.has(b) || a === b || seen.has(key)) continue;
      seen.add(key);
      out.push([a, b]);
    }
    return out.length ? { incompatible: out } : {};
  };
  const goal = q.type === 'SKILLS' || common.goal !== 'BALANCED' ? common.goal : 'SIMILAR';
  switch (q.type) {
    case 'AVAILABILITY':
      return {
        ...common,
        goal: 'SIMILAR',
        type: q.type,
        fromHour: q.fromHour,
        toHour: q.toHour,
        hoursNeeded: q.hoursNeeded,
        timeZone: q.timeZone,
        meetingHours: q.meetingHours,
        minSharedHours: q.minSharedHours,
      };
    case 'SKILLS':
      return { ...common, type: q.type, skills: q.skills };
    case 'ROLE':
    case 'SINGLE_CHOICE':
      return {
        ...common,
        goal,
        type: q.type,
        options: options(q.options),
        ...pairs(q.options, q.incompatible),
      } as SurveyQuestion;
    case 'DEMOGRAPHIC': {
      const notAllOf = q.options.filter((o) => o.notAll).map((o) => o.id);
      return {
        ...common,
        goal: goal as 'SIMILAR' | 'DIVERSE',
        type: q.type,
        options: options(q.options),
        doNotIsolate: q.options.filter((o) => o.doNotIsolate).map((o) => o.id),
        ...(q.togetherMin && q.togetherMin !== 2 ? { togetherMin: q.togetherMin } : {}),
        ...(notAllOf.length ? { notAllOf } : {}),
        ...(q.requireMixed ? { requireMixed: true } : {}),
        ...pairs(q.options, q.incompatible),
      };
    }
    case 'MULTIPLE_CHOICE':
      return {
        ...common,
        goal: goal as 'SIMILAR' | 'DIVERSE',
        type: q.type,
        options: options(q.options),
        maxChoices: q.maxChoices,
      };
    case 'PROJECT':
      return {
        ...common,
        goal: 'SIMILAR',
        type: q.type,
        projects: q.projects.map(({ id, name, capacity }) => ({
          id,
          name: name.trim(),
          capacity: capacity === '' ? 0 : capacity,
        })),
      };
    case 'TEAMMATES':
      return {
        ...common,
        goal: 'SIMILAR',
        type: q.type,
        ...(q.likeRule && q.likeRule !== 'SCORE' ? { likeRule: q.likeRule } : {}),
      };
  }
}
