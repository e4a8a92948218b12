import type { AnalyticsRange, UsageAnalytics } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { analyticsKeys } from './query-keys';

export type UsageQuery = { range: AnalyticsRange; organizationId?: string | undefined };

export async function getUsageAnalytics(
  { range, organizationId }: UsageQuery,
  signal?: AbortSignal,
): Promise<UsageAnalytics> {
  const params: Record<string, string> = { range: String(range) };
  if (organizationId) params.organizationId = organizationId;
  const res = await apiClient.get<{ data: UsageAnalytics }>('/analytics/usage', {
    params,
    signal,
  });
  return res.data.data;
}

export const usageAnalyticsQueryOptions = (query: UsageQuery) =>
  queryOptions({
    queryKey: analyticsKeys.usage(query),
    queryFn: ({ signal }) => getUsageAnalytics(query, signal),
    // Switching the range or the organization keeps the previous charts on screen until the new
    // figures arrive, instead of a loader.
    placeholderData: keepPreviousData,
  });

export function useUsageAnalytics(query: UsageQuery) {
  return useQuery(usageAnalyticsQueryOptions(query));
}
