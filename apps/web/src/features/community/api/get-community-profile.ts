import type { CommunityProfile } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { communityKeys } from './query-keys';

/** A student's profile as the viewer may see it; a student the viewer may not see answers 404. */
export async function getCommunityProfile(
  userId: string,
  signal?: AbortSignal,
): Promise<CommunityProfile> {
  const res = await apiClient.get<{ data: CommunityProfile }>(
    `/community/students/${encodeURIComponent(userId)}`,
    { signal },
  );
  return res.data.data;
}

export const communityProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: communityKeys.profile(userId),
    queryFn: ({ signal }) => getCommunityProfile(userId, signal),
  });

export function useCommunityProfile(userId: string) {
  return useQuery(communityProfileQueryOptions(userId));
}
