import type { DetailedHealth } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** How often the health section asks again while it is open. */
export const HEALTH_REFRESH_MS = 10_000;

export async function getDetailedHealth(signal?: AbortSignal): Promise<DetailedHealth> {
  const res = await apiClient.get<{ data: DetailedHealth }>('/healthcheck/detailed', { signal });
  return res.data.data;
}

/**
 * The detailed health (superadmin only). Also read by the superadmin's home for the overall
 * status (`data.status`: ok, degraded or down).
 */
export const detailedHealthQueryOptions = () =>
  queryOptions({
    queryKey: ['health', 'detailed'],
    queryFn: ({ signal }) => getDetailedHealth(signal),
    // A health page shows live figures, not a snapshot: asked again every 10 s while shown. An
    // answer younger than that is not asked again when a view mounts: the superadmin's home
    // starts this read in its loader, and its view mounting after the answer asked twice
    // (decision 128).
    staleTime: HEALTH_REFRESH_MS,
    refetchInterval: HEALTH_REFRESH_MS,
    // A failed refresh says so at once and keeps the last figures; the next tick tries again.
    retry: false,
  });

export function useDetailedHealth() {
  return useQuery(detailedHealthQueryOptions());
}
