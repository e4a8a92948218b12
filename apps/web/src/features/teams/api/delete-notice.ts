import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export async function deleteNotice(noticeId: string): Promise<void> {
  await apiClient.delete(`/student/notices/${encodeURIComponent(noticeId)}`);
}

export function useDeleteNotice() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: deleteNotice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
