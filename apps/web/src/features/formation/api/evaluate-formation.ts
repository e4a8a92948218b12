import type { FormationEvaluateBody, FormationEvaluation } from '@teamup/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { formationKeys } from './query-keys';

export type EvaluateFormationVariables = { courseId: string; body: FormationEvaluateBody };

/**
 * POST /admin/courses/{courseId}/formation/evaluate (issue 36): the scores of an edited proposal;
 * nothing changes. 409 STALE_PROPOSAL when the course changed since the preview.
 */
export async function evaluateFormation(
  { courseId, body }: EvaluateFormationVariables,
  signal?: AbortSignal,
): Promise<FormationEvaluation> {
  const res = await apiClient.post<{ data: FormationEvaluation }>(
    `/admin/courses/${encodeURIComponent(courseId)}/formation/evaluate`,
    body,
    // It changes nothing: no key, so no kept answer (a repeat after the course changed is stale).
    { signal, idempotencyKey: false },
  );
  return res.data.data;
}

/**
 * The scores of the edited proposal, for the body given (null: the proposal's own). A new body
 * leaves the previous answer on screen until its own arrives; an answer for an older body is
 * dropped (its query is cancelled), so a slow answer never overwrites a newer one.
 */
export function useFormationEvaluation(courseId: string, body: FormationEvaluateBody | null) {
  return useQuery<FormationEvaluation, ApiError>({
    queryKey: formationKeys.evaluation(courseId, body),
    queryFn: ({ signal }) => evaluateFormation({ courseId, body: body! }, signal),
    enabled: body !== null,
    // The same body gives the same answer while the proposal is fresh.
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
