import type { TeamDetail } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { adminTeamKeys } from './query-keys';

export async function getTeam(teamId: string): Promise<TeamDetail> {
  const res = await apiClient.get<{ data: TeamDetail }>(
    `/admin/teams/${encodeURIComponent(teamId)}`,
  );
  return res.data.data;
}

export const teamQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: adminTeamKeys.detail(teamId),
    queryFn: () => getTeam(teamId),
  });

export function useTeam(teamId: string) {
  return useQuery(teamQueryOptions(teamId));
}
