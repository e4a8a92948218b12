import type { CommunityStudent, CommunityStudentsQuery, Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { communityKeys } from './query-keys';

export async function getCommunityStudents(
  query: CommunityStudentsQuery,
  signal?: AbortSignal,
): Promise<Paginated<CommunityStudent>> {
  const res = await apiClient.get<{ data: Paginated<CommunityStudent> }>('/community/students', {
    params: query,
    signal,
  });
  return res.data.data;
}

export const communityStudentsQueryOptions = (query: CommunityStudentsQuery) =>
  queryOptions({
    queryKey: communityKeys.students(query),
    queryFn: ({ signal }) => getCommunityStudents(query, signal),
    // Typing a search or paging keeps the previous cards on screen instead of a loader.
    placeholderData: keepPreviousData,
  });

export function useCommunityStudents(query: CommunityStudentsQuery) {
  return useQuery(communityStudentsQueryOptions(query));
}
