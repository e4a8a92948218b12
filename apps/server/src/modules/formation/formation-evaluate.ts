// An edited proposal, scored (issue 36, decision 155): the admin moved, swapped or kept students
// in the preview's teams; this scores that assignment exactly as the preview scores its own
// (evaluateAssignment of formation-criteria.ts, the teams' projects kept), checks it as apply
// would, and writes nothing. The search is not run: one read of the course (the preview's), one
// scoring pass.
import type {
  FormationApplyBody,
  FormationEvaluateBody,
  FormationEvaluation,
  FormationViolation,
} from '@teamup/shared';
import { formationEvaluateBodySchema } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { callerScope, type Caller } from '../../lib/org-scope.js';
import { readSurveyForFormation } from '../../lib/survey-sql.js';
import { AppError, badRequest, conflict } from '../../plugins/errors.js';
import type { FormationInput } from './formation-algorithm.js';
import {
  evaluateAssignment,
  type CriteriaTeamInput,
  type CriteriaViolation,
} from './formation-criteria.js';
import { formationCourse, formationFingerprint, readFormationInput } from './formation-input.js';
import {
  checkPlacements,
  checkProjects,
  STALE_MESSAGE,
  type Checked,
} from './formation-service.js';
import { byName, teamSection } from './formation-sections.js';
import {
  questionSummaries,
  surveyRules,
  surveyShapesTeams,
  type FormationSurvey,
} from './formation-survey.js';

export async function evaluateFormation(
  db: DbOrTx,
  caller: Caller,
  courseId: string,
  rawBody: FormationEvaluateBody,
): Promise<FormationEvaluation> {
  const body = formationEvaluateBodySchema.parse(rawBody);
  const course = await formationCourse(db, await callerScope(db, caller), courseId);
  const [input, survey] = await Promise.all([
    readFormationInput(db, course),
    readSurveyForFormation(db, course.id),
  ]);
  if (formationFingerprint(input, body.seed, survey) !== body.fingerprint) {
    throw conflict('STALE_PROPOSAL', STALE_MESSAGE);
  }
  const checked = checkAsApply(input, body);
  checkOptions(input, body);
  checkProjects(input, body, checked, survey);
  if (!body.options.useSurvey || !surveyShapesTeams(survey)) return { teams: [], criteria: null };
  return score(input, body, checked, survey);
}

/** Apply's checks (formation-service.ts); a team over its size is a bad edit here, so 400. */
function checkAsApply(input: FormationInput, body: FormationApplyBody): Checked {
  try {
    return checkPlacements(input, body);
  } catch (error) {
    if (error instanceof AppError && error.code === 'TEAM_FULL') throw badRequest(error.message);
    throw error;
  }
}

const isLeftAlone = (team: { openToRequests: boolean }, body: { leaveClosedTeamsAlone: boolean }) =>
  body.leaveClosedTeamsAlone && !team.openToRequests;

/** What the preview's options forbid: placing an excluded student, touching a team left alone. */
function checkOptions(input: FormationInput, body: Body) {
  const excluded = new Set(body.options.excludeUserIds);
  const teamOf = new Map<string, string>();
  for (const t of input.teams) for (const m of t.members) teamOf.set(m.userId, t.id);
  const byId = new Map(input.teams.map((t) => [t.id, t]));
  const nameOf = new Map(
    [...input.students, ...input.teams.flatMap((t) => t.members)].map((s) => [
      s.userId,
      s.fullname,
    ]),
  );
  for (const p of body.placements) {
    if (excluded.has(p.userId)) {
      throw badRequest(
        `${nameOf.get(p.userId)} is excluded from this proposal, so nobody places them`,
      );
    }
    for (const id of [p.teamKey, teamOf.get(p.userId)]) {
      const team = id ? byId.get(id) : undefined;
      if (team && isLeftAlone(team, body.options)) {
        throw badRequest(
          `${team.name} is closed to requests and left alone: nobody moves in or out`,
        );
      }
    }
  }
}

type Body = ReturnType<typeof formationEvaluateBodySchema.parse>;

