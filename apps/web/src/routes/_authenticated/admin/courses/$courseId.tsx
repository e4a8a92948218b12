import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { isUuid } from '@/lib/search-params';
import { CourseTeamsAdminSection } from '@/features/admin/components/course-teams-admin-section';
import { courseQueryOptions } from '@/features/courses/api/get-course';
import { CourseDetailPage } from '@/features/courses/components/course-detail-page';
import { TeamlessReminderButton } from '@/features/email/components/teamless-reminder-button';
import { AddStudentButton } from '@/features/enrollments/components/add-student-modal';
import { LmsRosterSection } from '@/features/lti/components/lms-roster-section';
import { ExportTeams } from '@/features/formation/components/export-teams';
import { FormationSection } from '@/features/formation/components/formation-section';
import { TeamHealthSection } from '@/features/formation/components/team-health-section';
import { organizationOptionsQueryOptions } from '@/features/organizations/api/get-organization-options';
import { courseStaffQueryOptions } from '@/features/staff/api/get-course-staff';
import { CourseStaffSection } from '@/features/staff/components/course-staff-section';
import { useCourseAccess } from '@/features/staff/hooks/use-course-access';
import { SurveySection } from '@/features/survey/components/survey-section';
import { useDocumentTitle } from '@/components/ui/document-title';
import { useAuthStore } from '@/lib/auth-store';
import { courseActorOf } from '@/lib/course-role-words';
import { getRoleArea } from '@/lib/roles';

export const Route = createFileRoute('/_authenticated/admin/courses/$courseId')({
  // Its course's instructors and assistants too (issue 28), whatever their global role.
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
  component: CourseDetailRoute,
});

function CourseDetailRoute() {
  const { courseId } = Route.useParams();
  // The teams parts follow the course: none under the page's not-found or error state.
  const course = useQuery(courseQueryOptions(courseId));
  // Course staff who are no organization admins came from Courses I teach (issue 28).
  const management = useAuthStore((s) => getRoleArea(s.user?.role) === 'admin');
  const isOrgAdmin = useAuthStore((s) => s.user?.role === 'ORG_ADMIN');
  // An organization admin runs this course only if they run its organization; otherwise they
  // are here as its staff (an admin of one university teaching at another).
  const myOrganizations = useQuery({ ...organizationOptionsQueryOptions(), enabled: isOrgAdmin });
  const adminOfOrganization = Boolean(
    course.data && myOrganizations.data?.items.some((o) => o.id === course.data.organizationId),
  );
  const access = useCourseAccess(courseId, adminOfOrganization);
  useDocumentTitle([
    course.data?.code ?? 'Course',
    management ? 'Course Management' : 'Courses I teach',
  ]);
  return (
    <Stack gap="lg">
      <CourseDetailPage
        courseId={courseId}
        renderAddStudent={(course) => <AddStudentButton course={course} />}
        renderReminder={(course) => <TeamlessReminderButton courseId={course.id} />}
        canChangeSettings={access.canChangeSettings}
        backTo={management ? 'management' : 'teaching'}
      />
      {course.data && (
        <>
          <CourseStaffSection courseId={courseId} manage={access.admin} />
          <LmsRosterSection courseId={courseId} />
          <SurveySection courseId={courseId} />
          <FormationSection courseId={courseId} />
          <TeamHealthSection courseId={courseId} />
          <ExportTeams courseId={courseId} />
          <CourseTeamsAdminSection
            courseId={courseId}
            actor={courseActorOf(access.staffRole, access.admin)}
          />
        </>
      )}
    </Stack>
  );
}
