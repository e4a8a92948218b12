import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';

/** DELETE archives: the course and its enrollments stay and can be restored. */
export async function archiveCourse(id: string): Promise<void> {
  await apiClient.delete(`/courses/${encodeURIComponent(id)}`);
}

export function useArchiveCourse(id: string) {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, void>({
    mutationFn: () => archiveCourse(id),
    // The detail, the lists and the organization pages all show the archived state.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['courses'] }),
        queryClient.invalidateQueries({ queryKey: ['organizations'] }),
      ]),
  });
}
