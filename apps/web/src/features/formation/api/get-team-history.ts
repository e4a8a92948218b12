import type { TeamHistory } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { formationKeys } from './query-keys';

/** GET /student/courses/{courseId}/team-history: the signed-in student's periods, oldest first. */
export async function getMyTeamHistory(
  courseId: string,
  signal?: AbortSignal,
): Promise<TeamHistory> {
  const res = await apiClient.get<{ data: TeamHistory }>(
    `/student/courses/${encodeURIComponent(courseId)}/team-history`,
    { signal },
  );
  return res.data.data;
}

export const myTeamHistoryQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: formationKeys.myHistory(courseId),
    queryFn: ({ signal }) => getMyTeamHistory(courseId, signal),
  });

export function useMyTeamHistory(courseId: string) {
  return useQuery(myTeamHistoryQueryOptions(courseId));
}

/**
 * GET /admin/courses/{courseId}/students/{userId}/team-history: a student's periods in a course
 * of the admin's organizations, oldest first.
 */
export async function getStudentTeamHistory(
  courseId: string,
  userId: string,
  signal?: AbortSignal,
): Promise<TeamHistory> {
  const res = await apiClient.get<{ data: TeamHistory }>(
    `/admin/courses/${encodeURIComponent(courseId)}/students/${encodeURIComponent(userId)}/team-history`,
    { signal },
  );
  return res.data.data;
}

export function useStudentTeamHistory(courseId: string, userId: string) {
  return useQuery({
    queryKey: formationKeys.studentHistory(courseId, userId),
    queryFn: ({ signal }) => getStudentTeamHistory(courseId, userId, signal),
  });
}
