import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/components/ui/document-title';

// Content arrives with the feature that owns this page; the route and its title exist now.
export const Route = createFileRoute('/_authenticated/community/')({
  component: CommunityRoute,
});

function CommunityRoute() {
  useDocumentTitle(['Community']);
  return (
    <PageHeader
      title="Community"
      description="Students of your courses, their skills and whether they are looking for a team."
    />
  );
}
