// The team-formation survey (issue 27, decision 135): the instructor builds it per course from
// question types, each with a weight and a goal (teammates similar or diverse); students answer
// it while it is open; placement by criteria scores teams on the answers. Answers are read by the
// course's admins only (and the student who gave them), never by other students.
import { z } from 'zod';
import { multiLineSchema, singleLineSchema } from './text.js';
import { paginationQuerySchema, paginated } from './api.js';
import { dateTimeField } from './dates.js';
import { timeZoneSchema } from './email.js';

export const SURVEY_QUESTION_TYPES = [
  'AVAILABILITY',
  'SKILLS',
  'ROLE',
  'PROJECT',
  'TEAMMATES',
  'DEMOGRAPHIC',
  'SINGLE_CHOICE',
  'MULTIPLE_CHOICE',
] as const;
export const surveyQuestionTypeSchema = z.enum(SURVEY_QUESTION_TYPES);
export type SurveyQuestionType = z.infer<typeof surveyQuestionTypeSchema>;

/** How each type is named in the survey builder. */
export const SURVEY_QUESTION_TYPE_LABELS: Record<SurveyQuestionType, string> = {
  AVAILABILITY: 'Weekly availability',
  SKILLS: 'Skill levels',
  ROLE: 'Preferred role',
  PROJECT: 'Project preferences',
  TEAMMATES: 'Teammates I would like / rather not work with',
  DEMOGRAPHIC: 'Background (with identity rules)',
  SINGLE_CHOICE: 'Single choice',
  MULTIPLE_CHOICE: 'Multiple choice',
};

/**
 * SIMILAR, DIVERSE, and (issue 36, decision 152) BALANCED: each team's mean level near the
 * class's, offered for SKILLS only (the other types refuse it).
 */
export const SURVEY_GOALS = ['SIMILAR', 'DIVERSE', 'BALANCED'] as const;
export const surveyGoalSchema = z.enum(SURVEY_GOALS);
export type SurveyGoal = z.infer<typeof surveyGoalSchema>;
/** The goals every type but SKILLS takes. */
const pairGoalSchema = z.enum(['SIMILAR', 'DIVERSE']);
/**
 * BALANCED scores a team 1 − |team mean − class mean| / this (levels 1–5), at least 0: a team
 * whose mean level is 2 levels off the class's scores 0 (decision 152).
 */
export const SURVEY_BALANCE_SCALE = 2;

/**
 * "I'd like" on the TEAMMATES question (issue 36, decision 152): SCORE (only the weight, as
 * before), REQUIRED_MUTUAL (two students who asked for each other share a team: a hard rule),
 * REQUIRED (every listed pair shares a team). Absent: SCORE.
 */
export const SURVEY_LIKE_RULES = ['SCORE', 'REQUIRED_MUTUAL', 'REQUIRED'] as const;
export const surveyLikeRuleSchema = z.enum(SURVEY_LIKE_RULES);
export type SurveyLikeRule = z.infer<typeof surveyLikeRuleSchema>;
/** "At least N or none" for the "do not isolate" options: N is 2 (the default) or 3. */
export const SURVEY_TOGETHER_MIN = 2;
export const SURVEY_TOGETHER_MAX = 3;
/** A choice question lists at most this many incompatible pairs. */
export const SURVEY_INCOMPATIBLE_MAX = 40;

