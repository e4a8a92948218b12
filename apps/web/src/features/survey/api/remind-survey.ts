import type { ReminderBody, SurveyRemindResult } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { adminSurveyPath, surveyKeys } from './query-keys';

/** POST …/survey/remind: notifies the students without a submitted response (once per 24 h). */
export async function remindSurvey(
  courseId: string,
  body: ReminderBody = {},
): Promise<SurveyRemindResult> {
  // Issue 35: the instructor's own message, when there is one.
  const res = await apiClient.post<{ data: SurveyRemindResult }>(
    `${adminSurveyPath(courseId)}/remind`,
    body,
  );
  return res.data.data;
}

export function useRemindSurvey(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation<SurveyRemindResult, ApiError, ReminderBody | void>({
    mutationFn: (body) => remindSurvey(courseId, body ?? {}),
    // Sent or refused, when the next one may go has changed (the view's remindAvailableAt).
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: surveyKeys.admin(courseId), exact: true }),
  });
}
