import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';

// Content arrives with the feature that owns this page; the route and its title exist now.
export const Route = createFileRoute('/_authenticated/admin/courses/create')({
  component: () => (
    <PageHeader
      title="Create course"
      description="A new course with its term, team size and formation deadline."
    />
  ),
});
