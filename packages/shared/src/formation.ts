// Finishing formation for a course (issue 15, decision 115): auto-placement with a preview,
// team health with nudges, the LMS export and membership history. The waitlist's fields live
// with join requests in teams.ts.
import { z } from 'zod';
import { teamNameSchema } from './text.js';
import { dateTimeField } from './dates.js';

/** Largest seed a proposal takes (a 31-bit integer, so every client can hold it exactly). */
export const FORMATION_SEED_MAX = 2_147_483_647;
/** How many students one preview may exclude. */
export const FORMATION_EXCLUDE_MAX = 5_000;

// Issue 36 (decision 154): sections and team sizes per team.
/** The largest team a size plan may ask for (the course sizes' own limit). */
export const SIZE_PLAN_TEAM_MAX = 50;
/** Rows of a size plan ("2 teams of 6" is one row), and teams per row. */
export const SIZE_PLAN_ROWS_MAX = 10;
export const SIZE_PLAN_COUNT_MAX = 500;
/** One row of a size plan: `count` new teams of `size` (the rest at the course's sizes). */
export const sizePlanRowSchema = z.strictObject({
  size: z.number().int().min(2).max(SIZE_PLAN_TEAM_MAX),
  count: z.number().int().min(1).max(SIZE_PLAN_COUNT_MAX),
});
export type SizePlanRow = z.infer<typeof sizePlanRowSchema>;
export const sizePlanSchema = z
  .array(sizePlanRowSchema)
  .max(SIZE_PLAN_ROWS_MAX)
  .refine((rows) => new Set(rows.map((r) => r.size)).size === rows.length, {
    message: 'Each team size appears once in the plan; add to its number of teams instead',
  });
/** One section of a proposal placed within sections (issue 36). */
export const formationSectionSchema = z.object({
  /** Null: the students without a section, placed among themselves. */
  name: z.string().nullable(),
  /** The section's teamless students the proposal had to place, and those it placed. */
  students: z.number().int(),
  placed: z.number().int(),
  /** The section's teams in the proposal (existing and new). */
  teams: z.number().int(),
  newTeams: z.number().int(),
  /** A sentence when the section needs the instructor (too small for a team), else null. */
  note: z.string().nullable(),
});
export type FormationSection = z.infer<typeof formationSectionSchema>;

/**
 * POST /admin/courses/{courseId}/formation/preview. Nothing changes; the answer is a proposal.
 * The same course state, options and seed give the same proposal.
 */
export const formationOptionsSchema = z.strictObject({
  /** Omitted: the server picks one and returns it, so the proposal can be reproduced. */
  seed: z.number().int().min(0).max(FORMATION_SEED_MAX).optional(),
  /** Teams closed to requests keep exactly their members: nobody is added to them. */
  leaveClosedTeamsAlone: z.boolean().default(true),
  /** Students (user ids) the proposal must not place. */
  excludeUserIds: z.array(z.uuid()).max(FORMATION_EXCLUDE_MAX).default([]),
  /**
   * Teams still under the minimum after filling may be merged: the members of the smaller team
   * move into another (the only case where an existing member is moved).
   */
  mergeUnderMinimum: z.boolean().default(false),
  /**
   * Issue 27: when the course has a survey with questions, place by its criteria (maximize the
   * lowest team score, then the mean). False: the placement of issue 15 (choices and skills).
   */
  useSurvey: z.boolean().default(true),
  /**
   * Issue 27, with the survey: teams students formed themselves keep their members (seats are
   * filled, teams not broken). False: their members may be moved to raise the lowest score
   * (closed teams left alone still are).
   */
  keepSelfFormedTeams: z.boolean().default(true),
  /**
   * Issue 36: place each section's students only into teams of their section. Omitted: on when
   * the course's students are in two or more sections.
   */
  bySection: z.boolean().optional(),
  /**
   * Issue 36: new teams of set sizes ("2 teams of 6"), the rest at the course's sizes; within
   * sections, the plan holds in each section. Sizes from the course's minimum to 50.
   */
  sizePlan: sizePlanSchema.default([]),
});
export type FormationOptions = z.input<typeof formationOptionsSchema>;

