import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { useAuthStore, type SessionUser } from '@/lib/auth-store';
import { createSessionUser } from './data';

function testQueryClient() {
  // No retries in tests: an error state should show at once, not after a backoff.
  return createQueryClient({ queries: { retry: false, gcTime: Infinity } });
}

/** Puts a signed-in session in the store (and so in localStorage), as a real sign-in would. */
export function signInAs(overrides: Partial<SessionUser> = {}): SessionUser {
  const user = createSessionUser(overrides);
  const { token, ...authUser } = user;
  useAuthStore.getState().setAuth(authUser, token);
  return user;
}

type RenderAppOptions = { user?: Partial<SessionUser> | null };

/** The whole app (providers, real route tree) at a path, in memory history. */
export function renderApp(path = '/', { user = null }: RenderAppOptions = {}) {
  const sessionUser = user ? signInAs(user) : null;
  const queryClient = testQueryClient();
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const utils = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient, sessionUser, user: userEvent.setup() };
}

/** One component with the providers but no router (for components that do not link). */
export function renderWithProviders(ui: ReactElement, options?: RenderOptions) {
  const queryClient = testQueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider queryClient={queryClient} env="test">
      {children}
    </AppProvider>
  );
  return { ...render(ui, { wrapper: Wrapper, ...options }), queryClient, user: userEvent.setup() };
}
