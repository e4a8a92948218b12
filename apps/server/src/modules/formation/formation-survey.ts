// Placement by criteria inside the preview (issue 27, decision 135). The lock-then-fill proposal
// of issue 15 decides the shape: which teams are topped up, how many seats each existing team
// fills, how many new teams there are and their sizes, who goes where by a mutual choice, and the
// merges. Within that shape the criteria solver decides who sits in which seat, maximizing the
// lowest team score and then the mean. So the fewest teams stay under the minimum (issue 15's
// promise) and the survey decides the rest.
import {
  availabilitySettings,
  scheduleInstant,
  type FormationCriteria,
  type SurveyAnswers,
  type SurveyQuestion,
} from '@teamup/shared';
import type {
  AlgoPlacement,
  AlgoProposal,
  AlgoStudent,
  FormationInput,
} from './formation-algorithm.js';
import { randomBaseline, solveCriteria, type CriteriaTeamInput } from './formation-criteria.js';

/** The course's survey as formation reads it (lib/survey-sql.ts). */
export interface FormationSurvey {
  version: number;
  questions: SurveyQuestion[];
  answers: Map<string, SurveyAnswers>;
  latestAnswerAt: string | null;
  /** The course's answers as the survey's results count them (lib/survey-sql.ts). */
  counts: { activeStudents: number; submitted: number; drafts: number };
  /** Issue 36: the survey's closing time, whose offsets read hours given in another zone. */
  closesAt?: string | null;
}

export interface TeamCriteria {
  score: number | null;
  criteria: { questionId: string; score: number; detail: string }[];
  project: { id: string; name: string } | null;
}

/**
 * Whether the survey can shape teams: a question with weight, or a hard constraint (an avoid
 * list, a "do not isolate" option). A survey of weight-0 questions only asks; it places nobody.
 */
