import { createFileRoute } from '@tanstack/react-router';
import { COURSE_ARCHIVED_FILTERS } from '@teamup/shared';
import { useCallback } from 'react';
import {
  defined,
  optionalEnum,
  optionalPage,
  optionalString,
  optionalUuid,
} from '@/lib/search-params';
import { coursesQueryOptions } from '@/features/courses/api/get-courses';
import { CourseListPage } from '@/features/courses/components/course-list-page';
import {
  toCourseListQuery,
  type CourseListSearch,
} from '@/features/courses/utils/course-list-search';
import { organizationOptionsQueryOptions } from '@/features/organizations/api/get-organization-options';
import { OrganizationSelect } from '@/features/organizations/components/organization-select';
import { useDocumentTitle } from '@/components/ui/document-title';

// A hand-edited or stale URL falls back to the defaults instead of an error page.
const validateCourseListSearch = (search: Record<string, unknown>): CourseListSearch =>
  defined({
    search: optionalString(search.search, { max: 200, trim: true }),
    organizationId: optionalUuid(search.organizationId),
    archived: optionalEnum(search.archived, COURSE_ARCHIVED_FILTERS),
    page: optionalPage(search.page),
  });

export const Route = createFileRoute('/_authenticated/admin/courses/')({
  validateSearch: validateCourseListSearch,
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.prefetchQuery(coursesQueryOptions(toCourseListQuery(deps))),
      context.queryClient.prefetchQuery(organizationOptionsQueryOptions()),
    ]),
  component: CourseListRoute,
});

function CourseListRoute() {
  useDocumentTitle(['Course Management']);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: Partial<CourseListSearch>) =>
      void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true }),
    [navigate],
  );
  return (
    <CourseListPage
      search={search}
      onSearchChange={onSearchChange}
      OrganizationSelect={OrganizationSelect}
    />
  );
}
