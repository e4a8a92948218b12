import type { Classmate, ClassmatesQuery, Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './query-keys';

/**
 * Classmates of a course as the teams feature shows them (usually `withoutTeam: true`, whom a
 * leader can invite). Keyed under `teamKeys` so every team change refreshes it.
 */
export async function getCourseClassmates(
  courseId: string,
  query: ClassmatesQuery,
): Promise<Paginated<Classmate>> {
  const res = await apiClient.get<{ data: Paginated<Classmate> }>(
    `/student/courses/${encodeURIComponent(courseId)}/students`,
    { params: query },
  );
  return res.data.data;
}

export const courseClassmatesQueryOptions = (courseId: string, query: ClassmatesQuery) =>
  queryOptions({
    queryKey: teamKeys.classmates(courseId, query),
    queryFn: () => getCourseClassmates(courseId, query),
    placeholderData: keepPreviousData,
  });

export function useCourseClassmates(courseId: string, query: ClassmatesQuery) {
  return useQuery(courseClassmatesQueryOptions(courseId, query));
}
