import type { UnreadCount } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** GET /notifications/unread-count. */
export async function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  const res = await apiClient.get<{ data: UnreadCount }>('/notifications/unread-count', { signal });
  return res.data.data;
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
