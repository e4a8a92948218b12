import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { createClassmate, createMyCourse, inDays, pageOfItems } from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// Pages load through the router and MSW; on a loaded CI machine that takes over 1 s.

const student = { role: 'STUDENT' as const };

describe('course page (student)', () => {
  it('shows the course, my enrollment, the deadline and my classmates', async () => {
    const enrollment = createMyCourse({
      activatedAt: '2026-09-06T08:00:00.000Z',
      course: {
        code: 'CS-401',
        title: 'Software Engineering Project',
        teamSizeMin: 3,
        teamSizeMax: 5,
        teamFormationDeadline: inDays(4.2),
      },
    });
    const calls: URLSearchParams[] = [];
    server.use(
      http.get(api('/student/courses/:courseId'), () => ok(enrollment)),
      http.get(api('/student/courses/:courseId/students'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        calls.push(params);
        if (params.get('withoutTeam') === 'true') return ok(pageOfItems([], 1, 12));
        const items = params.get('search')
          ? [createClassmate({ fullname: 'Omar Haddad' })]
          : [
              createClassmate({ fullname: 'Omar Haddad', skills: ['Python', 'SQL'] }),
              createClassmate({ fullname: 'Lena Park', skills: [], lookingForTeam: false }),
            ];
        return ok(pageOfItems(items, 1, 12));
      }),
    );
    const { user } = renderApp(`/courses/${enrollment.course.id}`, { user: student });

    // The heading names the course; its name, deadline and team size each appear once.
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'CS-401 · Software Engineering Project',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Fall 2026 · Northfield University')).toBeInTheDocument();
    const facts = screen.getByRole('group', { name: 'Course facts' });
    expect(within(facts).getByText('Teams of 3 to 5 members')).toBeInTheDocument();
    expect(within(facts).getByText('(in 4 days)')).toBeInTheDocument();
    expect(screen.getAllByText(/Software Engineering Project/)).toHaveLength(1);
    expect(screen.getAllByText(/in 4 days/)).toHaveLength(1);
    expect(screen.getAllByText(/3 to 5 members/)).toHaveLength(1);
    const about = screen.getByRole('region', { name: 'About this course' });
    expect(within(about).getByText('Build a product in a team of four.')).toBeInTheDocument();
    const mine = screen.getByRole('region', { name: 'Your enrollment' });
    expect(within(mine).getByText('Active')).toBeInTheDocument();
    expect(within(mine).getByText(/since/)).toHaveTextContent(/Sep 6, 2026/);

    // Those in a team (issue 24: the ones without are listed under Teams, and only there).
    const classmates = screen.getByRole('region', { name: 'Classmates in teams' });
    expect(calls.some((p) => p.get('inTeam') === 'true')).toBe(true);
    const omar = await within(classmates).findByRole('link', { name: 'Omar Haddad' });
    expect(omar).toHaveAttribute('href', expect.stringMatching(/^\/community\//));
    const cards = within(classmates).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('Looking for team')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Python')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Looking for team')).not.toBeInTheDocument();
    expect(within(cards[1]!).getByText('No skills listed')).toBeInTheDocument();
    // The route composes the teams feature's section under the course (issue 5).
    expect(screen.getByRole('region', { name: 'Teams' })).toBeInTheDocument();

    await user.type(
      within(classmates).getByRole('searchbox', { name: 'Search classmates in teams' }),
      'omar',
    );
    await waitFor(() => expect(calls.at(-1)?.get('search')).toBe('omar'));
    await waitFor(() => expect(within(classmates).getAllByRole('listitem')).toHaveLength(1));
  });

  it('tells a student who is not enrolled, with the way back', async () => {
    server.use(
      http.get(api('/student/courses/:courseId'), () => fail(404, 'Course not found', 'NOT_FOUND')),
    );
    renderApp('/courses/20000000-0000-4000-8000-000000000009', { user: student });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You are not enrolled in this course');
    expect(within(alert).getByRole('link', { name: 'Back to My Enrollments' })).toHaveAttribute(
      'href',
      '/courses',
    );
  });

  it('does not list classmates while the enrollment is inactive', async () => {
    const enrollment = createMyCourse({ status: 'INACTIVE' });
    server.use(http.get(api('/student/courses/:courseId'), () => ok(enrollment)));
    renderApp(`/courses/${enrollment.course.id}`, { user: student });
    expect(await screen.findByText('Your enrollment is inactive')).toBeInTheDocument();
    expect(
      screen.getByText('Your classmates are listed here while your enrollment is active.'),
    ).toBeInTheDocument();
  });

  it('shows an error state when the course cannot be loaded', async () => {
    server.use(
      http.get(api('/student/courses/:courseId'), () =>
        fail(500, 'Database unavailable', 'INTERNAL_ERROR'),
      ),
    );
    renderApp('/courses/20000000-0000-4000-8000-000000000009', { user: student });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the course');
  });
});
