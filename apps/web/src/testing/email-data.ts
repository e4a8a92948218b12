import {
  EMAIL_DEFAULTS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type DevMail,
  type DevMailSummary,
  type EmailMode,
  type EmailPreferences,
  type NotificationKind,
  type TeamlessReminderPreview,
  type UnsubscribeInfo,
  type UpdateEmailPreferences,
} from '@teamup/shared';
import { deviceTimeZone } from '@/lib/time-zone';
import { uuid } from './data';

/** Generators for the email feature (issue 26). */

/**
 * Every kind at its default unless `modes` names it; the zone is this device's own by default,
 * so the card has nothing to report.
 */
export function createEmailPreferences(
  overrides: Partial<Omit<EmailPreferences, 'kinds'>> = {},
  modes: Partial<Record<NotificationKind, EmailMode>> = {},
): EmailPreferences {
  return {
    kinds: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      label: NOTIFICATION_KIND_LABELS[kind],
      mode: modes[kind] ?? EMAIL_DEFAULTS[kind],
      defaultMode: EMAIL_DEFAULTS[kind],
    })),
    allOff: false,
    timeZone: deviceTimeZone() ?? 'UTC',
    timeZoneIsMine: true,
    undeliverable: false,
    emailEnabled: true,
    audiences: ['STUDENT', 'COURSE_STAFF', 'EVERYONE'],
    ...overrides,
  };
}

/** `prefs` after the server applied `body` (the kinds listed change, the others stay). */
export function applyEmailUpdate(
  prefs: EmailPreferences,
  body: UpdateEmailPreferences,
): EmailPreferences {
  const changed = new Map((body.modes ?? []).map((m) => [m.kind, m.mode]));
  return {
    ...prefs,
    allOff: body.allOff ?? prefs.allOff,
    undeliverable: body.resumeDelivery ? false : prefs.undeliverable,
    kinds: prefs.kinds.map((k) => ({ ...k, mode: changed.get(k.kind) ?? k.mode })),
  };
}

export function createUnsubscribeInfo(overrides: Partial<UnsubscribeInfo> = {}): UnsubscribeInfo {
  return {
    kind: 'INVITATION_RECEIVED',
    label: NOTIFICATION_KIND_LABELS.INVITATION_RECEIVED,
    emailDomain: 'student.northfield.edu',
    kindOff: false,
    allOff: false,
    ...overrides,
  };
}

let minutes = 0;

export function createDevMailSummary(overrides: Partial<DevMailSummary> = {}): DevMailSummary {
  minutes += 1;
  const id = overrides.id ?? uuid();
  return {
    id,
    to: 'sam.okafor@student.northfield.edu',
    from: 'Teamup <no-reply@teamup.test>',
    subject: 'Maya Chen invited you to Byte Club',
    messageId: `<${id}@teamup.test>`,
    createdAt: new Date(Date.now() - minutes * 60_000).toISOString(),
    ...overrides,
  };
}

export function createDevMail(overrides: Partial<DevMail> = {}): DevMail {
  const summary = createDevMailSummary(overrides);
  return {
    ...summary,
    html: `<!doctype html><html><body><h1>${summary.subject}</h1><p>Open Teamup to answer.</p></body></html>`,
    text: `${summary.subject}\n\nOpen Teamup to answer: http://teamup.test/teams/my`,
    headers: {
      'message-id': summary.messageId,
      'list-unsubscribe': '<http://teamup.test/api/v1/email/unsubscribe?token=tok-123456789>',
      'list-unsubscribe-post': 'List-Unsubscribe=One-Click',
      subject: summary.subject,
    },
    ...overrides,
  };
}

export function createTeamlessReminderPreview(
  overrides: Partial<TeamlessReminderPreview> = {},
): TeamlessReminderPreview {
  return {
    recipients: [
      { id: uuid(), fullname: 'Sam Okafor', email: 'sam.okafor@student.northfield.edu' },
      { id: uuid(), fullname: 'Lena Park', email: 'lena.park@student.northfield.edu' },
    ],
    text: 'Your instructor reminds you that you have no team in CS-401 yet.',
    subject: 'You have no team in CS-401 yet',
    lastSentAt: null,
    nextAllowedAt: null,
    ...overrides,
  };
}
