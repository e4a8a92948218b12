import { createFileRoute } from '@tanstack/react-router';
import { myInvitationsQueryOptions } from '@/features/teams/api/get-my-invitations';
import { myTeamsQueryOptions } from '@/features/teams/api/get-my-teams';
import { MyTeamsPage } from '@/features/teams/components/my-teams/my-teams-page';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/_student/teams/my')({
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(myTeamsQueryOptions()),
      context.queryClient.prefetchQuery(myInvitationsQueryOptions()),
    ]),
  component: MyTeamsPageRoute,
});

function MyTeamsPageRoute() {
  useDocumentTitle(['My Teams']);
  return <MyTeamsPage />;
}