/** A survey has at most this many questions. */
export const SURVEY_QUESTION_MAX = 30;
/** A choice question has 2 to this many options; a skills question at most this many skills. */
export const SURVEY_OPTION_MAX = 20;
/** A project question lists at most this many projects. */
export const SURVEY_PROJECT_MAX = 50;
/** "Teammates I'd like" and "would rather not": at most this many classmates each. */
export const SURVEY_TEAMMATES_MAX = 3;
/** Weights run from 0 (asked, not used for placement) to this. */
export const SURVEY_WEIGHT_MAX = 5;
/** Skill levels run from 1 to this. */
export const SURVEY_SKILL_LEVEL_MAX = 5;
/** The availability grid: 7 days × 24 hours, hour h of day d is d * 24 + h (Monday = 0). */
export const SURVEY_HOURS_IN_WEEK = 168;
export const SURVEY_DAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
/** Issue 36: a team meets in blocks of 1 to this many consecutive hours. */
export const SURVEY_MEETING_HOURS_MAX = 4;
/** Issue 36: the minimum shared time a week (a rule) and the hours needed run up to this. */
export const SURVEY_SHARED_HOURS_MAX = 40;
/** Closing reminders go to students who have not submitted, this many hours before closing. */
export const SURVEY_CLOSING_REMINDER_HOURS = [48, 24] as const;
/** The one-click reminder from the results: once per course per this many hours. */
export const SURVEY_REMIND_INTERVAL_HOURS = 24;
/** A student's answers, stored as JSON, are at most this many bytes. */
export const SURVEY_ANSWERS_MAX_BYTES = 32_768;

const text = (max: number) => singleLineSchema().min(1).max(max);
/** An option's id: stable across edits, so answers survive renaming and reordering. */
export const surveyOptionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Use 1–40 letters, digits, "-" or "_"');
export const surveyOptionSchema = z.strictObject({ id: surveyOptionIdSchema, label: text(120) });
export type SurveyOption = z.infer<typeof surveyOptionSchema>;

const uniqueIds = (items: { id: string }[]) =>
  new Set(items.map((i) => i.id)).size === items.length;
const options = z
  .array(surveyOptionSchema)
  .min(2)
  .max(SURVEY_OPTION_MAX)
  .refine(uniqueIds, 'Each option needs its own id');

const common = {
  /** Stable across edits (answers are stored per question id). */
  id: z.uuid(),
  prompt: text(300),
  /** Shown under the prompt. */
  help: multiLineSchema().max(500).default(''),
  weight: z.number().int().min(0).max(SURVEY_WEIGHT_MAX),
  goal: pairGoalSchema,
  required: z.boolean(),
};

/**
 * Issue 36: pairs of options of one choice question that may not share a team (a hard rule,
 * whatever the weight). Optional: absent means none, so stored surveys stay as they were.
 */
// A pair is an array of exactly two, typed as a pair (a zod tuple renders in the OpenAPI document
// as an `anyOf` of the same schema twice, which its lint refuses).
const optionPair = z.array(surveyOptionIdSchema).length(2) as unknown as z.ZodType<
  [string, string]
>;
const incompatible = z.array(optionPair).max(SURVEY_INCOMPATIBLE_MAX).optional();

