import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';

// Content arrives with the feature that owns this page; the route and its title exist now.
export const Route = createFileRoute('/_authenticated/_student/courses/')({
  component: () => (
    <PageHeader
      title="My Enrollments"
      description="The courses you are enrolled in, with their team formation deadlines."
    />
  ),
});
