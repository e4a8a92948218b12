import {
  MAX_PAGE_LIMIT,
  type OrganizationListQuery,
  type OrganizationSummary,
  type Paginated,
} from '@teamup/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { analyticsKeys } from './query-keys';

export type AnalyticsOrganizationOption = Pick<OrganizationSummary, 'id' | 'name'>;

/** One page of the live organizations, searched on the server: the organization filter. */
export async function getAnalyticsOrganizationOptions(
  search = '',
  signal?: AbortSignal,
): Promise<Paginated<AnalyticsOrganizationOption>> {
  const params: OrganizationListQuery = { page: 1, limit: MAX_PAGE_LIMIT };
  if (search) params.search = search;
  const res = await apiClient.get<{ data: Paginated<OrganizationSummary> }>(
    '/organizations/super/list',
    { params, signal },
  );
  const page = res.data.data;
  return { ...page, items: page.items.map(({ id, name }) => ({ id, name })) };
}

export const analyticsOrganizationOptionsQueryOptions = (search = '') =>
  queryOptions({
    queryKey: analyticsKeys.organizationOptions(search),
    queryFn: ({ signal }) => getAnalyticsOrganizationOptions(search, signal),
    placeholderData: keepPreviousData,
  });

export function useAnalyticsOrganizationOptions(search = '') {
  return useQuery(analyticsOrganizationOptionsQueryOptions(search));
}