export const surveyQuestionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...common,
    type: z.literal('AVAILABILITY'),
    /** Teammates are always alike here: a team needs hours in common. */
    goal: z.literal('SIMILAR'),
    /** The hours of each day the grid shows: fromHour ≤ h < toHour. */
    fromHour: z.number().int().min(0).max(23),
    toHour: z.number().int().min(1).max(24),
    /** Shared free hours a team needs a week; a team with as many scores 1 on this question. */
    hoursNeeded: z.number().int().min(1).max(SURVEY_SHARED_HOURS_MAX),
    /**
     * Issue 36 (decision 153): the grid's time zone (IANA name, "UTC" allowed); the hours above
     * are in it. Absent (surveys before issue 36): UTC. Students answer in their own zone.
     */
    timeZone: timeZoneSchema.optional(),
    /**
     * A team meets in blocks of this many consecutive shared free hours ("2-hour blocks"): only
     * shared hours inside such blocks count, for the score and the rule. Absent: 1 (every hour).
     */
    meetingHours: z.number().int().min(1).max(SURVEY_MEETING_HOURS_MAX).optional(),
    /**
     * A rule, whatever the weight: no team shares fewer hours a week (counted in blocks) than
     * this; a team with less is a violation the proposal names. 0 or absent: no rule.
     */
    minSharedHours: z.number().int().min(0).max(SURVEY_SHARED_HOURS_MAX).optional(),
  }),
  z.strictObject({
    ...common,
    type: z.literal('SKILLS'),
    /** SKILLS alone may be BALANCED (each team's mean level near the class's). */
    goal: surveyGoalSchema,
    skills: z
      .array(text(40))
      .min(1)
      .max(SURVEY_OPTION_MAX)
      .refine((s) => new Set(s.map((x) => x.toLowerCase())).size === s.length, 'Each skill once'),
  }),
  z.strictObject({ ...common, type: z.literal('ROLE'), options, incompatible }),
  z.strictObject({
    ...common,
    type: z.literal('PROJECT'),
    /** A team is given one project; the same project can go to `capacity` teams. */
    goal: z.literal('SIMILAR'),
    projects: z
      .array(
        z.strictObject({
          id: surveyOptionIdSchema,
          name: text(120),
          capacity: z.number().int().min(1).max(500),
        }),
      )
      .min(2)
      .max(SURVEY_PROJECT_MAX)
      .refine(uniqueIds, 'Each project needs its own id'),
  }),
  z.strictObject({
    ...common,
    type: z.literal('TEAMMATES'),
    /** "Would rather not" is a hard constraint; the weight scores "I'd like". */
    goal: z.literal('SIMILAR'),
    /** Whether "I'd like" is also a hard rule (decision 152). Absent: SCORE. */
    likeRule: surveyLikeRuleSchema.optional(),
  }),
  z.strictObject({
    ...common,
    type: z.literal('DEMOGRAPHIC'),
    options,
    /** "Do not isolate": never exactly one member with one of these options in a team. */
    doNotIsolate: z.array(surveyOptionIdSchema).max(SURVEY_OPTION_MAX).default([]),
    /**
     * Issue 36, decision 152: "at least N or none" for the doNotIsolate options (a team has 0 or
     * ≥ N members with each). Absent: 2, which is "do not isolate" itself.
     */
    togetherMin: z.number().int().min(SURVEY_TOGETHER_MIN).max(SURVEY_TOGETHER_MAX).optional(),
    /** "No team entirely of one answer": a team of 2+ members is never all of one of these. */
    notAllOf: z.array(surveyOptionIdSchema).max(SURVEY_OPTION_MAX).optional(),
    /** "Require mixed": a team with 2+ members who answered has 2+ different answers. */
    requireMixed: z.boolean().optional(),
    incompatible,
  }),
  z.strictObject({ ...common, type: z.literal('SINGLE_CHOICE'), options, incompatible }),
  z.strictObject({
    ...common,
    type: z.literal('MULTIPLE_CHOICE'),
    options,
    /** At most this many options may be picked (null: any number). */
    maxChoices: z.number().int().min(1).max(SURVEY_OPTION_MAX).nullable().default(null),
  }),
]);
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;
export type SurveyQuestionInput = z.input<typeof surveyQuestionSchema>;

type AvailabilityQuestion = Extract<SurveyQuestion, { type: 'AVAILABILITY' }>;

/** An availability question's settings with their defaults (issue 36: absent in older surveys). */
export function availabilitySettings(q: AvailabilityQuestion): {
  timeZone: string;
  meetingHours: number;
  minSharedHours: number;
} {
  return {
    timeZone: q.timeZone ?? 'UTC',
    meetingHours: q.meetingHours ?? 1,
    minSharedHours: q.minSharedHours ?? 0,
  };
}

