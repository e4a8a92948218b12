import type { TeachingCourses } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** GET /staff/courses: the courses the caller is an instructor or assistant of (often none). */
export async function getTeachingCourses(signal?: AbortSignal): Promise<TeachingCourses> {
  const res = await apiClient.get<{ data: TeachingCourses }>('/staff/courses', { signal });
  return res.data.data;
}

/**
 * Read by the signed-in shell on every first load (the menu's "Courses I teach") and by the
 * admin area's guard. An appointment is rare and a new sign-in reads it afresh, so it stays fresh
 * for 5 minutes rather than the default minute: focusing the tab does not ask again each time.
 */
export const TEACHING_COURSES_STALE_TIME = 5 * 60_000;

export const teachingCoursesQueryOptions = () =>
  queryOptions({
    queryKey: staffKeys.teaching(),
    queryFn: ({ signal }) => getTeachingCourses(signal),
    staleTime: TEACHING_COURSES_STALE_TIME,
  });

export function useTeachingCourses() {
  return useQuery(teachingCoursesQueryOptions());
}
