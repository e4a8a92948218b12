import type { OrganizationDetail } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { organizationKeys } from './query-keys';

export async function getMyOrganization(id: string): Promise<OrganizationDetail> {
  const res = await apiClient.get<{ data: OrganizationDetail }>(
    `/organizations/admin/my/${encodeURIComponent(id)}`,
  );
  return res.data.data;
}

export const myOrganizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: organizationKeys.myDetail(id),
    queryFn: () => getMyOrganization(id),
  });

export function useMyOrganization(id: string) {
  return useQuery(myOrganizationQueryOptions(id));
}
