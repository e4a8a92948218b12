import { notifications } from '@mantine/notifications';

/** Every mutation of this feature says what happened, success or failure (web brief). */
export function notifySuccess(title: string, message: string) {
  notifications.show({ color: 'green', title, message });
}

export function notifyFailure(title: string, error: unknown) {
  const message = error instanceof Error ? error.message : 'An unexpected error occurred';
  notifications.show({ color: 'red', title, message });
}
