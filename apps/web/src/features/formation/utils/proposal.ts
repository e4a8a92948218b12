import type {
  FormationApplyBody,
  FormationEvaluateBody,
  FormationEvaluation,
  FormationProposal,
  FormationViolation,
  ProposedTeam,
} from '@teamup/shared';

/** What the admin changed in a proposal: where each placed student goes, the new teams' names. */
export type ProposalEdits = {
  /** userId → team key, for every placement of the proposal. */
  teamOf: Record<string, string>;
  /** new team key → name. */
  names: Record<string, string>;
  /** Teams the admin locked in the editor (issue 36): nobody moves in or out of them. */
  locked?: string[];
};

export function initialEdits(proposal: FormationProposal): ProposalEdits {
  return {
    teamOf: Object.fromEntries(proposal.placements.map((p) => [p.userId, p.teamKey])),
    names: Object.fromEntries(
      proposal.teams.filter((t) => t.teamId === null).map((t) => [t.key, t.name]),
    ),
  };
}

/** How many students a proposed team holds with the edits: the members it keeps and its placed. */
export function seatsTaken(team: ProposedTeam, edits: ProposalEdits): number {
  let placed = 0;
  for (const key of Object.values(edits.teamOf)) if (key === team.key) placed += 1;
  return team.members.length + placed;
}

/** Existing teams a merge empties (their members are placed elsewhere): nobody can join them. */
export function mergedAway(proposal: FormationProposal): Set<string> {
  return new Set(proposal.placements.flatMap((p) => (p.fromTeamId ? [p.fromTeamId] : [])));
}

/** A team a placed student may be moved to at all: not left alone, not merged away. */
export function isTarget(team: ProposedTeam, merged: Set<string>): boolean {
  return !team.locked && !merged.has(team.key);
}

/** A target with a free seat. */
export function canTake(team: ProposedTeam, edits: ProposalEdits): boolean {
  return seatsTaken(team, edits) < team.maxSize;
}

/**
 * Why a new team's name cannot be applied, or null: the server refuses an empty name and one
 * another team of the course (or another new team) already has, whatever the case.
 */
export function teamNameError(
  proposal: FormationProposal,
  edits: ProposalEdits,
  key: string,
): string | null {
  const name = (edits.names[key] ?? '').trim().toLowerCase();
  if (!name) return 'A team needs a name';
  const clash = proposal.teams.some(
    (t) =>
      t.key !== key &&
      (t.teamId === null ? (edits.names[t.key] ?? t.name) : t.name).trim().toLowerCase() === name,
  );
  return clash ? 'Another team of the course has this name' : null;
}

/**
 * The apply body: every placement where the admin left it, the new teams that still have
 * someone (a new team emptied by moves is not created), and the projects those teams get.
 */
export function applyBody(proposal: FormationProposal, edits: ProposalEdits): FormationApplyBody {
  const used = new Set(Object.values(edits.teamOf));
  // Issue 27: the project each team is given, for the teams that exist or are created.
  const projects = proposal.teams
    .filter((t) => t.project !== null && (t.teamId !== null || used.has(t.key)))
    .map((t) => ({ teamKey: t.key, projectId: t.project!.id }));
  return {
    fingerprint: proposal.fingerprint,
    seed: proposal.seed,
    newTeams: proposal.teams
      .filter((t) => t.teamId === null && used.has(t.key))
      .map((t) => ({
        key: t.key,
        name: (edits.names[t.key] ?? t.name).trim() || t.name,
        // Issue 36: a size plan's team larger than the course's keeps its size.
        ...(t.maxSize > proposal.course.teamSizeMax ? { maxSize: t.maxSize } : {}),
      })),
    // A member moved back into the team they are in is no placement (apply refuses one).
    placements: proposal.placements.flatMap((p) => {
      const teamKey = edits.teamOf[p.userId] ?? p.teamKey;
      return teamKey === p.fromTeamId ? [] : [{ userId: p.userId, teamKey }];
    }),
    ...(projects.length > 0 ? { projects } : {}),
  };
}

