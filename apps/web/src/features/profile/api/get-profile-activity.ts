import {
  ACTIVITY_LOG_PAGE_SIZE,
  type Paginated,
  type ProfileActivityEntry,
  type ProfileActivityQuery,
} from '@teamup/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';

export async function getProfileActivity(
  query: ProfileActivityQuery = {},
): Promise<Paginated<ProfileActivityEntry>> {
  const res = await apiClient.get<{ data: Paginated<ProfileActivityEntry> }>(
    '/auth/profile/activity',
    { params: { page: query.page ?? 1, limit: query.limit ?? ACTIVITY_LOG_PAGE_SIZE } },
  );
  return res.data.data;
}

/** Keeps the store's activityLogs (SPEC §3, memory only) equal to the pages loaded so far. */
function storeActivityPage(page: Paginated<ProfileActivityEntry>) {
  const store = useAuthStore.getState();
  if (page.page === 1) {
    store.setActivityLogs(page.items);
    return;
  }
  // A newer event shifts the pages by one while the user reads: skip what is already shown.
  const seen = new Set(store.activityLogs.map((e) => e.id));
  store.setActivityLogs([...store.activityLogs, ...page.items.filter((e) => !seen.has(e.id))]);
}

export const profileActivityQueryKey = ['auth', 'profile', 'activity'] as const;

export const profileActivityQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: profileActivityQueryKey,
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const page = await getProfileActivity({ page: pageParam, limit: ACTIVITY_LOG_PAGE_SIZE });
      storeActivityPage(page);
      return page;
    },
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

/** The user's activity, newest first, a page of 20 at a time ("Load more" asks for the next). */
export function useProfileActivity() {
  return useInfiniteQuery(profileActivityQueryOptions());
}
