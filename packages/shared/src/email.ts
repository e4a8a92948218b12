import { z } from 'zod';
import {
  NOTIFICATION_KINDS,
  notificationAudienceSchema,
  notificationKindSchema,
  type NotificationKind,
} from './notifications.js';
import { singleLineSchema } from './text.js';

/**
 * Email (issue 26, decision 133). Every notification kind is delivered by email as the recipient
 * chooses: at once, in the daily digest, or not at all. The in-app mute is separate.
 */
export const EMAIL_MODES = ['IMMEDIATE', 'DIGEST', 'OFF'] as const;
export const emailModeSchema = z.enum(EMAIL_MODES);
export type EmailMode = z.infer<typeof emailModeSchema>;

/** How each mode is named on /profile. */
export const EMAIL_MODE_LABELS: Record<EmailMode, string> = {
  IMMEDIATE: 'Immediately',
  DIGEST: 'Daily digest',
  OFF: 'Off',
};

/**
 * The default per kind: what needs a person now is sent at once, the rest goes into the digest.
 * The database's `teamup_email_default(kind)` (migration 0026) answers the same; a test holds
 * them equal.
 */
export const EMAIL_DEFAULTS: Record<NotificationKind, EmailMode> = {
  JOIN_REQUEST_RECEIVED: 'IMMEDIATE',
  JOIN_REQUEST_ACCEPTED: 'IMMEDIATE',
  JOIN_REQUEST_REJECTED: 'IMMEDIATE',
  JOIN_REQUEST_WITHDRAWN: 'DIGEST',
  INVITATION_RECEIVED: 'IMMEDIATE',
  INVITATION_ACCEPTED: 'DIGEST',
  INVITATION_REJECTED: 'DIGEST',
  INVITATION_CANCELLED: 'DIGEST',
  REMOVED_FROM_TEAM: 'IMMEDIATE',
  TEAM_DISBANDED: 'DIGEST',
  BECAME_LEADER: 'DIGEST',
  NOTICE_PINNED: 'DIGEST',
  ENROLLMENT_ACTIVATED: 'DIGEST',
  ENROLLMENT_ADDED: 'DIGEST',
  PLACED_IN_TEAM: 'IMMEDIATE',
  CSV_UPLOAD_FINISHED: 'DIGEST',
  CSV_UPLOAD_FAILED: 'DIGEST',
  DEADLINE_SOON: 'IMMEDIATE',
  WAITLIST_PROMOTED: 'IMMEDIATE',
  TEAM_NUDGED: 'DIGEST',
  TEAMLESS_REMINDER: 'IMMEDIATE',
  SURVEY_OPENED: 'IMMEDIATE',
  SURVEY_CLOSING: 'IMMEDIATE',
  SURVEY_REMINDER: 'IMMEDIATE',
  LMS_ACCOUNT_LINKED: 'IMMEDIATE',
  LMS_ACCOUNT_UNLINKED: 'IMMEDIATE',
};

/** At most this many immediate emails per recipient per hour; the rest wait for the digest. */
export const EMAIL_IMMEDIATE_CAP_PER_HOUR = 10;
/** A temporary failure is retried (backing off, capped at an hour) for this long. */
export const EMAIL_RETRY_HOURS = 24;
/** The digest goes out at this local hour (the recipient's time zone). */
export const EMAIL_DIGEST_LOCAL_HOUR = 8;
/** An unsubscribe link works this long. */
export const EMAIL_UNSUBSCRIBE_TOKEN_DAYS = 90;
/** "Remind students without a team": once per course per this many hours. */
export const TEAMLESS_REMINDER_INTERVAL_HOURS = 24;
/** The deadline reminder goes out this many hours before the deadline (each once). */
export const DEADLINE_REMINDER_HOURS_LIST = [72, 24] as const;

