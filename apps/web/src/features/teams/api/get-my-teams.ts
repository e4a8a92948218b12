import type { MyTeams } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './query-keys';

/** My teams and my pending join requests, across all my courses. */
export async function getMyTeams(): Promise<MyTeams> {
  const res = await apiClient.get<{ data: MyTeams }>('/student/me/teams');
  return res.data.data;
}

export const myTeamsQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.mine(), queryFn: getMyTeams });

export function useMyTeams() {
  return useQuery(myTeamsQueryOptions());
}
