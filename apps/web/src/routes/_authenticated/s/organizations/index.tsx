import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { defined, optionalBoolean, optionalPage, optionalString } from '@/lib/search-params';
import { superOrganizationsQueryOptions } from '@/features/organizations/api/get-super-organizations';
import {
  SuperOrganizationsPage,
  type SuperOrganizationsFilters,
} from '@/features/organizations/components/super-organizations-page';
import { SUPER_ORGANIZATIONS_PAGE_SIZE } from '@/features/organizations/utils/list-options';
import { useDocumentTitle } from '@/components/ui/document-title';

// Defaults stay out of the URL; a malformed value falls back to the default instead of failing.
type SuperOrganizationsSearch = { page?: number; search?: string; deleted?: boolean };

const validateSearch = (search: Record<string, unknown>): SuperOrganizationsSearch =>
  defined({
    page: optionalPage(search.page, { coerce: false }),
    search: optionalString(search.search, { max: 200 }),
    deleted: optionalBoolean(search.deleted),
  });

export const Route = createFileRoute('/_authenticated/s/organizations/')({
  validateSearch,
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      superOrganizationsQueryOptions({
        page: deps.page ?? 1,
        limit: SUPER_ORGANIZATIONS_PAGE_SIZE,
        search: deps.search || undefined,
        includeDeleted: deps.deleted ?? false,
      }),
    ),
  component: OrganizationsRoute,
});

function OrganizationsRoute() {
  useDocumentTitle(['Organizations']);
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const filters: SuperOrganizationsFilters = {
    page: search.page ?? 1,
    search: search.search ?? '',
    showDeleted: search.deleted ?? false,
  };
  const onFiltersChange = useCallback(
    (patch: Partial<SuperOrganizationsFilters>) =>
      void navigate({
        replace: true,
        search: (prev) => {
          const next = {
            page: prev.page ?? 1,
            search: prev.search ?? '',
            showDeleted: prev.deleted ?? false,
            ...patch,
          };
          return {
            page: next.page > 1 ? next.page : undefined,
            search: next.search || undefined,
            deleted: next.showDeleted || undefined,
          };
        },
      }),
    [navigate],
  );
  return <SuperOrganizationsPage filters={filters} onFiltersChange={onFiltersChange} />;
}
