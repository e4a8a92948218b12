import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';

// Content arrives with the feature that owns this page; the route and its title exist now.
export const Route = createFileRoute('/_authenticated/_student/teams/')({
  component: () => (
    <PageHeader title="All Teams" description="Teams in your courses that you can apply to join." />
  ),
});
