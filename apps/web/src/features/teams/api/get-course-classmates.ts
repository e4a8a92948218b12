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

/** Classmates per page of the course page's "without a team" list. */
export const TEAMLESS_CLASSMATES_PER_PAGE = 9;

/**
 * The query of the course page's classmates without a team, built here so the list and the
 * route's loader (decision 093) use the same cache key.
 */
export function teamlessClassmatesQuery({
  page,
  search,
}: {
  page: number;
  search: string;
}): ClassmatesQuery {
  return {
    page,
    limit: TEAMLESS_CLASSMATES_PER_PAGE,
    withoutTeam: 'true',
    // For a leader: classmates whose skills the team wants first, looking ones first among
    // equals; for anyone else the looking ones first, then by name.
    sort: 'match',
    ...(search ? { search } : {}),
  };
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
