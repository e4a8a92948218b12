import type { CourseStaffList } from '@teamup/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseStaffPath, staffKeys } from './query-keys';

/** GET /admin/courses/{courseId}/staff: instructors first, then by name. */
export async function getCourseStaff(
  courseId: string,
  signal?: AbortSignal,
): Promise<CourseStaffList> {
  const res = await apiClient.get<{ data: CourseStaffList }>(courseStaffPath(courseId), {
    signal,
  });
  return res.data.data;
}

export const courseStaffQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: staffKeys.course(courseId),
    queryFn: ({ signal }) => getCourseStaff(courseId, signal),
  });

export function useCourseStaff(courseId: string) {
  return useQuery(courseStaffQueryOptions(courseId));
}
