import { useQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { isUuid } from '@/lib/search-params';
import { useAuthStore } from '@/lib/auth-store';
import { communityActivityQueryOptions } from '@/features/community/api/get-community-activity';
import { communityProfileQueryOptions } from '@/features/community/api/get-community-profile';
import { communityStatsQueryOptions } from '@/features/community/api/get-community-stats';
import { StudentProfilePage } from '@/features/community/components/student-profile-page';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/community/$userId')({
  loader: ({ context, params }) => {
    if (!isUuid(params.userId)) throw notFound();
    // All three reads at once, not awaited: the page shows its own loading, 404 and error states.
    const once = { retry: false } as const;
    void Promise.all([
      context.queryClient.prefetchQuery({
        ...communityProfileQueryOptions(params.userId),
        ...once,
      }),
      context.queryClient.prefetchQuery({ ...communityStatsQueryOptions(params.userId), ...once }),
      context.queryClient.prefetchInfiniteQuery({
        ...communityActivityQueryOptions(params.userId),
        ...once,
      }),
    ]);
  },
  component: StudentProfileRoute,
});

function StudentProfileRoute() {
  const { userId } = Route.useParams();
  const isStudent = useAuthStore((s) => s.user?.role === 'STUDENT');
  const profile = useQuery(communityProfileQueryOptions(userId));
  useDocumentTitle([profile.data?.fullname ?? 'Student profile', 'Community']);
  return <StudentProfilePage userId={userId} isStudent={isStudent} />;
}
