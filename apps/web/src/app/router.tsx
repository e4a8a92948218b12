import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { AppError } from '@/components/errors/app-error';
import { NotFound } from '@/components/errors/not-found';
import { PageLoader } from '@/components/ui/page-loader';
import { setApiNavigator } from '@/lib/api-client';
import { routeTree } from '../routeTree.gen';
import {
  ROUTER_DEFAULT_GC_TIME,
  ROUTER_DEFAULT_PRELOAD,
  ROUTER_DEFAULT_PRELOAD_STALE_TIME,
  ROUTER_DEFAULT_STALE_TIME,
} from './router-options';

export type RouterContext = { queryClient: QueryClient };

export function createAppRouter({
  queryClient,
  history,
}: {
  queryClient: QueryClient;
  history?: RouterHistory;
}) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: ROUTER_DEFAULT_PRELOAD,
    defaultPreloadStaleTime: ROUTER_DEFAULT_PRELOAD_STALE_TIME,
    defaultStaleTime: ROUTER_DEFAULT_STALE_TIME,
    defaultGcTime: ROUTER_DEFAULT_GC_TIME,
    defaultPendingComponent: PageLoader,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: AppError,
    scrollRestoration: true,
  });
  // The API client sends expired sessions to the login page through the router, without reload.
  setApiNavigator((href) => void router.navigate({ href }));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
