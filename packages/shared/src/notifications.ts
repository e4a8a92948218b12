// Notifications and the live stream (issue 14, decision 111). A notification is stored per user
// in the same transaction as the change that causes it; GET /events streams them (and "changed"
// hints that tell open screens what to refetch) as Server-Sent Events.
import { z } from 'zod';
import { paginationQuerySchema } from './api.js';

/** What happened, one kind per sentence a user reads. Preferences mute kinds. */
export const NOTIFICATION_KINDS = [
  'JOIN_REQUEST_RECEIVED',
  'JOIN_REQUEST_ACCEPTED',
  'JOIN_REQUEST_REJECTED',
  'JOIN_REQUEST_WITHDRAWN',
  'INVITATION_RECEIVED',
  'INVITATION_ACCEPTED',
  'INVITATION_REJECTED',
  'INVITATION_CANCELLED',
  'REMOVED_FROM_TEAM',
  'TEAM_DISBANDED',
  'BECAME_LEADER',
  'NOTICE_PINNED',
  'ENROLLMENT_ACTIVATED',
  'ENROLLMENT_ADDED',
  'PLACED_IN_TEAM',
  'CSV_UPLOAD_FINISHED',
  'CSV_UPLOAD_FAILED',
  'DEADLINE_SOON',
  'WAITLIST_PROMOTED',
  'TEAM_NUDGED',
  // Issue 26: an instructor's "Remind students without a team".
  'TEAMLESS_REMINDER',
  // Issue 27: a course's formation survey opens, closes in 48 or 24 hours, or an instructor reminds.
  'SURVEY_OPENED',
  'SURVEY_CLOSING',
  'SURVEY_REMINDER',
  // Issue 34 (decision 141): an LMS account now opens my account, or no longer does.
  'LMS_ACCOUNT_LINKED',
  'LMS_ACCOUNT_UNLINKED',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** How each kind is named in the preferences (on /profile). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  JOIN_REQUEST_RECEIVED: 'Someone asks to join my team',
  JOIN_REQUEST_ACCEPTED: 'My join request is accepted',
  JOIN_REQUEST_REJECTED: 'My join request is declined',
  JOIN_REQUEST_WITHDRAWN: 'A join request to my team is withdrawn',
  INVITATION_RECEIVED: 'I am invited to a team',
  INVITATION_ACCEPTED: 'My invitation is accepted',
  INVITATION_REJECTED: 'My invitation is declined',
  INVITATION_CANCELLED: 'An invitation to me is cancelled',
  REMOVED_FROM_TEAM: 'I am removed from a team',
  TEAM_DISBANDED: 'My team is disbanded',
  BECAME_LEADER: 'I become a team leader',
  NOTICE_PINNED: 'A notice is pinned in my team',
  ENROLLMENT_ACTIVATED: 'My enrollment is activated',
  ENROLLMENT_ADDED: 'I am added to a course',
  PLACED_IN_TEAM: 'An admin places me in a team',
  CSV_UPLOAD_FINISHED: 'My CSV upload finished',
  CSV_UPLOAD_FAILED: 'My CSV upload failed',
  DEADLINE_SOON: 'A team formation deadline is in 72 or 24 hours and I have no team',
  WAITLIST_PROMOTED: 'A seat opens for a waitlisted request (mine, or one to my team)',
  TEAM_NUDGED: 'An admin nudges my team',
  TEAMLESS_REMINDER: 'An instructor reminds me that I have no team yet',
  SURVEY_OPENED: 'A team formation survey opens in my course',
  SURVEY_CLOSING: 'A survey I have not submitted closes in 48 or 24 hours',
  SURVEY_REMINDER: 'An instructor reminds me to answer a survey',
  LMS_ACCOUNT_LINKED: 'An LMS account is linked to my account',
  LMS_ACCOUNT_UNLINKED: 'An LMS account is unlinked from my account',
};

/**
 * Who a kind of notification can reach (issue 35, item 15): STUDENT, someone enrolled in a course
 * (or a student account not yet in one); COURSE_STAFF, an instructor or TA of a course, or an
 * organization admin (they upload rosters); EVERYONE. The profile shows a person the groups of
 * their audiences only; the server keeps and accepts every kind's setting all the same.
 */
export const NOTIFICATION_AUDIENCES = ['STUDENT', 'COURSE_STAFF', 'EVERYONE'] as const;
export const notificationAudienceSchema = z.enum(NOTIFICATION_AUDIENCES);
export type NotificationAudience = z.infer<typeof notificationAudienceSchema>;

export interface NotificationKindGroup {
  id: string;
  title: string;
  audience: NotificationAudience;
  kinds: readonly NotificationKind[];
}

