import type { AdminSurveyView, Survey, SurveyPutBody } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { adminSurveyPath, surveyKeys } from './query-keys';

export type SaveSurveyVariables = { courseId: string; body: SurveyPutBody };

/**
 * PUT /admin/courses/{courseId}/survey: the whole survey, or a copy of another course's questions.
 * The body names the version it edited; a stale one is 409 SURVEY_CHANGED.
 */
export async function saveSurvey({
  courseId,
  body,
}: SaveSurveyVariables): Promise<Survey | AdminSurveyView> {
  const res = await apiClient.put<{ data: Survey | AdminSurveyView }>(
    adminSurveyPath(courseId),
    body,
  );
  return res.data.data;
}

export function useSaveSurvey(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation<Survey | AdminSurveyView, ApiError, SurveyPutBody>({
    mutationFn: (body) => saveSurvey({ courseId, body }),
    onSuccess: (saved) => {
      // The answer is the saved survey (or the whole view): shown at once, then read again for
      // the counts and sources it may not carry.
      queryClient.setQueryData<AdminSurveyView>(surveyKeys.admin(courseId), (view) => {
        if ('activeStudents' in saved) return saved;
        return view ? { ...view, survey: saved } : view;
      });
      return queryClient.invalidateQueries({ queryKey: surveyKeys.admin(courseId) });
    },
  });
}
