import { screen } from '@testing-library/react';
import { browser } from '@/lib/browser';
import { renderApp } from '@/testing/render';
import { AppError } from './app-error';
import { NotFound } from './not-found';
import { createAppRouter } from '@/app/router';
import {
  createRootRoute,
  createRouter,
  RouterProvider,
  createMemoryHistory,
} from '@tanstack/react-router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

describe('Page Not Found', () => {
  it('shows on an unknown path and returns home', async () => {
    const { user, router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /every student in a good team/i }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the app header and menu around it for a signed-in person (issue 35)', async () => {
    renderApp('/no/such/page', { user: { role: 'STUDENT', fullname: 'Maya Chen' } });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /account menu/i })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeInTheDocument();
  });

  it('goes back in history with Go Back', async () => {
    const back = vi.spyOn(browser, 'back').mockImplementation(() => {});
    const { user } = renderApp('/nowhere');
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(back).toHaveBeenCalledOnce();
  });
});

describe('Something went wrong!', () => {
  function renderError() {
    // Rendered as a page rather than thrown into: React logs every caught render error, which
    // this suite treats as a failure. The router wiring is checked in the test below.
    const root = createRootRoute({ component: () => <AppError error={new Error('Kaboom')} /> });
    const router = createRouter({
      routeTree: root,
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    render(
      <AppProvider queryClient={createQueryClient()} env="test">
        <RouterProvider router={router} />
      </AppProvider>,
    );
    return { user: userEvent.setup() };
  }

  it('offers Try Again, which reloads the page', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const { user } = renderError();
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong!' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('offers Go Home, a link to /, and shows the error message', async () => {
    renderError();
    expect(await screen.findByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Kaboom')).toBeInTheDocument();
  });

  it('is the router default for errors and not-found pages', () => {
    const router = createAppRouter({ queryClient: createQueryClient() });
    expect(router.options.defaultErrorComponent).toBe(AppError);
    expect(router.options.defaultNotFoundComponent).toBe(NotFound);
  });
});
