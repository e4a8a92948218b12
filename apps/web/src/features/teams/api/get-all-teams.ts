import type { AllTeamsQuery, Paginated, TeamSummary } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export async function getAllTeams(query: AllTeamsQuery): Promise<Paginated<TeamSummary>> {
  const res = await apiClient.get<{ data: Paginated<TeamSummary> }>('/student/teams', {
    params: query,
  });
  return res.data.data;
}

export const allTeamsQueryOptions = (query: AllTeamsQuery) =>
  queryOptions({
    queryKey: teamKeys.allTeams(query),
    queryFn: () => getAllTeams(query),
    placeholderData: keepPreviousData,
  });

export function useAllTeams(query: AllTeamsQuery) {
  return useQuery(allTeamsQueryOptions(query));
}
