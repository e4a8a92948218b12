import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Outlet, createFileRoute, useLocation } from '@tanstack/react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { FullPageLoader } from '@/components/ui/page-loader';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { refreshSession } from '@/features/auth/utils/refresh-session';
import { requireSession } from '@/features/auth/utils/route-guards';
import { LiveEvents } from '@/features/notifications/components/live-events';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { unreadCountQueryOptions } from '@/features/notifications/api/get-unread-count';
import {
  teachingCoursesQueryOptions,
  useTeachingCourses,
} from '@/features/staff/api/get-teaching-courses';
import { myCoursesQueryOptions } from '@/features/enrollments/api/get-my-courses';
import { useIsOwnTeam } from '@/features/teams/hooks/use-is-own-team';
import { useAuthStore } from '@/lib/auth-store';
import { getRoleArea, getRoleHome } from '@/lib/roles';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ location }) => requireSession(location),
  // The header's bell count starts with the page's own reads, in the same round (decision 128),
  // instead of when the header mounts after them. Not awaited: the bell shows no figure until it.
  // "Courses I teach" in the menu (issue 28) is read in that round too.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(unreadCountQueryOptions());
    void context.queryClient.prefetchQuery(teachingCoursesQueryOptions());
  },
  pendingComponent: FullPageLoader,
  component: AuthenticatedLayout,
});

/** A team page's id (`/teams/{uuid}`); /teams/my and the list are not team pages. */
const TEAM_PAGE = /^\/teams\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

function AuthenticatedLayout() {
  const role = useAuthStore((s) => s.user?.role);
  // Another account's session replacing this one in place (linking an LMS-only account to a
  // Teamup account, issue 34) mounts the shell and the page anew: nothing read for the former
  // account stays on screen, and every read is made again for the new one.
  const userId = useAuthStore((s) => s.user?.id);
  const teamId = useLocation({ select: (l) => TEAM_PAGE.exec(l.pathname)?.[1] });
  // A team of mine belongs under My Teams in the sidebar; any other team under All Teams.
  const ownTeam = useIsOwnTeam(teamId);
  const teaching = (useTeachingCourses().data?.items.length ?? 0) > 0;
  // Issue 35: someone who teaches sees the student entries only when they also study somewhere
  // (asked only of a student-area user who teaches; a student's menu is SPEC's anyway).
  const studentArea = getRoleArea(role) === 'student';
  const myCourses = useQuery({ ...myCoursesQueryOptions(), enabled: studentArea && teaching });
  const studying = (myCourses.data?.length ?? 0) > 0;
  // A course's admin pages, opened by its staff who are no admins, belong under Courses I teach
  // (the team formation dashboard is its own entry).
  const staffPage = useLocation({
    select: (l) => l.pathname.startsWith('/admin/') && l.pathname !== '/admin/dashboard',
  });
  // Between a logout and the redirect that follows it there is no user to show.
  if (!role) return <FullPageLoader />;
  return (
    <AppLayout
      key={userId}
      role={role}
      homeTo={getRoleHome(role)}
      accountMenu={
        <Group gap="xs" wrap="nowrap">
          <NotificationBell />
          <AccountMenu />
        </Group>
      }
      activePath={
        ownTeam
          ? '/teams/my'
          : staffPage && getRoleArea(role) !== 'admin' && teaching
            ? '/teaching'
            : undefined
      }
      teaching={teaching}
      studying={studying}
    >
      <LiveEvents refreshSession={refreshSession} />
      <Outlet />
    </AppLayout>
  );
}
