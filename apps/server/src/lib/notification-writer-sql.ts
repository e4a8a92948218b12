import { sql, type SQL } from 'drizzle-orm';

// What the notification writers in TypeScript (the CSV result, the deadline and teamless
// reminders) share with the database's own writer (`teamup_notifications_from_audit`, migration
// 0026): a row is written when the user wants the kind in the app or by email, and a kind muted
// in the app is written read and hidden (`shown_in_app` false), kept only for its email.
// `u` is the recipient's users row.

/** The WHERE condition: the kind is wanted in the app or by email. */
export const wantedSql = (kind: string): SQL =>
  sql`(NOT (${kind} = ANY (u.muted_notification_kinds)) OR teamup_email_mode(u.id, ${kind}) <> 'OFF')`;

/** The values of `shown_in_app, read_at`. */
export const inAppSql = (kind: string): SQL =>
  sql`NOT (${kind} = ANY (u.muted_notification_kinds)),
      CASE WHEN ${kind} = ANY (u.muted_notification_kinds) THEN now() END`;