export const formationStudentSchema = z.object({
  userId: z.uuid(),
  fullname: z.string(),
  email: z.string(),
  skills: z.array(z.string()),
});
export type FormationStudent = z.infer<typeof formationStudentSchema>;

/**
 * One team of the proposal. `key` is the existing team's id, or `new-1`, `new-2`, … for a team
 * the proposal creates.
 */
export const proposedTeamSchema = z.object({
  key: z.string(),
  teamId: z.uuid().nullable(),
  name: z.string(),
  /** Members it keeps (the proposal does not touch them). */
  members: z.array(formationStudentSchema),
  maxSize: z.number().int(),
  openToRequests: z.boolean(),
  wantedSkills: z.array(z.string()),
  /** Left alone (closed to requests, with leaveClosedTeamsAlone). */
  locked: z.boolean(),
  /** Placement by criteria (issue 27): the team's score in [0, 1] after the proposal; null without. */
  score: z.number().nullable(),
  /**
   * Each weighted question's score for the team, in [0, 1] (empty without criteria), and what it
   * measured in words ("2 of the 6 shared free hours needed"; issue 35).
   */
  criteria: z.array(z.object({ questionId: z.uuid(), score: z.number(), detail: z.string() })),
  /** The project the proposal gives the team (a project question), or null. */
  project: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Issue 36: placed within sections, the team's section (null: no section); null otherwise. */
  section: z.string().nullable(),
});
export type ProposedTeam = z.infer<typeof proposedTeamSchema>;

/** One student placed by the proposal, with why, in a line a person reads. */
export const placementSchema = z.object({
  userId: z.uuid(),
  student: formationStudentSchema,
  teamKey: z.string(),
  /** Set for a merge: the team the student leaves. */
  fromTeamId: z.uuid().nullable(),
  explanation: z.string(),
});
export type Placement = z.infer<typeof placementSchema>;

/**
 * A hard constraint of the survey that the proposal could not keep, and why. Issue 36 (decision
 * 152): ALL_ONE_ANSWER (a team entirely of one answer), NOT_MIXED (one answer among a team's
 * answering members), INCOMPATIBLE (two answers that may not share a team), APART (required
 * teammates in different teams); ISOLATED also covers "at least N or none".
 */
export const FORMATION_VIOLATION_KINDS = [
  'AVOID',
  'ISOLATED',
  'ALL_ONE_ANSWER',
  'NOT_MIXED',
  'INCOMPATIBLE',
  'APART',
  // Issue 36 (decision 153): a team shares less time a week (in blocks of the meeting length)
  // than the rule asks.
  'SHARED_TIME',
] as const;
export const formationViolationSchema = z.object({
  kind: z.enum(FORMATION_VIOLATION_KINDS),
  teamKey: z.string(),
  /** The students concerned (an avoid pair; the isolated members; the team; the pair apart; the
   * members who gave hours). */
  userIds: z.array(z.uuid()),
  /** In a sentence: what holds the constraint from being kept. */
  detail: z.string(),
  /** Issue 36: the question whose rule it is. */
  questionId: z.uuid().optional(),
});
export type FormationViolation = z.infer<typeof formationViolationSchema>;

/** The kinds of rule a survey sets (formationCriteriaSchema.rules). */
export const FORMATION_RULE_KINDS = [
  'DO_NOT_ISOLATE',
  'AVOID',
  'NOT_ALL_ONE',
  'REQUIRE_MIXED',
  'INCOMPATIBLE',
  'REQUIRED_TEAMMATES',
  'MIN_SHARED_TIME',
] as const;
export type FormationRuleKind = (typeof FORMATION_RULE_KINDS)[number];

