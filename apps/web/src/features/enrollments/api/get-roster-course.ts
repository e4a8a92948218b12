import type { Course } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /courses/{id} for the roster's header (the course pages cache it under the same key). */
export async function getRosterCourse(id: string): Promise<Course> {
  const res = await apiClient.get<{ data: Course }>(`/courses/${encodeURIComponent(id)}`);
  return res.data.data;
}

export const rosterCourseQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['courses', 'detail', id], queryFn: () => getRosterCourse(id) });

export function useRosterCourse(id: string) {
  return useQuery(rosterCourseQueryOptions(id));
}
