import type { Invitation } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamKeys } from './query-keys';

/** The team leader takes back a pending invitation. */
export async function cancelInvitation(invitationId: string): Promise<Invitation> {
  const res = await apiClient.post<{ data: Invitation }>(
    `/student/invitations/${encodeURIComponent(invitationId)}/cancel`,
  );
  return res.data.data;
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation<Invitation, ApiError, string>({
    mutationFn: cancelInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
