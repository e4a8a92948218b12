import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationPreferences,
} from '@teamup/shared';
import { uuid } from './data';
import { TEAMS_COURSE_ID } from './teams-data';

/** Generators for the notifications feature (issue 14). */

let seq = 0;

export function createNotification(overrides: Partial<Notification> = {}): Notification {
  seq += 1;
  const teamId = uuid();
  return {
    id: uuid(),
    seq,
    kind: 'JOIN_REQUEST_RECEIVED',
    text: 'Ada Lovelace asked to join Rockets',
    link: `/teams/${teamId}`,
    actor: { id: uuid(), fullname: 'Ada Lovelace', avatar: null },
    team: { id: teamId, name: 'Rockets' },
    course: { id: TEAMS_COURSE_ID, code: 'CS-401', title: 'Software Engineering Project' },
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    ...overrides,
  };
}

/** Every kind shown except the ones named. */
export function createNotificationPreferences(
  muted: readonly string[] = [],
  audiences: NotificationPreferences['audiences'] = ['STUDENT', 'COURSE_STAFF', 'EVERYONE'],
): NotificationPreferences {
  return {
    audiences,
    kinds: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      label: NOTIFICATION_KIND_LABELS[kind],
      muted: muted.includes(kind),
    })),
  };
}
