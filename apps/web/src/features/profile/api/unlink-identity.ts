import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { linkedIdentitiesQueryKey } from './get-linked-identities';

/** DELETE /profile/identities/{id}: that LMS identity no longer opens my account. */
export async function unlinkIdentity(id: string): Promise<void> {
  await apiClient.delete(`/profile/identities/${encodeURIComponent(id)}`);
}

export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: unlinkIdentity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkedIdentitiesQueryKey }),
  });
}
