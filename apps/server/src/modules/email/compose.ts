// From a claimed outbox row to the email that goes out (issue 26, decision 133): the
// notification's own sentence and place to act, made absolute with PUBLIC_URL; one Message-ID per
// notification (the same on every retry); a team's mail threaded under one root id; the
// RFC 8058 unsubscribe headers. Names come from the rows as they are at send time; no address
// of another person is ever put in an email (the sentences name people, never their emails).
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@teamup/shared';
import { describeNotification } from '../../lib/notification-text.js';
import type { ClaimedDelivery, OutboxNotification } from './outbox.js';
import { renderDigestEmail, renderNotificationEmail } from './templates/index.js';
import type { MailMessage } from './transport.js';
import type { UnsubscribeTarget, UnsubscribeTokens } from './unsubscribe-token.js';

export interface ComposeContext {
  publicUrl: string;
  tokens: UnsubscribeTokens;
  /** `List-Unsubscribe: <mailto:…>` too, when configured. */
  unsubscribeMailto?: string;
}

const hostOf = (publicUrl: string) => new URL(publicUrl).hostname;

/** The Message-ID of a notification's email: kept on every retry, so a repeat shows once. */
export const notificationMessageId = (publicUrl: string, notificationId: string) =>
  `<${notificationId}@${hostOf(publicUrl)}>`;
/** The root every email about a team answers, so a mail client threads them. */
export const teamThreadId = (publicUrl: string, teamId: string) =>
  `<team-${teamId}@${hostOf(publicUrl)}>`;

function unsubscribe(ctx: ComposeContext, userId: string, target: UnsubscribeTarget) {
  const token = ctx.tokens.sign({ userId, target });
  const query = `token=${encodeURIComponent(token)}`;
  const oneClick = `${ctx.publicUrl}/api/v1/email/unsubscribe?${query}`;
  const mailto = ctx.unsubscribeMailto
    ? `, <mailto:${ctx.unsubscribeMailto}?subject=${encodeURIComponent(`unsubscribe ${token}`)}>`
    : '';
  return {
    pageUrl: `${ctx.publicUrl}/email/unsubscribe?${query}`,
    headers: {
      'List-Unsubscribe': `<${oneClick}>${mailto}`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** At most this many of the applicant's skills are named in a join request's email. */
const SKILLS_SHOWN = 12;

/** A join request's message and the applicant's skills, for the leader (issue 35, item 16). */
function requestLines(n: OutboxNotification): { quote: string | null; details: string | null } {
  if (n.kind !== 'JOIN_REQUEST_RECEIVED' || !n.request) return { quote: null, details: null };
  const skills = n.request.skills.filter((s) => s.trim() !== '');
  const shown = skills.slice(0, SKILLS_SHOWN).join(', ');
  const more = skills.length > SKILLS_SHOWN ? ` and ${skills.length - SKILLS_SHOWN} more` : '';
  const who = n.actor?.fullname ?? 'The student';
  return {
    quote: n.request.message,
    details:
      skills.length > 0
        ? `${who}'s skills: ${shown}${more}.`
        : `${who} has not listed any skills on their profile.`,
  };
}

function sentenceOf(n: OutboxNotification) {
  return describeNotification(n.kind, {
    actor: n.actor,
    team: n.team,
    course: n.course,
    data: n.data ?? {},
  });
}

/** A notification's email. */
export async function composeNotification(
  ctx: ComposeContext,
  delivery: ClaimedDelivery,
  n: OutboxNotification,
): Promise<MailMessage> {
  const { text: sentence, link } = sentenceOf(n);
  const links = unsubscribe(ctx, delivery.userId, n.kind);
  const rendered = await renderNotificationEmail({
    kind: n.kind,
    recipientName: delivery.fullname,
    sentence,
    actionUrl: `${ctx.publicUrl}${link}`,
    courseLabel: n.course ? `${n.course.code} · ${n.course.title}` : null,
    teamName: n.team?.name ?? null,
    ...requestLines(n),
    kindLabel: NOTIFICATION_KIND_LABELS[n.kind as NotificationKind],
    preferencesUrl: `${ctx.publicUrl}/profile`,
    unsubscribeUrl: links.pageUrl,
    appUrl: ctx.publicUrl,
  });
  const thread = n.team ? teamThreadId(ctx.publicUrl, n.team.id) : undefined;
  return {
    to: delivery.email,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    messageId: notificationMessageId(ctx.publicUrl, n.id),
    ...(thread ? { inReplyTo: thread, references: [thread] } : {}),
    headers: links.headers,
  };
}

/** "Saturday 28 November 2026" and "14:05" in the recipient's zone. */
function inZone(timeZone: string, iso: string) {
  const at = new Date(iso);
  const safe = (() => {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone });
      return timeZone;
    } catch {
      return 'UTC';
    }
  })();
  return {
    date: new Intl.DateTimeFormat('en-GB', {
      timeZone: safe,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(at),
    time: new Intl.DateTimeFormat('en-GB', {
      timeZone: safe,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(at),
  };
}

/** A digest's email (its Message-ID is the digest row's own). */
export async function composeDigest(
  ctx: ComposeContext,
  delivery: ClaimedDelivery,
): Promise<MailMessage> {
  const links = unsubscribe(ctx, delivery.userId, 'DIGEST');
  const rendered = await renderDigestEmail({
    recipientName: delivery.fullname,
    dateLabel: inZone(delivery.timeZone, new Date().toISOString()).date,
    items: delivery.items.map((n) => {
      const { text, link } = sentenceOf(n);
      return {
        sentence: text,
        url: `${ctx.publicUrl}${link}`,
        timeLabel: inZone(delivery.timeZone, n.createdAt).time,
        courseCode: n.course?.code ?? null,
      };
    }),
    preferencesUrl: `${ctx.publicUrl}/profile`,
    unsubscribeUrl: links.pageUrl,
    appUrl: ctx.publicUrl,
  });
  return {
    to: delivery.email,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    messageId: `<digest-${delivery.id}@${hostOf(ctx.publicUrl)}>`,
    headers: links.headers,
  };
}
