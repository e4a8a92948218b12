// The activity rollup of System Analytics (decision 109): past UTC days never change
// (user_activity_days rows are written for today only), so each past day's figures are computed
// once, for everyone and per organization, and the usage call reads them instead of the day's
// rows. A day not rolled up yet is computed live by the call, so the figures never depend on
// whether this job ran. Today so far is also rolled up, every minute, into this process's memory
// (rollUpToday): the call uses it while it is under two minutes old, else computes today live.
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
 * One day's rollup rows (organization_id, active_users, sign_ins, first_after): for everyone
 * and per organization, the day's active users, sign-ins, and first_after[k + 1], those whose
 * previous active day was more than k days before.
 */
function dayRowsSql(day: string) {
  return sql`
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
    select g.organization_id, sum(g.users)::int as active_users, sum(g.sign_ins)::int as sign_ins,
      array(
        select coalesce((select sum(g2.users) from grouped g2
            where g2.organization_id = g.organization_id and g2.gap > k), 0)::int
        from generate_series(0, ${ROLLUP_WINDOW_DAYS - 1}::int) k order by k) as first_after
    from grouped g group by g.organization_id`;
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
        insert into analytics_activity_rollup
          (day, organization_id, active_users, sign_ins, first_after)
        select ${day}::date, d.* from (${dayRowsSql(day)}) d`);
      return true;
    });
    if (rolled) days.push(day);
  }
  await recountPeople(db);
  await compactDailyCounts(db);
  const deleted = await rowsOf<{ day: string }>(
    db.execute(sql`
      delete from analytics_rollup_days
      where day < (now() at time zone 'UTC')::date - ${ROLLUP_RETENTION_DAYS}::int
      returning day`),
  );
  return { days, deleted: deleted.length };
}

/**
 * Today's figures are recomputed this often by the job (ms), and the usage call uses them
 * only while they are younger than TODAY_FRESH_SECONDS (else it computes today live).
 */
export const TODAY_INTERVAL_MS = 60_000;
export const TODAY_FRESH_SECONDS = 120;

/** One organization's (or everyone's) figures of today so far, as a rollup row. */
export interface TodayRow {
  organizationId: string;
  activeUsers: number;
  signIns: number;
  /** firstAfter[k]: today's active users whose previous active day was more than k days ago. */
  firstAfter: number[];
}

/** Today so far (UTC), as the job last computed it in this process. */
export interface TodayRollup {
  /** The UTC day (YYYY-MM-DD) the rows are for. */
  day: string;
  /** When they were computed (the database's clock, ISO 8601). */
  asOf: string;
  rows: TodayRow[];
}

/**
 * Today's rollup, per database handle (so each app, and each test app, has its own). Kept in
 * memory, not in analytics_activity_rollup: its rows reference analytics_rollup_days, where a
 * day is only ever a final (past) one, and migrations are frozen (decision 109).
 */
const todayRollups = new WeakMap<object, TodayRollup>();

/** Today's rollup of this handle, as last computed (however old; the call checks its age). */
export function todayRollupOf(db: DbOrTx): TodayRollup | undefined {
  return todayRollups.get(db);
}

/** Replaces (or with undefined, drops) today's rollup of this handle: tests set its age. */
export function setTodayRollup(db: DbOrTx, rollup: TodayRollup | undefined): void {
  if (rollup) todayRollups.set(db, rollup);
  else todayRollups.delete(db);
}

/**
 * Rolls up today so far, as a past day is rolled up, into this process's memory: one snapshot
 * (day, time, every organization's rows) replaces the previous one whole. Idempotent.
 */
export async function rollUpToday(db: DbOrTx): Promise<TodayRollup> {
  const rollup = await db.transaction(async (tx) => {
    const [now] = await rowsOf<{ day: string; as_of: string }>(
      tx.execute(sql`
        select to_char((now() at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
          to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as as_of`),
    );
    const rows = await rowsOf<{
      organization_id: string;
      active_users: number;
      sign_ins: number;
      first_after: number[];
    }>(tx.execute(dayRowsSql(now!.day)));
    return {
      day: now!.day,
      asOf: now!.as_of,
      rows: rows.map((r) => ({
        organizationId: r.organization_id,
        activeUsers: Number(r.active_users),
        signIns: Number(r.sign_ins),
        firstAfter: r.first_after.map(Number),
      })),
    };
  });
  todayRollups.set(db, rollup);
  return rollup;
}

/**
 * Folds the usage figures' rows (analytics_daily_counts, analytics_daily_teams: one row per
 * statement that changed them, migration 0025) into one row per organization (course) and day,
 * dropping those that sum to nothing. Each statement deletes the rows it sees and inserts their
 * sum, so a row written meanwhile by another transaction stays as it is, and two runners at once
 * fold each row once (the second skips the rows the first deleted): the sums never change.
 */
export async function compactDailyCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    with many as (select organization_id, day from analytics_daily_counts
      group by 1, 2 having count(*) > 1),
    gone as (delete from analytics_daily_counts k using many m
      where k.organization_id = m.organization_id and k.day = m.day returning k.*)
    insert into analytics_daily_counts (organization_id, day, new_users, csv_uploads, csv_failed,
      csv_finished, csv_rows_processed)
    select organization_id, day, sum(new_users), sum(csv_uploads), sum(csv_failed),
      sum(csv_finished), sum(csv_rows_processed)
    from gone group by 1, 2
    having sum(new_users) <> 0 or sum(csv_uploads) <> 0 or sum(csv_failed) <> 0
      or sum(csv_finished) <> 0 or sum(csv_rows_processed) <> 0`);
  await db.execute(sql`
    with many as (select course_id, day from analytics_daily_teams
      group by 1, 2 having count(*) > 1),
    gone as (delete from analytics_daily_teams k using many m
      where k.course_id = m.course_id and k.day = m.day returning k.*)
    insert into analytics_daily_teams (course_id, day, teams_formed)
    select course_id, day, sum(teams_formed) from gone group by 1, 2
    having sum(teams_formed) <> 0`);
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
  /** Between runs of today's rollup (ms); false: today is always computed live. */
  todayIntervalMs: number | false;
  /** Before the first run (ms); unset: a random 10 to 70 seconds. */
  firstDelayMs?: number;
}

export const ROLLUP_JOB_DEFAULTS: RollupJobOptions = {
  intervalMs: 5 * 60_000,
  todayIntervalMs: TODAY_INTERVAL_MS,
};

export interface RollupJob {
  start(): void;
  runOnce(): Promise<RollupCounts>;
  /** Rolls up today so far (joins a run in progress). */
  runToday(): Promise<TodayRollup>;
  stop(): Promise<void>;
}

/**
 * Runs `rollUpActivity` every `intervalMs` and `rollUpToday` every `todayIntervalMs` (each with
 * ±10% jitter). Every process may run it: the
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
  let todayTimer: NodeJS.Timeout | undefined;
  let running: Promise<RollupCounts> | null = null;
  let runningToday: Promise<TodayRollup> | null = null;

  function runToday(): Promise<TodayRollup> {
    runningToday ??= rollUpToday(db).finally(() => {
      runningToday = null;
    });
    return runningToday;
  }

  function scheduleToday(delayMs: number) {
    if (stopped || options.todayIntervalMs === false) return;
    const every = options.todayIntervalMs;
    clearTimeout(todayTimer);
    todayTimer = setTimeout(() => {
      runToday()
        .catch((error: unknown) => {
          log.warn({ err: error }, 'analytics rollup of today failed; today is computed live');
        })
        .then(() => scheduleToday(Math.round(every * (0.9 + 0.2 * Math.random()))));
    }, delayMs);
    todayTimer.unref();
  }

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
      const firstDelay = options.firstDelayMs ?? 10_000 + Math.round(Math.random() * 60_000);
      schedule(firstDelay);
      scheduleToday(firstDelay);
    },
    runOnce,
    runToday,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(todayTimer);
      await running?.catch(() => undefined);
      await runningToday?.catch(() => undefined);
    },
  };
}
