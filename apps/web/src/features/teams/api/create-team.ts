import type { CreateTeamBody, TeamDetail } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamKeys } from './query-keys';

/** Creates a team in my course; I become its leader and first member. */
export async function createTeam(courseId: string, body: CreateTeamBody): Promise<TeamDetail> {
  const res = await apiClient.post<{ data: TeamDetail }>(
    `/student/courses/${encodeURIComponent(courseId)}/teams`,
    body,
  );
  return res.data.data;
}

export function useCreateTeam(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation<TeamDetail, ApiError, CreateTeamBody>({
    mutationFn: (body) => createTeam(courseId, body),
    onSuccess: (team) => {
      queryClient.setQueryData(teamKeys.detail(team.id), team);
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
