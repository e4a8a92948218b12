import { ACTIVITY_LOG_PAGE_SIZE, type Paginated, type ProfileActivityEntry } from '@teamup/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { communityKeys } from './query-keys';

/** A student's activity, limited by the server to events in courses the viewer shares. */
export async function getCommunityActivity(
  userId: string,
  page: number,
  signal?: AbortSignal,
): Promise<Paginated<ProfileActivityEntry>> {
  const res = await apiClient.get<{ data: Paginated<ProfileActivityEntry> }>(
    `/community/students/${encodeURIComponent(userId)}/activity`,
    { params: { page, limit: ACTIVITY_LOG_PAGE_SIZE }, signal },
  );
  return res.data.data;
}

export const communityActivityQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.activity(userId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => getCommunityActivity(userId, pageParam, signal),
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

/** Newest first, a page at a time ("Load more" asks for the next). */
export function useCommunityActivity(userId: string) {
  return useInfiniteQuery(communityActivityQueryOptions(userId));
}
