import type { AdminSurveyView } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { adminSurveyPath, surveyKeys } from './query-keys';

/** GET /admin/courses/{courseId}/survey: the survey (null before the first save), counts, sources. */
export async function getAdminSurvey(
  courseId: string,
  signal?: AbortSignal,
): Promise<AdminSurveyView> {
  const res = await apiClient.get<{ data: AdminSurveyView }>(adminSurveyPath(courseId), {
    signal,
  });
  return res.data.data;
}

export const adminSurveyQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: surveyKeys.admin(courseId),
    queryFn: ({ signal }) => getAdminSurvey(courseId, signal),
  });

export function useAdminSurvey(courseId: string) {
  return useQuery(adminSurveyQueryOptions(courseId));
}