/** What does not fit together in an availability question: [field, message]. */
function availabilityIssues(q: AvailabilityQuestion): [string, string][] {
  if (q.toHour <= q.fromHour) return [['toHour', 'Must be after fromHour']];
  const perDay = q.toHour - q.fromHour;
  const { meetingHours, minSharedHours } = availabilitySettings(q);
  const issues: [string, string][] = [];
  // A whole day's window runs into the next day; a shorter one must hold a block each day.
  if (perDay < 24 && meetingHours > perDay)
    issues.push(['meetingHours', `Longer than the ${perDay} hours shown each day`]);
  if (minSharedHours > perDay * 7)
    issues.push(['minSharedHours', `More than the ${perDay * 7} hours the grid shows a week`]);
  return issues;
}

/** The questions of a survey, checked as a whole (ids unique, options referenced exist). */
export const surveyQuestionsSchema = z
  .array(surveyQuestionSchema)
  .max(SURVEY_QUESTION_MAX)
  .superRefine((questions, ctx) => {
    const seen = new Set<string>();
    questions.forEach((q, i) => {
      if (seen.has(q.id))
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'Each question once' });
      seen.add(q.id);
      if (q.type === 'AVAILABILITY')
        availabilityIssues(q).forEach(([path, message]) =>
          ctx.addIssue({ code: 'custom', path: [i, path], message }),
        );
      if (q.type === 'DEMOGRAPHIC') {
        const ids = new Set(q.options.map((o) => o.id));
        q.doNotIsolate.forEach((id, j) => {
          if (!ids.has(id))
            ctx.addIssue({
              code: 'custom',
              path: [i, 'doNotIsolate', j],
              message: 'Not one of the options',
            });
        });
        (q.notAllOf ?? []).forEach((id, j) => {
          if (!ids.has(id))
            ctx.addIssue({
              code: 'custom',
              path: [i, 'notAllOf', j],
              message: 'Not one of the options',
            });
        });
      }
      if (q.type === 'DEMOGRAPHIC' || q.type === 'ROLE' || q.type === 'SINGLE_CHOICE') {
        const ids = new Set(q.options.map((o) => o.id));
        const pairs = new Set<string>();
        (q.incompatible ?? []).forEach(([a, b], j) => {
          const path = [i, 'incompatible', j];
          if (!ids.has(a) || !ids.has(b))
            ctx.addIssue({ code: 'custom', path, message: 'Not one of the options' });
          else if (a === b)
            ctx.addIssue({ code: 'custom', path, message: 'Pick two different options' });
          else {
            const key = a < b ? `${a}|${b}` : `${b}|${a}`;
            if (pairs.has(key)) ctx.addIssue({ code: 'custom', path, message: 'Each pair once' });
            pairs.add(key);
          }
        });
      }
      if (q.type === 'MULTIPLE_CHOICE' && q.maxChoices !== null && q.maxChoices > q.options.length)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'maxChoices'],
          message: 'More than the options',
        });
    });
    if (questions.filter((q) => q.type === 'TEAMMATES').length > 1)
      ctx.addIssue({ code: 'custom', path: [], message: 'At most one teammates question' });
    if (questions.filter((q) => q.type === 'PROJECT').length > 1)
      ctx.addIssue({ code: 'custom', path: [], message: 'At most one project question' });
  });

/** DRAFT: not open yet (no dates, or opensAt ahead); OPEN; CLOSED: closesAt passed. */
export const SURVEY_STATES = ['DRAFT', 'OPEN', 'CLOSED'] as const;
export const surveyStateSchema = z.enum(SURVEY_STATES);
export type SurveyState = z.infer<typeof surveyStateSchema>;

/** A course's survey as its admins see it. */
export const surveySchema = z.object({
  courseId: z.uuid(),
  /** Optimistic concurrency: PUT names the version it edited. */
  version: z.number().int(),
  questions: z.array(surveyQuestionSchema),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /** When the opening notification went out (set once). */
  openedAt: z.string().nullable(),
  state: surveyStateSchema,
  updatedAt: z.string(),
  updatedBy: z.object({ id: z.uuid(), fullname: z.string() }).nullable(),
});
export type Survey = z.infer<typeof surveySchema>;