/** Placement by criteria (issue 27): what the survey made of the proposal. */
export const formationCriteriaSchema = z.object({
  surveyVersion: z.number().int(),
  /** The weighted questions, in the survey's order. */
  questions: z.array(
    z.object({
      id: z.uuid(),
      prompt: z.string(),
      type: z.string(),
      weight: z.number().int(),
      goal: z.string(),
      /** The question's mean score over the proposal's scored teams (issue 35). */
      meanScore: z.number(),
    }),
  ),
  /** Over the teams the proposal scores (not the ones left alone): the objective, then the mean. */
  lowestScore: z.number(),
  meanScore: z.number(),
  /** Students of the proposal's teams with saved answers, and without (scored as neutral). */
  respondents: z.number().int(),
  nonRespondents: z.number().int(),
  /**
   * Issue 35: what a random placement of the same class gets (the same seats, the students
   * shuffled; the mean over `samples` seeded placements), beside the proposal's figures.
   */
  baseline: z.object({
    samples: z.number().int(),
    lowestScore: z.number(),
    meanScore: z.number(),
    violations: z.number(),
    questions: z.array(z.object({ questionId: z.uuid(), score: z.number() })),
  }),
  /**
   * Issue 35: the course's answers, counted as the survey's results count them (ACTIVE students):
   * submitted, drafts (saved, not submitted) and not started. Placement uses the saved answers of
   * drafts as well as submitted ones (decision 135); students who have not started count as neutral.
   */
  answers: z.object({
    activeStudents: z.number().int(),
    submitted: z.number().int(),
    drafts: z.number().int(),
    notStarted: z.number().int(),
  }),
  /**
   * Issue 35: the rules kept whatever the weight (a weight scores, a rule is its own setting):
   * "do not isolate" options of a DEMOGRAPHIC question, "would rather not" of TEAMMATES. Issue 36
   * (decision 152): NOT_ALL_ONE, REQUIRE_MIXED (DEMOGRAPHIC), INCOMPATIBLE (a choice question),
   * REQUIRED_TEAMMATES (TEAMMATES with a likeRule other than SCORE); MIN_SHARED_TIME, the minimum
   * shared time of an AVAILABILITY question (decision 153).
   */
  rules: z.array(
    z.object({
      questionId: z.uuid(),
      prompt: z.string(),
      kind: z.enum(FORMATION_RULE_KINDS),
      weight: z.number().int(),
      /**
       * What the rule names: the options' labels (DO_NOT_ISOLATE, NOT_ALL_ONE), "A and B" per pair
       * (INCOMPATIBLE); empty for AVOID, REQUIRE_MIXED and REQUIRED_TEAMMATES.
       */
      options: z.array(z.string()),
      /** DO_NOT_ISOLATE: at least this many or none (2: do not isolate). */
      min: z.number().int().optional(),
      /** REQUIRED_TEAMMATES: mutual pairs only, or every listed pair. */
      mutual: z.boolean().optional(),
      /** Issue 36: how many of the proposal's violations are of this rule (0: kept). */
      broken: z.number().int().optional(),
      /** MIN_SHARED_TIME: hours a week each team shares at least, in blocks of meetingHours. */
      schedule: z
        .object({
          minSharedHours: z.number().int(),
          meetingHours: z.number().int(),
          timeZone: z.string(),
        })
        .optional(),
    }),
  ),
  /** Hard constraints that could not all hold; empty when every one does. */
  violations: z.array(formationViolationSchema),
});
export type FormationCriteria = z.infer<typeof formationCriteriaSchema>;

export const formationProposalSchema = z.object({
  courseId: z.uuid(),
  seed: z.number().int(),
  options: z.object({
    leaveClosedTeamsAlone: z.boolean(),
    excludeUserIds: z.array(z.uuid()),
    mergeUnderMinimum: z.boolean(),
    useSurvey: z.boolean(),
    keepSelfFormedTeams: z.boolean(),
    /**
     * Issue 36: as applied (the default resolved; false when the course's students are in fewer
     * than two groups, sections or none, so there was nothing to keep apart).
     */
    bySection: z.boolean(),
    sizePlan: z.array(sizePlanRowSchema),
  }),
  /** Issue 36: each section's figures when placed within sections, else empty. */
  sections: z.array(formationSectionSchema),
  /** Null when the placement did not use a survey (none, no questions with weight, or useSurvey false). */
  criteria: formationCriteriaSchema.nullable(),
  /** A digest of everything the proposal was computed from; apply refuses when it changed. */
  fingerprint: z.string(),
  course: z.object({ teamSizeMin: z.number().int(), teamSizeMax: z.number().int() }),
  teams: z.array(proposedTeamSchema),
  placements: z.array(placementSchema),
  /** Active teamless students it did not place (excluded, or no seat could take them), and why. */
  unplaced: z.array(z.object({ student: formationStudentSchema, reason: z.string() })),
  summary: z.object({
    placed: z.number().int(),
    newTeams: z.number().int(),
    /** Teams (existing and new) under the course minimum after the proposal. */
    underMinimum: z.number().int(),
    /** Why underMinimum cannot be zero, when it is not; null when it is zero. */
    underMinimumReason: z.string().nullable(),
    /**
     * Issue 36: sentences the instructor should read: a section too small for a team, a team
     * whose members span sections (left out of filling), a size plan the class cannot fill.
     */
    notes: z.array(z.string()),
  }),
});
export type FormationProposal = z.infer<typeof formationProposalSchema>;

