import type { JoinRequest } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export async function withdrawJoinRequest(requestId: string): Promise<JoinRequest> {
  const res = await apiClient.post<{ data: JoinRequest }>(
    `/student/join-requests/${encodeURIComponent(requestId)}/withdraw`,
  );
  return res.data.data;
}

export function useWithdrawJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation<JoinRequest, ApiError, string>({
    mutationFn: withdrawJoinRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
