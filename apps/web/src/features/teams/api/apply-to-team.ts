import type { ApplyBody, JoinRequest } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export type ApplyToTeamVariables = { teamId: string } & ApplyBody;

export async function applyToTeam({ teamId, ...body }: ApplyToTeamVariables): Promise<JoinRequest> {
  const res = await apiClient.post<{ data: JoinRequest }>(
    `/student/teams/${encodeURIComponent(teamId)}/join-requests`,
    body,
  );
  return res.data.data;
}

export function useApplyToTeam() {
  const queryClient = useQueryClient();
  return useMutation<JoinRequest, ApiError, ApplyToTeamVariables>({
    mutationFn: applyToTeam,
    // A refusal (team full, closed, deadline) also means the lists on screen are out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
