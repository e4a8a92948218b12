import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { AUTH_STORAGE_KEY, useAuthStore } from '@/lib/auth-store';
import { createActivatedEnrollment, createAuthUser, createToken } from '@/testing/data';
import { api, fail, heldResponse, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { embedding } from '../utils/embedding';

// Issue 28: where an LMS launch lands. The page is public: the code alone says who signs in.

const CODE = 'k3Yq9-one-time-code-XYZ_0123456789';

type Sent = { code: string; authorization: string | null; framed?: boolean };

/** Answers the code exchange with `target` for `user`, recording what the page sent. */
function exchange(target: string, user = createAuthUser({ fullname: 'Maya Chen' }), extra = {}) {
  const sent: Sent[] = [];
  server.use(
    http.post(api('/auth/login/lti'), async ({ request }) => {
      const { code, framed } = (await request.json()) as { code: string; framed?: boolean };
      sent.push({ code, authorization: request.headers.get('authorization'), framed });
      return ok({ user, token: createToken(), activatedEnrollments: [], target, ...extra });
    }),
  );
  return sent;
}

const persistedEmail = () =>
  (
    JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as {
      state?: { user?: { email?: string } };
    }
  ).state?.user?.email;

describe('the LMS launch landing page (/auth/lti)', () => {
  it('says it is opening Teamup, and takes the code out of the address at once', async () => {
    const held = heldResponse();
    server.use(
      http.post(api('/auth/login/lti'), async () => {
        await held.released;
        return fail(401, 'expired', 'INVALID_TOKEN');
      }),
    );
    const { router } = renderApp(`/auth/lti?code=${CODE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Opening Teamup…' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Signing you in' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.href).toBe('/auth/lti'));
    expect(document.title).toBe('Opening Teamup · Teamup');
    held.release();
    expect(await screen.findByText('This link has expired or was already used')).toBeVisible();
  });

  it('exchanges the code once, stores the session as Google sign-in does and opens the target', async () => {
    const sent = exchange('/teams/my', createAuthUser({ email: 'maya@lms.example.edu' }));
    const { router } = renderApp(`/auth/lti?code=${CODE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/teams/my');
    // Not in a frame: the session's cookie is the usual one.
    expect(sent).toEqual([{ code: CODE, authorization: null, framed: false }]);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(persistedEmail()).toBe('maya@lms.example.edu');
    // The landing page replaced the one with the code: Back does not return to a used code.
    expect(router.history.length).toBe(1);
  });

  it("replaces another person's session in this browser, without sending its token", async () => {
    const sent = exchange('/teams/my', createAuthUser({ email: 'student@lms.example.edu' }));
    renderApp(`/auth/lti?code=${CODE}`, {
      user: { email: 'someone.else@northfield.edu', role: 'ORG_ADMIN' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
    expect(sent[0]?.authorization).toBeNull();
    expect(useAuthStore.getState().user?.email).toBe('student@lms.example.edu');
  });

  it('announces the enrollments the sign-in activated', async () => {
    exchange('/teams/my', createAuthUser(), {
      activatedEnrollments: [createActivatedEnrollment({ courseTitle: 'Databases' })],
    });
    renderApp(`/auth/lti?code=${CODE}`);
    expect(await screen.findByText('Enrollment activated')).toBeInTheDocument();
  });

  it('does not follow a target outside the app: the role home instead', async () => {
    exchange(
      'https://evil.example/phish',
      createAuthUser({ role: 'ORG_ADMIN', fullname: 'Omar Haddad' }),
    );
    const { router } = renderApp(`/auth/lti?code=${CODE}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Omar Haddad' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('an expired or used code says so, keeps the old session and offers Google sign-in', async () => {
    server.use(
      http.post(api('/auth/login/lti'), () =>
        fail(401, 'This sign-in link has expired or was already used.', 'INVALID_TOKEN'),
      ),
    );
    const { router } = renderApp(`/auth/lti?code=${CODE}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link has expired or was already used');
    expect(alert).toHaveTextContent('Open Teamup again from your course in the LMS.');
    expect(screen.getByRole('heading', { level: 1, name: 'Could not open Teamup' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in with Google instead' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    // A used code cannot work again: no retry.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(router.state.location.href).toBe('/auth/lti');
  });

  it('without a code, says the link is not complete and asks nothing of the server', async () => {
    const sent = exchange('/teams/my');
    renderApp('/auth/lti');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not complete');
    expect(screen.getByRole('link', { name: 'Sign in with Google instead' })).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('another failure shows its message and can be tried again', async () => {
    let calls = 0;
    server.use(
      http.post(api('/auth/login/lti'), () => {
        calls += 1;
        return calls === 1
          ? fail(503, 'Teamup is restarting', 'SERVICE_UNAVAILABLE')
          : ok({
              user: createAuthUser(),
              token: createToken(),
              activatedEnrollments: [],
              target: '/teams/my',
            });
      }),
    );
    const { user } = renderApp(`/auth/lti?code=${CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Teamup is restarting');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
    expect(calls).toBe(2);
  });

  describe('inside the LMS page', () => {
    beforeEach(() => {
      vi.spyOn(embedding, 'isFramed').mockReturnValue(true);
    });

    it('signs in within the frame when the browser lets it keep storage', async () => {
      const sent = exchange('/teams/my');
      renderApp(`/auth/lti?code=${CODE}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
      // The server gives the session the cookie a cross-site frame keeps (decision 139).
      expect(sent).toEqual([{ code: CODE, authorization: null, framed: true }]);
    });

    it('with storage blocked, leaves the code to a new window, where Teamup is first-party', async () => {
      vi.spyOn(embedding, 'storageAvailable').mockReturnValue(false);
      const sent = exchange('/teams/my');
      const { user, router } = renderApp(`/auth/lti?code=${CODE}`);
      const open = await screen.findByRole('link', { name: 'Open Teamup in a new window' });
      expect(open).toHaveAttribute('href', `/auth/lti?code=${CODE}`);
      expect(open).toHaveAttribute('target', '_blank');
      expect(
        screen.getByText(/does not let Teamup keep you signed in inside the LMS page/),
      ).toBeVisible();
      expect(router.state.location.href).toBe('/auth/lti');
      // jsdom opens no window; the page says where Teamup went.
      open.addEventListener('click', (event) => event.preventDefault());
      await user.click(open);
      expect(await screen.findByText(/Teamup opened in a new window/)).toBeVisible();
      expect(sent).toEqual([]);
      expect(useAuthStore.getState().isAuthenticated).toBe(false);
    });

    it('an expired code offers Google sign-in in a new window', async () => {
      server.use(http.post(api('/auth/login/lti'), () => fail(401, 'expired', 'INVALID_TOKEN')));
      renderApp(`/auth/lti?code=${CODE}`);
      const google = await screen.findByRole('link', { name: /Sign in with Google instead/ });
      expect(google).toHaveAttribute('href', '/auth/login');
      expect(google).toHaveAttribute('target', '_blank');
    });
  });
});
