import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  isRefetchAll,
  type ChangedEvent,
  type Notification,
  type NotificationKind,
} from '@teamup/shared';
import { firstSignalOf, uploadEndEvent } from '@/lib/signals-once';
import { notificationKeys } from '../api/query-keys';

/**
 * What the live stream refreshes, in one place (decision 114). A feature never imports another,
 * so the other features' queries are named by their key prefixes, as they define them:
 * teams/api/query-keys.ts (['teams', …]), admin/api/query-keys.ts (['admin', 'teams', …]),
 * enrollments/api (['enrollments', …]), courses/api (['courses', 'detail', id]), dashboard
 * (['dashboard']), admin-dashboard (['admin-dashboard']), formation (['formation', …]: team
 * health, my team history), profile and community (my courses).
 * Invalidating a prefix refetches only the queries on screen; the rest are marked stale.
 */

/** A team page: its detail, requests, invitations, notices and log (student and admin views). */
const teamKeys = (teamId: string): QueryKey[] => [
  ['teams', 'detail', teamId],
  ['admin', 'teams', 'detail', teamId],
];

/**
 * A course's screens: the student course page, its teams, classmates and my team history; the
 * admin course page with its team health.
 */
const courseKeys = (courseId: string): QueryKey[] => [
  ['teams', 'course', courseId],
  ['teams', 'classmates', courseId],
  ['enrollments', 'student-course', courseId],
  ['enrollments', 'classmates', courseId],
  ['enrollments', 'roster', courseId],
  ['courses', 'detail', courseId],
  ['admin', 'teams', 'course', courseId],
  ['admin', 'teams', 'candidates', courseId],
  ['formation', 'health', courseId],
  ['formation', 'history', 'mine', courseId],
  ['formation', 'history', 'student', courseId],
];

/** Lists that show any team or course: My Teams, All Teams, the dashboards, admin student lists. */
const SUMMARY_KEYS: QueryKey[] = [
  ['teams', 'mine'],
  ['teams', 'all'],
  ['teams', 'my-invitations'],
  ['dashboard'],
  ['admin-dashboard'],
  ['enrollments', 'admin-students'],
];

/** My own enrollments: every list of my courses, and what they lead to. */
const MY_ENROLLMENT_KEYS: QueryKey[] = [
  ['enrollments', 'my-courses'],
  ['enrollments', 'student-course'],
  ['auth', 'profile', 'my-courses'],
  ['community', 'my-courses'],
  ['teams', 'mine'],
  ['dashboard'],
];

/** Every query: the stream may have missed events (REFETCH_ALL_EVENT, decision 113). */
export const ALL_QUERIES: QueryKey = [];

/** The keys to refresh for a "changed" event, without repeats. */
export function keysForChanged(event: ChangedEvent): QueryKey[] {
  if (isRefetchAll(event)) return [ALL_QUERIES];
  const keys: QueryKey[] = [];
  for (const id of event.teamIds) keys.push(...teamKeys(id));
  // A course named without its teams stands for all of them (more than a payload names): any
  // open team page may be one of them.
  if (event.courseIds.length > 0 && event.teamIds.length === 0) {
    keys.push(['teams', 'detail'], ['admin', 'teams', 'detail']);
  }
  for (const id of event.courseIds) keys.push(...courseKeys(id));
  if (event.teamIds.length > 0 || event.courseIds.length > 0) keys.push(...SUMMARY_KEYS);
  if (event.enrollments) keys.push(...MY_ENROLLMENT_KEYS);
  return unique(keys);
}

type Concerns = {
  /** The team's page (requests, invitations, members, notices). */
  team?: boolean;
  /** The course's screens and the lists of teams. */
  course?: boolean;
  /** My invitations (the dashboard and the course page show them). */
  invitations?: boolean;
  /** My enrollments. */
  enrollments?: boolean;
  /** The CSV upload history; `imported`: and what a finished import changed. */
  csv?: 'failed' | 'imported';
};

