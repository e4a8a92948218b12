// System Analytics (issue 13, decision 109). Each call is one statement whatever the data size:
// every figure is aggregated in SQL, lists are built with json_agg, days and weeks come from
// generate_series so that a day or week without anything is still there, with zeros.
import { sql, type SQL } from 'drizzle-orm';
import {
  ANALYTICS_RANKING_SIZE,
  ATTENTION_LIST_MAX,
  FAILED_UPLOAD_ATTENTION_DAYS,
  type AnalyticsOverview,
  type AnalyticsRange,
  type OrganizationActivity,
  type UsageAnalytics,
  type UsageDay,
  type UsageTotals,
  type UsageWeek,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';
import { notFound } from '../../plugins/errors.js';
import { EVERYONE, ORGANIZATION_PEOPLE_SQL, TODAY_FRESH_SECONDS, todayRollupOf } from './rollup.js';

/** Rows of a raw statement: both drivers answer `{ rows }`. */
async function rowsOf<T>(query: PromiseLike<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

/** A timestamptz as the API writes times: ISO 8601 UTC with milliseconds. */
const isoUtc = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface OverviewRow {
  users: AnalyticsOverview['users'];
  organizations: AnalyticsOverview['organizations'];
  courses: AnalyticsOverview['courses'];
  teams: number | string;
  enrollments: AnalyticsOverview['enrollments'];
  failed_uploads: AnalyticsOverview['attention']['failedUploads'];
  teamless: AnalyticsOverview['attention']['teamlessPastDeadline'];
}

/**
 * GET /analytics/overview: the totals and what needs attention across organizations, in one
 * statement. Organizations that are deleted are left out of every figure but their own count.
 */
export async function getAnalyticsOverview(db: DbOrTx): Promise<AnalyticsOverview> {
  const [row] = await rowsOf<OverviewRow>(
    executeNamed(
      db,
      'analytics',
      sql`
      with live_courses as materialized (
        select c.id, c.code, c.title, c.organization_id, o.name as organization_name,
          c.archived_at, c.team_formation_deadline
        from courses c
        join organizations o on o.id = c.organization_id and o.deleted_at is null)
      select
        -- Issue 35: people by what they are in each course, not by their global role (an LMS
        -- launch makes its instructors STUDENT accounts with a staff row).
        (select json_build_object(
            'total', count(*),
            'students', (select count(distinct e.user_id) from enrollments e
              join live_courses c on c.id = e.course_id
              where e.removed_at is null and e.user_id is not null),
            'instructors', (select count(distinct cs.user_id) from course_staff cs
              join live_courses c on c.id = cs.course_id
              where cs.role = 'INSTRUCTOR' and cs.user_id is not null),
            'teachingAssistants', (select count(distinct cs.user_id) from course_staff cs
              join live_courses c on c.id = cs.course_id
              where cs.role = 'TEACHING_ASSISTANT' and cs.user_id is not null),
            'orgAdmins', count(*) filter (where role = 'ORG_ADMIN'),
            'superadmins', count(*) filter (where role = 'SUPERADMIN'))
          from users) as users,
        (select json_build_object(
            'active', count(*) filter (where deleted_at is null),
            'deleted', count(*) filter (where deleted_at is not null))
          from organizations) as organizations,
        (select json_build_object(
            'active', count(*) filter (where archived_at is null),
            'archived', count(*) filter (where archived_at is not null))
          from live_courses) as courses,
        (select count(*) from teams t join live_courses c on c.id = t.course_id
          where t.disbanded_at is null) as teams,
        (select json_build_object(
            'total', count(*),
            'active', count(*) filter (where e.status = 'ACTIVE'),
            'pending', count(*) filter (where e.status = 'PENDING'),
            'inactive', count(*) filter (where e.status = 'INACTIVE'))
          from enrollments e join live_courses c on c.id = e.course_id
          where e.removed_at is null) as enrollments,
        (select json_build_object(
            'total', count(*),
            'items', coalesce(json_agg(json_build_object(
                'uploadId', f.id, 'fileName', f.file_name, 'failureMessage', f.failure_message,
                'failedAt', ${isoUtc(sql`f.failed_at`)},
                'organization', json_build_object('id', f.organization_id, 'name', f.organization_name),
                'course', json_build_object('id', f.course_id, 'code', f.code, 'title', f.title)
              ) order by f.n) filter (where f.n <= ${ATTENTION_LIST_MAX}::int), '[]'::json))
          from (
            select u.id, u.file_name, u.failure_message, u.course_id, c.code, c.title,
              c.organization_id, c.organization_name,
              coalesce(u.finished_at, u.created_at) as failed_at,
              row_number() over (order by coalesce(u.finished_at, u.created_at) desc, u.id) as n
            from csv_uploads u join live_courses c on c.id = u.course_id
            where u.status = 'FAILED'
              and coalesce(u.finished_at, u.created_at)
                > now() - make_interval(days => ${FAILED_UPLOAD_ATTENTION_DAYS}::int)
          ) f) as failed_uploads,
        (select json_build_object(
            'total', count(*),
            'items', coalesce(json_agg(json_build_object(
                'course', json_build_object('id', t.id, 'code', t.code, 'title', t.title),
                'organization', json_build_object('id', t.organization_id, 'name', t.organization_name),
                'deadline', ${isoUtc(sql`t.team_formation_deadline`)},
                'teamlessStudents', t.teamless,
                'activeStudents', t.active
              ) order by t.n) filter (where t.n <= ${ATTENTION_LIST_MAX}::int), '[]'::json))
          from (
            select c.id, c.code, c.title, c.organization_id, c.organization_name,
              c.team_formation_deadline, count(*) as active,
              count(*) filter (where tm.user_id is null) as teamless,
              row_number() over (
                order by count(*) filter (where tm.user_id is null) desc,
                  c.team_formation_deadline desc, c.id) as n
            from live_courses c
            join enrollments e on e.course_id = c.id and e.status = 'ACTIVE'
              and e.removed_at is null and e.user_id is not null
            left join (team_members tm join teams lt on lt.id = tm.team_id
                and lt.disbanded_at is null)
              on tm.course_id = c.id and tm.user_id = e.user_id
            where c.archived_at is null and c.team_formation_deadline < now()
            group by c.id, c.code, c.title, c.organization_id, c.organization_name,
              c.team_formation_deadline
            having count(*) filter (where tm.user_id is null) > 0
          ) t) as teamless`,
    ),
  );
  return {
    users: row!.users,
    organizations: row!.organizations,
    courses: row!.courses,
    teams: Number(row!.teams),
    enrollments: row!.enrollments,
    attention: { failedUploads: row!.failed_uploads, teamlessPastDeadline: row!.teamless },
  };
}

interface UsageRow {
  range_from: string;
  range_to: string;
  today_as_of: string;
  organization: UsageAnalytics['organization'];
  days: UsageDay[];
  weeks: UsageWeek[];
  totals: UsageTotals;
  most_active: OrganizationActivity[];
  least_active: OrganizationActivity[];
}

/**
 * GET /analytics/usage: per day, per week and in total over the `range` days ending today (UTC),
 * for everyone or for one organization's people, with the most and least active organizations.
 * One statement; the activity of the range is read once (a materialized CTE).
 */
export async function getUsageAnalytics(
  db: DbOrTx,
  input: { range: AnalyticsRange; organizationId?: string | undefined },
): Promise<UsageAnalytics> {
  const orgId = input.organizationId;
  // The scope of the figures: everyone's rows, or the organization's.
  const scope = orgId ?? EVERYONE;
  // Whether a user is one of the organization's people: enrolled (not removed) in one of its
  // courses, or one of its admins (checked per user, an index probe each).
  const ofPeople = (column: SQL) =>
    orgId
      ? sql`and (exists (select 1 from enrollments e join courses c on c.id = e.course_id
            where e.user_id = ${column} and c.organization_id = ${orgId} and e.removed_at is null)
          or exists (select 1 from organization_admins oa
            where oa.user_id = ${column} and oa.organization_id = ${orgId}))`
      : sql``;
  const ofOrganization = (column: SQL) => (orgId ? sql`and ${column} = ${orgId}` : sql``);
  const rate = (failed: SQL, finished: SQL) =>
    sql`case when ${finished} = 0 then null else (${failed})::float8 / (${finished}) end`;

  // Today's rows as the rollup job last computed them in this process (rollup.ts), with each
  // organization's firsts of this range; the statement uses them only when they are today's
  // and fresh, else it computes today live. Always passed (null when none): one statement text.
  const today = todayRollupOf(db);
  const todayRows = today
    ? JSON.stringify(
        today.rows.map((t) => ({
          organization_id: t.organizationId,
          active_users: t.activeUsers,
          sign_ins: t.signIns,
          firsts: t.firstAfter[input.range - 1] ?? 0,
        })),
      )
    : null;

  const [row] = await rowsOf<UsageRow>(
    executeNamed(
      db,
      'analytics',
      sql`
      with r as (
        select (now() at time zone 'UTC')::date - (${input.range}::int - 1) as start_day,
          (now() at time zone 'UTC')::date as today),
      -- Whether today's rolled-up rows (the job's, in this process) are today's and fresh.
      tc as (
        select coalesce(${today?.day ?? null}::date = r.today
          and ${today?.asOf ?? null}::timestamptz
            > now() - make_interval(secs => ${TODAY_FRESH_SECONDS}::int), false) as fresh
        from r),
      today_rolled as (
        select x.organization_id, r.today as day, x.active_users, x.sign_ins, x.firsts
        from r, tc, jsonb_to_recordset(coalesce(${todayRows}::jsonb, '[]'::jsonb))
          as x(organization_id uuid, active_users int, sign_ins int, firsts int)
        where tc.fresh),
      -- The range's first instant as a timestamptz (midnight UTC), for created_at comparisons.
      rt as (select (r.start_day::timestamp at time zone 'UTC') as start_at from r),
      -- Past days already rolled up (rollup.ts): per day and organization (and everyone), the
      -- active users, sign-ins, and those for whom the day is their first of this range.
      rolled as (
        select ru.organization_id, ru.day, ru.active_users, ru.sign_ins,
          ru.first_after[ru.day - r.start_day + 1] as firsts
        from r join analytics_activity_rollup ru
          on ru.day >= r.start_day and ru.day < r.today),
      -- The other days of the range (today, and any past day not rolled up yet), live: each
      -- activity row, first of the range when its user has no row between the start and it.
      -- Today (unless its fresh rollup is used), and the past days of the range not rolled up
      -- yet (none once the job caught up).
      live_days as (
        select d::date as day from r, tc, generate_series(r.start_day::timestamp,
          r.today::timestamp, interval '1 day') d
        where not exists (select 1 from analytics_rollup_days rd where rd.day = d::date)
          and not (tc.fresh and d::date = r.today)),
      -- Their activity, each row first of the range when its user has no row between the
      -- range's start and it (an index probe of (user_id, day)).
      live_act as materialized (
        select a.day, a.user_id, a.sign_ins,
          not exists (select 1 from r, user_activity_days p
            where p.user_id = a.user_id and p.day >= r.start_day and p.day < a.day) as first
        from user_activity_days a
        where a.day = any (array(select day from live_days))
          -- Always true, but the planner's estimate then is a few rows, not ten days' worth,
          -- so it looks up the few users' organizations by index (and plans no JIT).
          and a.day >= (select min(day) from live_days) and a.day <= (select max(day) from live_days)),
      live_scoped as (
        select ${EVERYONE}::uuid as organization_id, la.day, la.sign_ins, la.first from live_act la
        union all
        select organization_id, day, sign_ins, first from (
          select c.organization_id, la.day, la.user_id, la.sign_ins, la.first from live_act la
          join enrollments e on e.user_id = la.user_id and e.removed_at is null
          join courses c on c.id = e.course_id
          union
          select oa.organization_id, la.day, la.user_id, la.sign_ins, la.first from live_act la
          join organization_admins oa on oa.user_id = la.user_id) m),
      org_days as materialized (
        select organization_id, day, active_users, sign_ins, firsts from rolled
        union all
        select organization_id, day, active_users, sign_ins, firsts from today_rolled
        union all
        select organization_id, day, count(*), sum(sign_ins), count(*) filter (where first)
        from live_scoped group by organization_id, day),
      daily as (
        select day, sum(sign_ins) as sign_ins, sum(active_users) as active from org_days
        where organization_id = ${scope}::uuid group by day),
      org_activity as (
        select organization_id, sum(firsts) as active, sum(sign_ins) as sign_ins from org_days
        group by organization_id),
      -- Teams formed, per day, as kept by the teams trigger (migration 0025, decision 129).
      teams_daily as (
        select t.day, sum(t.teams_formed) as n
        from analytics_daily_teams t
        join courses c on c.id = t.course_id
        join organizations o on o.id = c.organization_id and o.deleted_at is null
        where t.day >= (select start_day from r) ${ofOrganization(sql`c.organization_id`)}
        group by 1),
      days as (
        select d::date as day from r, generate_series(r.start_day::timestamp, r.today::timestamp,
          interval '1 day') d),
      weeks as (
        select w::date as week_start, greatest(w::date, r.start_day) as week_from,
          least(w::date + 6, r.today) as week_to
        from r, generate_series(date_trunc('week', r.start_day::timestamp),
          date_trunc('week', r.today::timestamp),
          interval '1 week') w),
      -- New users: everyone's kept per day by the users trigger (migration 0025); an
      -- organization's are its people now, so counted (its people are few).
      new_users as (
        ${
          orgId
            ? sql`select date_trunc('week', u.created_at at time zone 'UTC')::date as week_start,
                count(*) as n
              from users u
              where u.created_at >= (select start_at from rt) ${ofPeople(sql`u.id`)}
              group by 1`
            : sql`select date_trunc('week', k.day)::date as week_start, sum(k.new_users) as n
              from analytics_daily_counts k
              where k.organization_id = ${EVERYONE}::uuid and k.day >= (select start_day from r)
              group by 1`
        }),
      -- CSV uploads, kept per organization and day by the csv_uploads trigger (migration 0025).
      uploads as (
        select date_trunc('week', x.day)::date as week_start,
          sum(x.csv_uploads) as n, sum(x.csv_failed) as failed, sum(x.csv_finished) as finished,
          coalesce(sum(x.csv_rows_processed), 0) as rows_processed
        from analytics_daily_counts x
        join organizations o on o.id = x.organization_id and o.deleted_at is null
        where x.day >= (select start_day from r) ${ofOrganization(sql`x.organization_id`)}
        group by 1),
      week_figures as (
        select w.week_start, w.week_from, w.week_to, coalesce(nu.n, 0) as new_users,
          coalesce(up.n, 0) as uploads, coalesce(up.failed, 0) as failed,
          coalesce(up.finished, 0) as finished, coalesce(up.rows_processed, 0) as rows_processed
        from weeks w
        left join new_users nu on nu.week_start = w.week_start
        left join uploads up on up.week_start = w.week_start),
      -- Each organization's people as the rollup job last counted them (every few minutes);
      -- counted here only until the job first ran.
      org_people as (
        select organization_id, people from analytics_organization_people
        union all
        select organization_id, people from (${ORGANIZATION_PEOPLE_SQL}) live
        where not exists (select 1 from analytics_organization_people)),
      ranking as (
        select o.id, o.name, coalesce(op.people, 0) as people,
          coalesce(oa.active, 0) as active, coalesce(oa.sign_ins, 0) as sign_ins,
          row_number() over (
            order by coalesce(oa.active, 0) desc, coalesce(oa.sign_ins, 0) desc, o.name, o.id) as n
        from organizations o
        left join org_people op on op.organization_id = o.id
        left join org_activity oa on oa.organization_id = o.id
        where o.deleted_at is null),
      least_ranked as (
        select * from ranking where n > ${ANALYTICS_RANKING_SIZE}::int
        order by active, sign_ins, name, id limit ${ANALYTICS_RANKING_SIZE}::int)
      select
        to_char(r.start_day, 'YYYY-MM-DD') as range_from,
        to_char(r.today, 'YYYY-MM-DD') as range_to,
        case when (select fresh from tc) then ${today?.asOf ?? null}::text
          else ${isoUtc(sql`now()`)} end as today_as_of,
        ${
          orgId
            ? sql`(select json_build_object('id', o.id, 'name', o.name) from organizations o
                where o.id = ${orgId} and o.deleted_at is null)`
            : sql`null::json`
        } as organization,
        (select json_agg(json_build_object(
            'day', to_char(d.day, 'YYYY-MM-DD'),
            'signIns', coalesce(dl.sign_ins, 0),
            'activeUsers', coalesce(dl.active, 0),
            'teamsFormed', coalesce(td.n, 0)) order by d.day)
          from days d
          left join daily dl on dl.day = d.day
          left join teams_daily td on td.day = d.day) as days,
        (select json_agg(json_build_object(
            'weekStart', to_char(wf.week_start, 'YYYY-MM-DD'),
            'from', to_char(wf.week_from, 'YYYY-MM-DD'),
            'to', to_char(wf.week_to, 'YYYY-MM-DD'),
            'newUsers', wf.new_users,
            'csvUploads', wf.uploads,
            'csvFailed', wf.failed,
            'csvRowsProcessed', wf.rows_processed,
            'csvFailureRate', ${rate(sql`wf.failed`, sql`wf.finished`)}) order by wf.week_start)
          from week_figures wf) as weeks,
        (select json_build_object(
            'signIns', (select coalesce(sum(sign_ins), 0) from daily),
            'activeUsers', (select coalesce(sum(firsts), 0) from org_days
              where organization_id = ${scope}::uuid),
            'newUsers', sum(wf.new_users),
            'teamsFormed', (select coalesce(sum(n), 0) from teams_daily),
            'csvUploads', sum(wf.uploads),
            'csvFailed', sum(wf.failed),
            'csvRowsProcessed', sum(wf.rows_processed),
            'csvFailureRate', ${rate(sql`sum(wf.failed)`, sql`sum(wf.finished)`)})
          from week_figures wf) as totals,
        (select coalesce(json_agg(json_build_object(
            'id', k.id, 'name', k.name, 'people', k.people, 'activeUsers', k.active,
            'signIns', k.sign_ins) order by k.n), '[]'::json)
          from ranking k where k.n <= ${ANALYTICS_RANKING_SIZE}::int) as most_active,
        (select coalesce(json_agg(json_build_object(
            'id', l.id, 'name', l.name, 'people', l.people, 'activeUsers', l.active,
            'signIns', l.sign_ins) order by l.active, l.sign_ins, l.name, l.id), '[]'::json)
          from least_ranked l) as least_active
      from r`,
    ),
  );
  if (orgId && !row!.organization) throw notFound('Organization not found');
  return {
    range: input.range,
    from: row!.range_from,
    to: row!.range_to,
    organization: row!.organization,
    days: row!.days,
    weeks: row!.weeks,
    totals: row!.totals,
    todayAsOf: row!.today_as_of,
    mostActive: row!.most_active,
    leastActive: row!.least_active,
  };
}
