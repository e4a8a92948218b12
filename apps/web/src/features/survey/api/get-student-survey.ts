import type { StudentSurveyView } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { studentSurveyPath, surveyKeys } from './query-keys';

/** GET /student/courses/{courseId}/survey: the survey (null without one), my answers, classmates. */
export async function getStudentSurvey(
  courseId: string,
  signal?: AbortSignal,
): Promise<StudentSurveyView> {
  const res = await apiClient.get<{ data: StudentSurveyView }>(studentSurveyPath(courseId), {
    signal,
  });
  return res.data.data;
}

export const studentSurveyQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: surveyKeys.student(courseId),
    queryFn: ({ signal }) => getStudentSurvey(courseId, signal),
    // The form holds the answers being typed: a refetch on focus must not reset them.
    refetchOnWindowFocus: false,
  });

export function useStudentSurvey(courseId: string, enabled = true) {
  return useQuery({ ...studentSurveyQueryOptions(courseId), enabled });
}
