import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/**
 * What the dashboard does to a pending invitation or join request: the teams' own calls
 * (SPEC §7), answered with the invitation or request as it now is.
 */
export type TeamRequestAction =
  | { kind: 'invitation'; id: string; action: 'accept' | 'reject' }
  | { kind: 'join-request'; id: string; action: 'accept' | 'reject' | 'withdraw' };

type Answered = { teamName: string };

export async function answerTeamRequest(variables: TeamRequestAction): Promise<Answered> {
  const id = encodeURIComponent(variables.id);
  const res =
    variables.kind === 'invitation'
      ? await apiClient.post<{ data: Answered }>(`/student/invitations/${id}/${variables.action}`)
      : variables.action === 'withdraw'
        ? await apiClient.post<{ data: Answered }>(`/student/join-requests/${id}/withdraw`)
        : // Accept and reject take an optional reason: none from the dashboard.
          await apiClient.post<{ data: Answered }>(
            `/student/join-requests/${id}/${variables.action}`,
            {},
          );
  return res.data.data;
}

export function useAnswerTeamRequest() {
  const queryClient = useQueryClient();
  return useMutation<Answered, ApiError, TeamRequestAction>({
    mutationFn: answerTeamRequest,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        // The teams feature keys its lists under 'teams' (features/teams/api/query-keys.ts):
        // seats, members, requests and invitations changed there too.
        queryClient.invalidateQueries({ queryKey: ['teams'] }),
      ]),
  });
}
