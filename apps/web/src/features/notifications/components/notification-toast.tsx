import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Notification } from '@teamup/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { markNotificationRead } from '../api/mark-read';
import { notificationKeys } from '../api/query-keys';

export const TOAST_TITLE = 'New notification';
/** How long a live notification stays on screen. */
export const TOAST_AUTO_CLOSE_MS = 8_000;

/**
 * Only what just happened is toasted: a reconnect replays what was missed, possibly hours old,
 * and those wait in the bell's list instead of a queue of toasts.
 */
export const TOAST_MAX_AGE_MS = 10 * 60_000;

export function isRecent(notification: Pick<Notification, 'createdAt'>, now = Date.now()): boolean {
  const at = Date.parse(notification.createdAt);
  return Number.isNaN(at) || now - at <= TOAST_MAX_AGE_MS;
}

/** A plain click (no modifier, main button): the app navigates; others open as the browser does. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

type ToastDeps = {
  /** The router's navigate: toasts render outside the router, so it is handed in. */
  navigate: (to: string) => void;
  queryClient: QueryClient;
};

/** A notification that arrived live: its sentence and a link to its place (which marks it read). */
export function showNotificationToast(notification: Notification, deps: ToastDeps) {
  if (!isRecent(notification)) return;
  const id = `notification-${notification.id}`;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    void markNotificationRead(notification.id)
      .catch(() => undefined)
      .then(() => deps.queryClient.invalidateQueries({ queryKey: notificationKeys.all }));
    notifications.hide(id);
    if (!isPlainClick(event)) return;
    event.preventDefault();
    deps.navigate(notification.link);
  };
  notifications.show({
    id,
    title: TOAST_TITLE,
    autoClose: TOAST_AUTO_CLOSE_MS,
    message: (
      <Stack gap={4}>
        <Text size="sm">{notification.text}</Text>
        <Anchor href={notification.link} onClick={open} size="sm" fw={600} underline="always">
          View
        </Anchor>
      </Stack>
    ),
  });
}
