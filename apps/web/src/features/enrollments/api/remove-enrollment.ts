import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { invalidateEnrollmentViews } from './invalidate-enrollment-views';

export async function removeEnrollment(id: string): Promise<void> {
  await apiClient.delete(`/admin/enrollment/${encodeURIComponent(id)}/remove`);
}

export function useRemoveEnrollment(id: string) {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, void>({
    mutationFn: () => removeEnrollment(id),
    onSuccess: () => invalidateEnrollmentViews(queryClient, { removedId: id }),
  });
}
