import type { Course } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getCourse(id: string): Promise<Course> {
  const res = await apiClient.get<{ data: Course }>(`/courses/${encodeURIComponent(id)}`);
  return res.data.data;
}

export const courseQueryKey = (id: string) => ['courses', 'detail', id] as const;

export const courseQueryOptions = (id: string) =>
  queryOptions({ queryKey: courseQueryKey(id), queryFn: () => getCourse(id) });

export function useCourse(id: string) {
  return useQuery(courseQueryOptions(id));
}
