import type { Course, UpdateCourseBody } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { courseQueryKey } from './get-course';

export async function updateCourse(id: string, body: UpdateCourseBody): Promise<Course> {
  const res = await apiClient.patch<{ data: Course }>(
    `/courses/${encodeURIComponent(id)}/update`,
    body,
  );
  return res.data.data;
}

export function useUpdateCourse(id: string) {
  const queryClient = useQueryClient();
  return useMutation<Course, ApiError, UpdateCourseBody>({
    mutationFn: (body) => updateCourse(id, body),
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
