import type { SurveyResponsesPage, SurveyResponsesQuery } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { adminSurveyPath, surveyKeys } from './query-keys';

/** GET …/survey/responses: ANSWERED (submitted or draft) or MISSING (not submitted), paged. */
export async function getSurveyResponses(
  courseId: string,
  query: SurveyResponsesQuery,
  signal?: AbortSignal,
): Promise<SurveyResponsesPage> {
  const res = await apiClient.get<{ data: SurveyResponsesPage }>(
    `${adminSurveyPath(courseId)}/responses`,
    { params: query, signal },
  );
  return res.data.data;
}

export const surveyResponsesQueryOptions = (courseId: string, query: SurveyResponsesQuery) =>
  queryOptions({
    queryKey: surveyKeys.responsesPage(courseId, query),
    queryFn: ({ signal }) => getSurveyResponses(courseId, query, signal),
    // The page shown stays while the next one loads: the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useSurveyResponses(courseId: string, query: SurveyResponsesQuery) {
  return useQuery(surveyResponsesQueryOptions(courseId, query));
}
