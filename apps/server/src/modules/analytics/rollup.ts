// The activity rollup of System Analytics (decision 109): past UTC days never change
// (user_activity_days rows are written for today only), so each past day's figures are computed
// once, for everyone and per organization, and the usage call reads them instead of the day's
// rows. A day not rolled up yet is computed live by the call, so the figures never depend on
// whether this job ran.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';

/** The organization_id of the rows that count everyone. */
export const EVERYONE = '00000000-0000-0000-0000-000000000000';
/** The longest range the usage call reads (days, today included). */
export const ROLLUP_WINDOW_DAYS = 90;
/**
 * A day is rolled up only this long after it ended (UTC): a request whose transaction started
 * just before midnight may still write that day's activity a moment after it.
 */
export const ROLLUP_GRACE_MINUTES = 5;
/** Rolled-up days older than this are deleted (the same as the activity rows, decision 103). */
export const ROLLUP_RETENTION_DAYS = 400;

export interface RollupCounts {
  // Every run also recounts each organization's people (recountPeople).
  /** Days this run rolled up (oldest first). */
  days: string[];
  /** Old rolled-up days deleted. */
  deleted: number;
}

async function rowsOf<T>(query: PromiseLike<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

/**
 * Rolls up every past day of the last ROLLUP_WINDOW_DAYS that is not rolled up yet (catching up
 * however many were missed), each day in its own transaction. Idempotent and safe with several
 * runners at once: a day is claimed by inserting it into analytics_rollup_days first; a second
 * runner's insert of the same day waits for the first transaction and then finds it taken, so
 * it writes nothing (and if the first rolled back, the second rolls the day up itself).
 */
export async function rollUpActivity(
  db: DbOrTx,
  shouldStop: () => boolean = () => false,
): Promise<RollupCounts> {
  const missing = await rowsOf<{ day: string }>(
    db.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as day
      from generate_series(
        ((now() at time zone 'UTC')::date - ${ROLLUP_WINDOW_DAYS - 1}::int)::timestamp,
        (((now() - make_interval(mins => ${ROLLUP_GRACE_MINUTES}::int)) at time zone 'UTC')::date
          - 1)::timestamp,
        interval '1 day') d
      where not exists (select 1 from analytics_rollup_days r where r.day = d::date)
      order by d`),
  );
  const days: string[] = [];
  for (const { day } of missing) {
    if (shouldStop()) break;
    const rolled = await db.transaction(async (tx) => {
      const claimed = await rowsOf<{ day: string }>(
        tx.execute(sql`
          insert into analytics_rollup_days (day) values (${day}::date)
          on conflict do nothing returning day`),
      );
      if (claimed.length === 0) return false;
      await tx.execute(sql`
        with act as (
          select a.user_id, a.sign_ins,
            a.day - coalesce((select max(p.day) from user_activity_days p
                where p.user_id = a.user_id and p.day < a.day
                  and p.day >= a.day - ${ROLLUP_WINDOW_DAYS}::int),
              a.day - ${ROLLUP_WINDOW_DAYS + 1}::int) as gap
          from user_activity_days a where a.day = ${day}::date),
        scoped as (
          select ${EVERYONE}::uuid as organization_id, act.sign_ins, act.gap from act
          union all
          select m.organization_id, act.sign_ins, act.gap from act
          join lateral (
            select c.organization_id from enrollments e join courses c on c.id = e.course_id
            where e.user_id = act.user_id and e.removed_at is null
            union
            select oa.organization_id from organization_admins oa
            where oa.user_id = act.user_id) m on true),
        grouped as (
          select organization_id, gap, count(*) as users, sum(sign_ins) as sign_ins
          from scoped group by organization_id, gap)
        insert into analytics_activity_rollup
          (day, organization_id, active_users, sign_ins, first_after)
        select ${day}::date, g.organization_id, sum(g.users)::int, sum(g.sign_ins)::int,
          array(
            select coalesce((select sum(g2.users) from grouped g2
                where g2.organization_id = g.organization_id and g2.gap > k), 0)::int
            from generate_series(0, ${ROLLUP_WINDOW_DAYS - 1}::int) k order by k)
        from grouped g group by g.organization_id`);
      return true;
    });
    if (rolled) days.push(day);
  }
  await recountPeople(db);
  const deleted = await rowsOf<{ day: string }>(
    db.execute(sql`
      delete from analytics_rollup_days
      where day < (now() at time zone 'UTC')::date - ${ROLLUP_RETENTION_DAYS}::int
      returning day`),
  );
  return { days, deleted: deleted.length };
}

/** The people of an organization, as the usage call's ranking counts them. */
export const ORGANIZATION_PEOPLE_SQL = sql`
  select organization_id, count(*) as people from (
    select c.organization_id, e.user_id from enrollments e
    join courses c on c.id = e.course_id
    where e.removed_at is null and e.user_id is not null
    union
    select oa.organization_id, oa.user_id from organization_admins oa) p
  group by organization_id`;

/**
 * Recounts every organization's people into analytics_organization_people, in one transaction
 * (readers see the old counts or the new ones). Two runners at once both write the same counts.
 */
export async function recountPeople(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with counted as (${ORGANIZATION_PEOPLE_SQL}),
      gone as (
        delete from analytics_organization_people ap
        where not exists (select 1 from counted c where c.organization_id = ap.organization_id))
      insert into analytics_organization_people (organization_id, people, counted_at)
      select organization_id, people, now() from counted
      on conflict (organization_id) do update
        set people = excluded.people, counted_at = excluded.counted_at`);
  });
}

export interface RollupJobOptions {
  /** Between runs (ms); each run catches up every missing day. */
  intervalMs: number;
  /** Before the first run (ms); unset: a random 10 to 70 seconds. */
  firstDelayMs?: number;
}

export const ROLLUP_JOB_DEFAULTS: RollupJobOptions = { intervalMs: 5 * 60_000 };

export interface RollupJob {
  start(): void;
  runOnce(): Promise<RollupCounts>;
  stop(): Promise<void>;
}

/**
 * Runs `rollUpActivity` every `intervalMs` (with ±10% jitter). Every process may run it: the
 * claim of each day makes one of them write it, and the others skip it.
 */
export function createRollupJob(
  db: DbOrTx,
  log: FastifyBaseLogger,
  overrides: Partial<RollupJobOptions> = {},
): RollupJob {
  const options: RollupJobOptions = { ...ROLLUP_JOB_DEFAULTS, ...overrides };
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RollupCounts> | null = null;

  function runOnce(): Promise<RollupCounts> {
    running ??= (async () => {
      const startedAt = Date.now();
      try {
        const counts = await rollUpActivity(db, () => stopped);
        if (counts.days.length > 0 || counts.deleted > 0) {
          log.info({ ...counts, ms: Date.now() - startedAt }, 'analytics rollup run');
        }
        return counts;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    runOnce()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'analytics rollup failed; it will run again at the next interval');
      })
      .then(() => schedule(Math.round(options.intervalMs * (0.9 + 0.2 * Math.random()))));
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      schedule(options.firstDelayMs ?? 10_000 + Math.round(Math.random() * 60_000));
    },
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
