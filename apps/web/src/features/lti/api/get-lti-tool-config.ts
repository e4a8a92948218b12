import type { LtiToolConfig } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ltiKeys } from './query-keys';

export async function getLtiToolConfig(organizationId?: string): Promise<LtiToolConfig> {
  const res = await apiClient.get<{ data: LtiToolConfig }>('/admin/lti/tool', {
    params: { organizationId },
  });
  return res.data.data;
}

// The registration URL inside lasts 7 days: kept for the page's visit, not refetched on focus
// (a new one each time would only confuse whoever is copying it).
export const ltiToolConfigQueryOptions = (organizationId?: string) =>
  queryOptions({
    queryKey: ltiKeys.tool(organizationId),
    queryFn: () => getLtiToolConfig(organizationId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useLtiToolConfig(organizationId?: string) {
  return useQuery(ltiToolConfigQueryOptions(organizationId));
}
