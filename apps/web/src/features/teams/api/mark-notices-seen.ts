import type { NoticesSeen } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';

/** The member has seen the team's notices as of now (the dashboard stops listing them). */
export async function markNoticesSeen(teamId: string): Promise<NoticesSeen> {
  const res = await apiClient.post<{ data: NoticesSeen }>(
    `/student/teams/${encodeURIComponent(teamId)}/notices/seen`,
  );
  return res.data.data;
}

export function useMarkNoticesSeen() {
  const queryClient = useQueryClient();
  return useMutation<NoticesSeen, ApiError, string>({
    mutationFn: markNoticesSeen,
    // The dashboard feature keys its reads under 'dashboard' (features/dashboard/api): its
    // "new notices" entry for this team is now stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}
