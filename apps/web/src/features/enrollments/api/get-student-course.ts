import type { MyCourse } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getStudentCourse(courseId: string): Promise<MyCourse> {
  const res = await apiClient.get<{ data: MyCourse }>(
    `/student/courses/${encodeURIComponent(courseId)}`,
  );
  return res.data.data;
}

export const studentCourseQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: ['enrollments', 'student-course', courseId],
    queryFn: () => getStudentCourse(courseId),
  });

export function useStudentCourse(courseId: string) {
  return useQuery(studentCourseQueryOptions(courseId));
}
