import type { OrganizationListQuery, OrganizationSummary, Paginated } from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { organizationKeys } from './query-keys';

export type SuperOrganizationsParams = {
  page: number;
  limit: number;
  search?: string;
  includeDeleted?: boolean;
};

export async function getSuperOrganizations({
  page,
  limit,
  search,
  includeDeleted,
}: SuperOrganizationsParams): Promise<Paginated<OrganizationSummary>> {
  const params: OrganizationListQuery = { page, limit };
  if (search) params.search = search;
  if (includeDeleted) params.includeDeleted = 'true';
  const res = await apiClient.get<{ data: Paginated<OrganizationSummary> }>(
    '/organizations/super/list',
    { params },
  );
  return res.data.data;
}

export const superOrganizationsQueryOptions = (params: SuperOrganizationsParams) =>
  queryOptions({
    queryKey: organizationKeys.superList(params),
    queryFn: () => getSuperOrganizations(params),
    // The current page stays on screen while the next page or search result loads.
    placeholderData: keepPreviousData,
  });

export function useSuperOrganizations(params: SuperOrganizationsParams) {
  return useQuery(superOrganizationsQueryOptions(params));
}
