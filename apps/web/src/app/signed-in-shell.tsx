import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AppLayout } from '@/components/layouts/app-layout';
import { FullPageLoader } from '@/components/ui/page-loader';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { refreshSession } from '@/features/auth/utils/refresh-session';
import { LiveEvents } from '@/features/notifications/components/live-events';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { myCoursesQueryOptions } from '@/features/enrollments/api/get-my-courses';
import { useTeachingCourses } from '@/features/staff/api/get-teaching-courses';
import { useIsOwnTeam } from '@/features/teams/hooks/use-is-own-team';
import { useAuthStore } from '@/lib/auth-store';
import { getRoleArea, getRoleHome } from '@/lib/roles';

/** A team page's id (`/teams/{uuid}`); /teams/my and the list are not team pages. */
const TEAM_PAGE = /^\/teams\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * The app around a signed-in person's page: header (bell, account menu), menu, live events.
 * The authenticated layout puts every protected page in it, and the root's Page Not Found
 * puts itself in it for a signed-in person (issue 35), so an unknown path keeps the way back.
 */
export function SignedInShell({ children }: { children: ReactNode }) {
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
      {children}
    </AppLayout>
  );
}
