import type { Invitation } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export type InvitationResponse = 'accept' | 'reject';

/** The invitee accepts (joins the team) or rejects a pending invitation. */
export async function respondToInvitation(
  invitationId: string,
  response: InvitationResponse,
): Promise<Invitation> {
  const res = await apiClient.post<{ data: Invitation }>(
    `/student/invitations/${encodeURIComponent(invitationId)}/${response}`,
  );
  return res.data.data;
}

type Variables = { invitationId: string; response: InvitationResponse };

export function useRespondToInvitation() {
  const queryClient = useQueryClient();
  return useMutation<Invitation, ApiError, Variables>({
    mutationFn: ({ invitationId, response }) => respondToInvitation(invitationId, response),
    // Accepting changes seats, memberships and cancels the student's other pending requests and
    // invitations in the course; a rejection must leave the invitations list too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
