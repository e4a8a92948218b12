import {
  MAX_PAGE_LIMIT,
  type OrganizationListQuery,
  type OrganizationSummary,
  type Paginated,
} from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { organizationKeys } from './query-keys';

export type OrganizationOption = Pick<OrganizationSummary, 'id' | 'name'>;

/** One page of the organizations the signed-in admin runs, searched on the server. */
export async function getOrganizationOptions(search = ''): Promise<Paginated<OrganizationOption>> {
  const params: OrganizationListQuery = { page: 1, limit: MAX_PAGE_LIMIT };
  if (search) params.search = search;
  const res = await apiClient.get<{ data: Paginated<OrganizationSummary> }>(
    '/organizations/admin/my',
    { params },
  );
  const page = res.data.data;
  return { ...page, items: page.items.map(({ id, name }) => ({ id, name })) };
}

// Under 'organizations' so that any organization change refreshes the pickers too. The routes
// of the pages that show a picker prefetch the first page with this same key.
export const organizationOptionsQueryOptions = (search = '') =>
  queryOptions({
    queryKey: organizationKeys.myOptions(search),
    queryFn: () => getOrganizationOptions(search),
    placeholderData: keepPreviousData,
  });

export function useOrganizationOptions(search = '') {
  return useQuery(organizationOptionsQueryOptions(search));
}
