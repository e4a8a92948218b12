import type { AppointCourseStaffBody, CourseStaffMember } from '@teamup/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { courseStaffPath, staffKeys } from './query-keys';

export type AppointStaffInput = { courseId: string; body: AppointCourseStaffBody };

/** What the server did: appointed someone new (201), or changed a staff member's role (200). */
export type AppointStaffResult = { member: CourseStaffMember; created: boolean };

export async function appointCourseStaff({
  courseId,
  body,
}: AppointStaffInput): Promise<AppointStaffResult> {
  const res = await apiClient.post<{ data: CourseStaffMember }>(courseStaffPath(courseId), body);
  return { member: res.data.data, created: res.status === 201 };
}

export function useAppointCourseStaff() {
  const queryClient = useQueryClient();
  return useMutation<AppointStaffResult, ApiError, AppointStaffInput>({
    mutationFn: appointCourseStaff,
    // The course's list, and "Courses I teach" when admins appoint themselves.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
