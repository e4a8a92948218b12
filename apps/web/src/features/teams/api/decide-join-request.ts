import type { DecideBody, JoinRequest } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export type JoinRequestDecision = 'accept' | 'reject';

export type DecideJoinRequestVariables = {
  requestId: string;
  decision: JoinRequestDecision;
} & DecideBody;

/** The leader accepts (the applicant joins) or rejects a join request, with an optional reason. */
export async function decideJoinRequest({
  requestId,
  decision,
  reason,
}: DecideJoinRequestVariables): Promise<JoinRequest> {
  const res = await apiClient.post<{ data: JoinRequest }>(
    `/student/join-requests/${encodeURIComponent(requestId)}/${decision}`,
    reason ? { reason } : {},
  );
  return res.data.data;
}

export function useDecideJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation<JoinRequest, ApiError, DecideJoinRequestVariables>({
    mutationFn: decideJoinRequest,
    // Accepting changes the members, seats and the applicant's other requests everywhere.
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
