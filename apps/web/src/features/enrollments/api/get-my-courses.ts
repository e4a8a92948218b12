import { MAX_PAGE_LIMIT, type MyCourse, type Paginated } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getMyCourses(): Promise<MyCourse[]> {
  const res = await apiClient.get<{ data: MyCourse[] | Paginated<MyCourse> }>(
    '/student/my-courses',
    // A student has a handful of courses; one page of the maximum size holds them all.
    { params: { limit: MAX_PAGE_LIMIT } },
  );
  const data = res.data.data;
  return Array.isArray(data) ? data : data.items;
}

export const myCoursesQueryOptions = () =>
  queryOptions({ queryKey: ['enrollments', 'my-courses'], queryFn: getMyCourses });

export function useMyCourses() {
  return useQuery(myCoursesQueryOptions());
}
