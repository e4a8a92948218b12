import type { Classmate, ClassmatesQuery, Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getClassmates(
  courseId: string,
  query: ClassmatesQuery,
): Promise<Paginated<Classmate>> {
  const res = await apiClient.get<{ data: Paginated<Classmate> }>(
    `/student/courses/${encodeURIComponent(courseId)}/students`,
    { params: query },
  );
  return res.data.data;
}

/** Classmates per page of the course page's classmates section. */
export const CLASSMATES_PER_PAGE = 9;

/**
 * The query of the course page's classmates section, built here so the section and the route's
 * loader (decision 093) use the same cache key: the classmates in a team, since those without
 * one are listed under Teams (issue 24, decision 126).
 */
export function classmatesListQuery({
  page,
  search,
}: {
  page: number;
  search: string;
}): ClassmatesQuery {
  return { page, limit: CLASSMATES_PER_PAGE, inTeam: 'true', ...(search ? { search } : {}) };
}

export const classmatesQueryOptions = (courseId: string, query: ClassmatesQuery) =>
  queryOptions({
    queryKey: ['enrollments', 'classmates', courseId, query],
    queryFn: () => getClassmates(courseId, query),
    placeholderData: keepPreviousData,
  });

export function useClassmates(courseId: string, query: ClassmatesQuery, enabled = true) {
  return useQuery({ ...classmatesQueryOptions(courseId, query), enabled });
}