/** What each kind concerns besides the notifications themselves (and the student dashboard). */
export const KIND_CONCERNS: Record<NotificationKind, Concerns> = {
  JOIN_REQUEST_RECEIVED: { team: true },
  JOIN_REQUEST_WITHDRAWN: { team: true },
  JOIN_REQUEST_ACCEPTED: { team: true, course: true },
  JOIN_REQUEST_REJECTED: { team: true, course: true },
  INVITATION_RECEIVED: { team: true, invitations: true },
  INVITATION_CANCELLED: { team: true, invitations: true },
  INVITATION_ACCEPTED: { team: true, course: true },
  INVITATION_REJECTED: { team: true },
  REMOVED_FROM_TEAM: { team: true, course: true },
  TEAM_DISBANDED: { team: true, course: true },
  BECAME_LEADER: { team: true, course: true },
  NOTICE_PINNED: { team: true },
  ENROLLMENT_ACTIVATED: { course: true, enrollments: true },
  ENROLLMENT_ADDED: { course: true, enrollments: true },
  PLACED_IN_TEAM: { team: true, course: true },
  CSV_UPLOAD_FINISHED: { csv: 'imported' },
  CSV_UPLOAD_FAILED: { csv: 'failed' },
  DEADLINE_SOON: { course: true },
  WAITLIST_PROMOTED: { team: true, course: true },
  TEAM_NUDGED: { team: true },
  TEAMLESS_REMINDER: { course: true },
  SURVEY_OPENED: { course: true },
  SURVEY_CLOSING: { course: true },
  SURVEY_REMINDER: { course: true },
  LMS_ACCOUNT_LINKED: {},
  LMS_ACCOUNT_UNLINKED: {},
};

/** The keys to refresh when a notification arrives, without repeats. */
export function keysForNotification(
  notification: Pick<Notification, 'kind' | 'team' | 'course'>,
  { endHandled = false }: { endHandled?: boolean } = {},
): QueryKey[] {
  const concerns = KIND_CONCERNS[notification.kind] ?? {};
  const keys: QueryKey[] = [notificationKeys.all, ['dashboard']];
  if (concerns.team && notification.team) keys.push(...teamKeys(notification.team.id));
  if (concerns.course) {
    if (notification.course) keys.push(...courseKeys(notification.course.id));
    keys.push(...SUMMARY_KEYS);
  }
  if (concerns.invitations) keys.push(['teams', 'my-invitations']);
  if (concerns.enrollments) keys.push(...MY_ENROLLMENT_KEYS);
  if (concerns.csv && !endHandled) keys.push(['csv']);
  if (concerns.csv === 'imported' && !endHandled) {
    keys.push(['enrollments'], ['courses'], ['organizations']);
  }
  return unique(keys);
}

function unique(keys: QueryKey[]): QueryKey[] {
  const seen = new Set<string>();
  return keys.filter((key) => {
    const text = JSON.stringify(key);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

/** A student's team pages: ['teams', 'detail', id?]; their lists sit under each detail. */
const isTeamPages = (key: QueryKey) => key[0] === 'teams' && key[1] === 'detail';

/**
 * Refreshes the queries under each key. A team's lists (requests, invitations, notices, log)
 * are the viewer's only while its detail says so (teams/api/team-reads.ts): the details are
 * refetched first, so a member just removed, or whose team was disbanded, learns it before
 * their lists are asked for again, and they are not (issue 24: no 403 after losing a team).
 */
export function invalidateKeys(
  queryClient: QueryClient,
  keys: QueryKey[],
  { cancelRefetch = true }: { cancelRefetch?: boolean } = {},
) {
  const options = { cancelRefetch };
  return Promise.all(
    keys.map(async (queryKey) => {
      if (!isTeamPages(queryKey)) return queryClient.invalidateQueries({ queryKey }, options);
      await queryClient.invalidateQueries(
        { queryKey, predicate: (q) => q.queryKey.length === 3 },
        options,
      );
      return queryClient.invalidateQueries(
        { queryKey, predicate: (q) => q.queryKey.length > 3 },
        options,
      );
    }),
  );
}

/**
 * Whether a notification's refresh leaves a read already in flight to answer instead of asking
 * again (decision 128). A finished or failed CSV upload is also seen by the page's own status
 * poll, which refetches the same lists the moment it reads the end; both come after the
 * upload's commit, so the read in flight is already the fresh one, and asking again made the
 * page read the history and the course list twice within 20 ms. (A history list polled while
 * the upload ran and still in flight is asked again by that poll's own 2 s cycle.)
 */
/**
 * Whether this notification tells of a CSV upload's end that the page's status poll already
 * saw and refreshed for (then only the notifications change). Whichever signal comes first
 * claims the end (lib/signals-once.ts): however far apart they arrive, the lists are read once.
 */
export function isUploadEndHandled(
  notification: Pick<Notification, 'kind' | 'course' | 'createdAt'>,
): boolean {
  if (KIND_CONCERNS[notification.kind]?.csv === undefined || !notification.course) return false;
  return !firstSignalOf(uploadEndEvent(notification.course.id, notification.createdAt));
}

export const joinsReadsInFlight = (notification: Pick<Notification, 'kind'>) =>
  KIND_CONCERNS[notification.kind]?.csv !== undefined;
