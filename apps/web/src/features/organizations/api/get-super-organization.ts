import type { OrganizationDetail } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { organizationKeys } from './query-keys';

export async function getSuperOrganization(id: string): Promise<OrganizationDetail> {
  const res = await apiClient.get<{ data: OrganizationDetail }>(
    `/organizations/super/${encodeURIComponent(id)}`,
  );
  return res.data.data;
}

export const superOrganizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: organizationKeys.superDetail(id),
    queryFn: () => getSuperOrganization(id),
  });

export function useSuperOrganization(id: string) {
  return useQuery(superOrganizationQueryOptions(id));
}