/** An IANA time zone name as the browser reports it (Intl.DateTimeFormat().resolvedOptions()). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Not a time zone the server knows (an IANA name such as Europe/Paris)' },
  );

export const emailPreferencesSchema = z.object({
  /** Every kind with its mode (the default unless changed) and its default. */
  kinds: z.array(
    z.object({
      kind: notificationKindSchema,
      label: z.string(),
      mode: emailModeSchema,
      defaultMode: emailModeSchema,
    }),
  ),
  /** "All Teamup emails" turned off (by the unsubscribe page or here): nothing is sent. */
  allOff: z.boolean(),
  /** The time zone the digest follows: mine, else my organization's, else UTC. */
  timeZone: z.string(),
  /** Whether `timeZone` is mine (reported by my browser) rather than a default. */
  timeZoneIsMine: z.boolean(),
  /**
   * My address refused mail permanently (5xx): nothing is sent to it until I say my mailbox
   * works again (`resumeDelivery`).
   */
  undeliverable: z.boolean(),
  /** Whether this server sends email at all (false: SMTP not configured in production). */
  emailEnabled: z.boolean(),
  /** Whom the kinds shown to me reach (issue 35): the profile shows these groups only. */
  audiences: z.array(notificationAudienceSchema),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const updateEmailPreferencesSchema = z.strictObject({
  /** The kinds to set; kinds not listed keep their mode. */
  modes: z
    .array(z.strictObject({ kind: notificationKindSchema, mode: emailModeSchema }))
    .max(NOTIFICATION_KINDS.length)
    .optional(),
  allOff: z.boolean().optional(),
  /**
   * My address refused mail (undeliverable) and I have fixed my mailbox: send to it again (the
   * next permanent refusal marks it again).
   */
  resumeDelivery: z.literal(true).optional(),
});
export type UpdateEmailPreferences = z.infer<typeof updateEmailPreferencesSchema>;

export const updateTimeZoneSchema = z.strictObject({ timeZone: timeZoneSchema });
export type UpdateTimeZone = z.infer<typeof updateTimeZoneSchema>;

/** The signed token of an unsubscribe link (query string). */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(400) });

/** What an unsubscribe link would do (GET: changes nothing). */
export const unsubscribeInfoSchema = z.object({
  kind: notificationKindSchema.nullable(),
  /** The kind's label ("I am invited to a team"); null for a digest's link. */
  label: z.string().nullable(),
  /** The address's domain only ("example.edu"), so the page says whose mail it is about. */
  emailDomain: z.string(),
  /** The kind is already off / all emails are already off. */
  kindOff: z.boolean(),
  allOff: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

/**
 * The page's POST (JSON): `scope` KIND turns the link's kind off (a digest's link: the digest's
 * kinds), ALL turns every Teamup email off. A one-click POST from a mail client
 * (`List-Unsubscribe=One-Click`, form-encoded) is KIND.
 */
export const unsubscribeBodySchema = z.strictObject({ scope: z.enum(['KIND', 'ALL']) });
export type UnsubscribeBody = z.infer<typeof unsubscribeBodySchema>;
export const unsubscribeResultSchema = unsubscribeInfoSchema;

/** The development mailbox (only where the development sign-in is on). */
export const devMailSummarySchema = z.object({
  id: z.uuid(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  messageId: z.string(),
  createdAt: z.string(),
});
export type DevMailSummary = z.infer<typeof devMailSummarySchema>;
export const devMailSchema = devMailSummarySchema.extend({
  html: z.string(),
  text: z.string(),
  /** Every header as sent (List-Unsubscribe, In-Reply-To …). */
  headers: z.record(z.string(), z.string()),
});
export type DevMail = z.infer<typeof devMailSchema>;
export const devMailQuerySchema = z.object({
  /** Only mail to this address (case-insensitive). */
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type DevMailQuery = z.infer<typeof devMailQuerySchema>;

/** An instructor's own words added to a reminder (issue 35): one line, at most this long. */
export const REMINDER_MESSAGE_MAX = 300;

/**
 * The body of the one-click reminders (students without a team, the survey), both optional: the
 * instructor's own message, put into each notification and email after the usual sentence.
 * Single-line text (decision 142); empty or only spaces is no message.
 */
export const reminderBodySchema = z.strictObject({
  message: singleLineSchema()
    .max(REMINDER_MESSAGE_MAX, `A message has at most ${REMINDER_MESSAGE_MAX} characters`)
    .optional(),
});
export type ReminderBody = z.input<typeof reminderBodySchema>;

/** "Remind students without a team": who would get it and what it says (GET changes nothing). */
export const teamlessReminderPreviewSchema = z.object({
  recipients: z.array(z.object({ id: z.uuid(), fullname: z.string(), email: z.string() })),
  /** The notification's sentence as the students will read it. */
  text: z.string(),
  /** The email's subject. */
  subject: z.string(),
  lastSentAt: z.string().nullable(),
  /** When the button works again (null: now). */
  nextAllowedAt: z.string().nullable(),
});
export type TeamlessReminderPreview = z.infer<typeof teamlessReminderPreviewSchema>;
export const teamlessReminderResultSchema = z.object({
  sent: z.number().int().min(0),
  sentAt: z.string(),
  nextAllowedAt: z.string(),
});
export type TeamlessReminderResult = z.infer<typeof teamlessReminderResultSchema>;
