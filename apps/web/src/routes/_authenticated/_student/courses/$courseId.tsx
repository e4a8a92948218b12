import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';

// Content arrives with the feature that owns this page; the route and its title exist now.
export const Route = createFileRoute('/_authenticated/_student/courses/$courseId')({
  component: () => (
    <PageHeader
      title="Course"
      description="Course details, your enrollment and the teams of this course."
    />
  ),
});
