import type { LtiPlatformBody, LtiPlatformView } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { ltiKeys } from './query-keys';

/** POST /admin/lti/platforms: 400 VALIDATION_ERROR per field, 409 PLATFORM_TAKEN. */
export async function registerLtiPlatform(body: LtiPlatformBody): Promise<LtiPlatformView> {
  const res = await apiClient.post<{ data: LtiPlatformView }>('/admin/lti/platforms', body);
  return res.data.data;
}

export function useRegisterLtiPlatform() {
  const queryClient = useQueryClient();
  return useMutation<LtiPlatformView, ApiError, LtiPlatformBody>({
    mutationFn: registerLtiPlatform,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ltiKeys.platforms() }),
  });
}
