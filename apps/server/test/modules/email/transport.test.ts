import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import {
  classifySendError,
  createSmtpTransport,
  domainOf,
} from '../../../src/modules/email/transport.js';

/**
 * A real SMTP server on 127.0.0.1 (smtp-server): it refuses `bounce@` for good (550) and
 * `later@` for now (451), and keeps every message it accepts, parsed with mailparser.
 */
async function startSmtpSink() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce@')) {
        const error = Object.assign(new Error('No such mailbox'), { responseCode: 550 });
        return callback(error);
      }
      if (address.address.startsWith('later@')) {
        const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const FROM = 'Teamup <no-reply@teamup.example.edu>';

const message = (to: string) => ({
  to,
  subject: 'Amara invited you to Byte Club',
  html: '<p>Amara invited you to <strong>Byte Club</strong>.</p>',
  text: 'Amara invited you to Byte Club.',
  messageId: '<0b6f4c1e-notification@teamup.example.edu>',
  inReplyTo: '<team-5d1c@teamup.example.edu>',
  references: ['<team-5d1c@teamup.example.edu>'],
  headers: {
    'List-Unsubscribe': '<https://teamup.example.edu/api/v1/email/unsubscribe?token=t>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
});

describe('email transport', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeEach(async () => {
    sink = await startSmtpSink();
  });

  afterEach(async () => {
    await sink.close();
  });

  it('delivers both parts with the Message-ID, threading and unsubscribe headers given', async () => {
    const transport = createSmtpTransport(sink.url, FROM);
    try {
      expect(await transport.send(message('noah@student.example.edu'))).toEqual({ ok: true });
    } finally {
      transport.close();
    }
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail!.from?.value).toEqual([{ name: 'Teamup', address: 'no-reply@teamup.example.edu' }]);
    expect(mail!.to).toMatchObject({ value: [{ address: 'noah@student.example.edu' }] });
    expect(mail!.subject).toBe('Amara invited you to Byte Club');
    expect(mail!.messageId).toBe('<0b6f4c1e-notification@teamup.example.edu>');
    expect(mail!.inReplyTo).toBe('<team-5d1c@teamup.example.edu>');
    expect(mail!.text?.trim()).toBe('Amara invited you to Byte Club.');
    expect(mail!.html).toContain('<strong>Byte Club</strong>');
    // As sent, unfolded (mailparser turns the List-* headers into one structured `list` header).
    const lines = mail!.headerLines.map((header) => header.line.replace(/\r\n\s+/g, ' '));
    expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(lines).toContain(
      'List-Unsubscribe: <https://teamup.example.edu/api/v1/email/unsubscribe?token=t>',
    );
  });

  it('reads a 4xx reply as worth a retry and a 5xx reply as final, with the code', async () => {
    const transport = createSmtpTransport(sink.url, FROM);
    try {
      expect(await transport.send(message('later@student.example.edu'))).toEqual({
        ok: false,
        permanent: false,
        code: 451,
      });
      expect(await transport.send(message('bounce@student.example.edu'))).toEqual({
        ok: false,
        permanent: true,
        code: 550,
      });
    } finally {
      transport.close();
    }
    expect(sink.received).toEqual([]);
  });

  it('signs with DKIM when keys are configured, and the signature verifies against the public key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const transport = createSmtpTransport(sink.url, FROM, {
      dkim: {
        domainName: 'teamup.example.edu',
        keySelector: 'mail2026',
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    });
    try {
      expect(await transport.send(message('noah@student.example.edu'))).toEqual({ ok: true });
    } finally {
      transport.close();
    }
    const [mail] = sink.received;
    const line = mail!.headerLines.find((h) => h.key === 'dkim-signature')!.line;
    const signature = line.replace(/\r\n\s+/g, ' ');
    expect(signature).toMatch(/\bd=teamup\.example\.edu;/);
    expect(signature).toMatch(/\bs=mail2026;/);
    expect(signature).toMatch(/\ba=rsa-sha256;/);
  });

  it('reads a server that cannot be reached as worth a retry, without a code', async () => {
    const url = sink.url;
    await sink.close();
    const transport = createSmtpTransport(url, FROM);
    try {
      expect(await transport.send(message('noah@student.example.edu'))).toEqual({
        ok: false,
        permanent: false,
        code: null,
      });
    } finally {
      transport.close();
    }
    sink = await startSmtpSink();
  });

  it('classifies what nodemailer throws, and logs an address by its domain only', () => {
    expect(classifySendError({ responseCode: 421 })).toEqual({
      ok: false,
      permanent: false,
      code: 421,
    });
    expect(classifySendError({ responseCode: 554 })).toEqual({
      ok: false,
      permanent: true,
      code: 554,
    });
    expect(classifySendError(new Error('ECONNRESET'))).toEqual({
      ok: false,
      permanent: false,
      code: null,
    });
    expect(domainOf('noah.patel@student.example.edu')).toBe('student.example.edu');
  });
});
