import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { ActivatedEnrollment } from '@teamup/shared';
import { createMyCourse, pageOfItems } from '@/testing/courses-data';
import { createActivatedEnrollment, createAuthUser, createToken } from '@/testing/data';
import { api, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// After sign-in a student whose PENDING enrollments were activated must not miss it: the notice
// stays until closed, and without a redirect target they land on My Enrollments.

const DATABASES = createMyCourse({
  course: { title: 'Databases', organization: { id: crypto.randomUUID(), name: 'Riverside' } },
});

function signInActivates(activatedEnrollments: ActivatedEnrollment[], role = 'STUDENT' as const) {
  server.use(
    http.post(api('/auth/login/google'), () =>
      ok({ user: createAuthUser({ role }), token: createToken(), activatedEnrollments }),
    ),
    http.get(api('/student/my-courses'), () => ok(pageOfItems([DATABASES]))),
  );
}

const activation = () =>
  screen
    .getAllByRole('status')
    .find((n) => within(n).queryByText(/^Enrollments? activated$/) !== null);

describe('sign-in that activates enrollments', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lands on My Enrollments and keeps the notice until the student closes it', async () => {
    // Fake clocks that still move on their own, so the page loads as usual and can be fast-forwarded.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInActivates([
      createActivatedEnrollment({ courseTitle: 'Databases', organizationName: 'Riverside' }),
      createActivatedEnrollment({ courseTitle: 'Compilers', organizationName: 'Northfield' }),
    ]);
    const { user, router } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in as Maya Chen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Enrollments' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/courses');
    expect(await screen.findByRole('article', { name: 'Databases' })).toBeInTheDocument();
    expect(screen.getByText('Enrollments activated')).toBeInTheDocument();
    expect(
      screen.getByText('You now have access to: Databases (Riverside), Compilers (Northfield).'),
    ).toBeInTheDocument();

    // Issue 35: both notices are at the top of the page, in its flow, before the course cards.
    const notice = activation();
    expect(notice).toBeDefined();
    expect(screen.getByRole('main')).toContainElement(notice!);
    expect(
      notice!.compareDocumentPosition(screen.getByRole('article', { name: 'Databases' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByText('Signed in with the development sign-in.')).toBeInTheDocument();

    // On the next page the sign-in greeting is gone; the activation notice is not.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await act(() => router.navigate({ to: '/teams/my' }));
    await screen.findByRole('heading', { level: 1, name: 'My Teams' });
    await waitFor(() =>
      expect(screen.queryByText('Signed in with the development sign-in.')).toBeNull(),
    );
    expect(activation()).toBeDefined();

    await user.click(within(activation()!).getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(screen.queryByText('Enrollments activated')).toBeNull());
  });

  it('still follows a redirect target, with the notice', async () => {
    signInActivates([createActivatedEnrollment({ courseTitle: 'Databases' })]);
    const { user, router } = renderApp(`/auth/login?redirect=${encodeURIComponent('/teams/my')}`);
    await user.click(await screen.findByRole('button', { name: 'Sign in as Maya Chen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/teams/my');
    expect(screen.getByText('Enrollment activated')).toBeInTheDocument();
  });

  it('sends a student with nothing activated to the dashboard as before', async () => {
    signInActivates([]);
    const { user, router } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in as Maya Chen' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByText(/activated/)).toBeNull();
  });
});