/** GET /admin/courses/{courseId}/survey. */
export const adminSurveyViewSchema = z.object({
  /** Null until the first PUT. */
  survey: surveySchema.nullable(),
  /** ACTIVE students of the course, submitted responses among them, drafts (saved, not submitted). */
  activeStudents: z.number().int(),
  submitted: z.number().int(),
  drafts: z.number().int(),
  /** Other courses of the organization that have a survey with questions, to copy from. */
  copySources: z.array(
    z.object({
      courseId: z.uuid(),
      code: z.string(),
      title: z.string(),
      questionCount: z.number().int(),
    }),
  ),
  /** When the one-click reminder may be sent again (null: now). */
  remindAvailableAt: z.string().nullable(),
  /**
   * Issue 36: the organization's time zone, the grid zone a new availability question starts
   * with (null: none known; the builder then uses the instructor's browser zone).
   */
  defaultTimeZone: z.string().nullable().optional(),
  /**
   * The stored answers of the ACTIVE students (submitted and drafts) by question id (issue 35):
   * how many answered it, and how many named each option, project or skill (by its id, or a
   * skill's name), so an edit can say what it does to them before it is saved.
   */
  answerCounts: z.record(
    z.string(),
    z.object({ answers: z.number().int(), refs: z.record(z.string(), z.number().int()) }),
  ),
});
export type AdminSurveyView = z.infer<typeof adminSurveyViewSchema>;
export type SurveyAnswerCounts = AdminSurveyView['answerCounts'];

/**
 * PUT /admin/courses/{courseId}/survey: the whole survey (version 0 creates it), or a copy of
 * another course's questions (same organization; the dates stay this course's). A stale version
 * is 409 SURVEY_CHANGED. Dates: closesAt after opensAt; both or neither.
 */
export const surveyPutBodySchema = z.union([
  z
    .strictObject({
      version: z.number().int().min(0),
      questions: surveyQuestionsSchema,
      opensAt: dateTimeField().nullable(),
      closesAt: dateTimeField().nullable(),
    })
    .superRefine((b, ctx) => {
      if ((b.opensAt === null) !== (b.closesAt === null))
        ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'Give both dates or neither' });
      else if (b.opensAt && b.closesAt && Date.parse(b.closesAt) <= Date.parse(b.opensAt))
        ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'Must be after opensAt' });
    }),
  z.strictObject({ version: z.number().int().min(0), copyFromCourseId: z.uuid() }),
]);
export type SurveyPutBody = z.input<typeof surveyPutBodySchema>;

/** One answer, tagged with its question's type (the server checks they agree). */
export const surveyAnswerSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('AVAILABILITY'),
    /**
     * Free hours, d * 24 + h, in `timeZone` (issue 36: the student's own zone; absent: the
     * question's). The server reads them in the question's zone before placing (decision 153).
     */
    timeZone: timeZoneSchema.optional(),
    hours: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(SURVEY_HOURS_IN_WEEK - 1),
      )
      .max(SURVEY_HOURS_IN_WEEK)
      .refine((h) => new Set(h).size === h.length, 'Each hour once'),
  }),
  z.strictObject({
    type: z.literal('SKILLS'),
    /** Level per skill (the question's skill names). */
    levels: z.record(z.string().max(40), z.number().int().min(1).max(SURVEY_SKILL_LEVEL_MAX)),
  }),
  z.strictObject({ type: z.literal('ROLE'), option: surveyOptionIdSchema }),
  z.strictObject({
    type: z.literal('PROJECT'),
    /** Project ids, most wanted first; projects left out are ranked after, equally. */
    ranking: z
      .array(surveyOptionIdSchema)
      .max(SURVEY_PROJECT_MAX)
      .refine((r) => new Set(r).size === r.length, 'Each project once'),
  }),
  z.strictObject({
    type: z.literal('TEAMMATES'),
    like: z.array(z.uuid()).max(SURVEY_TEAMMATES_MAX),
    avoid: z.array(z.uuid()).max(SURVEY_TEAMMATES_MAX),
  }),
  z.strictObject({ type: z.literal('DEMOGRAPHIC'), option: surveyOptionIdSchema }),
  z.strictObject({ type: z.literal('SINGLE_CHOICE'), option: surveyOptionIdSchema }),
  z.strictObject({
    type: z.literal('MULTIPLE_CHOICE'),
    options: z
      .array(surveyOptionIdSchema)
      .max(SURVEY_OPTION_MAX)
      .refine((o) => new Set(o).size === o.length, 'Each option once'),
  }),
]);
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>;
/** Answers by question id. */
export const surveyAnswersSchema = z.record(z.uuid(), surveyAnswerSchema);
export type SurveyAnswers = z.infer<typeof surveyAnswersSchema>;

