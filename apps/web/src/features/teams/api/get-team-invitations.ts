import type { Invitation, Paginated, TeamRequestStatus } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { teamKeys } from './query-keys';
import { mayRead } from './team-reads';

export type TeamInvitationsParams = { page: number; limit: number; status?: TeamRequestStatus };

/** A team's invitations (leader or course admin); the server lists PENDING ones by default. */
export async function getTeamInvitations(
  teamId: string,
  params: TeamInvitationsParams,
): Promise<Paginated<Invitation>> {
  const res = await apiClient.get<{ data: Paginated<Invitation> }>(
    `/student/teams/${encodeURIComponent(teamId)}/invitations`,
    { params },
  );
  return res.data.data;
}

export const teamInvitationsQueryOptions = (teamId: string, params: TeamInvitationsParams) =>
  queryOptions({
    queryKey: teamKeys.invitations(teamId, params),
    queryFn: () => getTeamInvitations(teamId, params),
    placeholderData: keepPreviousData,
  });

export function useTeamInvitations(teamId: string, params: TeamInvitationsParams, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    ...teamInvitationsQueryOptions(teamId, params),
    enabled: () => enabled && mayRead(queryClient, teamId, 'invitations'),
  });
}
