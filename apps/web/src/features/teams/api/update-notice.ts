import type { Notice, UpdateNoticeBody } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export type UpdateNoticeVariables = { noticeId: string; body: UpdateNoticeBody };

/** Edits or pins a notice (its author or the team leader). */
export async function updateNotice({ noticeId, body }: UpdateNoticeVariables): Promise<Notice> {
  const res = await apiClient.patch<{ data: Notice }>(
    `/student/notices/${encodeURIComponent(noticeId)}`,
    body,
  );
  return res.data.data;
}

export function useUpdateNotice() {
  const queryClient = useQueryClient();
  return useMutation<Notice, ApiError, UpdateNoticeVariables>({
    mutationFn: updateNotice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
