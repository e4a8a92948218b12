import { createFileRoute } from '@tanstack/react-router';
import { myOrganizationsQueryOptions } from '@/features/organizations/api/get-my-organizations';
import { MyOrganizationsPage } from '@/features/organizations/components/my-organizations-page';
import { MY_ORGANIZATIONS_PAGE_SIZE } from '@/features/organizations/utils/list-options';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/admin/organizations/')({
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(
      myOrganizationsQueryOptions({ page: 1, limit: MY_ORGANIZATIONS_PAGE_SIZE }),
    ),
  component: MyOrganizationsPageRoute,
});

function MyOrganizationsPageRoute() {
  useDocumentTitle(['Organizations']);
  return <MyOrganizationsPage />;
}
