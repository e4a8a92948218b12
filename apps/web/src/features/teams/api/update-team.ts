import type { TeamDetail, UpdateTeamBody } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export type UpdateTeamVariables = { teamId: string; body: UpdateTeamBody };

export async function updateTeam({ teamId, body }: UpdateTeamVariables): Promise<TeamDetail> {
  const res = await apiClient.patch<{ data: TeamDetail }>(
    `/student/teams/${encodeURIComponent(teamId)}`,
    body,
  );
  return res.data.data;
}

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation<TeamDetail, ApiError, UpdateTeamVariables>({
    mutationFn: updateTeam,
    onSuccess: (team) => queryClient.setQueryData(teamKeys.detail(team.id), team),
    // Name, seats and openness show in every team list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
