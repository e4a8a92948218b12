// A user's notifications (issue 14, decision 111). The rows are written in the transaction of the
// change that causes them (see decision 111); this module reads them as the API and the live
// stream show them.
import { sql } from 'drizzle-orm';
import type { Notification, NotificationKind } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { describeNotification } from './text.js';

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
      where n.seq = any(${`{${seqs.join(',')}}`}::bigint[]) order by n.seq`),
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
      where n.user_id = ${userId} and n.seq > ${afterSeq} order by n.seq limit ${limit}`),
  );
  return rows.map(toNotification);
}
