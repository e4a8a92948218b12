import type { Invitation, InviteBody } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export type InviteClassmateVariables = { teamId: string } & InviteBody;

export async function inviteClassmate({
  teamId,
  ...body
}: InviteClassmateVariables): Promise<Invitation> {
  const res = await apiClient.post<{ data: Invitation }>(
    `/student/teams/${encodeURIComponent(teamId)}/invite`,
    body,
  );
  return res.data.data;
}

export function useInviteClassmate() {
  const queryClient = useQueryClient();
  return useMutation<Invitation, ApiError, InviteClassmateVariables>({
    mutationFn: inviteClassmate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
