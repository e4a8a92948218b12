import type { Organization, Paginated } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type OrganizationOption = Pick<Organization, 'id' | 'name'>;

/** The organizations the signed-in admin runs, for the organization pickers of course pages. */
export async function getOrganizationOptions(): Promise<OrganizationOption[]> {
  const res = await apiClient.get<{ data: Paginated<Organization> | Organization[] }>(
    '/organizations/admin/my',
    { params: { limit: 100 } },
  );
  const data = res.data.data;
  const items = Array.isArray(data) ? data : data.items;
  return items.map(({ id, name }) => ({ id, name }));
}

// Under 'organizations' so that any organization change refreshes the pickers too.
export const organizationOptionsQueryKey = ['organizations', 'admin-my', 'options'] as const;

export const organizationOptionsQueryOptions = () =>
  queryOptions({ queryKey: organizationOptionsQueryKey, queryFn: getOrganizationOptions });

export function useOrganizationOptions() {
  return useQuery(organizationOptionsQueryOptions());
}
