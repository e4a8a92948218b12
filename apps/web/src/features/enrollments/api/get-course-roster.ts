import type { CourseRosterQuery, Enrollment, Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getCourseRoster(
  courseId: string,
  query: CourseRosterQuery,
): Promise<Paginated<Enrollment>> {
  const res = await apiClient.get<{ data: Paginated<Enrollment> }>(
    `/admin/course/${encodeURIComponent(courseId)}/students`,
    { params: query },
  );
  return res.data.data;
}

export const courseRosterQueryOptions = (courseId: string, query: CourseRosterQuery) =>
  queryOptions({
    queryKey: ['enrollments', 'roster', courseId, query],
    queryFn: () => getCourseRoster(courseId, query),
    placeholderData: keepPreviousData,
  });

export function useCourseRoster(courseId: string, query: CourseRosterQuery) {
  return useQuery(courseRosterQueryOptions(courseId, query));
}
