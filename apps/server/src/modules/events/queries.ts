// The live stream's statements (decision 113): each is one statement whatever the number of
// streams or users it is about, sent as a named prepared statement (decision 105).
import { sql } from 'drizzle-orm';
import type { Role } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';

/** What a stream may see besides its own notifications: the "changed" events of these. */
export interface Scope {
  /** Organizations the user administers. */
  organizations: Set<string>;
  /** Courses the user is enrolled in (not removed) or is staff of (issue 28). */
  courses: Set<string>;
}

interface ScopeRow {
  user_id: string;
  organizations: string[] | null;
  courses: string[] | null;
}

const arrayLiteral = (ids: string[]) => `{${ids.join(',')}}`;

async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

const toScope = (row: Pick<ScopeRow, 'organizations' | 'courses'>): Scope => ({
  organizations: new Set(row.organizations ?? []),
  courses: new Set(row.courses ?? []),
});

const SCOPE_COLUMNS = (user: ReturnType<typeof sql.raw>) => sql`
  (select json_agg(oa.organization_id) from organization_admins oa
    where oa.user_id = ${user}) as organizations,
  (select json_agg(distinct x.course_id) from (
    select e.course_id from enrollments e where e.user_id = ${user} and e.removed_at is null
    union all
    select cs.course_id from course_staff cs where cs.user_id = ${user}) x) as courses`;

/** The scopes of these users, in one statement. */
export async function scopesOf(db: DbOrTx, userIds: string[]): Promise<Map<string, Scope>> {
  if (userIds.length === 0) return new Map();
  const rows = await rowsOf<ScopeRow>(
    executeNamed(
      db,
      'events_scopes',
      sql`select u.id as user_id, ${SCOPE_COLUMNS(sql.raw('u.id'))}
        from unnest(${arrayLiteral(userIds)}::uuid[]) as u(id)`,
    ),
  );
  return new Map(rows.map((row) => [row.user_id, toScope(row)]));
}

/** At a stream's opening: its session's expiry and the user's scope, in one statement. */
export async function openingOf(
  db: DbOrTx,
  userId: string,
  sessionId: string,
): Promise<{ sessionExpiresAt: Date; scope: Scope } | null> {
  const [row] = await rowsOf<ScopeRow & { expires_at: string }>(
    executeNamed(
      db,
      'events_opening',
      sql`select s.user_id,
          to_char(s.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
          ${SCOPE_COLUMNS(sql.raw('s.user_id'))}
        from sessions s where s.id = ${sessionId} and s.user_id = ${userId}`,
    ),
  );
  return row ? { sessionExpiresAt: new Date(row.expires_at), scope: toScope(row) } : null;
}

/**
 * The sessions of these ids that still exist, whether each is live (not revoked, not expired)
 * and its user's role now: the heartbeat's check of every stream, in one statement.
 */
export async function liveSessions(
  db: DbOrTx,
  sessionIds: string[],
): Promise<Map<string, { live: boolean; role: Role }>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; live: boolean; role: Role }>(
    executeNamed(
      db,
      'events_sessions',
      sql`select s.id, (s.revoked_at is null and s.expires_at > now()) as live, u.role
        from sessions s join users u on u.id = s.user_id
        where s.id = any(${arrayLiteral(sessionIds)}::uuid[])`,
    ),
  );
  return new Map(rows.map((row) => [row.id, { live: row.live, role: row.role }]));
}

/** The unread counts of these users now, in one statement (the `unread` event). */
export async function unreadCounts(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await rowsOf<{ user_id: string; unread: number | string }>(
    executeNamed(
      db,
      'events_unread',
      sql`select u.id as user_id,
          (select count(*) from notifications n where n.user_id = u.id and n.read_at is null) as unread
        from unnest(${arrayLiteral(userIds)}::uuid[]) as u(id)`,
    ),
  );
  return new Map(rows.map((row) => [row.user_id, Number(row.unread)]));
}
