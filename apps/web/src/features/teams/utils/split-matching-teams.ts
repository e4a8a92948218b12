import type { TeamSummary } from '@teamup/shared';

/**
 * Splits a page of the course's open teams (wanting the most of my skills first) into "Teams that
 * want your skills" and the others, so that each team is listed once (issue 24, decision 126).
 * With `enabled` off (a student in a team, a locked course, a search, another page) nothing is
 * set apart.
 */
export function splitMatchingTeams(
  teams: TeamSummary[],
  enabled: boolean,
): { matching: TeamSummary[]; others: TeamSummary[] } {
  if (!enabled) return { matching: [], others: teams };
  const matching: TeamSummary[] = [];
  const others: TeamSummary[] = [];
  for (const team of teams) {
    (team.matchedSkills.length > 0 ? matching : others).push(team);
  }
  return { matching, others };
}
