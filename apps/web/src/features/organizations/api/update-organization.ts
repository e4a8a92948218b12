import type { OrganizationDetail, UpdateOrganizationBody } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { applyOrganizationChange } from './query-keys';

export type UpdateOrganizationInput = { id: string; body: UpdateOrganizationBody };

export async function updateOrganization({
  id,
  body,
}: UpdateOrganizationInput): Promise<OrganizationDetail> {
  const res = await apiClient.put<{ data: OrganizationDetail }>(
    `/organizations/${encodeURIComponent(id)}`,
    body,
  );
  return res.data.data;
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation<OrganizationDetail, ApiError, UpdateOrganizationInput>({
    mutationFn: updateOrganization,
    onSuccess: (detail) => {
      applyOrganizationChange(queryClient, detail);
      // Courses carry their organization's name.
      void queryClient.invalidateQueries({ queryKey: ['courses'] });
    },
  });
}
