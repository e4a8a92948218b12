import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import {
  defined,
  optionalBoolean,
  optionalPage,
  optionalString,
  optionalUuid,
} from '@/lib/search-params';
import { myCoursesQueryOptions } from '@/features/enrollments/api/get-my-courses';
import { allTeamsQueryOptions } from '@/features/teams/api/get-all-teams';
import { AllTeamsPage } from '@/features/teams/components/all-teams/all-teams-page';
import { toAllTeamsQuery, type AllTeamsSearch } from '@/features/teams/utils/all-teams-search';
import { useDocumentTitle } from '@/components/ui/document-title';

// A hand-edited or stale URL falls back to the defaults instead of an error page.
const validateAllTeamsSearch = (search: Record<string, unknown>): AllTeamsSearch =>
  defined({
    courseId: optionalUuid(search.courseId),
    open: optionalBoolean(search.open),
    search: optionalString(search.search, { max: 200, trim: true }),
    page: optionalPage(search.page),
  });

export const Route = createFileRoute('/_authenticated/_student/teams/')({
  validateSearch: validateAllTeamsSearch,
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.prefetchQuery(allTeamsQueryOptions(toAllTeamsQuery(deps))),
      context.queryClient.prefetchQuery(myCoursesQueryOptions()),
    ]),
  component: AllTeamsRoute,
});

function AllTeamsRoute() {
  useDocumentTitle(['All Teams']);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The course filter lists the student's courses (enrollments feature).
  const courses = useQuery(myCoursesQueryOptions());
  const courseOptions = useMemo(
    () =>
      courses.data?.map((e) => ({
        value: e.course.id,
        label: `${e.course.code} · ${e.course.title}`,
      })),
    [courses.data],
  );
  const onSearchChange = useCallback(
    (next: Partial<AllTeamsSearch>) =>
      void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true }),
    [navigate],
  );
  return (
    <AllTeamsPage
      search={search}
      onSearchChange={onSearchChange}
      courseOptions={courseOptions}
      courseOptionsError={courses.error}
    />
  );
}
