import { createFileRoute } from '@tanstack/react-router';
import { useAuthStore } from '@/lib/auth-store';
import { myCoursesQueryOptions } from '@/features/profile/api/get-my-courses';
import { profileQueryOptions } from '@/features/profile/api/get-profile';
import { profileActivityQueryOptions } from '@/features/profile/api/get-profile-activity';
import { profileStatsQueryOptions } from '@/features/profile/api/get-profile-stats';
import { sessionsQueryOptions } from '@/features/profile/api/get-sessions';
import { linkedIdentitiesQueryOptions } from '@/features/profile/api/get-linked-identities';
import { SignInOptions } from '@/features/auth/components/sign-in-options';
import { useStartSession } from '@/features/auth/hooks/use-start-session';
import { NotificationPreferencesCard } from '@/features/notifications/components/notification-preferences-card';
import { notificationPreferencesQueryOptions } from '@/features/notifications/api/preferences';
import { emailPreferencesQueryOptions } from '@/features/email/api/get-email-preferences';
import { EmailPreferencesCard } from '@/features/email/components/email-preferences-card';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/profile')({
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(profileQueryOptions()),
      context.queryClient.prefetchQuery(profileStatsQueryOptions()),
      context.queryClient.prefetchInfiniteQuery(profileActivityQueryOptions()),
      context.queryClient.prefetchQuery(sessionsQueryOptions()),
      context.queryClient.prefetchQuery(linkedIdentitiesQueryOptions()),
      context.queryClient.prefetchQuery(notificationPreferencesQueryOptions()),
      context.queryClient.prefetchQuery(emailPreferencesQueryOptions()),
      // "Looking for a team" is per course, for students only.
      useAuthStore.getState().user?.role === 'STUDENT'
        ? context.queryClient.prefetchQuery(myCoursesQueryOptions())
        : undefined,
    ]),
  component: ProfilePageRoute,
});

function ProfilePageRoute() {
  useDocumentTitle(['My Profile']);
  const startSession = useStartSession();
  return (
    <ProfilePage
      notificationsCard={<NotificationPreferencesCard />}
      emailCard={<EmailPreferencesCard />}
      linkParts={{ SignInOptions, startSession }}
    />
  );
}
