import { notifications } from '@mantine/notifications';

/** Every change of this feature says what happened, success or failure. */
export function notifySuccess(title: string, message: string) {
  notifications.show({ color: 'green', title, message });
}

export function notifyFailure(title: string, error: unknown) {
  const message = error instanceof Error ? error.message : 'An unexpected error occurred';
  notifications.show({ color: 'red', title, message });
}
