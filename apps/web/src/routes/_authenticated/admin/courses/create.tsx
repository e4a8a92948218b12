import { createFileRoute } from '@tanstack/react-router';
import { defined, optionalUuid } from '@/lib/search-params';
import { CreateCoursePage } from '@/features/courses/components/create-course-page';
import { organizationOptionsQueryOptions } from '@/features/organizations/api/get-organization-options';
import { MyOrganizationsGate } from '@/features/organizations/components/my-organizations-gate';
import { OrganizationSelect } from '@/features/organizations/components/organization-select';
import { useDocumentTitle } from '@/components/ui/document-title';

type CreateCourseSearch = { organizationId?: string };

const validateCreateCourseSearch = (search: Record<string, unknown>): CreateCourseSearch =>
  defined({ organizationId: optionalUuid(search.organizationId) });

export const Route = createFileRoute('/_authenticated/admin/courses/create')({
  validateSearch: validateCreateCourseSearch,
  loader: ({ context }) => context.queryClient.prefetchQuery(organizationOptionsQueryOptions()),
  component: CreateCourseRoute,
});

function CreateCourseRoute() {
  useDocumentTitle(['New course', 'Course Management']);
  const { organizationId } = Route.useSearch();
  return (
    <CreateCoursePage
      organizationId={organizationId}
      OrganizationSelect={OrganizationSelect}
      OrganizationGate={MyOrganizationsGate}
    />
  );
}
