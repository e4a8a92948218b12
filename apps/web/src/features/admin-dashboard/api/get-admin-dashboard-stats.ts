import type { AdminDashboardQuery, AdminDashboardStats } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const adminDashboardKeys = {
  all: ['admin-dashboard'] as const,
  stats: (query: AdminDashboardQuery) => ['admin-dashboard', 'stats', query] as const,
};

/** GET /admin/dashboard/stats: figures, progress and attention of the admin's courses. */
export async function getAdminDashboardStats(
  query: AdminDashboardQuery,
  signal?: AbortSignal,
): Promise<AdminDashboardStats> {
  const res = await apiClient.get<{ data: AdminDashboardStats }>('/admin/dashboard/stats', {
    params: query,
    signal,
  });
  return res.data.data;
}

export const adminDashboardStatsQueryOptions = (query: AdminDashboardQuery) =>
  queryOptions({
    queryKey: adminDashboardKeys.stats(query),
    queryFn: ({ signal }) => getAdminDashboardStats(query, signal),
    // A new filter keeps the figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useAdminDashboardStats(query: AdminDashboardQuery) {
  return useQuery(adminDashboardStatsQueryOptions(query));
}
