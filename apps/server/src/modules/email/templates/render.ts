import { createElement } from 'react';
import { render } from '@react-email/render';
import type { NotificationKind } from '@teamup/shared';
import { DigestEmail, type DigestEmailProps } from './digest-email.js';
import { NotificationEmail, type NotificationEmailProps } from './notification-email.js';
import { actionLabelFor, collapseWhitespace, digestSubjectFor, subjectFor } from './subjects.js';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface NotificationEmailInput {
  kind: NotificationKind;
  /** "Ada Lovelace". */
  recipientName: string;
  /** The notification's own sentence (`notifications/text.ts`). */
  sentence: string;
  /** Absolute URL of the place to act. */
  actionUrl: string;
  /** "CS101 · Software Engineering", or null. */
  courseLabel: string | null;
  teamName: string | null;
  /**
   * What the sender wrote beside the notification (a join request's message), shown quoted as
   * written: line breaks kept, cut at {@link QUOTE_MAX} characters. Empty or absent: no quote.
   */
  quote?: string | null;
  /** One more line of facts (a join request's "Their skills: …"), or absent. */
  details?: string | null;
  /** NOTIFICATION_KIND_LABELS[kind]: the setting the footer names. */
  kindLabel: string;
  /** Absolute URL of the email preferences (/profile). */
  preferencesUrl: string;
  /** Absolute URL of the unsubscribe page for this kind. */
  unsubscribeUrl: string;
  /** PUBLIC_URL. */
  appUrl: string;
}

export interface DigestEmailInput {
  recipientName: string;
  /** "Saturday 28 November 2026", in the recipient's time zone. */
  dateLabel: string;
  /** At least one, oldest first. */
  items: { sentence: string; url: string; timeLabel: string; courseCode: string | null }[];
  preferencesUrl: string;
  unsubscribeUrl: string;
  appUrl: string;
}

/** Only an absolute http(s) address may become an href: an email has no base to resolve against. */
function absoluteUrl(field: string, value: string): string {
  if (/^https?:\/\/[^\s/]\S*$/i.test(value) && URL.canParse(value)) return value;
  throw new TypeError(`Email template: ${field} must be an absolute http(s) URL`);
}

const optional = (value: string | null): string | null => {
  const collapsed = value === null ? '' : collapseWhitespace(value);
  return collapsed === '' ? null : collapsed;
};

/** A quoted message is cut here (a join request's message is at most 500 when it is sent). */
export const QUOTE_MAX = 600;

/** The quote as written: CRLF as LF, no trailing blanks, at most QUOTE_MAX characters. */
function quoteOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value
    .replace(/\r\n?/g, '\n')
    .replace(/\u200b/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text === '') return null;
  const chars = [...text];
  return chars.length > QUOTE_MAX ? `${chars.slice(0, QUOTE_MAX - 1).join('')}…` : text;
}

export function notificationEmailProps(input: NotificationEmailInput): NotificationEmailProps {
  const sentence = collapseWhitespace(input.sentence);
  if (sentence === '') throw new TypeError('Email template: the sentence is empty');
  return {
    subject: subjectFor(input.kind, sentence),
    recipientName: collapseWhitespace(input.recipientName) || 'there',
    sentence,
    actionUrl: absoluteUrl('actionUrl', input.actionUrl),
    actionLabel: actionLabelFor(input.kind),
    courseLabel: optional(input.courseLabel),
    teamName: optional(input.teamName),
    quote: quoteOf(input.quote),
    details: optional(input.details ?? null),
    kindLabel: collapseWhitespace(input.kindLabel),
    preferencesUrl: absoluteUrl('preferencesUrl', input.preferencesUrl),
    unsubscribeUrl: absoluteUrl('unsubscribeUrl', input.unsubscribeUrl),
    appUrl: absoluteUrl('appUrl', input.appUrl),
  };
}

async function renderBoth(element: ReturnType<typeof createElement>) {
  // Line breaks a slot keeps (a quoted message's) stay line breaks in the text part; every other
  // slot has its whitespace collapsed before it gets here, so nothing else changes.
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: { preserveNewlines: true } }),
  ]);
  return { html, text };
}

/** The notification email rendered by React for these props: the reference the cache matches. */
export async function renderNotificationEmailUncached(
  input: NotificationEmailInput,
): Promise<RenderedEmail> {
  const props = notificationEmailProps(input);
  return { subject: props.subject, ...(await renderBoth(createElement(NotificationEmail, props))) };
}

