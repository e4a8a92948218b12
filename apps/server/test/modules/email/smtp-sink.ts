import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  received: ParsedMail[];
  /** Refuse the next `times` deliveries to `address` with `code` (451: later, 550: never). */
  refuse(address: string, code: number, times?: number): void;
  /** Resolves once `count` messages have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps every message it accepts, parsed
 * with mailparser, and refuses addresses as a test tells it to.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const refusals = new Map<string, { code: number; times: number }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (refusal && refusal.times > 0) {
        refusal.times--;
        const error = Object.assign(
          new Error(refusal.code >= 500 ? 'No such mailbox' : 'Try again later'),
          {
            responseCode: refusal.code,
          },
        );
        return callback(error);
      }
      return callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // A sender that dies mid-transaction (a crash test) resets its connection: not the sink's end.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(address, code, times = Number.POSITIVE_INFINITY) {
      refusals.set(address.toLowerCase(), { code, times });
    },
    async waitFor(count, ms = 10_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) {
          throw new Error(`expected ${count} messages, got ${received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header's value as sent, unfolded (mailparser folds List-* headers into one `list`). */
export function header(mail: ParsedMail, name: string): string {
  const wanted = name.toLowerCase();
  const line = mail.headerLines.find((h) => h.key === wanted);
  if (!line) return '';
  const unfolded = line.line.replace(/\r\n\s+/g, ' ');
  return unfolded.slice(unfolded.indexOf(':') + 1).trim();
}
