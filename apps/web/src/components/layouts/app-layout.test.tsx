import { screen, within } from '@testing-library/react';
import { renderApp } from '@/testing/render';

async function navLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.getAttribute('aria-label') ?? a.textContent);
}

describe('app shell', () => {
  it.each([
    ['STUDENT', ['My Enrollments', 'My Teams', 'All Teams', 'Community']],
    [
      'ORG_ADMIN',
      ['Organizations', 'Student Management', 'Course Management', 'Enroll Students', 'Community'],
    ],
    ['SUPERADMIN', ['System Analytics', 'Organizations', 'Community']],
    ['TEACHER', ['My Enrollments', 'My Teams', 'All Teams', 'Community']],
  ])('shows exactly the %s menu', async (role, expected) => {
    renderApp('/community', { user: { role: role as 'STUDENT' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
    expect(await navLinks()).toEqual(expected);
  });

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
});
