import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { AUTH_STORAGE_KEY, useAuthStore } from '@/lib/auth-store';
import { createAuthUser, createToken } from '@/testing/data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Issue 28: an LMS launch lands on /auth/lti?code=…; the code becomes the usual session.
describe('the LMS launch landing page', () => {
  it('exchanges the code, stores the session and opens the page the launch named', async () => {
    const codes: string[] = [];
    server.use(
      http.post(api('/auth/login/lti'), async ({ request }) => {
        codes.push(((await request.json()) as { code: string }).code);
        return ok({
          user: createAuthUser(),
          token: createToken(),
          activatedEnrollments: [],
          target: '/courses',
        });
      }),
    );
    const { router } = renderApp('/auth/lti?code=one-time-code-one-time-code');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(codes).toEqual(['one-time-code-one-time-code']);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
  });

  it('an expired or used code says so and offers another way in', async () => {
    server.use(
      http.post(api('/auth/login/lti'), () =>
        fail(401, 'This sign-in link has expired or was already used.', 'INVALID_TOKEN'),
      ),
    );
    const { router } = renderApp('/auth/lti?code=used-code-used-code-used-code');
    expect(
      await screen.findByText('This link has expired or was already used'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with Google instead' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(router.state.location.pathname).toBe('/auth/lti');
  });

  it('a target outside the app is not followed', async () => {
    server.use(
      http.post(api('/auth/login/lti'), () =>
        ok({
          user: createAuthUser(),
          token: createToken(),
          activatedEnrollments: [],
          target: '//evil.example.com/x',
        }),
      ),
    );
    const { router } = renderApp('/auth/lti?code=one-time-code-one-time-code');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