/**
 * POST /admin/courses/{courseId}/formation/apply: the proposal as the admin left it (students
 * may have been moved between proposed teams). Refused with 409 STALE_PROPOSAL when the course
 * changed since the preview (the fingerprint no longer matches), or when `seed` is not the
 * preview's (the fingerprint covers it: the seed is recorded as the placements' origin).
 */
export const formationApplyBodySchema = z.strictObject({
  fingerprint: z.string().min(1).max(200),
  seed: z.number().int().min(0).max(FORMATION_SEED_MAX),
  /** New teams to create, by key, with their names. */
  newTeams: z
    .array(
      z.strictObject({
        key: z.string().regex(/^new-\d{1,5}$/),
        name: teamNameSchema(80),
        /** Issue 36: a size plan's team larger than the course's teams (the proposal's maxSize). */
        maxSize: z.number().int().min(1).max(SIZE_PLAN_TEAM_MAX).optional(),
      }),
    )
    .max(5_000),
  placements: z
    .array(z.strictObject({ userId: z.uuid(), teamKey: z.string().min(1).max(64) }))
    .max(10_000),
  /** Issue 27: the project each team is given (a project question), recorded on the team. */
  projects: z
    .array(z.strictObject({ teamKey: z.string().min(1).max(64), projectId: z.string().max(40) }))
    .max(5_000)
    .optional(),
});
export type FormationApplyBody = z.infer<typeof formationApplyBodySchema>;

export const formationApplyResultSchema = z.object({
  placed: z.number().int(),
  createdTeams: z.array(z.object({ id: z.uuid(), name: z.string() })),
  movedFromMerges: z.number().int(),
});
export type FormationApplyResult = z.infer<typeof formationApplyResultSchema>;

/** Team health (GET /admin/courses/{courseId}/health). */
export const TEAM_HEALTH_FLAGS = [
  'UNDER_MINIMUM',
  'REQUESTS_UNANSWERED',
  'INACTIVE',
  'CLOSED_WHILE_SHORT',
] as const;
export const teamHealthFlagSchema = z.enum(TEAM_HEALTH_FLAGS);
export type TeamHealthFlag = z.infer<typeof teamHealthFlagSchema>;
/** A join request unanswered for longer than this flags its team. */
export const HEALTH_UNANSWERED_HOURS = 48;
/** A team none of whose members signed in for this long is flagged inactive. */
export const HEALTH_INACTIVE_DAYS = 7;
/** One nudge per team per this many hours (a second answers 409 NUDGE_TOO_SOON). */
export const NUDGE_INTERVAL_HOURS = 24;

export const teamHealthSchema = z.object({
  teamId: z.uuid(),
  name: z.string(),
  memberCount: z.number().int(),
  maxSize: z.number().int(),
  openToRequests: z.boolean(),
  leader: z.object({ id: z.uuid(), fullname: z.string() }).nullable(),
  /** Each flag with what to do about it, in a sentence. */
  flags: z.array(z.object({ flag: teamHealthFlagSchema, detail: z.string() })),
  lastNudgedAt: z.string().nullable(),
});
export type TeamHealth = z.infer<typeof teamHealthSchema>;

export const courseHealthSchema = z.object({
  courseId: z.uuid(),
  teamSizeMin: z.number().int(),
  /** Live teams with at least one flag, most flags first. */
  teams: z.array(teamHealthSchema),
  /** Live teams in the course, flagged or not. */
  totalTeams: z.number().int(),
});
export type CourseHealth = z.infer<typeof courseHealthSchema>;

