import type { FormationApplyBody, FormationApplyResult } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { invalidateCourseTeams } from './query-keys';

export type ApplyFormationVariables = { courseId: string; body: FormationApplyBody };

/**
 * POST /admin/courses/{courseId}/formation/apply: the proposal as the admin left it. Refused with
 * 409 STALE_PROPOSAL when the course changed since the preview.
 */
export async function applyFormation({
  courseId,
  body,
}: ApplyFormationVariables): Promise<FormationApplyResult> {
  const res = await apiClient.post<{ data: FormationApplyResult }>(
    `/admin/courses/${encodeURIComponent(courseId)}/formation/apply`,
    body,
  );
  return res.data.data;
}

export function useApplyFormation() {
  const queryClient = useQueryClient();
  return useMutation<FormationApplyResult, ApiError, ApplyFormationVariables>({
    mutationFn: applyFormation,
    onSuccess: (_result, { courseId }) => invalidateCourseTeams(queryClient, courseId),
  });
}
