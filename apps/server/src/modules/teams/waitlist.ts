// The waitlist of a full team (issue 15, decision 117). A request to a team without an open
// seat is filed WAITLISTED; when seats open, the first waitlisted requests (created_at, then
// id) become PENDING, one per open seat that no PENDING request already waits for, and the
// leader still decides. Promotion runs inside the transaction that opened the seat, under the
// team's row lock, so a seat goes to exactly one request.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';
import { queryRows } from '../../db/query-rows.js';

const rowsOf = async <T>(query: PromiseLike<unknown>): Promise<T[]> =>
  ((await query) as { rows: T[] }).rows;

/** The reason a deadline gives the waitlisted requests it cancels (what the student reads). */
export const WAITLIST_DEADLINE_REASON = 'The team formation deadline passed';

/**
 * Makes the first waitlisted requests of a team PENDING, as many as its open seats that no
 * pending request covers (open seats = maxSize - members; each PENDING request covers one).
 * Only live teams of unarchived courses before their deadline; only students still eligible
 * (ACTIVE enrollment, no team in the course). Each promotion is audited REQUEST_PROMOTED by the
 * system (actor NULL) with the student as target: migration 0020's trigger notifies the student
 * and the leader. The caller holds the team's lock. One statement; returns how many.
 *
 * The requests are picked with FOR UPDATE in queue order: one a concurrent transaction cancelled
 * meanwhile (the student joined another team) fails the re-check and the next in line is taken.
 */
export async function promoteWaitlisted(tx: DbOrTx, teamId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    executeNamed(
      tx,
      'waitlist_promote',
      sql`
      with seats as (
        select t.id, t.course_id, c.organization_id,
          greatest(0, t.max_size - t.member_count - (
            select count(*) from join_requests p
            where p.team_id = t.id and p.status = 'PENDING'))::int as n
        from teams t join courses c on c.id = t.course_id
        where t.id = ${teamId} and t.disbanded_at is null and c.archived_at is null
          and c.team_formation_deadline > now()
      ),
      next as (
        select r.id from join_requests r
        join enrollments e on e.course_id = r.course_id and e.user_id = r.user_id
          and e.removed_at is null and e.status = 'ACTIVE'
        where r.team_id = ${teamId} and r.status = 'WAITLISTED'
          and not exists (select 1 from team_members m
                          where m.course_id = r.course_id and m.user_id = r.user_id)
        order by r.created_at, r.id
        limit coalesce((select n from seats), 0)
        for update of r
      ),
      promoted as (
        update join_requests r set status = 'PENDING' from next where r.id = next.id
        returning r.id, r.user_id
      ),
      audited as (
        insert into audit_events
          (organization_id, course_id, team_id, actor_id, action, target_user_id, data)
        select s.organization_id, s.course_id, s.id, null, 'REQUEST_PROMOTED', p.user_id,
          jsonb_build_object('requestId', p.id, 'studentName', u.fullname)
        from promoted p cross join seats s join users u on u.id = p.user_id
        returning 1
      )
      select count(*)::int as n from audited`,
    ),
  );
  return row?.n ?? 0;
}

/**
 * Cancels every WAITLISTED request of courses whose formation deadline has passed, audited
 * REQUEST_CANCELLED by the system with the reason. One statement; rows another transaction
 * holds are skipped (the next run takes them), so runs in many processes neither wait on each
 * other nor cancel a request twice. Returns how many.
 */
export async function cancelWaitlistsPastDeadline(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
      with due as (
        select r.id from join_requests r
        join courses c on c.id = r.course_id
        where r.status = 'WAITLISTED' and c.team_formation_deadline <= now()
        order by r.id
        for update of r skip locked
      ),
      gone as (
        update join_requests r
        set status = 'CANCELLED', decided_at = now(), reason = ${WAITLIST_DEADLINE_REASON}
        from due, courses c
        where r.id = due.id and c.id = r.course_id
        returning r.id, r.team_id, r.user_id, r.course_id, c.organization_id
      ),
      audited as (
        insert into audit_events
          (organization_id, course_id, team_id, actor_id, action, target_user_id, data)
        select g.organization_id, g.course_id, g.team_id, null, 'REQUEST_CANCELLED', g.user_id,
          jsonb_build_object('requestId', g.id, 'reason', ${WAITLIST_DEADLINE_REASON}::text)
        from gone g
        returning 1
      )
      select count(*)::int as n from audited`,
  );
  return row?.n ?? 0;
}

/**
 * Live teams before their deadline with an open seat no pending request covers and someone
 * waiting: left so when a pending request was cancelled by a change that did not hold the team's
 * lock (its student joined another team). The job promotes on each under its lock.
 */
export async function teamsOwedPromotion(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
      select t.id from teams t
      join courses c on c.id = t.course_id
      where t.disbanded_at is null and c.archived_at is null
        and c.team_formation_deadline > now()
        and exists (select 1 from join_requests w
                    where w.team_id = t.id and w.status = 'WAITLISTED')
        and t.member_count + (select count(*) from join_requests p
                              where p.team_id = t.id and p.status = 'PENDING') < t.max_size
      order by t.id
      limit 100`,
  );
  return rows.map((r) => r.id);
}

/**
 * Promotes on one team in its own transaction, unless another transaction holds the team (a
 * membership change under way promotes itself, or the next run does). Returns how many.
 */
export async function promoteOnTeam(db: DbOrTx, teamId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await queryRows<{ id: string }>(
      tx,
      sql`select id from teams where id = ${teamId} for update skip locked`,
    );
    if (locked.length === 0) return 0;
    return promoteWaitlisted(tx, teamId);
  });
}