function score(
  input: FormationInput,
  body: Body,
  checked: Checked,
  survey: FormationSurvey,
): FormationEvaluation {
  const target = new Map(body.placements.map((p) => [p.userId, p.teamKey]));
  const names = new Map<string, string>();
  for (const s of input.students) names.set(s.userId, s.fullname);
  for (const t of input.teams) for (const m of t.members) names.set(m.userId, m.fullname);
  const placedIn = new Map<string, number>();
  for (const key of target.values()) placedIn.set(key, (placedIn.get(key) ?? 0) + 1);

  // The preview's scored teams: the course's teams not left alone, then the new ones (key order).
  const teams: CriteriaTeamInput[] = input.teams
    .filter((t) => !isLeftAlone(t, body.options))
    .map((t) => {
      const fixed = t.members.map((m) => m.userId).filter((id) => !target.has(id));
      return { key: t.id, name: t.name, fixed, size: fixed.length + (placedIn.get(t.id) ?? 0) };
    });
  const newNumber = (key: string) => Number(key.slice(4));
  for (const t of [...checked.newTeams].sort((a, b) => newNumber(a.key) - newNumber(b.key))) {
    teams.push({ key: t.key, name: t.name, fixed: [], size: t.userIds.length });
  }
  const projects = body.projects
    ? new Map(body.projects.map((p) => [p.teamKey, p.projectId]))
    : undefined;
  const result = scoreBySection(input, body, survey, names, teams, target, projects);

  const isScored = (k: number) => teams[k]!.size > 0 && !result.unscored.has(teams[k]!.key);
  const scored = result.teams.filter((_, k) => isScored(k));
  const members = new Map(teams.map((t) => [t.key, [...t.fixed]]));
  for (const [userId, key] of target) members.get(key)?.push(userId);
  const everyone = teams.flatMap((t) => members.get(t.key) ?? []);
  const respondents = everyone.filter((id) => survey.answers.has(id)).length;
  const teamName = new Map(teams.map((t) => [t.key, t.name]));
  return {
    teams: result.teams.map((t, k) =>
      isScored(k) ? t : { key: t.key, score: null, criteria: [], project: null },
    ),
    criteria: {
      surveyVersion: survey.version,
      questions: questionSummaries(survey, scored),
      lowestScore: result.lowestScore,
      meanScore: result.meanScore,
      respondents,
      nonRespondents: everyone.length - respondents,
      // Each rule says whether the edited assignment keeps it (as the preview's do).
      rules: surveyRules(survey, result.violations),
      violations: result.violations.map((v) =>
        editedViolation(v, survey, names, teamName, members.get(v.teamKey) ?? []),
      ),
    },
  };
}

/**
 * The edited assignment scored as the preview scored its own: the whole class at once, or with
 * the preview's `bySection` each section as a class of its own (its own class means, for
 * Balanced), a team in its members' section (a new team: the section most of them are in) and a
 * team whose members span sections not scored, as the preview leaves it alone.
 */
