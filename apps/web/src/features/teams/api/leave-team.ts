import type { TeamDetail } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamKeys } from './query-keys';
import { forgetUnreadable } from './team-reads';

export async function leaveTeam(teamId: string): Promise<TeamDetail> {
  const res = await apiClient.post<{ data: TeamDetail }>(
    `/student/teams/${encodeURIComponent(teamId)}/leave`,
  );
  return res.data.data;
}

export function useLeaveTeam() {
  const queryClient = useQueryClient();
  return useMutation<TeamDetail, ApiError, string>({
    mutationFn: leaveTeam,
    onSuccess: async (team) => {
      // The new detail first: it closes the reads the viewer lost before anything refetches.
      queryClient.setQueryData(teamKeys.detail(team.id), team);
      await forgetUnreadable(queryClient, team);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
