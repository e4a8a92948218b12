import type { LinkedIdentities } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /profile/identities: the LMS identities that open my account (issue 34). */
export async function getLinkedIdentities(): Promise<LinkedIdentities> {
  const res = await apiClient.get<{ data: LinkedIdentities }>('/profile/identities');
  return res.data.data;
}

export const linkedIdentitiesQueryKey = ['profile', 'identities'] as const;

export const linkedIdentitiesQueryOptions = () =>
  queryOptions({ queryKey: linkedIdentitiesQueryKey, queryFn: getLinkedIdentities });

export function useLinkedIdentities() {
  return useQuery(linkedIdentitiesQueryOptions());
}
