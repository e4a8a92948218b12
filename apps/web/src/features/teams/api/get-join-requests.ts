import type { JoinRequest, Paginated, TeamRequestStatus } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './query-keys';
import { mayRead } from './team-reads';

export type JoinRequestsParams = { page: number; limit: number; status?: TeamRequestStatus };

/** A team's join requests (leader or course admin); the server lists PENDING ones by default. */
export async function getJoinRequests(
  teamId: string,
  params: JoinRequestsParams,
): Promise<Paginated<JoinRequest>> {
  const res = await apiClient.get<{ data: Paginated<JoinRequest> }>(
    `/student/teams/${encodeURIComponent(teamId)}/join-requests`,
    { params },
  );
  return res.data.data;
}

export const joinRequestsQueryOptions = (teamId: string, params: JoinRequestsParams) =>
  queryOptions({
    queryKey: teamKeys.joinRequests(teamId, params),
    queryFn: () => getJoinRequests(teamId, params),
    placeholderData: keepPreviousData,
  });

export function useJoinRequests(teamId: string, params: JoinRequestsParams, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    ...joinRequestsQueryOptions(teamId, params),
    enabled: () => enabled && mayRead(queryClient, teamId, 'joinRequests'),
  });
}
