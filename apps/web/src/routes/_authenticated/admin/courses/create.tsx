import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CreateCoursePage } from '@/features/courses/components/create-course-page';
import { organizationOptionsQueryOptions } from '@/features/organizations/api/get-organization-options';
import { MyOrganizationsGate } from '@/features/organizations/components/my-organizations-gate';
import { OrganizationSelect } from '@/features/organizations/components/organization-select';
import { useDocumentTitle } from '@/components/ui/document-title';

const createCourseSearchSchema = z.object({
  organizationId: z.uuid().optional().catch(undefined),
});

export const Route = createFileRoute('/_authenticated/admin/courses/create')({
  validateSearch: createCourseSearchSchema,
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
