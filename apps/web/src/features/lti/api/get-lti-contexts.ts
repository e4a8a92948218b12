import type { LtiContextView } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ltiKeys } from './query-keys';

/** GET /admin/lti/contexts: the LMS courses of one organization that opened Teamup. */
export async function getLtiContexts(organizationId: string): Promise<{ items: LtiContextView[] }> {
  const res = await apiClient.get<{ data: { items: LtiContextView[] } }>('/admin/lti/contexts', {
    params: { organizationId },
  });
  return res.data.data;
}

export const ltiContextsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ltiKeys.contexts(organizationId),
    queryFn: () => getLtiContexts(organizationId),
  });

export function useLtiContexts(organizationId: string) {
  return useQuery(ltiContextsQueryOptions(organizationId));
}
