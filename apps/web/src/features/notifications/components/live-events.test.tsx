import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useAuthStore } from '@/lib/auth-store';
import { createToken } from '@/testing/data';
import { api, ok } from '@/testing/handlers';
import { createNotification } from '@/testing/notifications-data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { TOAST_TITLE } from './notification-toast';

type Opened = { request: Request; send: (text: string) => void; end: () => void };

/** GET /events answered with streams the test writes to; each opening is recorded. */
function serveStreams() {
  const opened: Opened[] = [];
  server.use(
    http.get(api('/events'), ({ request }) => {
      const encoder = new TextEncoder();
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      opened.push({
        request,
        send: (text) => controller.enqueue(encoder.encode(text)),
        end: () => controller.close(),
      });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return opened;
}

const event = (name: string, data: unknown, id?: number) =>
  `event: ${name}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;

describe('live events', () => {
  it('opens one stream with the bearer token; a notification shows a toast and raises the count', async () => {
    const opened = serveStreams();
    let unread = 0;
    server.use(http.get(api('/notifications/unread-count'), () => ok({ unread })));
    const { user, router, sessionUser } = renderApp('/dashboard', { user: { role: 'STUDENT' } });
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]!.request.headers.get('authorization')).toBe(`Bearer ${sessionUser!.token}`);

    const notification = createNotification({
      seq: 41,
      text: 'Ada Lovelace asked to join Rockets',
      link: '/profile',
    });
    unread = 1;
    opened[0]!.send(event('notification', notification, 41));

    const toast = (await screen.findByText(TOAST_TITLE)).closest('.mantine-Notification-root');
    expect(toast).not.toBeNull();
    expect(within(toast as HTMLElement).getByText(notification.text)).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();

    await user.click(within(toast as HTMLElement).getByRole('link', { name: 'View' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('reconnects with Last-Event-ID after the server ends it, and with the fresh token when it changes', async () => {
    const opened = serveStreams();
    renderApp('/dashboard', { user: { role: 'STUDENT' } });
    await waitFor(() => expect(opened).toHaveLength(1));
    opened[0]!.send(event('notification', createNotification({ seq: 7 }), 7));
    await screen.findByText(TOAST_TITLE);
    opened[0]!.end();
    await waitFor(() => expect(opened).toHaveLength(2), { timeout: 3000 });
    expect(opened[1]!.request.headers.get('last-event-id')).toBe('7');

    const { user } = useAuthStore.getState();
    // A later expiry: made in the same second as the session's own token, a default one was the
    // same string, so nothing changed and nothing restarted (the test failed on fast runs).
    const fresh = createToken({ exp: Math.floor(Date.now() / 1000) + 30 * 60 });
    expect(fresh).not.toBe(user!.token);
    const { token: _old, ...authUser } = user!;
    act(() => useAuthStore.getState().setAuth(authUser, fresh));
    await waitFor(() => expect(opened).toHaveLength(3));
    expect(opened[2]!.request.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    expect(opened[2]!.request.headers.get('last-event-id')).toBe('7');
  });

  it('does not toast what a reconnect replays from long ago, but counts it', async () => {
    const opened = serveStreams();
    let unread = 0;
    server.use(http.get(api('/notifications/unread-count'), () => ok({ unread })));
    renderApp('/dashboard', { user: { role: 'STUDENT' } });
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(opened).toHaveLength(1));
    unread = 1;
    const old = createNotification({
      createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    });
    opened[0]!.send(event('notification', old, old.seq));
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(TOAST_TITLE)).not.toBeInTheDocument();
  });

  it('a "changed" event refetches the screens it concerns', async () => {
    const opened = serveStreams();
    let dashboards = 0;
    server.use(
      http.get(api('/student/dashboard'), async () => {
        dashboards += 1;
        const { createStudentDashboard } = await import('@/testing/dashboard-data');
        return ok(createStudentDashboard());
      }),
    );
    renderApp('/dashboard', { user: { role: 'STUDENT' } });
    await waitFor(() => expect(opened).toHaveLength(1));
    await waitFor(() => expect(dashboards).toBe(1));
    opened[0]!.send(
      event('changed', {
        teamIds: [],
        courseIds: ['30000000-0000-4000-8000-000000000001'],
        enrollments: false,
      }),
    );
    await waitFor(() => expect(dashboards).toBe(2));
  });

  it('stops the stream on sign-out', async () => {
    const opened = serveStreams();
    renderApp('/dashboard', { user: { role: 'STUDENT' } });
    await waitFor(() => expect(opened).toHaveLength(1));
    const { signal } = opened[0]!.request;
    act(() => useAuthStore.getState().clear());
    await waitFor(() => expect(signal.aborted).toBe(true));
    expect(opened).toHaveLength(1);
  });
});
