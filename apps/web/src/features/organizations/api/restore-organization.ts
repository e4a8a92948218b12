import type { OrganizationDetail } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { applyOrganizationChange } from './query-keys';

export async function restoreOrganization(id: string): Promise<OrganizationDetail> {
  const res = await apiClient.post<{ data: OrganizationDetail }>(
    `/organizations/super/${encodeURIComponent(id)}/restore`,
  );
  return res.data.data;
}

export function useRestoreOrganization() {
  const queryClient = useQueryClient();
  return useMutation<OrganizationDetail, ApiError, string>({
    mutationFn: restoreOrganization,
    onSuccess: (detail) => applyOrganizationChange(queryClient, detail),
  });
}
