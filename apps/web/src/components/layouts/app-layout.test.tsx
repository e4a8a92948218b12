import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { ViewerTeamRelation } from '@teamup/shared';
import { createMyCourse } from '@/testing/courses-data';
import { api, fail, ok } from '@/testing/handlers';
import { paginate } from '@/testing/organizations-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { createTeachingCourse } from '@/testing/staff-data';
import { createTeamDetail } from '@/testing/teams-data';

async function navLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.getAttribute('aria-label') ?? a.textContent);
}

describe('app shell', () => {
  it.each([
    ['STUDENT', ['Dashboard', 'My Enrollments', 'My Teams', 'All Teams', 'Community']],
    [
      'ORG_ADMIN',
      [
        'Dashboard',
        'Organizations',
        'Student Management',
        'Course Management',
        'Enroll Students',
        'LMS connections',
        'Community',
      ],
    ],
    ['SUPERADMIN', ['Dashboard', 'System Analytics', 'Organizations', 'Community']],
    ['TEACHER', ['Dashboard', 'My Enrollments', 'My Teams', 'All Teams', 'Community']],
  ])('shows exactly the %s menu', async (role, expected) => {
    renderApp('/community', { user: { role: role as 'STUDENT' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
    expect(await navLinks()).toEqual(expected);
  });

  // Issue 35: course staff get their own menu; the student entries only when they also study.
  it.each([
    [false, ['Dashboard', 'Courses I teach', 'Team formation', 'Community'], ['Teaching']],
    [
      true,
      [
        'Dashboard',
        'Courses I teach',
        'Team formation',
        'My Enrollments',
        'My Teams',
        'All Teams',
        'Community',
      ],
      ['Teaching', 'Studying'],
    ],
  ])(
    'gives a teaching assistant who studies (%s) the menu %j, grouped under %j',
    async (studying, expected, groupNames) => {
      server.use(
        http.get(api('/staff/courses'), () =>
          ok({ items: [createTeachingCourse({ role: 'TEACHING_ASSISTANT' })] }),
        ),
        http.get(api('/student/my-courses'), () => {
          const items = studying ? [createMyCourse()] : [];
          return ok(paginate(items, 1, 100));
        }),
      );
      renderApp('/community', { user: { role: 'STUDENT' } });
      await screen.findByRole('heading', { level: 1, name: 'Community' });
      await waitFor(async () => expect(await navLinks()).toEqual(expected));
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      for (const name of ['Teaching', 'Studying']) {
        if (groupNames.includes(name)) {
          expect(within(nav).getByRole('list', { name })).toBeInTheDocument();
        } else {
          expect(within(nav).queryByRole('list', { name })).not.toBeInTheDocument();
        }
      }
      expect(within(nav).getByRole('list', { name: 'Teaching' })).toHaveTextContent(
        'Courses I teachTeam formation',
      );
    },
  );

  it('has header, navigation and main landmarks and marks the current page', async () => {
    renderApp('/teams/my', { user: { role: 'STUDENT' } });
    await screen.findByRole('heading', { level: 1, name: 'My Teams' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'My Teams' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'All Teams' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it.each([
    ['STUDENT', '/dashboard'],
    ['SUPERADMIN', '/s/dashboard'],
  ])('marks Dashboard as the current page of a %s on %s, and only there', async (role, path) => {
    const { user } = renderApp(path, { user: { role: role as 'STUDENT', fullname: 'Maya Chen' } });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya Chen' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const dashboard = within(nav).getByRole('link', { name: 'Dashboard' });
    expect(dashboard).toHaveAttribute('aria-current', 'page');
    expect(dashboard).toHaveAttribute('href', path);
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((a) => a.hasAttribute('aria-current')),
    ).toEqual([dashboard]);
    await user.click(within(nav).getByRole('link', { name: 'Community' }));
    await screen.findByRole('heading', { level: 1, name: 'Community' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('collapses the sidebar to icons with accessible names and expands it again', async () => {
    const { user } = renderApp('/dashboard', { user: { role: 'STUDENT' } });
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const link = within(nav).getByRole('link', { name: 'My Teams' });
    expect(link).toHaveAttribute('aria-label', 'My Teams');
    expect(link).not.toHaveTextContent('My Teams');
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(within(nav).getByRole('link', { name: 'My Teams' })).toHaveTextContent('My Teams');
  });

  it('below 1024 px opens the navigation as a drawer from the burger and closes it on navigation', async () => {
    const width = window.innerWidth;
    window.innerWidth = 800;
    try {
      const { user, router } = renderApp('/dashboard', { user: { role: 'STUDENT' } });
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya Chen' });
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Open navigation' }));
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
      await user.click(within(nav).getByRole('link', { name: 'My Teams' }));

      expect(
        await screen.findByRole('heading', { level: 1, name: 'My Teams' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/teams/my');
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });

  it('starts with "Skip to content", which moves focus to the main region', async () => {
    const { user } = renderApp('/dashboard', { user: { role: 'STUDENT' } });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya Chen' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it.each([
    ['LEADER', 'My Teams', 'All Teams'],
    ['MEMBER', 'My Teams', 'All Teams'],
    ['NONE', 'All Teams', 'My Teams'],
  ] as const)(
    'on a team page where I am %s, marks %s and not %s',
    async (relation: ViewerTeamRelation, current, other) => {
      const team = createTeamDetail({ relation });
      server.use(
        http.get(api('/student/teams/:id'), () => ok(team)),
        // The page's other parts are not under test here.
        http.get(api('/student/teams/:id/:part'), () => fail(404, 'Not found', 'NOT_FOUND')),
        http.get(api('/student/courses/:id'), () => fail(404, 'Not found', 'NOT_FOUND')),
      );
      renderApp(`/teams/${team.id}`, { user: { role: 'STUDENT' } });
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
      await waitFor(() =>
        expect(within(nav).getByRole('link', { name: current })).toHaveAttribute(
          'aria-current',
          'page',
        ),
      );
      expect(within(nav).getByRole('link', { name: other })).not.toHaveAttribute('aria-current');
    },
  );
});
