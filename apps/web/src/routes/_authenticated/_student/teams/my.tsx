import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';

// Content arrives with the feature that owns this page; the route and its title exist now.
export const Route = createFileRoute('/_authenticated/_student/teams/my')({
  component: () => (
    <PageHeader
      title="My Teams"
      description="The teams you lead or belong to, with invitations waiting for you."
    />
  ),
});
