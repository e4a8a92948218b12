import type { CourseStaffMember } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { courseStaffPath, staffKeys } from './query-keys';

export type RemoveStaffInput = { courseId: string; staffId: string };

export async function removeCourseStaff({
  courseId,
  staffId,
}: RemoveStaffInput): Promise<CourseStaffMember> {
  const res = await apiClient.delete<{ data: CourseStaffMember }>(
    `${courseStaffPath(courseId)}/${encodeURIComponent(staffId)}`,
  );
  return res.data.data;
}

export function useRemoveCourseStaff() {
  const queryClient = useQueryClient();
  return useMutation<CourseStaffMember, ApiError, RemoveStaffInput>({
    mutationFn: removeCourseStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
