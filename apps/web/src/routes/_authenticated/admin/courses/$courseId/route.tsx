import { useQuery } from '@tanstack/react-query';
import { Outlet, createFileRoute, notFound, useLocation } from '@tanstack/react-router';
import { isUuid } from '@/lib/search-params';
import { CourseSectionNav } from '@/features/course-workspace/components/course-section-nav';
import { sectionOfPath } from '@/features/course-workspace/sections';
import { courseQueryOptions } from '@/features/courses/api/get-course';
import { CourseHeader } from '@/features/courses/components/course-header';
import { organizationOptionsQueryOptions } from '@/features/organizations/api/get-organization-options';
import { courseStaffQueryOptions } from '@/features/staff/api/get-course-staff';
import { useDocumentTitle } from '@/components/ui/document-title';
import { useAuthStore } from '@/lib/auth-store';
import { useCoursePage } from './-use-course-page';

// The course admin page (issue 35, decision 145): a header, the sections as tabs (a menu on a
// phone), and the section shown, each its own child route.
export const Route = createFileRoute('/_authenticated/admin/courses/$courseId')({
  // Its course's instructors and assistants too (issue 28), whatever their global role; every
  // section under it follows (admitsCourseStaff reads the nearest route that says).
  staticData: { courseStaff: 'course' },
  loader: ({ context, params }) => {
    // Not a course id at all: the not-found page, not an API round trip.
    if (!isUuid(params.courseId)) throw notFound();
    // Not awaited: the page shows its header and its own loading, not-found and error states.
    void context.queryClient.prefetchQuery(courseQueryOptions(params.courseId));
    void context.queryClient.prefetchQuery(courseStaffQueryOptions(params.courseId));
    // Whether an organization admin runs this course's organization (the page's controls).
    if (useAuthStore.getState().user?.role === 'ORG_ADMIN') {
      void context.queryClient.prefetchQuery(organizationOptionsQueryOptions());
    }
  },
  component: CourseLayout,
});

function CourseLayout() {
  const { courseId } = Route.useParams();
  const { management, access } = useCoursePage(courseId);
  const course = useQuery(courseQueryOptions(courseId));
  const section = sectionOfPath(useLocation({ select: (l) => l.pathname }), courseId);
  useDocumentTitle([
    section.key === 'overview' ? null : section.label,
    course.data?.code ?? 'Course',
    management ? 'Course Management' : 'Courses I teach',
  ]);
  return (
    <CourseHeader
      courseId={courseId}
      backTo={management ? 'management' : 'teaching'}
      canChangeSettings={access.canChangeSettings}
    >
      {() => (
        <>
          <CourseSectionNav courseId={courseId} />
          {/* The section's own content (the e2e walk measures where its first action starts). */}
          <div data-course-section="">
            <Outlet />
          </div>
        </>
      )}
    </CourseHeader>
  );
}
