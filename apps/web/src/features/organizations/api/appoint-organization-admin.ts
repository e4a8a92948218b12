import type { AppointAdminBody, OrganizationDetail } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { applyOrganizationChange } from './query-keys';

export type AppointAdminInput = { organizationId: string; body: AppointAdminBody };

export async function appointOrganizationAdmin({
  organizationId,
  body,
}: AppointAdminInput): Promise<OrganizationDetail> {
  const res = await apiClient.post<{ data: OrganizationDetail }>(
    `/organizations/super/${encodeURIComponent(organizationId)}/admin`,
    body,
  );
  return res.data.data;
}

export function useAppointOrganizationAdmin() {
  const queryClient = useQueryClient();
  return useMutation<OrganizationDetail, ApiError, AppointAdminInput>({
    mutationFn: appointOrganizationAdmin,
    // Admin lists, counts and the directory's roles all change.
    onSuccess: (detail) => applyOrganizationChange(queryClient, detail),
  });
}
