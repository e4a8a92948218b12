import type { ApplyBody, JoinRequest } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { afterTeamChange } from './invite-student';

export type AskToJoinVariables = { teamId: string } & ApplyBody;

/** The teams' apply call (POST /student/teams/{id}/join-requests), from a profile. */
export async function askToJoin({ teamId, ...body }: AskToJoinVariables): Promise<JoinRequest> {
  const res = await apiClient.post<{ data: JoinRequest }>(
    `/student/teams/${encodeURIComponent(teamId)}/join-requests`,
    body,
  );
  return res.data.data;
}

export function useAskToJoin() {
  const queryClient = useQueryClient();
  return useMutation<JoinRequest, ApiError, AskToJoinVariables>({
    mutationFn: askToJoin,
    onSettled: () => afterTeamChange(queryClient),
  });
}
