import type { OrganizationDetail } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { applyOrganizationChange } from './query-keys';

/** Soft delete: the organization is hidden, its data kept for a restore. */
export async function deleteOrganization(id: string): Promise<OrganizationDetail> {
  const res = await apiClient.delete<{ data: OrganizationDetail }>(
    `/organizations/${encodeURIComponent(id)}`,
  );
  return res.data.data;
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation<OrganizationDetail, ApiError, string>({
    mutationFn: deleteOrganization,
    onSuccess: (detail) => applyOrganizationChange(queryClient, detail),
  });
}