function scoreBySection(
  input: FormationInput,
  body: Body,
  survey: FormationSurvey,
  names: Map<string, string>,
  teams: CriteriaTeamInput[],
  target: Map<string, string>,
  projects: Map<string, string> | undefined,
): ReturnType<typeof evaluateAssignment> & { unscored: Set<string> } {
  const whole = (part: CriteriaTeamInput[]) => {
    const keys = new Set(part.map((t) => t.key));
    const movable = [...target.keys()].filter((id) => keys.has(target.get(id)!)).sort();
    const assignment = new Map(movable.map((id) => [id, target.get(id)!]));
    return evaluateAssignment(
      { questions: survey.questions, answers: survey.answers, names, teams: part, movable },
      assignment,
      projects,
    );
  };
  const unscored = new Set<string>();
  if (!body.options.bySection) return { ...whole(teams), unscored };
  const sectionOf = new Map<string, string | null>();
  for (const s of input.students) sectionOf.set(s.userId, s.section ?? null);
  for (const t of input.teams)
    for (const m of t.members) sectionOf.set(m.userId, m.section ?? null);
  const existing = new Map(input.teams.map((t) => [t.id, t]));
  const placedIn = new Map<string, string[]>();
  for (const [userId, key] of target) placedIn.set(key, [...(placedIn.get(key) ?? []), userId]);
  const groups = new Map<string | null, CriteriaTeamInput[]>();
  for (const t of teams) {
    const team = existing.get(t.key);
    let section: string | null;
    if (team && team.members.length > 0) {
      const found = teamSection(team);
      if (found === 'spans') {
        unscored.add(t.key);
        continue;
      }
      section = found.section;
    } else {
      const count = new Map<string | null, number>();
      for (const id of [...t.fixed, ...(placedIn.get(t.key) ?? [])]) {
        const s = sectionOf.get(id) ?? null;
        count.set(s, (count.get(s) ?? 0) + 1);
      }
      section = [...count].sort((a, b) => b[1] - a[1] || byName(a[0], b[0]))[0]?.[0] ?? null;
    }
    groups.set(section, [...(groups.get(section) ?? []), t]);
  }
  const byKey = new Map<string, ReturnType<typeof evaluateAssignment>['teams'][number]>();
  const violations: CriteriaViolation[] = [];
  for (const part of groups.values()) {
    const result = whole(part);
    result.teams.forEach((r) => byKey.set(r.key, r));
    violations.push(...result.violations);
  }
  const results = teams.map(
    (t) => byKey.get(t.key) ?? { key: t.key, score: 0, criteria: [], project: null },
  );
  const scores = teams.flatMap((t) => {
    const r = byKey.get(t.key);
    return r && t.size > 0 && !unscored.has(t.key) ? [r.score] : [];
  });
  return {
    teams: results,
    lowestScore: scores.length ? Math.min(...scores) : 0,
    meanScore: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : 0,
    violations,
    unscored,
  };
}

const quoted = (s: string) => `“${s}”`;

/**
 * A broken rule in the words of an edit: what holds now, without the search's "as no placement
 * kept…" (the admin's move did it). The names are the ones the violation names.
 */
function editedViolation(
  v: CriteriaViolation,
  survey: FormationSurvey,
  names: Map<string, string>,
  teamName: Map<string, string>,
  team: string[],
): FormationViolation {
  const name = (id: string) => names.get(id) ?? 'A student';
  const where = teamName.get(v.teamKey) ?? 'the team';
  if (v.kind === 'AVOID') {
    const [a, b] = v.userIds as [string, string];
    const mates = survey.questions.find((q) => q.type === 'TEAMMATES');
    const asked = (x: string, y: string) => {
      const answer = mates ? survey.answers.get(x)?.[mates.id] : undefined;
      return answer?.type === 'TEAMMATES' && answer.avoid.includes(y);
    };
    const detail =
      asked(a, b) && asked(b, a)
        ? `${name(a)} and ${name(b)} asked not to work together, and both are in ${where}`
        : asked(b, a)
          ? `${name(b)} asked not to work with ${name(a)}, and both are in ${where}`
          : `${name(a)} asked not to work with ${name(b)}, and both are in ${where}`;
    return { ...v, detail };
  }
  const [u] = v.userIds as [string];
  for (const q of survey.questions) {
    if (q.type !== 'DEMOGRAPHIC' || q.doNotIsolate.length === 0) continue;
    const answer = survey.answers.get(u)?.[q.id];
    if (answer?.type !== 'DEMOGRAPHIC' || !q.doNotIsolate.includes(answer.option)) continue;
    const same = team.filter((id) => {
      const a = survey.answers.get(id)?.[q.id];
      return a?.type === 'DEMOGRAPHIC' && a.option === answer.option;
    });
    if (same.length !== 1) continue;
    const label = q.options.find((o) => o.id === answer.option)?.label ?? answer.option;
    return {
      ...v,
      detail: `${name(u)} is the only member of ${where} who answered ${quoted(label)} to ${quoted(q.prompt)} (not to be isolated)`,
    };
  }
  return v;
}
