import { MAX_PAGE_LIMIT, type MyCourse, type Paginated } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The signed-in student's courses with their "looking for a team" flag and note. */
export async function getMyCourses(signal?: AbortSignal): Promise<MyCourse[]> {
  const res = await apiClient.get<{ data: Paginated<MyCourse> }>('/student/my-courses', {
    params: { page: 1, limit: MAX_PAGE_LIMIT },
    signal,
  });
  return res.data.data.items;
}

export const myCoursesQueryKey = ['auth', 'profile', 'my-courses'] as const;

export const myCoursesQueryOptions = () =>
  queryOptions({ queryKey: myCoursesQueryKey, queryFn: ({ signal }) => getMyCourses(signal) });

export function useMyCourses() {
  return useQuery(myCoursesQueryOptions());
}
