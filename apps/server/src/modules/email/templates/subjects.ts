import type { NotificationKind } from '@teamup/shared';

/**
 * The button's words per kind, matching where the notification's link goes
 * (`notifications/text.ts`): a team page, the course, "My teams" or the CSV uploads.
 */
const ACTION_LABELS: Record<NotificationKind, string> = {
  JOIN_REQUEST_RECEIVED: 'Review the request',
  JOIN_REQUEST_ACCEPTED: 'Open your team',
  JOIN_REQUEST_REJECTED: 'Open the course',
  JOIN_REQUEST_WITHDRAWN: 'Open your team',
  INVITATION_RECEIVED: 'Open the invitation',
  INVITATION_ACCEPTED: 'Open your team',
  INVITATION_REJECTED: 'Open your team',
  INVITATION_CANCELLED: 'Open the course',
  REMOVED_FROM_TEAM: 'Open the course',
  TEAM_DISBANDED: 'Open the course',
  BECAME_LEADER: 'Open your team',
  NOTICE_PINNED: 'Read the notice',
  ENROLLMENT_ACTIVATED: 'Open the course',
  ENROLLMENT_ADDED: 'Open the course',
  PLACED_IN_TEAM: 'Open your team',
  CSV_UPLOAD_FINISHED: 'Review the import',
  CSV_UPLOAD_FAILED: 'See the upload',
  DEADLINE_SOON: 'Find a team',
  WAITLIST_PROMOTED: 'Open the team',
  TEAM_NUDGED: 'Open your team',
  TEAMLESS_REMINDER: 'Find a team',
  SURVEY_OPENED: 'Answer the survey',
  SURVEY_CLOSING: 'Answer the survey',
  SURVEY_REMINDER: 'Answer the survey',
  LMS_ACCOUNT_LINKED: 'See your linked accounts',
  LMS_ACCOUNT_UNLINKED: 'See your linked accounts',
};

export function actionLabelFor(kind: NotificationKind): string {
  return ACTION_LABELS[kind];
}

/** Longest subject in characters, the ellipsis included: most clients show about this much. */
export const SUBJECT_MAX_CHARS = 90;

/**
 * Whitespace as HTML and html-to-text collapse it. Every string input is collapsed first, so a
 * line break in a free-text message cannot reach a header and both parts read the same.
 */
export function collapseWhitespace(value: string): string {
  return value.replace(/[ \t\r\n\f\u200b]+/g, ' ').trim();
}

/**
 * The subject: the notification's own sentence without its final period, cut at a word with an
 * ellipsis past SUBJECT_MAX_CHARS. A CSV result keeps its first sentence only (the counts follow
 * in the body).
 */
export function subjectFor(kind: NotificationKind, sentence: string): string {
  let subject = collapseWhitespace(sentence);
  if (kind === 'CSV_UPLOAD_FINISHED') {
    const end = subject.indexOf('. ');
    if (end > 0) subject = subject.slice(0, end);
  }
  // One final period goes; an ellipsis ("...") stays.
  subject = subject.replace(/(?<!\.)\.$/, '');
  return truncate(subject, SUBJECT_MAX_CHARS);
}

/** "Your Teamup digest: 3 updates". */
export function digestSubjectFor(count: number): string {
  return `Your Teamup digest: ${count} ${count === 1 ? 'update' : 'updates'}`;
}

function truncate(text: string, max: number): string {
  // By code point, so an emoji in a name is never cut in half.
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  const lastSpace = head.lastIndexOf(' ');
  // Cut at a word when one ends in the last third; a single long word is cut where it is.
  const cut = lastSpace > (max * 2) / 3 ? head.slice(0, lastSpace) : head;
  return `${cut.replace(/[\s.,;:–—-]+$/, '')}…`;
}