/** POST /admin/teams/{teamId}/nudge: every member is notified of what to do. */
export const nudgeResultSchema = z.object({ notified: z.number().int(), text: z.string() });
export type NudgeResult = z.infer<typeof nudgeResultSchema>;

/**
 * The export's column sets (decision 118; the README's "Exporting teams to your LMS"): `teamup`
 * (team, member, email, student id, leader, joined at), `canvas` (a group set's "Import groups"
 * file) and `moodle` (the "Upload users" file with course1 and group1). One file cannot serve
 * them all: Moodle refuses columns it does not know.
 */
export const TEAMS_EXPORT_FORMATS = ['teamup', 'canvas', 'moodle'] as const;
export const teamsExportFormatSchema = z.enum(TEAMS_EXPORT_FORMATS);
export type TeamsExportFormat = z.infer<typeof teamsExportFormatSchema>;

/**
 * GET /admin/courses/{courseId}/teams.csv: `at` (ISO with an offset, not in the future) gives
 * the teams as they were then; a time before the course had teams gives the header only.
 */
export const teamsExportQuerySchema = z.object({
  at: dateTimeField().optional(),
  format: teamsExportFormatSchema.default('teamup'),
});
export type TeamsExportQuery = z.input<typeof teamsExportQuerySchema>;

/** Why a membership period ended. */
export const MEMBERSHIP_END_REASONS = [
  'LEFT',
  'REMOVED',
  'MOVED',
  'DISBANDED',
  'ENROLLMENT_ENDED',
] as const;
export const membershipEndReasonSchema = z.enum(MEMBERSHIP_END_REASONS);
export type MembershipEndReason = z.infer<typeof membershipEndReasonSchema>;

export const membershipPeriodSchema = z.object({
  teamId: z.uuid(),
  teamName: z.string(),
  joinedAt: z.string(),
  leftAt: z.string().nullable(),
  leftReason: membershipEndReasonSchema.nullable(),
  teamDisbanded: z.boolean(),
});
export type MembershipPeriod = z.infer<typeof membershipPeriodSchema>;

/**
 * A student's team history in a course, oldest first: GET /student/courses/{courseId}/team-history
 * (their own) and GET /admin/courses/{courseId}/students/{userId}/team-history.
 */
export const teamHistorySchema = z.object({ items: z.array(membershipPeriodSchema) });
export type TeamHistory = z.infer<typeof teamHistorySchema>;

/**
 * Issue 36 (decision 155): POST /admin/courses/{courseId}/formation/evaluate. An edited proposal,
 * scored as the preview scores, changing nothing: the apply body (fingerprint, seed, new teams,
 * placements as the admin left them, projects) and the preview's options (which teams are left
 * alone, who is excluded, whether the survey places). 409 STALE_PROPOSAL like apply; 400 for an
 * assignment apply would refuse (sizes, people, projects) or that places an excluded student.
 */
export const formationEvaluateBodySchema = z.strictObject({
  ...formationApplyBodySchema.shape,
  options: z.strictObject({
    leaveClosedTeamsAlone: z.boolean().default(true),
    excludeUserIds: z.array(z.uuid()).max(FORMATION_EXCLUDE_MAX).default([]),
    useSurvey: z.boolean().default(true),
    /** The preview's: each section is scored as its own class (decision 154). */
    bySection: z.boolean().default(false),
  }),
});
export type FormationEvaluateBody = z.input<typeof formationEvaluateBodySchema>;

/**
 * The scores of an edited proposal: each scored team's score, per-question part and project (the
 * preview's fields, by team key; a team absent here is left alone or empty), and the survey's
 * figures of the assignment (null when the placement does not use a survey). The random baseline
 * and the answers' counts describe the class, not the assignment: the preview's stay.
 */
export const formationEvaluationSchema = z.object({
  teams: z.array(
    proposedTeamSchema.pick({ key: true, score: true, criteria: true, project: true }),
  ),
  criteria: formationCriteriaSchema.omit({ baseline: true, answers: true }).nullable(),
});
export type FormationEvaluation = z.infer<typeof formationEvaluationSchema>;