/** Every kind in exactly one group, in the order the profile shows them. */
export const NOTIFICATION_KIND_GROUPS: readonly NotificationKindGroup[] = [
  {
    id: 'teams',
    title: 'Your teams',
    audience: 'STUDENT',
    kinds: [
      'BECAME_LEADER',
      'NOTICE_PINNED',
      'PLACED_IN_TEAM',
      'REMOVED_FROM_TEAM',
      'TEAM_DISBANDED',
      'TEAM_NUDGED',
      'WAITLIST_PROMOTED',
    ],
  },
  {
    id: 'asks',
    title: 'Invitations and requests',
    audience: 'STUDENT',
    kinds: [
      'JOIN_REQUEST_RECEIVED',
      'JOIN_REQUEST_WITHDRAWN',
      'JOIN_REQUEST_ACCEPTED',
      'JOIN_REQUEST_REJECTED',
      'INVITATION_RECEIVED',
      'INVITATION_CANCELLED',
      'INVITATION_ACCEPTED',
      'INVITATION_REJECTED',
    ],
  },
  {
    id: 'courses',
    title: 'Your courses and surveys',
    audience: 'STUDENT',
    kinds: [
      'ENROLLMENT_ADDED',
      'ENROLLMENT_ACTIVATED',
      'DEADLINE_SOON',
      'TEAMLESS_REMINDER',
      'SURVEY_OPENED',
      'SURVEY_CLOSING',
      'SURVEY_REMINDER',
    ],
  },
  {
    id: 'teaching',
    title: 'Courses you teach or run',
    audience: 'COURSE_STAFF',
    kinds: ['CSV_UPLOAD_FINISHED', 'CSV_UPLOAD_FAILED'],
  },
  {
    id: 'account',
    title: 'Your account',
    audience: 'EVERYONE',
    kinds: ['LMS_ACCOUNT_LINKED', 'LMS_ACCOUNT_UNLINKED'],
  },
];

/** The groups a person with these audiences is shown, in order (an empty group is left out). */
export function kindGroupsFor(
  audiences: readonly NotificationAudience[],
): readonly NotificationKindGroup[] {
  return NOTIFICATION_KIND_GROUPS.filter(
    (g) => g.audience === 'EVERYONE' || audiences.includes(g.audience),
  );
}

/** Notifications are kept this long, read or not (the retention job deletes older ones). */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** DEADLINE_SOON goes out once per course and deadline, this long before it. */
export const DEADLINE_REMINDER_HOURS = 24;
/** The live stream's heartbeat (a comment line), so proxies keep the connection open. */
export const EVENTS_HEARTBEAT_SECONDS = 25;
/** Open streams per user; opening one more closes the oldest. */
export const EVENTS_MAX_STREAMS_PER_USER = 5;
/** The PostgreSQL channel every process LISTENs on (server side; payloads are internal). */
export const EVENTS_CHANNEL = 'teamup_events';

const refSchema = z.object({ id: z.uuid(), name: z.string() });

/** One notification as the API shows it: a sentence and the place to act. */
export const notificationSchema = z.object({
  id: z.uuid(),
  /** Ordered per user; the live stream's event id, sent back as Last-Event-ID on reconnect. */
  seq: z.number().int(),
  kind: notificationKindSchema,
  /** What happened, in a sentence a student understands ("Ada Lovelace asked to join Rockets"). */
  text: z.string(),
  /** The web app's path of the place to act ("/teams/…", "/courses/…"). */
  link: z.string(),
  /** Who caused it; null for the system (a reminder) or an account that is gone. */
  actor: z.object({ id: z.uuid(), fullname: z.string(), avatar: z.string().nullable() }).nullable(),
  team: refSchema.nullable(),
  course: z.object({ id: z.uuid(), code: z.string(), title: z.string() }).nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = paginationQuerySchema.extend({
  /** `true`: only the unread ones. */
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const readAllResultSchema = z.object({ marked: z.number().int().min(0) });
export type ReadAllResult = z.infer<typeof readAllResultSchema>;

export const notificationPreferencesSchema = z.object({
  /** Every kind with whether it is muted: a muted kind is neither stored nor streamed. */
  kinds: z.array(z.object({ kind: notificationKindSchema, label: z.string(), muted: z.boolean() })),
  /** Whom the kinds shown to me reach (issue 35): the profile shows these groups only. */
  audiences: z.array(notificationAudienceSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesSchema = z.strictObject({
  /** The kinds to mute; every other kind is shown. */
  muted: z.array(notificationKindSchema).max(NOTIFICATION_KINDS.length),
});
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/**
 * What the live stream sends (`event:` names). `notification`: a Notification as data, with its
 * seq as the event id. `changed`: what to refetch. `unread`: the new unread count after reads
 * elsewhere (another tab marked them read).
 */
export const STREAM_EVENTS = ['notification', 'changed', 'unread'] as const;
export type StreamEventName = (typeof STREAM_EVENTS)[number];

/** A "changed" event: the things that changed; open screens refresh the matching queries. */
export const changedEventSchema = z.object({
  teamIds: z.array(z.uuid()),
  courseIds: z.array(z.uuid()),
  /** My own enrollments changed (added, activated, ended). */
  enrollments: z.boolean(),
});
export type ChangedEvent = z.infer<typeof changedEventSchema>;

/**
 * The "changed" event that names nothing (no team, no course) and says my enrollments changed:
 * refetch everything. The stream sends it when it may have missed events: the server's
 * listening connection was lost and is back, or a replay after Last-Event-ID was cut at
 * EVENTS_REPLAY_LIMIT (decision 113). An ordinary "changed" event always names a course; its
 * `teamIds` is empty when more teams of the course changed at once than a payload names (50),
 * so a course id stands for all of its teams then.
 */
export const REFETCH_ALL_EVENT: ChangedEvent = { teamIds: [], courseIds: [], enrollments: true };
export function isRefetchAll(event: ChangedEvent): boolean {
  return event.courseIds.length === 0 && event.teamIds.length === 0;
}
/** Notifications replayed after a Last-Event-ID at most; more missed: REFETCH_ALL_EVENT. */
export const EVENTS_REPLAY_LIMIT = 100;
/** GET /events' query (for clients that cannot send the Last-Event-ID header). */
export const eventsQuerySchema = z.object({
  /** The seq of the last notification received: the ones after it are replayed first. */
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/, 'A notification seq (digits)')
    .optional(),
});
export type EventsQuery = z.infer<typeof eventsQuerySchema>;
