import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderApp } from '@/testing/render';
import {
  duplicateToastIds,
  toastToMakeRoomFor,
  TOAST_AUTO_CLOSE_MS,
  TOAST_LIMIT,
} from './app-notifications';

describe('toasts', () => {
  it('keeps the newest of toasts with the same words', () => {
    expect(
      duplicateToastIds([
        { id: 'a', title: 'Saved', message: 'Done' },
        { id: 'b', title: 'Saved', message: 'Other' },
        { id: 'c', title: 'Saved', message: 'Done' },
        { id: 'd', title: 'Saved', message: 'Done' },
      ]),
    ).toEqual(['a', 'c']);
  });

  it('shows at most three at once, each words once, at the bottom, and not for long', async () => {
    renderApp('/dashboard', { user: { role: 'STUDENT', fullname: 'Maya Chen' } });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya Chen' });
    act(() => {
      notifications.show({ title: 'Request sent', message: 'Request sent to Byte Club' });
      notifications.show({ title: 'Request sent', message: 'Request sent to Byte Club' });
    });
    expect(await screen.findAllByText('Request sent to Byte Club')).toHaveLength(1);
    act(() => {
      for (const n of [1, 2, 3, 4]) notifications.show({ title: `Toast ${n}`, message: `n${n}` });
    });
    expect(TOAST_LIMIT).toBe(3);
    // The duplicate is gone; the newest three show, none waits behind the older ones.
    expect(await screen.findByText('n4')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('n1')).not.toBeInTheDocument());
    expect(screen.queryByText('Request sent to Byte Club')).not.toBeInTheDocument();
    expect(screen.getByText('n2')).toBeInTheDocument();
    expect(screen.getByText('n3')).toBeInTheDocument();
    expect(screen.getByText('n2').closest('[data-position]')).toHaveAttribute(
      'data-position',
      'bottom-right',
    );
    expect(TOAST_AUTO_CLOSE_MS).toBeLessThanOrEqual(4_000);
    act(() => notifications.clean());
  });

  it('keeps a toast the user must close when making room', () => {
    const sticky = { id: 's', message: 'Enrollment activated', autoClose: false as const };
    expect(
      toastToMakeRoomFor({
        notifications: [sticky, { id: 'a', message: 'a' }],
        queue: [{ id: 'b', message: 'b' }],
      }),
    ).toBe('a');
    expect(toastToMakeRoomFor({ notifications: [sticky], queue: [] })).toBeUndefined();
  });

  it('shows "Profile / Redirecting…" at once, even with the stack full', async () => {
    const { user } = renderApp('/dashboard', { user: { role: 'STUDENT', fullname: 'Maya Chen' } });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya Chen' });
    act(() => {
      for (const n of [1, 2, 3, 4]) {
        notifications.show({ title: `Earlier ${n}`, message: `e${n}`, autoClose: 60_000 });
      }
    });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'My Profile' }),
    );
    expect(await screen.findByText('Redirecting to your profile...')).toBeInTheDocument();
    expect(screen.getByText('Profile')).toBeInTheDocument();
    act(() => notifications.clean());
  });
});
