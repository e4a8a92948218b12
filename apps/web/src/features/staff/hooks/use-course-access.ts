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
 * What the signed-in user may do on a course's admin page (issue 28): a superadmin everything; an
 * organization admin everything on the courses of the organizations they run
 * (`adminOfOrganization`, which the page works out from those organizations: an admin of one
 * university may teach a course of another, as its staff only); "Courses I teach" for its staff.
 * While those lists load, nobody gets settings or appointment controls, so an assistant never
 * sees an Edit button appear and vanish.
 */
export function useCourseAccess(courseId: string, adminOfOrganization: boolean): CourseAccess {
  const role = useAuthStore((s) => s.user?.role);
  const teaching = useTeachingCourses();
  const admin = role === 'SUPERADMIN' || (role === 'ORG_ADMIN' && adminOfOrganization);
  const staffRole = teaching.data?.items.find((c) => c.id === courseId)?.role ?? null;
  return { admin, staffRole, canChangeSettings: admin || staffRole === 'INSTRUCTOR' };
}
