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

export const classmatesQueryOptions = (courseId: string, query: ClassmatesQuery) =>
  queryOptions({
    queryKey: ['enrollments', 'classmates', courseId, query],
    queryFn: () => getClassmates(courseId, query),
    placeholderData: keepPreviousData,
  });

export function useClassmates(courseId: string, query: ClassmatesQuery, enabled = true) {
  return useQuery({ ...classmatesQueryOptions(courseId, query), enabled });
}
