import type { TeamDetail } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export type RemoveMemberVariables = { teamId: string; memberId: string };

export async function removeMember({
  teamId,
  memberId,
}: RemoveMemberVariables): Promise<TeamDetail> {
  const res = await apiClient.delete<{ data: TeamDetail }>(
    `/student/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(memberId)}`,
  );
  return res.data.data;
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation<TeamDetail, ApiError, RemoveMemberVariables>({
    mutationFn: removeMember,
    onSuccess: (team) => queryClient.setQueryData(teamKeys.detail(team.id), team),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
