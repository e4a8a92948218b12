import type { MyTeams, TeamDetail } from '@teamup/shared';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { teamKeys } from '../api/query-keys';

/** What the cache holds under a key, kept current, without fetching or creating an entry. */
function useCachedQueryData<T>(queryKey: QueryKey): T | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => queryClient.getQueryData<T>(queryKey));
}

const OWN = new Set(['LEADER', 'MEMBER']);

/**
 * Whether the team is one of mine, from what the team page and My Teams already loaded (no
 * request of its own): the team's own answer once it is there, else the My Teams list. The shell
 * uses it to highlight My Teams rather than All Teams on a team of mine.
 */
export function useIsOwnTeam(teamId: string | undefined): boolean {
  const team = useCachedQueryData<TeamDetail>(teamKeys.detail(teamId ?? ''));
  const mine = useCachedQueryData<MyTeams>(teamKeys.mine());
  if (!teamId) return false;
  if (team) return OWN.has(team.viewer.relation);
  return mine?.teams.some((t) => t.id === teamId && OWN.has(t.relation)) ?? false;
}
