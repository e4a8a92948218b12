import { MAX_PAGE_LIMIT, type MyCourse, type Paginated } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { communityKeys } from './query-keys';

/**
 * The signed-in student's courses, for the "one of my courses" filter. A student has a handful:
 * one page of the largest size holds them.
 */
export async function getMyCourses(signal?: AbortSignal): Promise<MyCourse[]> {
  const res = await apiClient.get<{ data: Paginated<MyCourse> }>('/student/my-courses', {
    params: { page: 1, limit: MAX_PAGE_LIMIT },
    signal,
  });
  return res.data.data.items;
}

export const myCoursesQueryOptions = () =>
  queryOptions({
    queryKey: communityKeys.myCourses(),
    queryFn: ({ signal }) => getMyCourses(signal),
  });

export function useMyCourses(enabled = true) {
  return useQuery({ ...myCoursesQueryOptions(), enabled });
}