// Issue 36 (decision 155): the proposal editor. Moves, swaps and locks are edits; the scores of
// the edited assignment come from POST …/formation/evaluate.

/** Whether the admin locked the team in the editor. */
export const isLocked = (edits: ProposalEdits, key: string) => edits.locked?.includes(key) ?? false;

/** A placed student moved to another team. */
export function moveEdit(edits: ProposalEdits, userId: string, teamKey: string): ProposalEdits {
  return { ...edits, teamOf: { ...edits.teamOf, [userId]: teamKey } };
}

/** Two placed students exchanged. */
export function swapEdit(edits: ProposalEdits, a: string, b: string): ProposalEdits {
  const ta = edits.teamOf[a];
  const tb = edits.teamOf[b];
  if (ta === undefined || tb === undefined) return edits;
  return { ...edits, teamOf: { ...edits.teamOf, [a]: tb, [b]: ta } };
}

export function toggleLock(edits: ProposalEdits, key: string): ProposalEdits {
  const locked = edits.locked ?? [];
  return {
    ...edits,
    locked: locked.includes(key) ? locked.filter((k) => k !== key) : [...locked, key],
  };
}

/** Whether the assignment differs from the proposal's own (names and locks do not count). */
export function isEdited(proposal: FormationProposal, edits: ProposalEdits): boolean {
  return proposal.placements.some((p) => (edits.teamOf[p.userId] ?? p.teamKey) !== p.teamKey);
}

/**
 * The evaluate body: the apply body and the preview's options. New teams keep the preview's names
 * while one of the admin's is not valid (apply would refuse it; scoring does not need it).
 */
export function evaluateBody(
  proposal: FormationProposal,
  edits: ProposalEdits,
): FormationEvaluateBody {
  const namesOk = Object.keys(edits.names).every(
    (key) => teamNameError(proposal, edits, key) === null,
  );
  const body = applyBody(proposal, namesOk ? edits : { ...edits, names: {} });
  return {
    ...body,
    options: {
      leaveClosedTeamsAlone: proposal.options.leaveClosedTeamsAlone,
      excludeUserIds: proposal.options.excludeUserIds,
      useSurvey: proposal.options.useSurvey,
      bySection: proposal.options.bySection,
    },
  };
}

/** The proposal with the scores of its edited assignment (the class's baseline and counts stay). */
export function withEvaluation(
  proposal: FormationProposal,
  evaluation: FormationEvaluation | null | undefined,
): FormationProposal {
  if (!evaluation?.criteria || !proposal.criteria) return proposal;
  const byKey = new Map(evaluation.teams.map((t) => [t.key, t]));
  return {
    ...proposal,
    criteria: { ...proposal.criteria, ...evaluation.criteria },
    teams: proposal.teams.map((t) => {
      const e = byKey.get(t.key);
      return e ? { ...t, score: e.score, criteria: e.criteria, project: e.project } : t;
    }),
  };
}

const violationKey = (v: FormationViolation) =>
  `${v.kind}:${v.teamKey}:${[...v.userIds].sort().join(',')}`;

/** The rules `after` breaks that `before` did not. */
export function newViolations(
  before: FormationViolation[],
  after: FormationViolation[],
): FormationViolation[] {
  const old = new Set(before.map(violationKey));
  return after.filter((v) => !old.has(violationKey(v)));
}

/** A team's name as the admin sees it (a new team's edited name). */
export function teamName(team: ProposedTeam, edits: ProposalEdits): string {
  return team.teamId === null ? edits.names[team.key]?.trim() || team.name : team.name;
}

/** Teams under the course minimum with the edits (empty new teams are not created). */
export function underMinimum(proposal: FormationProposal, edits: ProposalEdits): number {
  const merged = mergedAway(proposal);
  return proposal.teams.filter((t) => {
    if (merged.has(t.key)) return false;
    const size = seatsTaken(t, edits);
    return size > 0 && size < proposal.course.teamSizeMin;
  }).length;
}
