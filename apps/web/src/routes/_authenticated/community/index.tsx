import { createFileRoute } from '@tanstack/react-router';
import { SKILL_TEXT_MAX } from '@teamup/shared';
import { useCallback } from 'react';
import {
  defined,
  optionalBoolean,
  optionalPage,
  optionalString,
  optionalStringList,
  optionalUuid,
} from '@/lib/search-params';
import { useAuthStore } from '@/lib/auth-store';
import { communityStudentsQueryOptions } from '@/features/community/api/get-community-students';
import { myCoursesQueryOptions } from '@/features/community/api/get-my-courses';
import { CommunityPage } from '@/features/community/components/community-page';
import {
  SKILL_FILTER_MAX,
  toCommunityStudentsQuery,
  type CommunitySearch,
} from '@/features/community/utils/community-search';
import { CourseSelect } from '@/features/enrollments/components/course-select';
import type { SearchSelectFieldProps } from '@/components/ui/search-select';
import { useDocumentTitle } from '@/components/ui/document-title';

// The same rules as GET /community/students (decision 095: hand checks, no zod in the entry). A
// hand-edited or stale URL falls back to the defaults instead of an error page. Every key is set,
// undefined when bad: the router lays the validated search over the raw one, so a key left out
// would keep its raw value.
const validateCommunitySearch = (search: Record<string, unknown>): CommunitySearch => ({
  search: optionalString(search.search, { max: 200, trim: true }) || undefined,
  skills: optionalStringList(search.skills, { max: SKILL_TEXT_MAX, maxItems: SKILL_FILTER_MAX }),
  courseId: optionalUuid(search.courseId),
  looking: optionalBoolean(search.looking),
  withoutTeam: optionalBoolean(search.withoutTeam),
  page: optionalPage(search.page),
});

export const Route = createFileRoute('/_authenticated/community/')({
  validateSearch: validateCommunitySearch,
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context, deps }) => {
    const isStudent = useAuthStore.getState().user?.role === 'STUDENT';
    return Promise.all([
      context.queryClient.prefetchQuery(
        communityStudentsQueryOptions(toCommunityStudentsQuery(deps)),
      ),
      isStudent ? context.queryClient.prefetchQuery(myCoursesQueryOptions()) : undefined,
    ]);
  },
  component: CommunityRoute,
});

function CommunityRoute() {
  useDocumentTitle(['Community']);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const isStudent = useAuthStore((s) => s.user?.role === 'STUDENT');
  const onSearchChange = useCallback(
    (next: Partial<CommunitySearch>) =>
      void navigate({ search: (prev) => defined({ ...prev, ...next }), replace: true }),
    [navigate],
  );
  return (
    <CommunityPage
      search={search}
      onSearchChange={onSearchChange}
      isStudent={isStudent}
      AdminCourseSelect={isStudent ? undefined : AdminCourseSelect}
    />
  );
}

/** An admin's or superadmin's courses (active ones), searched on the server. */
function AdminCourseSelect(props: SearchSelectFieldProps) {
  return <CourseSelect {...props} formatLabel={(c) => `${c.code} · ${c.title}`} />;
}
