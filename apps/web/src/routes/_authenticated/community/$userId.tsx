import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/components/ui/document-title';

// Content arrives with the feature that owns this page; the route and its title exist now.
export const Route = createFileRoute('/_authenticated/community/$userId')({
  component: StudentProfileRoute,
});

function StudentProfileRoute() {
  useDocumentTitle(['Student profile', 'Community']);
  return (
    <PageHeader
      title="Student profile"
      description="Skills, links and team activity of this student."
    />
  );
}
