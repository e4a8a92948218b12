import type { SurveyResponse, SurveyResponseBody, StudentSurveyView } from '@teamup/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError, type RequestConfig } from '@/lib/api-client';
import { studentSurveyPath, surveyKeys } from './query-keys';

/**
 * PUT /student/courses/{courseId}/survey/response: every answer so far. `submit: false` saves a
 * draft; `submit: true` also needs the required questions (422 with one detail per question).
 * `keepalive` lets the save outlive the page (sent as it is hidden or closed); the request is
 * started before this returns, so a page being torn down still sends it.
 */
export async function saveSurveyResponse(
  courseId: string,
  body: SurveyResponseBody,
  config?: Pick<RequestConfig, 'keepalive'>,
): Promise<SurveyResponse> {
  const res = await apiClient.put<{ data: SurveyResponse }>(
    `${studentSurveyPath(courseId)}/response`,
    body,
    config,
  );
  return res.data.data;
}

/** What a save the server took changes in the cache (the hook's and the page-leaving saves). */
export function rememberSavedResponse(
  queryClient: QueryClient,
  courseId: string,
  response: SurveyResponse,
  body: SurveyResponseBody,
): void {
  // The view keeps what the server holds; the form keeps its own copy while typing.
  queryClient.setQueryData<StudentSurveyView>(surveyKeys.student(courseId), (view) =>
    view ? { ...view, response } : view,
  );
  // Submitting takes the survey off the dashboard's "needs you".
  if (body.submit) void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
}

export function useSaveSurveyResponse(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation<SurveyResponse, ApiError, SurveyResponseBody>({
    mutationFn: (body) => saveSurveyResponse(courseId, body),
    onSuccess: (response, body) => rememberSavedResponse(queryClient, courseId, response, body),
  });
}
