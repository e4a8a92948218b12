import type { TeamDetail } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { invalidateTeamViews } from './query-keys';

export type RemoveTeamMemberVariables = { teamId: string; memberId: string };

/** Answers the team as it is now; a removal of the last member disbands it. */
export async function removeTeamMember({
  teamId,
  memberId,
}: RemoveTeamMemberVariables): Promise<TeamDetail> {
  const res = await apiClient.delete<{ data: TeamDetail }>(
    `/admin/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(memberId)}`,
  );
  return res.data.data;
}

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation<TeamDetail, ApiError, RemoveTeamMemberVariables>({
    mutationFn: removeTeamMember,
    onSettled: () => invalidateTeamViews(queryClient),
  });
}
