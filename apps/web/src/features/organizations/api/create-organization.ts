import type { CreateOrganizationBody, OrganizationDetail } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { applyOrganizationChange, organizationKeys } from './query-keys';

export async function createOrganization(
  body: CreateOrganizationBody,
): Promise<OrganizationDetail> {
  const res = await apiClient.post<{ data: OrganizationDetail }>('/organizations', body);
  return res.data.data;
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation<OrganizationDetail, ApiError, CreateOrganizationBody>({
    mutationFn: createOrganization,
    onSuccess: (detail) => {
      // The page the user lands on next shows the new organization without a loader.
      queryClient.setQueryData(organizationKeys.superDetail(detail.id), detail);
      applyOrganizationChange(queryClient, detail);
    },
  });
}
