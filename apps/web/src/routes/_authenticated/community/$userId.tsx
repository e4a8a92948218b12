import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';

// Content arrives with the feature that owns this page; the route and its title exist now.
export const Route = createFileRoute('/_authenticated/community/$userId')({
  component: () => (
    <PageHeader
      title="Student profile"
      description="Skills, links and team activity of this student."
    />
  ),
});
