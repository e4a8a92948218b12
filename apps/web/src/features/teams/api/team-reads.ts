import type { TeamDetail } from '@teamup/shared';
import type { QueryClient } from '@tanstack/react-query';
import { teamAbilities } from '../components/team-page/team-rules';
import { teamKeys } from './query-keys';

/** The reads of the team page besides the team itself. */
export type TeamPageReads = {
  joinRequests: boolean;
  invitations: boolean;
  notices: boolean;
  audit: boolean;
};

/** Each read of the team page with the query key prefix that holds it. */
const READ_KEYS: Record<keyof TeamPageReads, (teamId: string) => readonly unknown[]> = {
  joinRequests: (teamId) => teamKeys.joinRequests(teamId).slice(0, 4),
  invitations: (teamId) => teamKeys.invitations(teamId).slice(0, 4),
  notices: (teamId) => teamKeys.notices(teamId).slice(0, 4),
  audit: (teamId) => teamKeys.auditLog(teamId).slice(0, 4),
};

/**
 * What the team page reads for this viewer, by the rules it renders with (team-page.tsx): the
 * join requests and invitations for whoever may decide them on a live team, the notices for
 * whoever may read them, the activity when the server says the viewer may read it.
 */
export function teamPageReads(team: TeamDetail): TeamPageReads {
  const abilities = teamAbilities(
    team,
    team.viewer.isAdmin ? undefined : team.viewer.enrollmentStatus,
  );
  const requests = abilities.readRequests && !team.disbandedAt;
  return {
    joinRequests: requests,
    invitations: requests,
    notices: abilities.readNotices,
    audit: team.viewer.canReadAudit,
  };
}

/**
 * Whether the viewer may still make one of a team's reads, by the team's detail in the cache
 * (issue 24): a member who left, was removed or saw the team disbanded stops asking for what
 * answers them 403. Unknown without a detail (another page's list): the server decides. A detail
 * whose last read failed (the team is gone for the viewer) allows nothing.
 */
export function mayRead(
  queryClient: QueryClient,
  teamId: string,
  read: keyof TeamPageReads,
): boolean {
  const key = teamKeys.detail(teamId);
  if (queryClient.getQueryState(key)?.status === 'error') return false;
  const team = queryClient.getQueryData<TeamDetail>(key);
  return team ? teamPageReads(team)[read] : true;
}

/**
 * After a change that ended the viewer's membership (leaving, disbanding) and put the new detail
 * in the cache: stops and drops the team's reads it no longer allows, so nothing asks for them
 * again (their hooks are closed by {@link mayRead}) and no stale copy shows if they come back.
 */
export async function forgetUnreadable(queryClient: QueryClient, team: TeamDetail) {
  const reads = teamPageReads(team);
  const gone = (Object.keys(READ_KEYS) as (keyof TeamPageReads)[])
    .filter((read) => !reads[read])
    .map((read) => READ_KEYS[read](team.id));
  await Promise.all(gone.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  for (const queryKey of gone) queryClient.removeQueries({ queryKey });
}
