import type { Notice, Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './query-keys';
import { mayRead } from './team-reads';

export type NoticesParams = { page: number; limit: number };

/** A team's notice board, pinned first then newest (members and course admins). */
export async function getNotices(
  teamId: string,
  params: NoticesParams,
): Promise<Paginated<Notice>> {
  const res = await apiClient.get<{ data: Paginated<Notice> }>(
    `/student/teams/${encodeURIComponent(teamId)}/notices`,
    { params },
  );
  return res.data.data;
}

export const noticesQueryOptions = (teamId: string, params: NoticesParams) =>
  queryOptions({
    queryKey: teamKeys.notices(teamId, params),
    queryFn: () => getNotices(teamId, params),
    placeholderData: keepPreviousData,
  });

export function useNotices(teamId: string, params: NoticesParams, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    ...noticesQueryOptions(teamId, params),
    enabled: () => enabled && mayRead(queryClient, teamId, 'notices'),
  });
}
