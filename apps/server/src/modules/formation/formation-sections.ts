// Placement within course sections and team sizes per team (issue 36, decision 154). PURE, like
// the algorithm: the same input, options and seed give the same proposal.
//
// Within sections, the course splits into one input per section (its teamless students, the
// teams all of whose members are in it, the requests and invitations between them), and each is
// placed on its own: lock-then-fill, then the survey's criteria when there is one (one solve per
// section, so no seat of one section is ever offered to another's student). The proposals are
// then joined into one: new teams are numbered again (`new-1`, …) and named by section, a team
// whose members span sections is left out of filling and named in a note, and a section with
// fewer students than the course's minimum is named too (its students still form a team of
// their own, under the minimum, unless the instructor excludes them).
import type { FormationCriteria } from '@teamup/shared';
import {
  proposeFormation,
  type AlgoOptions,
  type AlgoPlacement,
  type AlgoProposal,
  type AlgoProposedTeam,
  type AlgoTeam,
  type FormationInput,
} from './formation-algorithm.js';
import {
  byTeamThenUser,
  placeByCriteria,
  surveyShapesTeams,
  type FormationSurvey,
  type TeamCriteria,
} from './formation-survey.js';

export interface SectionedOptions extends Omit<AlgoOptions, 'newTeamPrefix' | 'takenNames'> {
  useSurvey: boolean;
  keepSelfFormedTeams: boolean;
}

export interface SectionFigures {
  name: string | null;
  students: number;
  placed: number;
  teams: number;
  newTeams: number;
  note: string | null;
}

export interface PlacedProposal {
  proposal: AlgoProposal & { summary: AlgoProposal['summary'] & { notes: string[] } };
  /** Per team key: the criteria figures (survey) and the team's section (within sections). */
  teams: Map<string, TeamCriteria & { section: string | null }>;
  criteria: FormationCriteria | null;
  sections: SectionFigures[];
}

export const byName = (a: string | null, b: string | null) =>
  a === b
    ? 0
    : a === null
      ? 1
      : b === null
        ? -1
        : a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }) || (a < b ? -1 : 1);

/** The distinct sections of the course's students (teamless and in teams), none left out. */
export function sectionsOf(input: FormationInput): (string | null)[] {
  const all = new Set<string | null>();
  for (const s of input.students) all.add(s.section ?? null);
  for (const t of input.teams) for (const m of t.members) all.add(m.section ?? null);
  return [...all].sort(byName);
}

/** Two or more named sections: placing within sections is the default. */
export function hasSections(input: FormationInput): boolean {
  return sectionsOf(input).filter((s) => s !== null).length >= 2;
}

/** The section a team belongs to: its members' one section, or `spans` when they differ. */
export function teamSection(team: AlgoTeam): { section: string | null } | 'spans' {
  const found = new Set(team.members.map((m) => m.section ?? null));
  if (found.size > 1) return 'spans';
  return { section: found.size === 1 ? [...found][0]! : null };
}

