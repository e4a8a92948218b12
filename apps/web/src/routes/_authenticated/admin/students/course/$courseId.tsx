import { useQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { ENROLLMENT_STATUSES, SECTION_MAX } from '@teamup/shared';
import { useCallback } from 'react';
import { defined, isUuid, optionalEnum, optionalPage, optionalString } from '@/lib/search-params';
import { courseRosterQueryOptions } from '@/features/enrollments/api/get-course-roster';
import { rosterCourseQueryOptions } from '@/features/enrollments/api/get-roster-course';
import { CourseRosterPage } from '@/features/enrollments/components/course-roster-page';
import { StudentTeamHistory } from '@/features/formation/components/team-history-card';
import { toRosterQuery, type RosterSearch } from '@/features/enrollments/utils/list-search';
import { useDocumentTitle } from '@/components/ui/document-title';
import { useAuthStore } from '@/lib/auth-store';
import { getRoleArea } from '@/lib/roles';

const validateRosterSearch = (search: Record<string, unknown>): RosterSearch =>
  defined({
    search: optionalString(search.search, { max: 200, trim: true }),
    status: optionalEnum(search.status, ENROLLMENT_STATUSES),
    section: optionalString(search.section, { max: SECTION_MAX, trim: true }),
    page: optionalPage(search.page),
  });

export const Route = createFileRoute('/_authenticated/admin/students/course/$courseId')({
  // Its course's instructors and assistants too (issue 28), whatever their global role.
  staticData: { courseStaff: 'course' },
  validateSearch: validateRosterSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => {
    if (!isUuid(params.courseId)) throw notFound();
    // Not awaited: the page shows its header and its own loading, not-found and error states.
    void context.queryClient.prefetchQuery(rosterCourseQueryOptions(params.courseId));
    void context.queryClient.prefetchQuery(
      courseRosterQueryOptions(params.courseId, toRosterQuery(deps)),
    );
  },
  component: CourseRosterRoute,
});

function CourseRosterRoute() {
  const { courseId } = Route.useParams();
  const code = useQuery(rosterCourseQueryOptions(courseId)).data?.code;
  // Course staff who are no organization admins came from Courses I teach (issue 28).
  const management = useAuthStore((s) => getRoleArea(s.user?.role) === 'admin');
  useDocumentTitle([code ?? 'Course', management ? 'Student Management' : 'Courses I teach']);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: Partial<RosterSearch>) =>
      void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true }),
    [navigate],
  );
  return (
    <CourseRosterPage
      courseId={courseId}
      search={search}
      onSearchChange={onSearchChange}
      TeamHistory={StudentTeamHistory}
      backTo={management ? 'management' : 'teaching'}
    />
  );
}
