import type { Notification, Paginated } from '@teamup/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { NOTIFICATIONS_PAGE_SIZE, notificationKeys } from './query-keys';

/** GET /notifications: mine, newest first, paged. */
export async function getNotifications(
  { page, limit = NOTIFICATIONS_PAGE_SIZE }: { page: number; limit?: number },
  signal?: AbortSignal,
): Promise<Paginated<Notification>> {
  const res = await apiClient.get<{ data: Paginated<Notification> }>('/notifications', {
    params: { page, limit },
    signal,
  });
  return res.data.data;
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => getNotifications({ page: pageParam }, signal),
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

export function useNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...notificationsQueryOptions(), enabled });
}

/** The pages flattened, without the repeats a new notification causes by shifting the pages. */
export function flattenNotifications(pages: Paginated<Notification>[] | undefined): Notification[] {
  const seen = new Set<string>();
  const items: Notification[] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
