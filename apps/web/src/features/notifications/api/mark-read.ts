import type { Notification, Paginated, ReadAllResult, UnreadCount } from '@teamup/shared';
import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** POST /notifications/{id}/read. */
export async function markNotificationRead(id: string): Promise<void> {
  await apiClient.post(`/notifications/${encodeURIComponent(id)}/read`);
}

/** POST /notifications/read-all. */
export async function markAllNotificationsRead(): Promise<ReadAllResult> {
  const res = await apiClient.post<{ data: ReadAllResult }>('/notifications/read-all');
  return res.data.data;
}

type Pages = InfiniteData<Paginated<Notification>>;

/** Shows the read state at once in the loaded pages and the badge; the refetch confirms it. */
function markReadInCache(queryClient: QueryClient, id: string | null) {
  const now = new Date().toISOString();
  let newlyRead = 0;
  queryClient.setQueriesData<Pages>({ queryKey: notificationKeys.all }, (data) => {
    if (!data || !('pages' in data)) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((n) => {
          if (n.readAt !== null || (id !== null && n.id !== id)) return n;
          newlyRead += 1;
          return { ...n, readAt: now };
        }),
      })),
    };
  });
  queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount(), (count) => {
    if (!count) return count;
    if (id === null) return { unread: 0 };
    return { unread: Math.max(0, count.unread - Math.min(newlyRead, 1)) };
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: markNotificationRead,
    onMutate: (id) => markReadInCache(queryClient, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation<ReadAllResult, ApiError, void>({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => markReadInCache(queryClient, null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
