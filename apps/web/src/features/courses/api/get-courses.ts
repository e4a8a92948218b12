import type { Course, CourseListQuery, Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getCourses(query: CourseListQuery): Promise<Paginated<Course>> {
  const res = await apiClient.get<{ data: Paginated<Course> }>('/courses', { params: query });
  return res.data.data;
}

export const coursesQueryKey = ['courses', 'list'] as const;

export const coursesQueryOptions = (query: CourseListQuery) =>
  queryOptions({
    queryKey: [...coursesQueryKey, query],
    queryFn: () => getCourses(query),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useCourses(query: CourseListQuery) {
  return useQuery(coursesQueryOptions(query));
}
