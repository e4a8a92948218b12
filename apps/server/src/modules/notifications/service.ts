// A user's notifications (issue 14, decision 111). The rows are written in the transaction of the
// change that causes them (see decision 111); this module reads them as the API and the live
// stream show them.
import { sql, type SQL } from 'drizzle-orm';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationsQuery,
  type Paginated,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';
import { notFound } from '../../plugins/errors.js';
import { describeNotification } from '../../lib/notification-text.js';
import { audiencesOf, audiencesSql } from '../../lib/notification-audiences.js';

interface NotificationRow {
  id: string;
  seq: string | number;
  user_id: string;
  kind: NotificationKind;
  data: Record<string, unknown>;
  created_at: string;
  read_at: string | null;
  actor: Notification['actor'];
  team: Notification['team'];
  course: Notification['course'];
}

/** The columns every read selects (`n` is notifications), with the actor, team and course. */
const NOTIFICATION_COLUMNS = sql`n.id, n.seq, n.user_id, n.kind, n.data,
  to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(n.read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as read_at,
  case when a.id is null then null
    else json_build_object('id', a.id, 'fullname', a.fullname, 'avatar', a.avatar) end as actor,
  case when t.id is null then null else json_build_object('id', t.id, 'name', t.name) end as team,
  case when c.id is null then null
    else json_build_object('id', c.id, 'code', c.code, 'title', c.title) end as course`;
const NOTIFICATION_JOINS = sql`left join users a on a.id = n.actor_id
  left join teams t on t.id = n.team_id
  left join courses c on c.id = n.course_id`;

function toNotification(row: NotificationRow): Notification {
  const { text, link } = describeNotification(row.kind, {
    actor: row.actor,
    team: row.team,
    course: row.course,
    data: row.data,
  });
  return {
    id: row.id,
    seq: Number(row.seq),
    kind: row.kind,
    text,
    link,
    actor: row.actor,
    team: row.team,
    course: row.course,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

async function rowsOf(query: PromiseLike<unknown>): Promise<NotificationRow[]> {
  return ((await query) as { rows: NotificationRow[] }).rows;
}

/** The notifications with these seqs (the live stream's lookup), each with its user. */
export async function notificationsBySeq(
  db: DbOrTx,
  seqs: number[],
): Promise<{ userId: string; notification: Notification }[]> {
  if (seqs.length === 0) return [];
  const rows = await rowsOf(
    db.execute(sql`select ${NOTIFICATION_COLUMNS} from notifications n ${NOTIFICATION_JOINS}
      where n.seq = any(${`{${seqs.join(',')}}`}::bigint[]) and n.shown_in_app order by n.seq`),
  );
  return rows.map((row) => ({ userId: row.user_id, notification: toNotification(row) }));
}

/** A user's notifications after `afterSeq`, oldest first, at most `limit` (the stream's replay). */
export async function notificationsAfter(
  db: DbOrTx,
  userId: string,
  afterSeq: number,
  limit: number,
): Promise<Notification[]> {
  const rows = await rowsOf(
    db.execute(sql`select ${NOTIFICATION_COLUMNS} from notifications n ${NOTIFICATION_JOINS}
      where n.user_id = ${userId} and n.seq > ${afterSeq} and n.shown_in_app
      order by n.seq limit ${limit}`),
  );
  return rows.map(toNotification);
}

// ---------------------------------------------------------------------------------------
// The API: one statement per call, the caller's own rows only (another user's id is a 404).

const named = (db: DbOrTx, query: SQL) => rowsOf(executeNamed(db, 'notifications', query));
async function namedRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await executeNamed(db, 'notifications', query)) as { rows: T[] }).rows;
}

/** A page of the user's notifications, newest first (only the unread ones when asked). */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  query: NotificationsQuery,
): Promise<Paginated<Notification>> {
  // Issue 26: a row kept only for email (muted in the app) is not listed.
  const unread = query.unread ? sql`and n.read_at is null` : sql`and n.shown_in_app`;
  const offset = (query.page - 1) * query.limit;
  const rows = await namedRows<Partial<NotificationRow> & { total: string | number }>(
    db,
    sql`select (select count(*) from notifications n where n.user_id = ${userId} ${unread}) as total,
        p.*
      from (select 1) as one
      left join lateral (
        select ${NOTIFICATION_COLUMNS} from notifications n ${NOTIFICATION_JOINS}
        where n.user_id = ${userId} ${unread}
        order by n.seq desc limit ${query.limit} offset ${offset}
      ) as p on true
      order by p.seq desc`,
  );
  return {
    items: rows
      .filter((row): row is NotificationRow & { total: string } => Boolean(row.id))
      .map(toNotification),
    page: query.page,
    limit: query.limit,
    total: Number(rows[0]?.total ?? 0),
  };
}

/** How many of the user's notifications are unread (the bell's figure). */
export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await namedRows<{ unread: number }>(
    db,
    sql`select count(*)::int as unread from notifications
      where user_id = ${userId} and read_at is null`,
  );
  return row?.unread ?? 0;
}

/** Marks one of the user's notifications read (again: it keeps its first read time); 404 else. */
export async function markRead(
  db: DbOrTx,
  userId: string,
  notificationId: string,
): Promise<Notification> {
  const [row] = await named(
    db,
    sql`with n as (
        update notifications set read_at = coalesce(read_at, now())
        where id = ${notificationId} and user_id = ${userId}
        returning *)
      select ${NOTIFICATION_COLUMNS} from n ${NOTIFICATION_JOINS}`,
  );
  if (!row) throw notFound('Notification not found');
  return toNotification(row);
}

/** Marks every unread notification of the user read; answers how many it marked. */
export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await namedRows<{ marked: number }>(
    db,
    sql`with n as (
        update notifications set read_at = now()
        where user_id = ${userId} and read_at is null
        returning 1)
      select count(*)::int as marked from n`,
  );
  return row?.marked ?? 0;
}

function preferencesOf(muted: readonly string[], audiences: unknown): NotificationPreferences {
  return {
    audiences: audiencesOf(audiences),
    kinds: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      label: NOTIFICATION_KIND_LABELS[kind],
      muted: muted.includes(kind),
    })),
  };
}

/** Every kind with whether the user muted it. */
export async function getPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const [row] = await namedRows<{ muted: string[]; audiences: unknown }>(
    db,
    sql`select u.muted_notification_kinds as muted, ${audiencesSql('u')} as audiences
      from users u where u.id = ${userId}`,
  );
  if (!row) throw notFound('User not found');
  return preferencesOf(row.muted, row.audiences);
}

/** Mutes exactly `muted` (the writers skip these kinds from now on); shows every other kind. */
export async function setPreferences(
  db: DbOrTx,
  userId: string,
  muted: readonly NotificationKind[],
): Promise<NotificationPreferences> {
  // In the contract's order, each once.
  const kinds = NOTIFICATION_KINDS.filter((kind) => muted.includes(kind));
  const [row] = await namedRows<{ muted: string[]; audiences: unknown }>(
    db,
    sql`update users u set muted_notification_kinds = ${`{${kinds.join(',')}}`}::text[]
      where u.id = ${userId}
      returning u.muted_notification_kinds as muted, ${audiencesSql('u')} as audiences`,
  );
  if (!row) throw notFound('User not found');
  return preferencesOf(row.muted, row.audiences);
}
