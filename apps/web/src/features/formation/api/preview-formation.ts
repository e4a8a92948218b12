import type { FormationOptions, FormationProposal } from '@teamup/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';

export type PreviewFormationVariables = { courseId: string; options: FormationOptions };

/** POST /admin/courses/{courseId}/formation/preview: a proposal; nothing changes. */
export async function previewFormation({
  courseId,
  options,
}: PreviewFormationVariables): Promise<FormationProposal> {
  const res = await apiClient.post<{ data: FormationProposal }>(
    `/admin/courses/${encodeURIComponent(courseId)}/formation/preview`,
    options,
  );
  return res.data.data;
}

/** A preview changes nothing, but it is asked for by a button: a mutation gives it its states. */
export function usePreviewFormation() {
  return useMutation<FormationProposal, ApiError, PreviewFormationVariables>({
    mutationFn: previewFormation,
  });
}
