import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { useAuthStore } from '@/lib/auth-store';
import { createAdminDashboardStats } from '@/testing/admin-dashboard-data';
import { createAuthUser, createDetailedHealth, createToken } from '@/testing/data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

describe('route guards', () => {
  it('sends a signed-out visitor to the login page, keeping the path', async () => {
    const { router } = renderApp('/teams/my');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Teamup' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toEqual({ redirect: '/teams/my' });
  });

  it.each([
    ['STUDENT', '/admin/courses', '/dashboard'],
    ['STUDENT', '/s/health', '/dashboard'],
    ['ORG_ADMIN', '/teams', '/admin/dashboard'],
    ['ORG_ADMIN', '/s/organizations', '/admin/dashboard'],
    ['SUPERADMIN', '/dashboard', '/s/dashboard'],
    ['SUPERADMIN', '/admin/csv', '/s/dashboard'],
    ['TEACHER', '/admin/dashboard', '/dashboard'],
  ])('sends a %s away from %s to %s', async (role, from, home) => {
    const { router } = renderApp(from, { user: { role: role as 'STUDENT' } });
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(home);
  });

  it.each([
    ['ORG_ADMIN', '/admin/courses/create', 'Create course'],
    ['SUPERADMIN', '/s/organizations/create', 'Create organization'],
    ['STUDENT', '/community', 'Community'],
    ['ORG_ADMIN', '/community', 'Community'],
  ])('lets a %s open %s', async (role, path, title) => {
    renderApp(path, { user: { role: role as 'STUDENT' } });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('refreshes a persisted token that is about to expire before loading the page', async () => {
    const fresh = createToken({ exp: Math.floor(Date.now() / 1000) + 900 });
    server.use(
      http.get(api('/auth/refresh-token'), () => ok({ token: fresh, user: createAuthUser() })),
    );
    const exp = Math.floor(Date.now() / 1000) + 20;
    renderApp('/dashboard', {
      user: { token: createToken({ exp }), expiresAt: new Date(exp * 1000).toISOString() },
    });
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome/ })).toBeInTheDocument();
    expect(useAuthStore.getState().user?.token).toBe(fresh);
  });

  it('shows the spinner while that refresh is pending, then the page', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const fresh = createToken({ exp: Math.floor(Date.now() / 1000) + 900 });
    server.use(
      http.get(api('/auth/refresh-token'), async () => {
        await released;
        return ok({ token: fresh, user: createAuthUser() });
      }),
    );
    const exp = Math.floor(Date.now() / 1000) + 20;
    renderApp('/dashboard', {
      user: { token: createToken({ exp }), expiresAt: new Date(exp * 1000).toISOString() },
    });
    // The router shows the pending component once the guard has taken a moment.
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeVisible();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument(),
    );
    expect(useAuthStore.getState().user?.token).toBe(fresh);
  });

  it('sends the user to the login page when that refresh fails', async () => {
    server.use(http.get(api('/auth/refresh-token'), () => fail(401, 'Revoked', 'SESSION_REVOKED')));
    const exp = Math.floor(Date.now() / 1000) - 60;
    const { router } = renderApp('/courses', {
      user: { token: createToken({ exp }), expiresAt: new Date(exp * 1000).toISOString() },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Teamup' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: '/courses' });
    expect(await screen.findByText('Please login again.')).toBeInTheDocument();
  });

  it('a 401 on a page clears the session, says so and goes to the login page', async () => {
    server.use(http.get(api('/auth/profile'), () => fail(401, 'Expired', 'UNAUTHENTICATED')));
    const { router } = renderApp('/profile', { user: {} });
    expect(await screen.findByText('Please login again.')).toBeInTheDocument();
    expect(screen.getByText('Session Expired')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Teamup' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});

describe('public pages', () => {
  it('the landing page shows the Beta badge and Sign in', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(screen.getAllByText('Beta').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Go to dashboard' })).not.toBeInTheDocument();
  });

  it('the landing page offers the dashboard to a signed-in user', async () => {
    renderApp('/', { user: { role: 'ORG_ADMIN' } });
    expect(await screen.findByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });

  it('the register page explains accounts and links to sign-in', async () => {
    renderApp('/auth/register');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/created the first time you sign in with Google/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
  });
});

describe('dashboards', () => {
  // Issue 13: the admin's home is the formation dashboard (features/admin-dashboard tests it).
  it("opens the organization admin's formation dashboard", async () => {
    server.use(http.get(api('/admin/dashboard/stats'), () => ok(createAdminDashboardStats())));
    renderApp('/admin/dashboard', { user: { role: 'ORG_ADMIN', fullname: 'Omar Haddad' } });
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome/ })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Needs attention' })).toBeInTheDocument();
    // One link per name on the page: the sidebar keeps the menu labels to itself.
    expect(screen.getAllByRole('link', { name: /Course Management/ })).toHaveLength(1);
  });
});

describe('system analytics', () => {
  // The health section (issue 13); its figures are tested in features/health.
  it('opens the health section by URL: status, database, uptime, memory and version', async () => {
    server.use(
      http.get(api('/healthcheck/detailed'), () =>
        ok(createDetailedHealth({ version: '1.4.2', uptimeSeconds: 90_061 })),
      ),
    );
    renderApp('/s/health?tab=health', { user: { role: 'SUPERADMIN' } });
    expect(await screen.findByText('All systems normal')).toBeInTheDocument();
    expect(screen.getByText('Reachable')).toBeInTheDocument();
    expect(screen.getByText('1d 1h 1m')).toBeInTheDocument();
    expect(screen.getByText('120.0 MB')).toBeInTheDocument();
    expect(screen.getByText('40.0 MB of the 2048.0 MB limit (2%)')).toBeInTheDocument();
    expect(screen.getByText('1.4.2 (3f2c1a9)')).toBeInTheDocument();
  });

  it('shows an unreachable database as down', async () => {
    const healthy = createDetailedHealth();
    server.use(
      http.get(api('/healthcheck/detailed'), () =>
        ok(
          createDetailedHealth({
            status: 'down',
            database: {
              ...healthy.database,
              reachable: false,
              latencyMs: null,
              latency: { value: null, degradedAbove: 100, status: 'down' },
            },
          }),
        ),
      ),
    );
    renderApp('/s/health?tab=health', { user: { role: 'SUPERADMIN' } });
    expect(await screen.findByText('Unreachable')).toBeInTheDocument();
    expect(screen.getAllByText('Down').length).toBeGreaterThanOrEqual(1);
  });

  it('shows an error state', async () => {
    server.use(http.get(api('/healthcheck/detailed'), () => fail(403, 'Forbidden', 'FORBIDDEN')));
    renderApp('/s/health?tab=health', { user: { role: 'SUPERADMIN' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load system health');
  });
});
