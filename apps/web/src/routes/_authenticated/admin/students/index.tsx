import { createFileRoute } from '@tanstack/react-router';
import { ENROLLMENT_STATUSES } from '@teamup/shared';
import { useCallback } from 'react';
import {
  defined,
  optionalEnum,
  optionalPage,
  optionalString,
  optionalUuid,
} from '@/lib/search-params';
import { adminStudentsQueryOptions } from '@/features/enrollments/api/get-admin-students';
import { StudentListPage } from '@/features/enrollments/components/student-list-page';
import { StudentTeamHistory } from '@/features/formation/components/team-history-card';
import {
  toAdminStudentsQuery,
  type StudentListSearch,
} from '@/features/enrollments/utils/list-search';
import { organizationOptionsQueryOptions } from '@/features/organizations/api/get-organization-options';
import { OrganizationSelect } from '@/features/organizations/components/organization-select';
import { useDocumentTitle } from '@/components/ui/document-title';

// A hand-edited or stale URL falls back to the defaults instead of an error page.
const validateStudentListSearch = (search: Record<string, unknown>): StudentListSearch =>
  defined({
    search: optionalString(search.search, { max: 200, trim: true }),
    organizationId: optionalUuid(search.organizationId),
    courseId: optionalUuid(search.courseId),
    status: optionalEnum(search.status, ENROLLMENT_STATUSES),
    page: optionalPage(search.page),
  });

export const Route = createFileRoute('/_authenticated/admin/students/')({
  validateSearch: validateStudentListSearch,
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.prefetchQuery(adminStudentsQueryOptions(toAdminStudentsQuery(deps))),
      context.queryClient.prefetchQuery(organizationOptionsQueryOptions()),
    ]),
  component: StudentListRoute,
});

function StudentListRoute() {
  useDocumentTitle(['Student Management']);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: Partial<StudentListSearch>) =>
      void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true }),
    [navigate],
  );
  return (
    <StudentListPage
      search={search}
      onSearchChange={onSearchChange}
      OrganizationSelect={OrganizationSelect}
      TeamHistory={StudentTeamHistory}
    />
  );
}
