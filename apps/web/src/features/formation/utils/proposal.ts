import type { FormationApplyBody, FormationProposal, ProposedTeam } from '@teamup/shared';

/** What the admin changed in a proposal: where each placed student goes, the new teams' names. */
export type ProposalEdits = {
  /** userId → team key, for every placement of the proposal. */
  teamOf: Record<string, string>;
  /** new team key → name. */
  names: Record<string, string>;
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
    placements: proposal.placements.map((p) => ({
      userId: p.userId,
      teamKey: edits.teamOf[p.userId] ?? p.teamKey,
    })),
    ...(projects.length > 0 ? { projects } : {}),
  };
}