/**
 * PUT /student/courses/{courseId}/survey/response: the whole set of answers so far. `submit:
 * false` saves a draft (autosave); `submit: true` also needs every required question answered
 * (422 otherwise, one detail per question). Before opensAt 409 SURVEY_NOT_OPEN, after closesAt
 * 409 SURVEY_CLOSED; answers that do not fit their question are 422.
 */
export const surveyResponseBodySchema = z.strictObject({
  answers: surveyAnswersSchema,
  submit: z.boolean(),
});
export type SurveyResponseBody = z.infer<typeof surveyResponseBodySchema>;

export const surveyResponseSchema = z.object({
  answers: surveyAnswersSchema,
  updatedAt: z.string(),
  /** Null while a draft. */
  submittedAt: z.string().nullable(),
});
export type SurveyResponse = z.infer<typeof surveyResponseSchema>;

/** GET /student/courses/{courseId}/survey: the survey (null when the course has none open or closed), my answers. */
export const studentSurveyViewSchema = z.object({
  survey: z
    .object({
      version: z.number().int(),
      questions: z.array(surveyQuestionSchema),
      opensAt: z.string().nullable(),
      closesAt: z.string().nullable(),
      state: surveyStateSchema,
    })
    .nullable(),
  response: surveyResponseSchema.nullable(),
  /** ACTIVE classmates for the teammates question (never an email). Empty without one. */
  classmates: z.array(z.object({ id: z.uuid(), fullname: z.string() })),
  /** My team in this course, if I am in one (issue 35: the form says what answering does then). */
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type StudentSurveyView = z.infer<typeof studentSurveyViewSchema>;

/** GET /admin/courses/{courseId}/survey/responses: ANSWERED (submitted or draft) or MISSING (no submitted response). */
export const SURVEY_RESPONSE_FILTERS = ['ANSWERED', 'MISSING'] as const;
export const surveyResponsesQuerySchema = paginationQuerySchema.extend({
  status: z.enum(SURVEY_RESPONSE_FILTERS).default('ANSWERED'),
});
export type SurveyResponsesQuery = z.input<typeof surveyResponsesQuerySchema>;

export const surveyResponseRowSchema = z.object({
  student: z.object({ id: z.uuid(), fullname: z.string(), email: z.string() }),
  /** Null for a MISSING row without a draft. */
  response: surveyResponseSchema.nullable(),
  /**
   * Questions whose answer named an option, project, skill or hour an edit has since removed
   * (issue 35): shown as "answered a removed option"; what else the answer named is kept.
   */
  removed: z.array(z.uuid()),
});
export type SurveyResponseRow = z.infer<typeof surveyResponseRowSchema>;
export const surveyResponsesPageSchema = paginated(surveyResponseRowSchema);
export type SurveyResponsesPage = z.infer<typeof surveyResponsesPageSchema>;

/** POST /admin/courses/{courseId}/survey/remind: notifies students without a submitted response. */
export const surveyRemindResultSchema = z.object({ notified: z.number().int() });
export type SurveyRemindResult = z.infer<typeof surveyRemindResultSchema>;
