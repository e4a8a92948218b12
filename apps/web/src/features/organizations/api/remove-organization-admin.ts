import type { OrganizationDetail } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { applyOrganizationChange } from './query-keys';

export type RemoveAdminInput = { organizationId: string; userId: string };

export async function removeOrganizationAdmin({
  organizationId,
  userId,
}: RemoveAdminInput): Promise<OrganizationDetail> {
  const res = await apiClient.delete<{ data: OrganizationDetail }>(
    `/organizations/super/${encodeURIComponent(organizationId)}/admin`,
    {
      params: { userId },
    },
  );
  return res.data.data;
}

export function useRemoveOrganizationAdmin() {
  const queryClient = useQueryClient();
  return useMutation<OrganizationDetail, ApiError, RemoveAdminInput>({
    mutationFn: removeOrganizationAdmin,
    onSuccess: (detail) => applyOrganizationChange(queryClient, detail),
  });
}
