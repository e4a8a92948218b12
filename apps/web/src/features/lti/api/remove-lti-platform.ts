import type { LtiPlatformView } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { ltiKeys } from './query-keys';

/** DELETE /admin/lti/platforms/{id}: its launches stop; its courses and people stay. */
export async function removeLtiPlatform(id: string): Promise<LtiPlatformView> {
  const res = await apiClient.delete<{ data: LtiPlatformView }>(
    `/admin/lti/platforms/${encodeURIComponent(id)}`,
  );
  return res.data.data;
}

export function useRemoveLtiPlatform() {
  const queryClient = useQueryClient();
  return useMutation<LtiPlatformView, ApiError, string>({
    mutationFn: removeLtiPlatform,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ltiKeys.platforms() }),
  });
}
