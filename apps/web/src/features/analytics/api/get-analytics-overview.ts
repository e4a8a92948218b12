import type { AnalyticsOverview } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { analyticsKeys } from './query-keys';

export async function getAnalyticsOverview(signal?: AbortSignal): Promise<AnalyticsOverview> {
  const res = await apiClient.get<{ data: AnalyticsOverview }>('/analytics/overview', { signal });
  return res.data.data;
}

export const analyticsOverviewQueryOptions = () =>
  queryOptions({
    queryKey: analyticsKeys.overview(),
    queryFn: ({ signal }) => getAnalyticsOverview(signal),
  });

export function useAnalyticsOverview() {
  return useQuery(analyticsOverviewQueryOptions());
}
