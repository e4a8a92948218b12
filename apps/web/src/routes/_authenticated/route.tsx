import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SignedInShell } from '@/app/signed-in-shell';
import { FullPageLoader } from '@/components/ui/page-loader';
import { requireSession } from '@/features/auth/utils/route-guards';
import { unreadCountQueryOptions } from '@/features/notifications/api/get-unread-count';
import { teachingCoursesQueryOptions } from '@/features/staff/api/get-teaching-courses';

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

/** Every protected page, in the signed-in shell (header, menu, live events). */
function AuthenticatedLayout() {
  return (
    <SignedInShell>
      <Outlet />
    </SignedInShell>
  );
}
