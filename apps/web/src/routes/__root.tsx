import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { RootError, RootNotFound } from '@/components/errors/standalone';
import { SessionKeeper } from '@/features/auth/components/session-keeper';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: RootNotFound,
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
