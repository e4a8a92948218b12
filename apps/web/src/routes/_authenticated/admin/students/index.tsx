import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';

// Content arrives with the feature that owns this page; the route and its title exist now.
export const Route = createFileRoute('/_authenticated/admin/students/')({
  component: () => (
    <PageHeader
      title="Student Management"
      description="Students of your organizations, their enrollments and status."
    />
  ),
});
