// The development mailbox (issue 26, decision 133): where the development sign-in is on and no
// SMTP_URL is set, every email is kept in the `dev_mail` table instead of leaving the machine,
// so the mail of every process is in one place, readable at /dev/mail and GET /api/v1/dev/mail.
import { desc, eq, sql } from 'drizzle-orm';
import type { DevMail, DevMailQuery, DevMailSummary } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { devMail } from '../../db/schema/index.js';
import { notFound } from '../../plugins/errors.js';
import type { MailMessage, MailTransport } from './transport.js';

/** The newest this many are kept. */
export const DEV_MAIL_KEEP = 1000;

export function createDevMailboxTransport(db: DbOrTx, from: string): MailTransport {
  let sent = 0;
  return {
    async send(message: MailMessage) {
      const headers: Record<string, string> = {
        from,
        to: message.to,
        subject: message.subject,
        'message-id': message.messageId,
        ...(message.inReplyTo ? { 'in-reply-to': message.inReplyTo } : {}),
        ...(message.references ? { references: message.references.join(' ') } : {}),
        ...Object.fromEntries(
          Object.entries(message.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
        ),
      };
      await db.insert(devMail).values({
        toAddress: message.to,
        fromAddress: from,
        subject: message.subject,
        messageId: message.messageId,
        html: message.html,
        text: message.text,
        headers,
      });
      if (++sent % 100 === 0) {
        await db.execute(sql`delete from dev_mail where id not in
          (select id from dev_mail order by created_at desc limit ${DEV_MAIL_KEEP})`);
      }
      return { ok: true };
    },
    close() {},
  };
}

const summaryColumns = {
  id: devMail.id,
  to: devMail.toAddress,
  from: devMail.fromAddress,
  subject: devMail.subject,
  messageId: devMail.messageId,
  createdAt: sql<string>`to_char(${devMail.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

export async function listDevMail(db: DbOrTx, query: DevMailQuery): Promise<DevMailSummary[]> {
  const base = db.select(summaryColumns).from(devMail);
  const filtered = query.to
    ? base.where(eq(devMail.toAddress, query.to.trim().toLowerCase()))
    : base;
  return filtered.orderBy(desc(devMail.createdAt), desc(devMail.id)).limit(query.limit);
}

export async function getDevMail(db: DbOrTx, id: string): Promise<DevMail> {
  const [row] = await db
    .select({ ...summaryColumns, html: devMail.html, text: devMail.text, headers: devMail.headers })
    .from(devMail)
    .where(eq(devMail.id, id));
  if (!row) throw notFound('Message not found');
  return row;
}
