import type { Enrollment, EnrollmentStatusBody } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { invalidateEnrollmentViews } from './invalidate-enrollment-views';

export async function updateEnrollmentStatus(
  id: string,
  body: EnrollmentStatusBody,
): Promise<Enrollment> {
  const res = await apiClient.patch<{ data: Enrollment }>(
    `/admin/enrollment/${encodeURIComponent(id)}/status`,
    body,
  );
  return res.data.data;
}

export function useUpdateEnrollmentStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation<Enrollment, ApiError, EnrollmentStatusBody>({
    mutationFn: (body) => updateEnrollmentStatus(id, body),
    onSuccess: () => invalidateEnrollmentViews(queryClient),
  });
}
