import type { OrganizationListQuery, OrganizationSummary, Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { organizationKeys } from './query-keys';

export type MyOrganizationsParams = { page: number; limit: number; search?: string };

export async function getMyOrganizations({
  page,
  limit,
  search,
}: MyOrganizationsParams): Promise<Paginated<OrganizationSummary>> {
  const params: OrganizationListQuery = { page, limit };
  if (search) params.search = search;
  const res = await apiClient.get<{ data: Paginated<OrganizationSummary> }>(
    '/organizations/admin/my',
    { params },
  );
  return res.data.data;
}

export const myOrganizationsQueryOptions = (params: MyOrganizationsParams) =>
  queryOptions({
    queryKey: organizationKeys.myList(params),
    queryFn: () => getMyOrganizations(params),
    placeholderData: keepPreviousData,
  });

export function useMyOrganizations(params: MyOrganizationsParams) {
  return useQuery(myOrganizationsQueryOptions(params));
}
