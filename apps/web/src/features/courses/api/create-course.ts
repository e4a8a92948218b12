import type { Course, CreateCourseBody } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { courseQueryKey } from './get-course';

export async function createCourse(body: CreateCourseBody): Promise<Course> {
  const res = await apiClient.post<{ data: Course }>('/courses', body);
  return res.data.data;
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation<Course, ApiError, CreateCourseBody>({
    mutationFn: createCourse,
    onSuccess: async (course) => {
      queryClient.setQueryData(courseQueryKey(course.id), course);
      // Every list that can show courses: course lists, organization pages and their counts.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['courses', 'list'] }),
        // The course pickers of student management (enrollments feature).
        queryClient.invalidateQueries({ queryKey: ['courses', 'options'] }),
        queryClient.invalidateQueries({ queryKey: ['organizations'] }),
      ]);
    },
  });
}
