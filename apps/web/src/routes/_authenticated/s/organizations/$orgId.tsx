import { useQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { defined, isUuid, optionalEnum } from '@/lib/search-params';
import { superOrganizationQueryOptions } from '@/features/organizations/api/get-super-organization';
import { organizationCoursesQueryOptions } from '@/features/organizations/api/get-organization-courses';
import { SuperOrganizationPage } from '@/features/organizations/components/super-organization-page';
import {
  ORGANIZATION_COURSES_PAGE_SIZE,
  SUPER_ORGANIZATION_TABS,
} from '@/features/organizations/utils/list-options';
import { useDocumentTitle } from '@/components/ui/document-title';

type SuperOrganizationSearch = { tab?: (typeof SUPER_ORGANIZATION_TABS)[number] };

const validateSearch = (search: Record<string, unknown>): SuperOrganizationSearch =>
  defined({ tab: optionalEnum(search.tab, SUPER_ORGANIZATION_TABS) });

export const Route = createFileRoute('/_authenticated/s/organizations/$orgId')({
  validateSearch,
  loader: async ({ context, params }) => {
    // Ids are UUIDs (DESIGN §5): anything else cannot name an organization.
    if (!isUuid(params.orgId)) throw notFound();
    // prefetch, not ensure: the page shows its own loading and error states.
    const detailOptions = superOrganizationQueryOptions(params.orgId);
    await context.queryClient.prefetchQuery(detailOptions);
    // A deleted organization lists no courses (the server answers 404 until it is restored).
    const detail = context.queryClient.getQueryData(detailOptions.queryKey);
    if (detail && !detail.deletedAt) {
      void context.queryClient.prefetchQuery(
        organizationCoursesQueryOptions(params.orgId, {
          page: 1,
          limit: ORGANIZATION_COURSES_PAGE_SIZE,
        }),
      );
    }
  },
  component: OrganizationRoute,
});

function OrganizationRoute() {
  const { orgId } = Route.useParams();
  const name = useQuery(superOrganizationQueryOptions(orgId)).data?.name;
  useDocumentTitle([name ?? 'Organization', 'Organizations']);
  const { tab } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <SuperOrganizationPage
      // A new organization starts with fresh card state (edit mode, course page).
      key={orgId}
      orgId={orgId}
      tab={tab ?? 'overview'}
      onTabChange={(next) =>
        void navigate({ search: { tab: next === 'overview' ? undefined : next }, replace: true })
      }
    />
  );
}
