import type { AdminAddMemberBody, TeamDetail } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { invalidateTeamViews } from './query-keys';

export type AddTeamMemberVariables = { teamId: string } & AdminAddMemberBody;
export type AddTeamMemberResult = { team: TeamDetail; message: string | undefined };

/** Adds an ACTIVE student to the team, or moves them there from their current team. */
export async function addTeamMember({
  teamId,
  userId,
}: AddTeamMemberVariables): Promise<AddTeamMemberResult> {
  const body: AdminAddMemberBody = { userId };
  const res = await apiClient.post<{ data: TeamDetail; message?: string }>(
    `/admin/teams/${encodeURIComponent(teamId)}/members`,
    body,
  );
  return { team: res.data.data, message: res.data.message };
}

export function useAddTeamMember() {
  const queryClient = useQueryClient();
  return useMutation<AddTeamMemberResult, ApiError, AddTeamMemberVariables>({
    mutationFn: addTeamMember,
    onSettled: () => invalidateTeamViews(queryClient),
  });
}
