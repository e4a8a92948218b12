// The SMTP side of email (issue 26, decision 133): one nodemailer transport per process, and what
// a failed send means for the outbox: a reply of 4xx or a lost connection is worth a retry, a
// 5xx reply is final. Nothing here writes a message body or a whole address to a log.
import nodemailer from 'nodemailer';

/** One email as the worker hands it over; the Message-ID is the notification's, kept on retries. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `<…@host>`: the same on every attempt, so a retry that did arrive shows once. */
  messageId: string;
  /** Threading: the team's root id (`<team-…@host>`). */
  inReplyTo?: string;
  references?: string[];
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export type SendOutcome =
  | { ok: true }
  | {
      ok: false;
      /** A 5xx reply: do not try again, and mark the address undeliverable. */
      permanent: boolean;
      /** The SMTP reply code, when the server answered one. */
      code: number | null;
    };

export interface MailTransport {
  send(message: MailMessage): Promise<SendOutcome>;
  close(): void;
}

/** What a nodemailer failure means for the outbox: an SMTP reply code, or none (the network). */
export function classifySendError(error: unknown): Extract<SendOutcome, { ok: false }> {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  if (typeof code === 'number' && code >= 400 && code < 600) {
    return { ok: false, permanent: code >= 500, code };
  }
  return { ok: false, permanent: false, code: null };
}

/** The recipient's domain, the most of an address a log line may carry. */
export const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1);

export interface SmtpTransportOptions {
  /** DKIM signing (nodemailer's own), when configured. */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** Connections kept open to the server (the worker sends this many at once). */
  maxConnections?: number;
}

/**
 * A transport to `smtpUrl` (`smtp://user:pass@host:587`: STARTTLS when the server offers it;
 * `smtps://…:465`: TLS from the start), sending as `from`. A small pool of connections, reused
 * between messages; a connection that hangs fails the send within seconds (temporary).
 */
export function createSmtpTransport(
  smtpUrl: string,
  from: string,
  options: SmtpTransportOptions = {},
): MailTransport {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    pool: true,
    maxConnections: options.maxConnections ?? 4,
    maxMessages: 1000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(options.dkim ? { dkim: options.dkim } : {}),
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          messageId: message.messageId,
          inReplyTo: message.inReplyTo,
          references: message.references,
          headers: message.headers,
        });
        return { ok: true };
      } catch (error) {
        return classifySendError(error);
      }
    },
    close() {
      transport.close();
    },
  };
}
