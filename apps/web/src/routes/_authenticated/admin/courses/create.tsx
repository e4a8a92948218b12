import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { organizationOptionsQueryOptions } from '@/features/courses/api/get-organization-options';
import { CreateCoursePage } from '@/features/courses/components/create-course-page';

const createCourseSearchSchema = z.object({
  organizationId: z.uuid().optional().catch(undefined),
});

export const Route = createFileRoute('/_authenticated/admin/courses/create')({
  validateSearch: createCourseSearchSchema,
  loader: ({ context }) => context.queryClient.prefetchQuery(organizationOptionsQueryOptions()),
  component: CreateCourseRoute,
});

function CreateCourseRoute() {
  const { organizationId } = Route.useSearch();
  return <CreateCoursePage organizationId={organizationId} />;
}
