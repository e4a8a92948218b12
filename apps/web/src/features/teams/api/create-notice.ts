import type { CreateNoticeBody, Notice } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export type CreateNoticeVariables = { teamId: string } & CreateNoticeBody;

export async function createNotice({ teamId, ...body }: CreateNoticeVariables): Promise<Notice> {
  const res = await apiClient.post<{ data: Notice }>(
    `/student/teams/${encodeURIComponent(teamId)}/notices`,
    body,
  );
  return res.data.data;
}

export function useCreateNotice() {
  const queryClient = useQueryClient();
  return useMutation<Notice, ApiError, CreateNoticeVariables>({
    mutationFn: createNotice,
    // The board and the audit log both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
