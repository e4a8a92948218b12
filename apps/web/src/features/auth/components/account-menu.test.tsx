import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { AUTH_STORAGE_KEY, useAuthStore } from '@/lib/auth-store';
import { api, fail } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

async function openMenu() {
  const view = renderApp('/dashboard', {
    user: { fullname: 'Maya Chen', email: 'maya.chen@student.northfield.edu', avatar: null },
  });
  await view.user.click(await screen.findByRole('button', { name: 'Account menu' }));
  return { ...view, menu: await screen.findByRole('menu') };
}

describe('account menu', () => {
  it("shows the avatar, full name, 'Signed in as' and the email", async () => {
    const { menu } = await openMenu();
    expect(within(menu).getByText('Maya Chen')).toBeInTheDocument();
    expect(within(menu).getByText('Signed in as')).toBeInTheDocument();
    expect(within(menu).getByText('maya.chen@student.northfield.edu')).toBeInTheDocument();
    // No picture: the avatar falls back to initials.
    expect(within(menu).getByText('MC')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['My Profile', 'Log Out']);
  });

  it('My Profile announces the redirect and opens /profile', async () => {
    const { menu, user, router } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'My Profile' }));
    expect(await screen.findByText('Redirecting to your profile...')).toBeInTheDocument();
    expect(screen.getByText('Profile')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Profile' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('Log Out clears the session, tells the backend and says so', async () => {
    let authorization: string | null = 'not called';
    server.use(
      http.post(api('/auth/logout'), ({ request }) => {
        authorization = request.headers.get('authorization');
        // The local session is already gone when the backend hears about it.
        expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
        return new Response(JSON.stringify({ success: true, data: null }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const { menu, user, router, sessionUser } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));

    expect(await screen.findByText('You have been logged out successfully.')).toBeInTheDocument();
    expect(screen.getByText('Logged Out')).toBeInTheDocument();
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
    expect(authorization).toBe(`Bearer ${sessionUser?.token}`);
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('when the backend logout fails, still clears the session and says so', async () => {
    server.use(http.post(api('/auth/logout'), () => fail(500, 'Down', 'INTERNAL_ERROR')));
    const { menu, user } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));

    expect(
      await screen.findByText('Backend logout failed, but session cleared.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Logout Failed')).toBeInTheDocument();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('when something fails locally, says so, still ends the session on the server and leaves', async () => {
    let authorization: string | null = 'not called';
    server.use(
      http.post(api('/auth/logout'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return new Response(JSON.stringify({ success: true, data: null }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const { menu, user, router, sessionUser } = await openMenu();
    // The browser refuses storage access (e.g. site data blocked while the page is open).
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    try {
      await user.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));

      expect(
        await screen.findByText('Something went wrong while logging out.'),
      ).toBeInTheDocument();
      expect(screen.getByText('Logout Failed')).toBeInTheDocument();
      expect(screen.queryByText('You have been logged out successfully.')).toBeNull();
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
      expect(useAuthStore.getState().isAuthenticated).toBe(false);
      await waitFor(() => expect(authorization).toBe(`Bearer ${sessionUser?.token}`));
    } finally {
      removeItem.mockRestore();
    }
  });
});
