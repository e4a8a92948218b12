import { notifications } from '@mantine/notifications';

export function notifySuccess(title: string, message: string) {
  notifications.show({ color: 'green', title, message });
}

/** The server's refusals (TEAM_FULL, NOT_FOUND, …) carry a readable message: shown as it is. */
export function notifyFailure(title: string, error: Error) {
  notifications.show({ color: 'red', title, message: error.message });
}
