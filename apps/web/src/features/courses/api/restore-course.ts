import type { Course } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { courseQueryKey } from './get-course';

export async function restoreCourse(id: string): Promise<Course> {
  const res = await apiClient.post<{ data: Course }>(`/courses/${encodeURIComponent(id)}/restore`);
  return res.data.data;
}

export function useRestoreCourse(id: string) {
  const queryClient = useQueryClient();
  return useMutation<Course, ApiError, void>({
    mutationFn: () => restoreCourse(id),
    onSuccess: async (course) => {
      queryClient.setQueryData(courseQueryKey(id), course);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['courses', 'list'] }),
        // The course pickers of student management (enrollments feature).
        queryClient.invalidateQueries({ queryKey: ['courses', 'options'] }),
        queryClient.invalidateQueries({ queryKey: ['organizations'] }),
      ]);
    },
  });
}
