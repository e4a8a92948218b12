import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { AUTH_STORAGE_KEY, useAuthStore } from '@/lib/auth-store';
import { deviceTimeZone } from '@/lib/time-zone';
import { createActivatedEnrollment, createAuthUser, createToken } from '@/testing/data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { embedding } from '../utils/embedding';

describe('login page', () => {
  it('lists the demo users with name, email and role', async () => {
    renderApp('/auth/login');
    expect(await screen.findByRole('button', { name: 'Sign in as Maya Chen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in as Omar Haddad' })).toBeInTheDocument();
    expect(screen.getByText('omar.haddad@northfield.edu')).toBeInTheDocument();
    expect(screen.getByText('Org admin')).toBeInTheDocument();
  });

  it('the picker signs in, says so and opens the student dashboard', async () => {
    const { user, router } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in as Maya Chen' }));

    // Issue 35: a development sign-in says what it was, not "Google login successful!".
    expect(await screen.findByText('Signed in with the development sign-in.')).toBeInTheDocument();
    expect(screen.queryByText('Google login successful!')).toBeNull();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya Chen' });
    // At the top of the page, in its flow (before the heading), not over it.
    const notice = screen.getByRole('status', { name: 'Signed in' });
    expect(notice).toHaveTextContent('Signed in');
    expect(screen.getByRole('main')).toContainElement(notice);
    expect(notice.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(useAuthStore.getState().user?.email).toBe('maya.chen@student.northfield.edu');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
  });

  it("reports the device's time zone once after sign-in, for the daily digest", async () => {
    const zones: string[] = [];
    server.use(
      http.put(api('/profile/time-zone'), async ({ request }) => {
        zones.push(((await request.json()) as { timeZone: string }).timeZone);
        return fail(500, 'Database unavailable', 'INTERNAL_ERROR');
      }),
    );
    const { user } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in as Maya Chen' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya Chen' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(zones).toEqual([deviceTimeZone()]));
    // Fire and forget: its failure is nobody's concern.
    expect(screen.queryByText('Database unavailable')).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('links the development mailbox beside the development sign-in', async () => {
    renderApp('/auth/login');
    expect(await screen.findByRole('link', { name: 'Development mailbox' })).toHaveAttribute(
      'href',
      '/dev/mail',
    );
  });

  it('sends an organization admin to their own home', async () => {
    const { user, router } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in as Omar Haddad' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Omar Haddad' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('returns to the safe redirect path after sign-in', async () => {
    const { user, router } = renderApp(`/auth/login?redirect=${encodeURIComponent('/teams/my')}`);
    await user.click(await screen.findByRole('button', { name: 'Sign in as Maya Chen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Teams' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/teams/my');
  });

  it('ignores a redirect to another site', async () => {
    const { user, router } = renderApp(
      `/auth/login?redirect=${encodeURIComponent('//evil.example/x')}`,
    );
    await user.click(await screen.findByRole('button', { name: 'Sign in as Maya Chen' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya Chen' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("an invalid token fails with 'Invalid token received' and stores nothing", async () => {
    server.use(
      http.post(api('/auth/login/google'), () =>
        ok({ user: createAuthUser(), token: 'not-a-jwt', activatedEnrollments: [] }),
      ),
    );
    const { user, router } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in as Maya Chen' }));

    expect(await screen.findByText('Invalid token received')).toBeInTheDocument();
    expect(screen.getByText('Login Failed')).toBeInTheDocument();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('shows the server message when the login call fails', async () => {
    server.use(
      http.post(api('/auth/login/google'), () =>
        fail(401, 'Email is not verified', 'INVALID_TOKEN'),
      ),
    );
    const { user } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in as Maya Chen' }));
    expect(await screen.findByText('Email is not verified')).toBeInTheDocument();
    expect(screen.getByText('Login Failed')).toBeInTheDocument();
  });

  it('names the courses a sign-in activated', async () => {
    server.use(
      http.post(api('/auth/login/google'), () =>
        ok({
          user: createAuthUser(),
          token: createToken(),
          activatedEnrollments: [
            createActivatedEnrollment({
              courseTitle: 'Databases',
              organizationName: 'Northfield University',
            }),
          ],
        }),
      ),
      // The student lands on My Enrollments (login-with-google.test.tsx has the details).
      http.get(api('/student/my-courses'), () => ok({ items: [], page: 1, limit: 100, total: 0 })),
    );
    const { user } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in as Maya Chen' }));
    expect(await screen.findByText('Enrollment activated')).toBeInTheDocument();
    expect(screen.getByText(/Databases \(Northfield University\)/)).toBeInTheDocument();
  });

  it('signs in as any email with an optional name', async () => {
    let sent: unknown;
    server.use(
      http.post(api('/dev/id-token'), async ({ request }) => {
        sent = await request.json();
        return ok({ credential: 'dev-credential:new.student@northfield.edu' });
      }),
    );
    const { user, router } = renderApp('/auth/login');
    await user.type(
      await screen.findByRole('textbox', { name: 'Email' }),
      'new.student@northfield.edu',
    );
    await user.type(screen.getByRole('textbox', { name: 'Name (optional)' }), 'New Student');
    await user.click(screen.getByRole('button', { name: 'Sign in with this email' }));
    expect(await screen.findByText('Signed in with the development sign-in.')).toBeInTheDocument();
    expect(sent).toEqual({ email: 'new.student@northfield.edu', fullname: 'New Student' });
    await screen.findByRole('heading', { level: 1, name: /Welcome/ });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('validates the email before asking the server', async () => {
    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in with this email' }));
    expect(await screen.findByText('Enter a valid email')).toBeInTheDocument();
  });

  it('hides the picker when development sign-in is off', async () => {
    server.use(http.get(api('/auth/config'), () => ok({ googleClientId: null, devLogin: false })));
    renderApp('/auth/login');
    expect(
      await screen.findByText('Google sign-in is not configured on this server.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in as…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Development mailbox' })).not.toBeInTheDocument();
  });

  it('sends a signed-in user home', async () => {
    const { router } = renderApp('/auth/login', {
      user: { role: 'SUPERADMIN', fullname: 'Sam Root' },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam Root' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/s/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'System Analytics' })).toBeInTheDocument();
  });
});

// Google Identity Services stands in for itself: the real @react-oauth/google components load
// its script and call `google.accounts.id`; the test plays the script and the button.
type CredentialResponse = { credential?: string };
type FakeGoogle = {
  clientId: string | undefined;
  /** What Google's button hands back when clicked. */
  respondWith: CredentialResponse;
};

function installFakeGoogle(): FakeGoogle {
  const fake: FakeGoogle = { clientId: undefined, respondWith: {} };
  let callback: ((response: CredentialResponse) => void) | undefined;
  (window as unknown as { google?: unknown }).google = {
    accounts: {
      id: {
        initialize: (options: { client_id: string; callback: typeof callback }) => {
          fake.clientId = options.client_id;
          callback = options.callback;
        },
        renderButton: (parent: HTMLElement) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Sign in with Google';
          button.addEventListener('click', () => callback?.(fake.respondWith));
          parent.appendChild(button);
        },
      },
    },
  };
  return fake;
}

/** Finishes loading the Google script the page added (jsdom never fetches it). */
async function loadGoogleScript() {
  const script = await waitFor(() => {
    const found = document.querySelector('script[src="https://accounts.google.com/gsi/client"]');
    if (!found) throw new Error('the Google script was not added');
    return found;
  });
  act(() => {
    fireEvent.load(script);
  });
}

describe('login page with a Google client id', () => {
  afterEach(() => {
    delete (window as unknown as { google?: unknown }).google;
  });

  beforeEach(() => {
    server.use(
      http.get(api('/auth/config'), () =>
        ok({ googleClientId: 'teamup-test.apps.googleusercontent.com', devLogin: false }),
      ),
    );
  });

  it("renders Google's button for the configured client id", async () => {
    const google = installFakeGoogle();
    renderApp('/auth/login');
    await loadGoogleScript();
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    expect(google.clientId).toBe('teamup-test.apps.googleusercontent.com');
    expect(screen.queryByText('Google sign-in is not configured on this server.')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sign in as…' })).not.toBeInTheDocument();
  });

  it("says 'Login Failed' / 'Google login failed' when Google gives no credential", async () => {
    const google = installFakeGoogle();
    google.respondWith = {};
    const { user, router } = renderApp('/auth/login');
    await loadGoogleScript();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Google login failed')).toBeInTheDocument();
    expect(screen.getByText('Login Failed')).toBeInTheDocument();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it("signs in with the credential Google's button returns", async () => {
    let sent: unknown;
    server.use(
      http.post(api('/auth/login/google'), async ({ request }) => {
        sent = await request.json();
        return ok({ user: createAuthUser(), token: createToken(), activatedEnrollments: [] });
      }),
    );
    const google = installFakeGoogle();
    google.respondWith = { credential: 'google-id-token' };
    const { user, router } = renderApp('/auth/login');
    await loadGoogleScript();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Google login successful!')).toBeInTheDocument();
    expect(sent).toEqual({ credential: 'google-id-token' });
    await screen.findByRole('heading', { level: 1, name: /^Welcome/ });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

// Issue 28 (decision 139): inside an LMS's frame, a session that could not be kept or refreshed
// ends on the login page, where Google's sign-in cannot work: it says how to get back instead.
describe('the login page inside an LMS frame', () => {
  beforeEach(() => {
    vi.spyOn(embedding, 'isFramed').mockReturnValue(true);
  });

  it('when the refresh fails, says the session ended and offers Teamup in a new window', async () => {
    server.use(
      http.get(api('/auth/config'), () =>
        ok({ googleClientId: 'client-123.apps.googleusercontent.com', devLogin: false }),
      ),
      http.get(api('/auth/refresh-token'), () => fail(401, 'No refresh token', 'UNAUTHENTICATED')),
    );
    const exp = Math.floor(Date.now() / 1000) - 60;
    const { router } = renderApp('/courses', {
      user: { token: createToken({ exp }), expiresAt: new Date(exp * 1000).toISOString() },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Signed out inside the LMS' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(
      screen.getByText(
        'Your Teamup session has ended. Open Teamup again from your course in the LMS.',
      ),
    ).toBeVisible();
    const open = screen.getByRole('link', { name: 'Open Teamup in a new window' });
    // The new window signs in and returns to the page the frame was on.
    expect(open).toHaveAttribute('href', `/auth/login?redirect=${encodeURIComponent('/courses')}`);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener');
    expect(document.title).toBe('Signed out · Teamup');
    // Not Google's sign-in, which cannot keep a session in another site's frame.
    expect(screen.queryByRole('heading', { name: 'Sign in to Teamup' })).toBeNull();
    expect(
      document.querySelector('script[src="https://accounts.google.com/gsi/client"]'),
    ).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('opens the plain login page in the new window when there is no page to return to', async () => {
    renderApp('/auth/login');
    const open = await screen.findByRole('link', { name: 'Open Teamup in a new window' });
    expect(open).toHaveAttribute('href', '/auth/login');
  });
});

describe('the login page outside a frame', () => {
  it('says nothing of the kind', async () => {
    renderApp('/auth/login');
    expect(await screen.findByRole('button', { name: 'Sign in as Maya Chen' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Teamup' })).toBeVisible();
    expect(screen.queryByText('Signed out inside the LMS')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open Teamup in a new window' })).toBeNull();
  });
});
