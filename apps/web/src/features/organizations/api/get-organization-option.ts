import type { OrganizationDetail } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { OrganizationOption } from './get-organization-options';
import { organizationKeys } from './query-keys';

/**
 * One of my organizations by id: the name of a chosen picker value that is not among the first
 * page of options (an admin of very many organizations, or a shared link).
 */
export async function getOrganizationOption(id: string): Promise<OrganizationOption> {
  const res = await apiClient.get<{ data: OrganizationDetail }>(
    `/organizations/admin/my/${encodeURIComponent(id)}`,
  );
  const { name } = res.data.data;
  return { id, name };
}

export const organizationOptionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: organizationKeys.myOption(id),
    queryFn: () => getOrganizationOption(id),
  });

export function useOrganizationOption(id: string | undefined, enabled: boolean) {
  return useQuery({ ...organizationOptionQueryOptions(id ?? ''), enabled: enabled && Boolean(id) });
}
