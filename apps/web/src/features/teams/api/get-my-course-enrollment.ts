import type { MyCourse } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './query-keys';

/**
 * The caller's enrollment in a course (GET /student/courses/{courseId}): the team page needs
 * its status to explain why an action is unavailable ("your enrollment is inactive").
 */
export async function getMyCourseEnrollment(courseId: string): Promise<MyCourse> {
  const res = await apiClient.get<{ data: MyCourse }>(
    `/student/courses/${encodeURIComponent(courseId)}`,
  );
  return res.data.data;
}

export const myCourseEnrollmentQueryOptions = (courseId: string) =>
  queryOptions({
    // Under teamKeys.all: a team change re-reads it with everything else.
    queryKey: [...teamKeys.all, 'my-enrollment', courseId] as const,
    queryFn: () => getMyCourseEnrollment(courseId),
  });

export function useMyCourseEnrollment(courseId: string, enabled = true) {
  return useQuery({ ...myCourseEnrollmentQueryOptions(courseId), enabled });
}
