import type {
  OrganizationDetail,
  OrganizationDomains,
  OrganizationDomainsBody,
} from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { organizationKeys } from './query-keys';

export type UpdateDomainsInput = { organizationId: string; body: OrganizationDomainsBody };

/** PUT /organizations/super/{id}/domains (superadmins): the whole list, as it should be. */
export async function updateOrganizationDomains({
  organizationId,
  body,
}: UpdateDomainsInput): Promise<OrganizationDomains> {
  const res = await apiClient.put<{ data: OrganizationDomains }>(
    `/organizations/super/${encodeURIComponent(organizationId)}/domains`,
    body,
  );
  return res.data.data;
}

export function useUpdateOrganizationDomains() {
  const queryClient = useQueryClient();
  return useMutation<OrganizationDomains, ApiError, UpdateDomainsInput>({
    mutationFn: updateOrganizationDomains,
    onSuccess: ({ organizationId, domains }) => {
      // Both detail caches take the saved list at once; the rest refetches in the background.
      for (const key of [
        organizationKeys.superDetail(organizationId),
        organizationKeys.myDetail(organizationId),
      ]) {
        queryClient.setQueryData<OrganizationDetail>(key, (detail) =>
          detail ? { ...detail, domains } : detail,
        );
      }
      void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
