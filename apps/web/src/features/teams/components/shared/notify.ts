import { notifications } from '@mantine/notifications';

/** What an action did, in the words the student would use ("You joined Byte Club"). */
export function notifySuccess(title: string, message: string) {
  notifications.show({ color: 'green', title, message });
}

/**
 * A refused or failed action. Team refusals (TEAM_FULL, DEADLINE_PASSED, …) carry a message the
 * server writes for students, so it is shown as it is.
 */
export function notifyFailure(title: string, error: Error) {
  notifications.show({ color: 'red', title, message: error.message });
}
