import type { Invitation, InviteBody } from '@teamup/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { communityKeys } from './query-keys';

export type InviteStudentVariables = { teamId: string } & InviteBody;

/** The teams' invite call (POST /student/teams/{id}/invite), from a community card or profile. */
export async function inviteStudent({
  teamId,
  ...body
}: InviteStudentVariables): Promise<Invitation> {
  const res = await apiClient.post<{ data: Invitation }>(
    `/student/teams/${encodeURIComponent(teamId)}/invite`,
    body,
  );
  return res.data.data;
}

type InviteStudentCallbacks = {
  onSuccess?: (invitation: Invitation, variables: InviteStudentVariables) => void;
  onError?: (error: ApiError, variables: InviteStudentVariables) => void;
};

/**
 * The callbacks go on the mutation itself, not on `mutate`: they run even when the button that
 * sent the invitation is gone by the time the answer comes.
 */
export function useInviteStudent({ onSuccess, onError }: InviteStudentCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation<Invitation, ApiError, InviteStudentVariables>({
    mutationFn: inviteStudent,
    onSuccess,
    onError,
    onSettled: () => afterTeamChange(queryClient),
  });
}

/** After an invitation or a join request sent from the community. */
export function afterTeamChange(queryClient: QueryClient) {
  return Promise.all([
    // Marked stale, not read again at once: the card or profile on screen keeps its "Invited"
    // or "Request sent" state; the next visit reads what the server says now.
    queryClient.invalidateQueries({ queryKey: communityKeys.all, refetchType: 'none' }),
    // The teams feature keys its lists under 'teams' (features/teams/api/query-keys.ts): the
    // team's invitations or requests changed too.
    queryClient.invalidateQueries({ queryKey: ['teams'] }),
  ]);
}
