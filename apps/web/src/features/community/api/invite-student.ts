import type { Invitation, InviteBody } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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

export function useInviteStudent() {
  const queryClient = useQueryClient();
  return useMutation<Invitation, ApiError, InviteStudentVariables>({
    mutationFn: inviteStudent,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.all }),
        // The teams feature keys its lists under 'teams' (features/teams/api/query-keys.ts):
        // the team's invitations and seats changed too.
        queryClient.invalidateQueries({ queryKey: ['teams'] }),
      ]),
  });
}
