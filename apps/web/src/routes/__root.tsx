import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { RouterContext } from '@/app/router';
import { NotFound } from '@/components/errors/not-found';
import { RootError, RootNotFound } from '@/components/errors/standalone';
import { FullPageLoader } from '@/components/ui/page-loader';
import { SessionKeeper } from '@/features/auth/components/session-keeper';
import { useAuthStore } from '@/lib/auth-store';

// Loaded only when needed: the entry (the landing and login pages) stays without the shell.
const SignedInShell = lazy(() =>
  import('@/app/signed-in-shell').then((m) => ({ default: m.SignedInShell })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: RootNotFoundPage,
  errorComponent: RootError,
});

function RootComponent() {
  return (
    <>
      <SessionKeeper />
      <Outlet />
    </>
  );
}

/**
 * An unknown path: for a signed-in person inside the app's header and menu (issue 35), so the
 * way on is where it always is; for anyone else the page alone.
 */
function RootNotFoundPage() {
  const signedIn = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  if (!signedIn) return <RootNotFound />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <SignedInShell>
        <NotFound />
      </SignedInShell>
    </Suspense>
  );
}
