import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, fail, heldResponse, ok } from '@/testing/handlers';
import { createNotification } from '@/testing/notifications-data';
import { paginate, pageOf } from '@/testing/organizations-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { bellLabel } from './notification-bell';

const unreadOne = createNotification({
  text: 'Ada Lovelace asked to join Rockets',
  link: '/profile',
});
const readOne = createNotification({
  kind: 'JOIN_REQUEST_ACCEPTED',
  text: 'Your request to join Comets was accepted',
  readAt: new Date().toISOString(),
});

function serveNotifications(items = [unreadOne, readOne], unread = 1) {
  const calls = { read: [] as string[], readAll: 0 };
  let state = items.map((n) => ({ ...n }));
  server.use(
    http.get(api('/notifications'), ({ request }) => {
      const { page, limit } = pageOf(request.url);
      return ok(paginate(state, page, limit));
    }),
    http.get(api('/notifications/unread-count'), () =>
      ok({ unread: Math.min(unread, state.filter((n) => !n.readAt).length) }),
    ),
    http.post(api('/notifications/:id/read'), ({ params }) => {
      calls.read.push(String(params.id));
      state = state.map((n) =>
        n.id === params.id ? { ...n, readAt: new Date().toISOString() } : n,
      );
      return ok(state.find((n) => n.id === params.id));
    }),
    http.post(api('/notifications/read-all'), () => {
      calls.readAll += 1;
      const marked = state.filter((n) => !n.readAt).length;
      state = state.map((n) => ({ ...n, readAt: n.readAt ?? new Date().toISOString() }));
      return ok({ marked });
    }),
  );
  return calls;
}

async function openBell(unread: number) {
  const view = renderApp('/dashboard', { user: { role: 'STUDENT' } });
  const bell = await screen.findByRole('button', { name: bellLabel(unread) });
  await view.user.click(bell);
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  return { ...view, bell, panel };
}

describe('notification bell', () => {
  it('names the unread count and shows it as a badge', async () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(120)).toBe('Notifications, more than 99 unread');
    server.use(http.get(api('/notifications/unread-count'), () => ok({ unread: 3 })));
    renderApp('/dashboard', { user: { role: 'STUDENT' } });
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveTextContent('3');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a panel listing each sentence, when it happened and whether it is unread', async () => {
    serveNotifications();
    const { panel, bell } = await openBell(1);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Unread: Ada Lovelace asked to join Rockets');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[1]).toHaveTextContent('Your request to join Comets was accepted');
    expect(items[1]).not.toHaveTextContent('Unread');
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/profile');
  });

  it('following an item marks it read, closes the panel and goes to its place', async () => {
    const calls = serveNotifications();
    const { panel, user, router } = await openBell(1);
    await user.click(await within(panel).findByRole('link', { name: /Ada Lovelace asked/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(calls.read).toEqual([unreadOne.id]);
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('marks all as read', async () => {
    const calls = serveNotifications();
    const { panel, user } = await openBell(1);
    await user.click(await within(panel).findByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(calls.readAll).toBe(1);
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull(),
    );
    expect(within(panel).queryByText(/Unread:/)).toBeNull();
  });

  it('loads more, a page at a time', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      createNotification({ text: `Event number ${i + 1}`, readAt: new Date().toISOString() }),
    );
    serveNotifications(many, 0);
    const { panel, user } = await openBell(0);
    expect(await within(panel).findAllByRole('listitem')).toHaveLength(10);
    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(12));
    expect(within(panel).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows an empty state', async () => {
    const { panel } = await openBell(0);
    expect(await within(panel).findByText(/No notifications yet/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('shows a loader, then an error with a working retry', async () => {
    let calls = 0;
    const held = heldResponse();
    server.use(
      http.get(api('/notifications'), async () => {
        calls += 1;
        if (calls === 1) {
          await held.released;
          return fail(500, 'Database unavailable', 'INTERNAL_ERROR');
        }
        return ok(paginate([readOne], 1, 10));
      }),
    );
    const { panel, user } = await openBell(0);
    expect(
      await within(panel).findByRole('status', { name: 'Loading notifications' }),
    ).toBeInTheDocument();
    held.release();
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load notifications');
    expect(alert).toHaveTextContent('Database unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByText(readOne.text)).toBeInTheDocument();
  });

  it('at 375 px opens the panel as a full-width drawer with a close button', async () => {
    const width = window.innerWidth;
    window.innerWidth = 375;
    try {
      serveNotifications();
      const view = renderApp('/dashboard', { user: { role: 'STUDENT' } });
      await view.user.click(await screen.findByRole('button', { name: bellLabel(1) }));
      const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
      expect(await within(drawer).findByText(unreadOne.text)).toBeInTheDocument();
      await view.user.click(within(drawer).getByRole('button', { name: 'Close notifications' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
      );
    } finally {
      window.innerWidth = width;
    }
  });
});
