import { useQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { isUuid } from '@/lib/search-params';
import { teamQueryOptions } from '@/features/teams/api/get-team';
import { prefetchTeamPage } from '@/features/teams/api/team-page-reads';
import { TeamPage } from '@/features/teams/components/team-page/team-page';
import { useTeachingCourses } from '@/features/staff/api/get-teaching-courses';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/_student/teams/$teamId')({
  loader: ({ context, params }) => {
    if (!isUuid(params.teamId)) throw notFound();
    // Every read of the page, the rest as soon as the detail says who the viewer is (decision
    // 101). Not awaited: the page shows its own loading, not-found, forbidden and error states.
    void prefetchTeamPage(context.queryClient, params.teamId);
  },
  component: TeamRoute,
});

function TeamRoute() {
  const { teamId } = Route.useParams();
  // The page's own query (one request): the tab says Team until the name arrives.
  const team = useQuery(teamQueryOptions(teamId)).data;
  const name = team?.name;
  useDocumentTitle([name ? `Team ${name}` : 'Team']);
  // The viewer's staff role in the team's course (issue 35), undefined until both are known.
  const teaching = useTeachingCourses().data;
  const staffRole =
    team && teaching
      ? (teaching.items.find((c) => c.id === team.course.id)?.role ?? null)
      : undefined;
  return <TeamPage teamId={teamId} staffRole={staffRole} />;
}
