import type { DetailedHealth } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getDetailedHealth(): Promise<DetailedHealth> {
  const res = await apiClient.get<{ data: DetailedHealth }>('/healthcheck/detailed');
  return res.data.data;
}

export const detailedHealthQueryOptions = () =>
  queryOptions({
    queryKey: ['health', 'detailed'],
    queryFn: getDetailedHealth,
    // A health page should show live figures, not a minute-old snapshot.
    staleTime: 0,
    refetchInterval: 30_000,
  });

export function useDetailedHealth() {
  return useQuery(detailedHealthQueryOptions());
}
