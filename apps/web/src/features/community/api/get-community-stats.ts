import type { CommunityStats } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { communityKeys } from './query-keys';

export async function getCommunityStats(
  userId: string,
  signal?: AbortSignal,
): Promise<CommunityStats> {
  const res = await apiClient.get<{ data: CommunityStats }>(
    `/community/students/${encodeURIComponent(userId)}/stats`,
    { signal },
  );
  return res.data.data;
}

export const communityStatsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: communityKeys.stats(userId),
    queryFn: ({ signal }) => getCommunityStats(userId, signal),
  });

export function useCommunityStats(userId: string) {
  return useQuery(communityStatsQueryOptions(userId));
}
