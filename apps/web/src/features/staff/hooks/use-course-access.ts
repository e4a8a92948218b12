import type { CourseStaffRole } from '@teamup/shared';
import { useAuthStore } from '@/lib/auth-store';
import { useTeachingCourses } from '../api/get-teaching-courses';

export type CourseAccess = {
  /** An organization admin or a superadmin: every right on the course, staff appointments too. */
  admin: boolean;
  /** The caller's staff role on this course, null when none (or not known yet). */
  staffRole: CourseStaffRole | null;
  /** Edit, archive and restore the course: admins and instructors, never an assistant. */
  canChangeSettings: boolean;
};

/**
 * What the signed-in user may do on a course's admin page (issue 28): the global role for admins,
 * "Courses I teach" for its staff. While that list loads, a non-admin gets no settings controls,
 * so an assistant never sees an Edit button appear and vanish.
 */
export function useCourseAccess(courseId: string): CourseAccess {
  const role = useAuthStore((s) => s.user?.role);
  const teaching = useTeachingCourses();
  const admin = role === 'ORG_ADMIN' || role === 'SUPERADMIN';
  const staffRole = teaching.data?.items.find((c) => c.id === courseId)?.role ?? null;
  return { admin, staffRole, canChangeSettings: admin || staffRole === 'INSTRUCTOR' };
}
