import { createFileRoute } from '@tanstack/react-router';
import { COURSE_TERM_MAX, type AdminDashboardQuery } from '@teamup/shared';
import { useCallback } from 'react';
import { defined, optionalString, optionalUuid } from '@/lib/search-params';
import { adminDashboardStatsQueryOptions } from '@/features/admin-dashboard/api/get-admin-dashboard-stats';
import { AdminDashboardPage } from '@/features/admin-dashboard/components/admin-dashboard-page';
import { useDocumentTitle } from '@/components/ui/document-title';

// The same rules as GET /admin/dashboard/stats (decision 095: hand checks, no zod in the entry);
// a bad or stale value is dropped rather than shown as an error page.
const validateDashboardSearch = (search: Record<string, unknown>): AdminDashboardQuery => ({
  organizationId: optionalUuid(search.organizationId),
  term: optionalString(search.term, { max: COURSE_TERM_MAX, trim: true }) || undefined,
});

export const Route = createFileRoute('/_authenticated/admin/dashboard')({
  // The course staff too (issue 28): the server scopes the figures to the courses they teach.
  staticData: { courseStaff: 'any' },
  validateSearch: validateDashboardSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its header and its own loading and error states.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(adminDashboardStatsQueryOptions(defined(deps)));
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  useDocumentTitle(['Dashboard']);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: AdminDashboardQuery) => void navigate({ search: defined(next) }),
    [navigate],
  );
  return <AdminDashboardPage search={defined(search)} onSearchChange={onSearchChange} />;
}
