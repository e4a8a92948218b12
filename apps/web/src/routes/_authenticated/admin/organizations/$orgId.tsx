import { useQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { isUuid } from '@/lib/search-params';
import { LmsLinkCard } from '@/features/lti/components/lms-link-card';
import { myOrganizationQueryOptions } from '@/features/organizations/api/get-my-organization';
import { organizationCoursesQueryOptions } from '@/features/organizations/api/get-organization-courses';
import { MyOrganizationPage } from '@/features/organizations/components/my-organization-page';
import { ORGANIZATION_COURSES_PAGE_SIZE } from '@/features/organizations/utils/list-options';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/admin/organizations/$orgId')({
  loader: async ({ context, params }) => {
    // Ids are UUIDs (DESIGN §5): anything else cannot name an organization.
    if (!isUuid(params.orgId)) throw notFound();
    // prefetch, not ensure: the page shows its own loading and error states.
    const detailOptions = myOrganizationQueryOptions(params.orgId);
    await context.queryClient.prefetchQuery(detailOptions);
    // Courses of an organization that is not mine would only answer 404 too.
    if (context.queryClient.getQueryData(detailOptions.queryKey)) {
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
  const name = useQuery(myOrganizationQueryOptions(orgId)).data?.name;
  useDocumentTitle([name ?? 'Organization', 'Organizations']);
  return (
    <MyOrganizationPage key={orgId} orgId={orgId}>
      <LmsLinkCard organizationId={orgId} />
    </MyOrganizationPage>
  );
}
