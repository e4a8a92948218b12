// Issue 24 (decision 122): filing and withdrawing a join request over and over (or inviting and
// cancelling) must neither flood the other side's bell nor be free to repeat. Both rules live in
// the database, so they hold across processes (DESIGN §2): the throttle counts the filings
// themselves (join_requests, invitations) under the team's lock, and the bell's notifications
// are rows removed in the transaction of the change.
import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import {
  EVENTS_CHANNEL,
  REPEAT_FILINGS_MAX,
  REPEAT_FILINGS_WINDOW_MINUTES,
  type NotificationKind,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { invitations, joinRequests } from '../../db/schema/index.js';
import { AppError } from '../../plugins/errors.js';

// ---------------------------------------------------------------------------------------
// The throttle

const WINDOW = sql.raw(`interval '${REPEAT_FILINGS_WINDOW_MINUTES} minutes'`);

function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** What the throttle counts: a student's join requests to a team, a team's invitations of one. */
const FILINGS = {
  request: {
    table: joinRequests,
    person: joinRequests.userId,
    code: 'JOIN_REQUEST_THROTTLED',
    done: (teamName: string) => `You have asked to join ${teamName}`,
  },
  invitation: {
    table: invitations,
    person: invitations.inviteeId,
    code: 'INVITATION_THROTTLED',
    done: (teamName: string) => `${teamName} has invited that student`,
  },
} as const;

/**
 * 429 (JOIN_REQUEST_THROTTLED, INVITATION_THROTTLED) with Retry-After when `max` filings
 * (TEAM_ASK_LIMIT, by default REPEAT_FILINGS_MAX) of this team and person fall in the window: the wait lasts until the oldest of the
 * latest ones leaves it. The caller holds the team's lock, so two filings cannot both see room.
 */
export async function assertNotRepeated(
  tx: DbOrTx,
  kind: keyof typeof FILINGS,
  team: { id: string; name: string; courseId: string },
  personId: string,
  max: number = REPEAT_FILINGS_MAX,
): Promise<void> {
  const { table, person, code, done } = FILINGS[kind];
  const recent = tx
    .select({ createdAt: table.createdAt })
    .from(table)
    .where(
      and(
        eq(person, personId),
        eq(table.courseId, team.courseId),
        eq(table.teamId, team.id),
        gt(table.createdAt, sql`now() - ${WINDOW}`),
      ),
    )
    .orderBy(desc(table.createdAt))
    .limit(max)
    .as('recent');
  const [row] = await tx
    .select({
      filed: sql<number>`count(*)::int`,
      wait: sql<number>`greatest(1, ceil(extract(epoch from
        min(${recent.createdAt}) + ${WINDOW} - now())))::int`,
    })
    .from(recent);
  if (!row || row.filed < max) return;
  throw new AppError(
    429,
    code,
    `${done(team.name)} ${max} times in the last ${REPEAT_FILINGS_WINDOW_MINUTES} minutes; try again in ${waitText(row.wait)}`,
    undefined,
    { 'retry-after': String(row.wait) },
  );
}

// ---------------------------------------------------------------------------------------
// The bell: one thread of notifications per ask

/**
 * The notifications one ask gives its other side: the "opened" one when it is filed (the
 * leader's JOIN_REQUEST_RECEIVED, the invitee's INVITATION_RECEIVED) and the "closed" one when
 * its author takes it back (JOIN_REQUEST_WITHDRAWN, INVITATION_CANCELLED), both written by the
 * notification trigger from the audit event, with the ask's id in `data`.
 */
interface Thread {
  teamId: string;
  /** Whose bell: a condition on `n.user_id` (and `n.actor_id`) of the notifications. */
  recipients: SQL;
  opened: NotificationKind;
  closed: NotificationKind;
  idKey: 'requestId' | 'invitationId';
}

/** A student's join requests to a team: the notifications its members (the leader) got of them. */
export const requestThread = (teamId: string, applicantId: string): Thread => ({
  teamId,
  recipients: sql`n.actor_id = ${applicantId} and n.user_id in (
    select m.user_id from team_members m where m.team_id = ${teamId})`,
  opened: 'JOIN_REQUEST_RECEIVED',
  closed: 'JOIN_REQUEST_WITHDRAWN',
  idKey: 'requestId',
});

/** A team's invitations to a student: the notifications the student got of them. */
export const invitationThread = (teamId: string, inviteeId: string): Thread => ({
  teamId,
  recipients: sql`n.user_id = ${inviteeId}`,
  opened: 'INVITATION_RECEIVED',
  closed: 'INVITATION_CANCELLED',
  idKey: 'invitationId',
});

const inThread = (thread: Thread, kind: NotificationKind) =>
  sql`${thread.recipients} and n.team_id = ${thread.teamId} and n.kind = ${kind}`;

/**
 * Removes the unread notifications `where` names and answers how many went. Their users' open
 * streams get the new count at commit (the `r` payload of EVENTS_CHANNEL that a read elsewhere
 * sends, migration 0018), so the bell goes down as it would on a read.
 */
async function removeUnread(tx: DbOrTx, where: SQL): Promise<number> {
  const result = (await tx.execute(sql`with gone as (
      delete from notifications n where ${where} and n.read_at is null returning n.user_id),
    told as (
      select pg_notify(${EVENTS_CHANNEL},
        json_build_object('t', 'r', 'u', json_agg(u.user_id))::text)
      from (select distinct user_id from gone) u
      having count(*) > 0)
    select (select count(*) from gone)::int as removed, (select count(*) from told)::int as told`)) as {
    rows: { removed: number }[];
  };
  return result.rows[0]?.removed ?? 0;
}

/**
 * A new ask supersedes an unread "taken back" of an earlier one: call it after filing. With
 * {@link closeThread} the other side holds at most one unread notification of the thread.
 */
export async function openThread(tx: DbOrTx, thread: Thread): Promise<void> {
  await removeUnread(tx, inThread(thread, thread.closed));
}

/**
 * The author takes an ask back: call it before writing the audit event (which notifies), and the
 * answer after it. An ask whose notification is still unread is taken back silently: that
 * notification goes, and so does the "taken back" one, as if the ask had never been made. One
 * the other side has read (or never got: they muted that kind) is taken back out loud, the
 * newest "taken back" replacing any unread earlier one.
 */
export async function closeThread(
  tx: DbOrTx,
  thread: Thread,
  id: string,
): Promise<() => Promise<void>> {
  const ofAsk = sql`n.data ->> ${thread.idKey} = ${id}`;
  const unseen = (await removeUnread(tx, sql`${inThread(thread, thread.opened)} and ${ofAsk}`)) > 0;
  const closed = inThread(thread, thread.closed);
  return async () => {
    await removeUnread(
      tx,
      unseen ? sql`${closed} and ${ofAsk}` : sql`${closed} and not (${ofAsk})`,
    );
  };
}
