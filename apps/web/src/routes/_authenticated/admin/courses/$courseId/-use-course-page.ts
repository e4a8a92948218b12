import { useQuery } from '@tanstack/react-query';
import { courseQueryOptions } from '@/features/courses/api/get-course';
import { organizationOptionsQueryOptions } from '@/features/organizations/api/get-organization-options';
import { useCourseAccess, type CourseAccess } from '@/features/staff/hooks/use-course-access';
import { useAuthStore } from '@/lib/auth-store';
import { getRoleArea } from '@/lib/roles';

/**
 * Who looks at the course's page (shared by its sections, issue 35): from Course Management (an
 * organization admin) or from Courses I teach (its staff), and what they may do on it.
 */
export function useCoursePage(courseId: string): { management: boolean; access: CourseAccess } {
  const course = useQuery(courseQueryOptions(courseId));
  const management = useAuthStore((s) => getRoleArea(s.user?.role) === 'admin');
  const isOrgAdmin = useAuthStore((s) => s.user?.role === 'ORG_ADMIN');
  // An organization admin runs this course only if they run its organization; otherwise they
  // are here as its staff (an admin of one university teaching at another).
  const myOrganizations = useQuery({ ...organizationOptionsQueryOptions(), enabled: isOrgAdmin });
  const adminOfOrganization = Boolean(
    course.data && myOrganizations.data?.items.some((o) => o.id === course.data.organizationId),
  );
  return { management, access: useCourseAccess(courseId, adminOfOrganization) };
}
