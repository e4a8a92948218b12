import type { LtiPlatformUpdate, LtiPlatformView } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { ltiKeys } from './query-keys';

/** PATCH /admin/lti/platforms/{id}: name, endpoints, deployment IDs (400 per field). */
export async function updateLtiPlatform(
  id: string,
  body: LtiPlatformUpdate,
): Promise<LtiPlatformView> {
  const res = await apiClient.patch<{ data: LtiPlatformView }>(
    `/admin/lti/platforms/${encodeURIComponent(id)}`,
    body,
  );
  return res.data.data;
}

export function useUpdateLtiPlatform() {
  const queryClient = useQueryClient();
  return useMutation<LtiPlatformView, ApiError, { id: string; body: LtiPlatformUpdate }>({
    mutationFn: ({ id, body }) => updateLtiPlatform(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ltiKeys.platforms() }),
  });
}