// Rendering with React costs 4 to 7 ms per email (HTML and text), too much for a batch of
// thousands. The layout only varies by which optional lines are present, so each of those
// shapes is rendered once with a marker in every text slot, split at the markers, and an email
// is the parts joined with its own values: escaped exactly as React escapes them for the HTML,
// as they are for the text. A test holds the result equal to the uncached render.
const SLOTS = [
  'subject',
  'recipientName',
  'sentence',
  'actionUrl',
  'actionLabel',
  'courseLabel',
  'teamName',
  'quote',
  'details',
  'kindLabel',
  'preferencesUrl',
  'unsubscribeUrl',
  'appUrl',
] as const satisfies readonly (keyof NotificationEmailProps)[];
const MARKER = /TEAMUPSLOT(\d+)X/g;
const marker = (index: number) => `TEAMUPSLOT${index}X`;

/** A rendered part as its fixed pieces with slot numbers between them: [text, slot, text, …]. */
type Compiled = { statics: string[]; slots: number[] };
interface Template {
  html: Compiled;
  text: Compiled;
}

function compile(rendered: string): Compiled {
  const pieces = rendered.split(MARKER);
  const statics: string[] = [];
  const slots: number[] = [];
  pieces.forEach((piece, index) =>
    index % 2 === 0 ? statics.push(piece) : slots.push(Number(piece)),
  );
  return { statics, slots };
}

function fill(compiled: Compiled, values: readonly string[], encode: (v: string) => string) {
  let out = compiled.statics[0] ?? '';
  for (let i = 0; i < compiled.slots.length; i++) {
    out += encode(values[compiled.slots[i]!] ?? '') + compiled.statics[i + 1]!;
  }
  return out;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
/** React's own escaping (text and attributes alike), so a filled slot reads as React renders it. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
const asIs = (value: string) => value;

const templates = new Map<string, Promise<Template>>();

function notificationTemplate(
  hasCourse: boolean,
  hasTeam: boolean,
  hasQuote: boolean,
  hasDetails: boolean,
): Promise<Template> {
  const key = `${hasCourse}:${hasTeam}:${hasQuote}:${hasDetails}`;
  let template = templates.get(key);
  if (!template) {
    const props = Object.fromEntries(SLOTS.map((slot, index) => [slot, marker(index)]));
    const markedProps = {
      ...props,
      courseLabel: hasCourse ? marker(SLOTS.indexOf('courseLabel')) : null,
      teamName: hasTeam ? marker(SLOTS.indexOf('teamName')) : null,
      quote: hasQuote ? marker(SLOTS.indexOf('quote')) : null,
      details: hasDetails ? marker(SLOTS.indexOf('details')) : null,
    } as NotificationEmailProps;
    template = renderBoth(createElement(NotificationEmail, markedProps)).then(({ html, text }) => ({
      html: compile(html),
      text: compile(text),
    }));
    // A failed render is not kept: the next email tries again.
    template.catch(() => templates.delete(key));
    templates.set(key, template);
  }
  return template;
}

/** One notification as an email: subject, HTML and plain text from the same component. */
export async function renderNotificationEmail(
  input: NotificationEmailInput,
): Promise<RenderedEmail> {
  const props = notificationEmailProps(input);
  const template = await notificationTemplate(
    props.courseLabel !== null,
    props.teamName !== null,
    props.quote !== null,
    props.details !== null,
  );
  const values = SLOTS.map((slot) => props[slot] ?? '');
  return {
    subject: props.subject,
    html: fill(template.html, values, escapeHtml),
    text: fill(template.text, values, asIs),
  };
}

/**
 * The daily digest. Rendered by React each time (7 to 10 ms for ten items): a recipient gets one
 * a day, and its rows vary too much to cache.
 */
export async function renderDigestEmail(input: DigestEmailInput): Promise<RenderedEmail> {
  if (input.items.length === 0) throw new TypeError('Email template: a digest needs an item');
  const props: DigestEmailProps = {
    subject: digestSubjectFor(input.items.length),
    recipientName: collapseWhitespace(input.recipientName) || 'there',
    dateLabel: collapseWhitespace(input.dateLabel),
    items: input.items.map((item, index) => ({
      sentence: collapseWhitespace(item.sentence),
      url: absoluteUrl(`items[${index}].url`, item.url),
      timeLabel: collapseWhitespace(item.timeLabel),
      courseCode: optional(item.courseCode),
    })),
    preferencesUrl: absoluteUrl('preferencesUrl', input.preferencesUrl),
    unsubscribeUrl: absoluteUrl('unsubscribeUrl', input.unsubscribeUrl),
    appUrl: absoluteUrl('appUrl', input.appUrl),
  };
  return { subject: props.subject, ...(await renderBoth(createElement(DigestEmail, props))) };
}
