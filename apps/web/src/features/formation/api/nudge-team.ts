import type { NudgeResult } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { formationKeys } from './query-keys';

export type NudgeTeamVariables = { courseId: string; teamId: string };

/** POST /admin/teams/{teamId}/nudge: every member is told what to do (once per 24 h). */
export async function nudgeTeam({ teamId }: NudgeTeamVariables): Promise<NudgeResult> {
  const res = await apiClient.post<{ data: NudgeResult }>(
    `/admin/teams/${encodeURIComponent(teamId)}/nudge`,
  );
  return res.data.data;
}

export function useNudgeTeam() {
  const queryClient = useQueryClient();
  return useMutation<NudgeResult, ApiError, NudgeTeamVariables>({
    mutationFn: nudgeTeam,
    // lastNudgedAt changes (and a refused nudge means the list was out of date).
    onSettled: (_result, _error, { courseId }) =>
      queryClient.invalidateQueries({ queryKey: formationKeys.health(courseId) }),
  });
}
