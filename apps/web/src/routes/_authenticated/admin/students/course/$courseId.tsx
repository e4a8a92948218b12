import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';

// Content arrives with the feature that owns this page; the route and its title exist now.
export const Route = createFileRoute('/_authenticated/admin/students/course/$courseId')({
  component: () => (
    <PageHeader
      title="Course students"
      description="Enrollments of this course and their status."
    />
  ),
});
