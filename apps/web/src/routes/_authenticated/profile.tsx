import { createFileRoute } from '@tanstack/react-router';
import { profileQueryOptions } from '@/features/profile/api/get-profile';
import { sessionsQueryOptions } from '@/features/profile/api/get-sessions';
import { ProfilePage } from '@/features/profile/components/profile-page';

export const Route = createFileRoute('/_authenticated/profile')({
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(profileQueryOptions()),
      context.queryClient.prefetchQuery(sessionsQueryOptions()),
    ]),
  component: ProfilePage,
});
