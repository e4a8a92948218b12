import { act, screen, waitFor } from '@testing-library/react';
import { AUTH_STORAGE_KEY, useAuthStore } from '@/lib/auth-store';
import { renderApp } from '@/testing/render';

/** What the browser tells this tab when another tab of the same site removes the session. */
function signOutInAnotherTab() {
  localStorage.removeItem(AUTH_STORAGE_KEY);
  window.dispatchEvent(
    new StorageEvent('storage', { key: AUTH_STORAGE_KEY, oldValue: '{}', newValue: null }),
  );
}

describe('a sign-out in another tab (issue 35)', () => {
  it('says the session ended and takes the person to the login page, back here after', async () => {
    const { router } = renderApp('/teams/my', { user: { role: 'STUDENT' } });
    await screen.findByRole('heading', { level: 1, name: 'My Teams' });
    act(() => signOutInAnotherTab());
    expect(await screen.findByText('Your session ended')).toBeInTheDocument();
    expect(
      screen.getByText('You were signed out in another tab. Sign in again to go on.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toEqual({ redirect: '/teams/my' });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('says nothing to a tab that was signed out already', async () => {
    const { router } = renderApp('/auth/login');
    await screen.findByRole('button', { name: 'Sign in as Maya Chen' });
    act(() => signOutInAnotherTab());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Your session ended')).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});