/** "Section A" for "A", "Section 02" for "02"; a name that already says section stays. */
export function sectionLabel(section: string | null): string {
  if (section === null) return 'No section';
  return /^(section|sect\.|sec\.?)\b/i.test(section) ? section : `Section ${section}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One lock-then-fill and (with a survey) one criteria solve for one input. */
function placeOne(
  input: FormationInput,
  survey: FormationSurvey | null,
  options: SectionedOptions,
  extra: Pick<AlgoOptions, 'newTeamPrefix' | 'takenNames'>,
  seed: number,
  /** Within sections, a section without open teams gets no solve (nothing to seat). */
  needOpenTeams = false,
) {
  const base = proposeFormation(input, {
    seed,
    leaveClosedTeamsAlone: options.leaveClosedTeamsAlone,
    excludeUserIds: options.excludeUserIds,
    mergeUnderMinimum: options.mergeUnderMinimum,
    sizePlan: options.sizePlan,
    ...extra,
  });
  const openTeams = base.teams.some((t) => !t.locked);
  const byCriteria =
    options.useSurvey && surveyShapesTeams(survey) && (openTeams || !needOpenTeams)
      ? placeByCriteria(input, base, survey, {
          seed,
          keepSelfFormedTeams: options.keepSelfFormedTeams,
        })
      : null;
  return { proposal: byCriteria?.proposal ?? base, byCriteria };
}

const NONE: TeamCriteria = { score: null, criteria: [], project: null };

/** The placement of the whole course, in one piece (sections off). */
export function placeWhole(
  input: FormationInput,
  survey: FormationSurvey | null,
  options: SectionedOptions,
): PlacedProposal {
  const { proposal, byCriteria } = placeOne(input, survey, options, {}, options.seed);
  const teams = new Map<string, TeamCriteria & { section: string | null }>();
  for (const t of proposal.teams) {
    teams.set(t.key, { ...(byCriteria?.teams.get(t.key) ?? NONE), section: null });
  }
  return {
    proposal: {
      ...proposal,
      summary: { ...proposal.summary, notes: proposal.summary.notes ?? [] },
    },
    teams,
    criteria: byCriteria?.criteria ?? null,
    sections: [],
  };
}

/** A section's seed: another for each section, the same for the same seed. */
const sectionSeed = (seed: number, index: number) => (seed + Math.imul(index, 0x9e3779b1)) >>> 1;

/** The placement within sections: one placement per section, joined. */
export function placeBySection(
  input: FormationInput,
  survey: FormationSurvey | null,
  options: SectionedOptions,
): PlacedProposal {
  const min = input.teamSizeMin;
  const spanning: AlgoTeam[] = [];
  const teamsOf = new Map<string | null, AlgoTeam[]>();
  for (const t of input.teams) {
    const s = teamSection(t);
    if (s === 'spans') spanning.push(t);
    else teamsOf.set(s.section, [...(teamsOf.get(s.section) ?? []), t]);
  }
  const studentsOf = new Map<string | null, FormationInput['students']>();
  for (const s of input.students) {
    const key = s.section ?? null;
    studentsOf.set(key, [...(studentsOf.get(key) ?? []), s]);
  }
  const names = [...new Set([...teamsOf.keys(), ...studentsOf.keys()])].sort(byName);
  const takenNames = input.teams.map((t) => t.name);
  const notes: string[] = [];

  const teams: AlgoProposedTeam[] = [];
  const placements: AlgoPlacement[] = [];
  const unplaced: AlgoProposal['unplaced'] = [];
  const teamInfo = new Map<string, TeamCriteria & { section: string | null }>();
  const reasons: string[] = [];
  const sections: SectionFigures[] = [];
  const parts: { criteria: FormationCriteria; scored: number; keyOf: Map<string, string> }[] = [];
  let underMinimum = 0;
  let newCount = 0;

  names.forEach((section, index) => {
    const sectionTeams = teamsOf.get(section) ?? [];
    const students = studentsOf.get(section) ?? [];
    const teamIds = new Set(sectionTeams.map((t) => t.id));
    const userIds = new Set(students.map((s) => s.userId));
    const between = (c: { userId: string; teamId: string }) =>
      userIds.has(c.userId) && teamIds.has(c.teamId);
    const part: FormationInput = {
      ...input,
      teams: sectionTeams,
      students,
      requests: input.requests.filter(between),
      invitations: input.invitations.filter(between),
    };
    const label = sectionLabel(section);
    const prefix = `${input.courseCode} · ${label.slice(0, 40)} · Team`;
    const { proposal, byCriteria } = placeOne(
      part,
      survey,
      options,
      { newTeamPrefix: prefix, takenNames },
      sectionSeed(options.seed, index),
      true,
    );
    // New teams are numbered again across sections.
    const keyOf = new Map<string, string>();
    for (const t of proposal.teams) {
      if (t.teamId === null) keyOf.set(t.key, `new-${++newCount}`);
    }
    const rekey = (key: string) => keyOf.get(key) ?? key;
    for (const t of proposal.teams) {
      teams.push({ ...t, key: rekey(t.key) });
      takenNames.push(t.name);
      teamInfo.set(rekey(t.key), { ...(byCriteria?.teams.get(t.key) ?? NONE), section });
    }
    for (const p of proposal.placements) placements.push({ ...p, teamKey: rekey(p.teamKey) });
    unplaced.push(...proposal.unplaced);
    underMinimum += proposal.summary.underMinimum;
    if (proposal.summary.underMinimumReason) {
      reasons.push(`${label}: ${proposal.summary.underMinimumReason.replace(/\.$/, '')}`);
    }
    for (const n of proposal.summary.notes ?? []) notes.push(`${label}: ${n}`);
    if (byCriteria) {
      const scored = [...byCriteria.teams.values()].filter((t) => t.score !== null).length;
      parts.push({ criteria: byCriteria.criteria, scored, keyOf });
    }
    const size = students.length + sectionTeams.reduce((s, t) => s + t.members.length, 0);
    let note: string | null = null;
    if (size > 0 && size < min) {
      note = `${label} has ${plural(size, 'student')}, fewer than the minimum team size of ${min}: ${
        students.length > 0
          ? `${students.length === 1 ? 'its teamless student is' : 'its teamless students are'} placed in a team of the section under the minimum; exclude them or turn off placing within sections to place them with another section`
          : 'its team stays under the minimum'
      }.`;
      notes.push(note);
    }
    if (section === null && students.length > 0 && names.some((n) => n !== null)) {
      notes.push(
        `${plural(students.length, 'teamless student')} ${students.length === 1 ? 'has' : 'have'} no section and ${students.length === 1 ? 'is' : 'are'} placed with the others without one.`,
      );
    }
    const placedHere = proposal.placements.filter((p) => p.fromTeamId === null).length;
    sections.push({
      name: section,
      students: students.length,
      placed: placedHere,
      teams: proposal.teams.length,
      newTeams: proposal.summary.newTeams,
      note,
    });
  });

  // Teams whose members span sections take nobody; they are shown as they are.
  for (const t of spanning) {
    teams.push({
      key: t.id,
      teamId: t.id,
      name: t.name,
      members: t.members,
      maxSize: t.maxSize,
      openToRequests: t.openToRequests,
      wantedSkills: t.wantedSkills,
      locked: true,
    });
    teamInfo.set(t.id, { ...NONE, section: null });
    if (t.members.length < min) underMinimum++;
  }
  if (spanning.length) {
    notes.push(
      `${spanning.map((t) => t.name).join(', ')} ${spanning.length === 1 ? 'has members in more than one section, so it is' : 'have members in more than one section, so they are'} left out of placing within sections (nobody is added).`,
    );
  }
  if (spanning.some((t) => t.members.length < min)) {
    reasons.push(`teams with members in more than one section are left alone`);
  }

  placements.sort(byTeamThenUser);
  return {
    proposal: {
      teams,
      placements,
      unplaced,
      summary: {
        placed: placements.length,
        newTeams: newCount,
        underMinimum,
        underMinimumReason: underMinimum ? `${reasons.join('; ')}.` : null,
        notes,
      },
    },
    teams: teamInfo,
    criteria: joinCriteria(parts),
    sections,
  };
}

/**
 * The sections' criteria as one: the lowest score is the lowest section's, means are over all
 * scored teams (each section weighted by its scored teams), counts add up, violations name the
 * joined proposal's team keys. The random baseline joins the same way.
 */
function joinCriteria(
  parts: { criteria: FormationCriteria; scored: number; keyOf: Map<string, string> }[],
): FormationCriteria | null {
  if (parts.length === 0) return null;
  const first = parts[0]!.criteria;
  const withTeams = parts.filter((p) => p.scored > 0);
  const total = withTeams.reduce((s, p) => s + p.scored, 0);
  const mean = (pick: (c: FormationCriteria) => number) =>
    total === 0 ? 0 : withTeams.reduce((s, p) => s + pick(p.criteria) * p.scored, 0) / total;
  const lowest = (pick: (c: FormationCriteria) => number) =>
    withTeams.length === 0 ? 0 : Math.min(...withTeams.map((p) => pick(p.criteria)));
  return {
    ...first,
    questions: first.questions.map((q) => ({
      ...q,
      meanScore: mean((c) => c.questions.find((x) => x.id === q.id)?.meanScore ?? 0),
    })),
    lowestScore: lowest((c) => c.lowestScore),
    meanScore: mean((c) => c.meanScore),
    respondents: parts.reduce((s, p) => s + p.criteria.respondents, 0),
    nonRespondents: parts.reduce((s, p) => s + p.criteria.nonRespondents, 0),
    baseline: {
      samples: first.baseline.samples,
      lowestScore: lowest((c) => c.baseline.lowestScore),
      meanScore: mean((c) => c.baseline.meanScore),
      violations: parts.reduce((s, p) => s + p.criteria.baseline.violations, 0),
      questions: first.baseline.questions.map((q) => ({
        questionId: q.questionId,
        score: mean(
          (c) => c.baseline.questions.find((x) => x.questionId === q.questionId)?.score ?? 0,
        ),
      })),
    },
    violations: parts.flatMap((p) =>
      p.criteria.violations.map((v) => ({ ...v, teamKey: p.keyOf.get(v.teamKey) ?? v.teamKey })),
    ),
  };
}