export function surveyShapesTeams(survey: FormationSurvey | null): survey is FormationSurvey {
  if (!survey) return false;
  return survey.questions.some(
    (q) =>
      q.weight > 0 ||
      q.type === 'TEAMMATES' ||
      (q.type === 'AVAILABILITY' && availabilitySettings(q).minSharedHours > 0) ||
      (q.type === 'DEMOGRAPHIC' &&
        (q.doNotIsolate.length > 0 || (q.notAllOf ?? []).length > 0 || q.requireMixed === true)) ||
      ((q.type === 'ROLE' || q.type === 'SINGLE_CHOICE' || q.type === 'DEMOGRAPHIC') &&
        (q.incompatible ?? []).length > 0),
  );
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Every "would rather not" pair of the survey's answers, either way round. */
function avoidPairs(survey: FormationSurvey): Set<string> {
  const question = survey.questions.find((q) => q.type === 'TEAMMATES');
  const pairs = new Set<string>();
  if (!question) return pairs;
  for (const [userId, answers] of survey.answers) {
    const answer = answers[question.id];
    if (answer?.type !== 'TEAMMATES') continue;
    for (const other of answer.avoid) pairs.add(pairKey(userId, other));
  }
  return pairs;
}

/** The students of each "do not isolate" answer of the survey, one set per answer. */
function isolationGroups(survey: FormationSurvey): Set<string>[] {
  const groups: Set<string>[] = [];
  for (const q of survey.questions) {
    if (q.type !== 'DEMOGRAPHIC' || q.doNotIsolate.length === 0) continue;
    const byOption = new Map<string, Set<string>>(q.doNotIsolate.map((o) => [o, new Set()]));
    for (const [userId, answers] of survey.answers) {
      const answer = answers[q.id];
      if (answer?.type !== 'DEMOGRAPHIC') continue;
      byOption.get(answer.option)?.add(userId);
    }
    groups.push(...byOption.values());
  }
  return groups;
}

/**
 * Re-seats the base proposal's students by the survey's criteria. Kept where the base put them:
 * students placed by a request or an invitation of that team (their own choice), and whole teams
 * moved by a merge. With `keepSelfFormedTeams` false, members of the open teams may move too,
 * except each team's leader (the team stays theirs; a team is never emptied this way).
 */
export function placeByCriteria(
  input: FormationInput,
  base: AlgoProposal,
  survey: FormationSurvey,
  options: { seed: number; keepSelfFormedTeams: boolean },
): { proposal: AlgoProposal; teams: Map<string, TeamCriteria>; criteria: FormationCriteria } {
  const chose = new Set(
    [...input.requests, ...input.invitations].map((c) => `${c.userId}:${c.teamId}`),
  );
  const people = new Map<string, AlgoStudent>();
  for (const s of input.students) people.set(s.userId, s);
  for (const t of input.teams) for (const m of t.members) people.set(m.userId, m);
  const originOf = new Map<string, string>();
  for (const t of input.teams) for (const m of t.members) originOf.set(m.userId, t.id);
  const leaderOf = new Map(input.teams.map((t) => [t.id, t.leaderId ?? null]));

  const keep: AlgoPlacement[] = [];
  const fixedIn = new Map<string, string[]>();
  const seatsIn = new Map<string, number>();
  const movable: string[] = [];
  const add = (map: Map<string, string[]>, key: string, userId: string) =>
    map.set(key, [...(map.get(key) ?? []), userId]);
  const movedOut = new Set<string>();
  const seat = (p: AlgoPlacement) => {
    movable.push(p.userId);
    seatsIn.set(p.teamKey, (seatsIn.get(p.teamKey) ?? 0) + 1);
  };
  // Merges first: the whole team moves and stays together in its target.
  for (const p of base.placements) {
    if (p.fromTeamId === null) continue;
    keep.push(p);
    movedOut.add(p.userId);
    add(fixedIn, p.teamKey, p.userId);
  }
  const open = base.teams.filter((t) => !t.locked);
  for (const t of open) {
    if (t.teamId === null) continue;
    const existing = input.teams.find((x) => x.id === t.teamId)!;
    for (const m of existing.members) {
      if (movedOut.has(m.userId)) continue;
      if (options.keepSelfFormedTeams || leaderOf.get(t.teamId) === m.userId) {
        add(fixedIn, t.key, m.userId);
      } else {
        movable.push(m.userId);
        seatsIn.set(t.key, (seatsIn.get(t.key) ?? 0) + 1);
      }
    }
  }
  // Then students placed by their own choice (a request, an invitation) stay there, unless that
  // would put them with someone either of them would rather not work with (a hard constraint
  // the choice does not override): then the seat is filled by the criteria like the others.
  const avoids = avoidPairs(survey);
  const chosen: AlgoPlacement[] = [];
  for (const p of base.placements) {
    if (p.fromTeamId !== null) continue;
    const clash = (fixedIn.get(p.teamKey) ?? []).some((m) => avoids.has(pairKey(p.userId, m)));
    if (chose.has(`${p.userId}:${p.teamKey}`) && !clash) {
      chosen.push(p);
      add(fixedIn, p.teamKey, p.userId);
    } else {
      seat(p);
    }
  }
  // Nor does a choice override "do not isolate": a student whose choice would leave them the
  // only one of such a group among the team's fixed members (when the class has another) gets a
  // seat the criteria fill, which may still be theirs if another of the group can join them.
  const groups = isolationGroups(survey);
  for (const p of chosen) {
    const team = fixedIn.get(p.teamKey) ?? [];
    const alone = groups.some(
      (g) => g.has(p.userId) && g.size > 1 && !team.some((m) => m !== p.userId && g.has(m)),
    );
    if (alone) {
      fixedIn.set(
        p.teamKey,
        team.filter((m) => m !== p.userId),
      );
      seat(p);
    } else {
      keep.push(p);
    }
  }
  const criteriaTeams: CriteriaTeamInput[] = open.map((t) => {
    const fixed = fixedIn.get(t.key) ?? [];
    return { key: t.key, name: t.name, fixed, size: fixed.length + (seatsIn.get(t.key) ?? 0) };
  });
  const names = new Map([...people].map(([id, s]) => [id, s.fullname]));
  const criteriaInput = {
    questions: survey.questions,
    answers: survey.answers,
    names,
    teams: criteriaTeams,
    movable: [...movable].sort(),
    // Decision 153: hours given in another zone are read with the offsets at the survey's close.
    scheduleAt: scheduleInstant(survey.closesAt, Date.now()),
  };
  const result = solveCriteria(criteriaInput, { seed: options.seed });
  const baseline = randomBaseline(criteriaInput);

  const placements: AlgoPlacement[] = [...keep];
  for (const userId of movable) {
    const teamKey = result.assignment.get(userId)!;
    const origin = originOf.get(userId) ?? null;
    if (origin === teamKey) continue; // a member who stays where they are
    placements.push({
      userId,
      student: people.get(userId)!,
      teamKey,
      fromTeamId: origin,
      explanation: result.explanations.get(userId) ?? 'Balances the teams’ scores',
    });
  }
  placements.sort(byTeamThenUser);

  const teams = new Map<string, TeamCriteria>();
  for (const t of result.teams) {
    const size = criteriaTeams.find((c) => c.key === t.key)!.size;
    teams.set(t.key, {
      score: size > 0 ? t.score : null,
      criteria: size > 0 ? t.criteria : [],
      project: size > 0 ? t.project : null,
    });
  }
  const scoredTeams = result.teams.filter(
    (t) => criteriaTeams.find((c) => c.key === t.key)!.size > 0,
  );
  return {
    proposal: { ...base, placements, summary: { ...base.summary, placed: placements.length } },
    teams,
    criteria: {
      surveyVersion: survey.version,
      questions: questionSummaries(survey, scoredTeams),
      lowestScore: result.lowestScore,
      meanScore: result.meanScore,
      respondents: result.respondents,
      nonRespondents: result.nonRespondents,
      baseline,
      answers: {
        ...survey.counts,
        notStarted: Math.max(
          0,
          survey.counts.activeStudents - survey.counts.submitted - survey.counts.drafts,
        ),
      },
      rules: surveyRules(survey, result.violations),
      violations: result.violations,
    },
  };
}

/** The weighted questions, in the survey's order, each with its mean over the scored teams. */
export function questionSummaries(
  survey: FormationSurvey,
  scored: { criteria: { questionId: string; score: number }[] }[],
): FormationCriteria['questions'] {
  return survey.questions
    .filter((q) => q.weight > 0)
    .map((q) => ({
      id: q.id,
      prompt: q.prompt,
      type: q.type,
      weight: q.weight,
      goal: q.goal,
      meanScore: meanOver(scored, q.id),
    }));
}

/** Proposal placements in a stable order: by team key, then user id. */
export function byTeamThenUser(a: { teamKey: string; userId: string }, b: typeof a): number {
  if (a.teamKey !== b.teamKey) return a.teamKey < b.teamKey ? -1 : 1;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

/** A question's mean score over the teams (0 without teams). */
function meanOver(teams: { criteria: { questionId: string; score: number }[] }[], id: string) {
  if (teams.length === 0) return 0;
  let sum = 0;
  for (const t of teams) sum += t.criteria.find((c) => c.questionId === id)?.score ?? 0;
  return sum / teams.length;
}

/**
 * The survey's rules, kept whatever the question's weight (decision 147): a weight says how much
 * a question counts in the score; a rule is its own setting, a hard constraint even at weight 0.
 * Issue 36 (decision 152): with `violations`, each rule says how many of them are its own.
 */
export function surveyRules(
  survey: FormationSurvey,
  violations: { questionId?: string; kind: string }[] = [],
): FormationCriteria['rules'] {
  const KIND_OF: Record<string, Rule['kind']> = {
    AVOID: 'AVOID',
    ISOLATED: 'DO_NOT_ISOLATE',
    ALL_ONE_ANSWER: 'NOT_ALL_ONE',
    NOT_MIXED: 'REQUIRE_MIXED',
    INCOMPATIBLE: 'INCOMPATIBLE',
    APART: 'REQUIRED_TEAMMATES',
    SHARED_TIME: 'MIN_SHARED_TIME',
  };
  const broken = (questionId: string, kind: Rule['kind']) =>
    violations.filter((v) => v.questionId === questionId && KIND_OF[v.kind] === kind).length;
  const rule = (
    q: SurveyQuestion,
    kind: Rule['kind'],
    options: string[] = [],
    extra: Partial<Rule> = {},
  ): Rule => ({
    questionId: q.id,
    prompt: q.prompt,
    kind,
    weight: q.weight,
    options,
    ...extra,
    broken: broken(q.id, kind),
  });
  return survey.questions.flatMap((q): Rule[] => {
    if (q.type === 'TEAMMATES') {
      const out = [rule(q, 'AVOID')];
      const like = q.likeRule ?? 'SCORE';
      if (like !== 'SCORE')
        out.push(rule(q, 'REQUIRED_TEAMMATES', [], { mutual: like === 'REQUIRED_MUTUAL' }));
      return out;
    }
    if (q.type === 'AVAILABILITY') {
      const { minSharedHours, meetingHours, timeZone } = availabilitySettings(q);
      if (minSharedHours === 0) return [];
      return [
        rule(q, 'MIN_SHARED_TIME', [], { schedule: { minSharedHours, meetingHours, timeZone } }),
      ];
    }
    if (q.type !== 'DEMOGRAPHIC' && q.type !== 'ROLE' && q.type !== 'SINGLE_CHOICE') return [];
    const labelOf = (id: string) => q.options.find((o) => o.id === id)?.label ?? id;
    const out: Rule[] = [];
    if (q.type === 'DEMOGRAPHIC') {
      if (q.doNotIsolate.length > 0) {
        const labels = q.options.filter((o) => q.doNotIsolate.includes(o.id)).map((o) => o.label);
        out.push(rule(q, 'DO_NOT_ISOLATE', labels, { min: q.togetherMin ?? 2 }));
      }
      const notAll = q.notAllOf ?? [];
      if (notAll.length > 0)
        out.push(
          rule(
            q,
            'NOT_ALL_ONE',
            q.options.filter((o) => notAll.includes(o.id)).map((o) => o.label),
          ),
        );
      if (q.requireMixed) out.push(rule(q, 'REQUIRE_MIXED'));
    }
    const pairs = q.incompatible ?? [];
    if (pairs.length > 0)
      out.push(
        rule(
          q,
          'INCOMPATIBLE',
          pairs.map(([a, b]) => `${labelOf(a)} and ${labelOf(b)}`),
        ),
      );
    return out;
  });
}

type Rule = FormationCriteria['rules'][number];
