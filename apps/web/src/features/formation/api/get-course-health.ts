import type { CourseHealth } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { formationKeys } from './query-keys';

/** GET /admin/courses/{courseId}/health: the course's flagged teams, most flags first. */
export async function getCourseHealth(
  courseId: string,
  signal?: AbortSignal,
): Promise<CourseHealth> {
  const res = await apiClient.get<{ data: CourseHealth }>(
    `/admin/courses/${encodeURIComponent(courseId)}/health`,
    { signal },
  );
  return res.data.data;
}

export const courseHealthQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: formationKeys.health(courseId),
    queryFn: ({ signal }) => getCourseHealth(courseId, signal),
  });

export function useCourseHealth(courseId: string) {
  return useQuery(courseHealthQueryOptions(courseId));
}
