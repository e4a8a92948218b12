import type { Enrollment, ManualAddBody } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { invalidateEnrollmentViews } from './invalidate-enrollment-views';

export async function manualAddStudent(body: ManualAddBody): Promise<Enrollment> {
  const res = await apiClient.post<{ data: Enrollment }>('/admin/students/manual-add', body);
  return res.data.data;
}

export function useManualAddStudent() {
  const queryClient = useQueryClient();
  return useMutation<Enrollment, ApiError, ManualAddBody>({
    mutationFn: manualAddStudent,
    onSuccess: () => invalidateEnrollmentViews(queryClient),
  });
}
