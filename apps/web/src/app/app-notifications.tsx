import { useMediaQuery } from '@mantine/hooks';
import {
  Notifications,
  notifications,
  notificationsStore,
  type NotificationData,
} from '@mantine/notifications';
import { useEffect } from 'react';

/**
 * Toasts (issue 24): at the bottom, where they cover neither the header's bell nor the account
 * menu (bottom right on a wide screen, across the bottom on a phone); at most three at once, and
 * gone after a few seconds unless a toast asks for longer.
 */
export const TOAST_LIMIT = 3;
export const TOAST_AUTO_CLOSE_MS = 3_500;
/** Below this width a toast takes the whole bottom edge. */
const PHONE_MAX_WIDTH_PX = 575;

const textOf = (n: NotificationData) =>
  typeof n.title === 'string' && typeof n.message === 'string'
    ? `${n.title}\u0000${n.message}`
    : undefined;

/**
 * The same words twice (a mutation retried, two tabs' events) show once: the newest stays, so
 * its timer starts again, and the older ones leave. Returns the ids to hide.
 */
export function duplicateToastIds(list: NotificationData[]): string[] {
  const newest = new Map<string, string>();
  for (const n of list) {
    const text = textOf(n);
    if (text !== undefined && n.id) newest.set(text, n.id);
  }
  return list
    .filter((n) => {
      const text = textOf(n);
      return text !== undefined && n.id !== undefined && newest.get(text) !== n.id;
    })
    .map((n) => n.id!);
}

/**
 * A toast that would wait in the queue pushes out the oldest shown one instead (one that closes
 * by itself; one the user must close stays): what the user just did is told now, not after the
 * page it announces has loaded ("Profile / Redirecting…" came after the profile). Returns the id
 * to hide, if any.
 */
export function toastToMakeRoomFor(state: {
  notifications: NotificationData[];
  queue: NotificationData[];
}): string | undefined {
  if (state.queue.length === 0) return undefined;
  return state.notifications.find((n) => n.autoClose !== false)?.id;
}

function useTidyToasts() {
  useEffect(() => {
    const unsubscribe = notificationsStore.subscribe((state) => {
      // Hiding changes the store again and calls this again; it stops when nothing is left to
      // hide (no duplicate, and an empty queue or only toasts the user must close).
      const duplicates = duplicateToastIds([...state.notifications, ...state.queue]);
      const id = duplicates[0] ?? toastToMakeRoomFor(state);
      if (id !== undefined) notifications.hide(id);
    });
    return () => {
      unsubscribe();
    };
  }, []);
}

export function AppNotifications() {
  const phone = useMediaQuery(`(max-width: ${PHONE_MAX_WIDTH_PX}px)`, false, {
    getInitialValueInEffect: false,
  });
  useTidyToasts();
  return (
    <Notifications
      position={phone ? 'bottom-center' : 'bottom-right'}
      limit={TOAST_LIMIT}
      autoClose={TOAST_AUTO_CLOSE_MS}
    />
  );
}
