// The organization admin's formation dashboard (issue 13, decision 108). Three statements
// whatever the number of courses, students or events, all submitted together (one round trip on
// the signed-in read path): the filter choices, the per-course figures (every count aggregated in
// SQL), and the audit trail's daily changes for the progress curve. The attention list and the
// curve are put together from those rows in memory, never by a query per course.
import { sql, type SQL } from 'drizzle-orm';
import {
  ATTENTION_DEADLINE_HOURS,
  ATTENTION_KINDS,
  ATTENTION_REQUEST_HOURS,
  ATTENTION_SURVEY_HOURS,
  FORMATION_PROGRESS_MAX_DAYS,
  type AdminDashboardQuery,
  type AdminDashboardStats,
  type AttentionItem,
  type CourseProgress,
  type DashboardCourseStats,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';
import { adminCourseScope, type AdminCaller } from '../../lib/admin-course-sql.js';
import { staffCourseIdsSql } from '../../lib/course-staff.js';
import { notFound } from '../../plugins/errors.js';

export type DashboardCaller = AdminCaller;

/** Rows of a raw statement: both drivers answer `{ rows }`. */
async function rowsOf<T>(query: PromiseLike<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Live organizations the caller may see: theirs, every one for a superadmin, and for a course's
 * staff (issue 28) the organizations of the courses they teach.
 */
function organizationScope(caller: DashboardCaller): SQL {
  if (caller.role === 'SUPERADMIN') return sql`o.deleted_at is null`;
  const staff = caller.courseStaff
    ? sql` or o.id in (select tc.organization_id from courses tc
        where tc.id in (${staffCourseIdsSql(caller.userId, caller.courseStaff)}))`
    : sql``;
  return sql`o.deleted_at is null and (o.id in (
      select oa.organization_id from organization_admins oa where oa.user_id = ${caller.userId})${staff})`;
}

/**
 * The dashboard's courses `c` (joined to their organization `o`): the caller's to administer
 * (a staff member's: the courses they teach) and the filters.
 */
function courseScope(caller: DashboardCaller, query: AdminDashboardQuery): SQL {
  return sql`c.archived_at is null and ${adminCourseScope(caller)}
    ${query.organizationId ? sql`and c.organization_id = ${query.organizationId}` : sql``}
    ${query.term ? sql`and c.term = ${query.term}` : sql``}`;
}

interface FilterRow {
  organizations: { id: string; name: string }[];
  terms: string[];
}

/** The organizations the caller may filter by, and the terms of their courses (of the chosen one). */
function filtersStatement(db: DbOrTx, caller: DashboardCaller, query: AdminDashboardQuery) {
  return rowsOf<FilterRow>(
    executeNamed(
      db,
      'dashboard',
      sql`select
        (select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name)
          order by o.name, o.id), '[]'::json)
          from organizations o where ${organizationScope(caller)}) as organizations,
        array(select distinct c.term from courses c
          join organizations o on o.id = c.organization_id
          where c.archived_at is null and ${adminCourseScope(caller)}
            ${query.organizationId ? sql`and c.organization_id = ${query.organizationId}` : sql``}
          order by c.term) as terms`,
    ),
  );
}

interface CourseRow {
  id: string;
  code: string;
  title: string;
  term: string;
  organization_id: string;
  organization_name: string;
  team_size_min: number;
  team_size_max: number;
  deadline: string;
  seconds_left: number;
  /** YYYY-MM-DD: the course's creation or its first formation event, whichever came first. */
  first_day: string;
  pending: number;
  active: number;
  inactive: number;
  placed: number;
  teams: number;
  teams_full: number;
  teams_open: number;
  teams_under_min: number;
  pending_requests: number;
  stale_requests: number;
  oldest_stale_request: string | null;
  pending_invitations: number;
  failed_uploads: number;
  last_failed_upload: string | null;
  /** The survey (with questions and dates; null without): its closing, ISO 8601 UTC. */
  survey_closes_at: string | null;
  survey_open: boolean;
  survey_closed: boolean;
  /** Seconds until the survey closes (negative once closed); null without a survey. */
  survey_seconds_left: number | null;
  /** ACTIVE students without a submitted response, counted while it closes soon (else 0). */
  survey_missing: number;
}

/**
 * One row per course with every figure: the students, placements, requests, invitations and
 * teams (by size, migration 0024) kept on the course row as they change (decision 129); the
 * requests waiting too long and the failed uploads counted from their indexes (a few rows).
 * A failed upload counts until a later upload of the same
 * course completes (csv_uploads: course_id, status, created_at, finished_at).
 */
function coursesStatement(db: DbOrTx, caller: DashboardCaller, query: AdminDashboardQuery) {
  return rowsOf<CourseRow>(
    executeNamed(
      db,
      'dashboard',
      sql`with sc as materialized (
        select c.id, c.code, c.title, c.term, c.organization_id, o.name as organization_name,
          c.team_size_min, c.team_size_max, c.team_formation_deadline, c.created_at,
          c.pending_count, c.active_count, c.inactive_count,
          c.pending_join_request_count, c.pending_invitation_count, c.placed_count,
          c.full_team_count,
          (select coalesce(sum(n), 0) from unnest(c.live_team_sizes) as n)::int as teams,
          (select coalesce(sum(z.n), 0) from unnest(c.live_team_sizes) with ordinality as z(n, i)
            where z.i - 1 < c.team_size_min)::int as teams_under_min
        from courses c join organizations o on o.id = c.organization_id
        where ${courseScope(caller, query)}
      ),
      req as (
        select r.course_id,
          count(*)::int as stale_requests, min(r.created_at) as oldest_stale_request
        from join_requests r
        where r.course_id in (select id from sc) and r.status = 'PENDING'
          and r.created_at < now() - make_interval(hours => ${ATTENTION_REQUEST_HOURS})
        group by r.course_id
      ),
      up as (
        select u.course_id, count(*)::int as failed_uploads,
          max(coalesce(u.finished_at, u.created_at)) as last_failed_upload
        from csv_uploads u
        where u.course_id in (select id from sc) and u.status = 'FAILED'
          and not exists (select 1 from csv_uploads later
            where later.course_id = u.course_id and later.status = 'COMPLETED'
              and later.created_at > u.created_at)
        group by u.course_id
      ),
      -- Issue 35: the survey of each course (with questions and dates); who has not submitted
      -- is counted only while it is open and closes within ATTENTION_SURVEY_HOURS.
      sv as (
        select s.course_id, s.closes_at,
          (s.opens_at <= now() and s.closes_at > now()) as open,
          (s.closes_at <= now()) as closed,
          case when s.opens_at <= now() and s.closes_at > now()
              and s.closes_at <= now() + make_interval(hours => ${ATTENTION_SURVEY_HOURS})
            then (select count(*) from enrollments e
              where e.course_id = s.course_id and e.status = 'ACTIVE' and e.removed_at is null
                and e.user_id is not null
                and not exists (select 1 from survey_responses r
                  where r.course_id = e.course_id and r.user_id = e.user_id
                    and r.submitted_at is not null))
            else 0 end::int as missing
        from course_surveys s
        where s.course_id in (select id from sc) and jsonb_array_length(s.questions) > 0
          and s.opens_at is not null and s.closes_at is not null
      )
      select sc.id, sc.code, sc.title, sc.term, sc.organization_id, sc.organization_name,
        sc.team_size_min, sc.team_size_max,
        ${iso(sql`sc.team_formation_deadline`)} as deadline,
        floor(extract(epoch from sc.team_formation_deadline - now()))::int as seconds_left,
        to_char(least((sc.created_at at time zone 'UTC')::date,
          coalesce((select min(fd.day) from course_formation_days fd where fd.course_id = sc.id),
            (sc.created_at at time zone 'UTC')::date)), 'YYYY-MM-DD') as first_day,
        sc.pending_count as pending, sc.active_count as active, sc.inactive_count as inactive,
        sc.placed_count as placed,
        sc.teams, sc.full_team_count as teams_full, sc.teams - sc.full_team_count as teams_open,
        sc.teams_under_min,
        sc.pending_join_request_count as pending_requests,
        coalesce(req.stale_requests, 0) as stale_requests,
        ${iso(sql`req.oldest_stale_request`)} as oldest_stale_request,
        sc.pending_invitation_count as pending_invitations,
        coalesce(up.failed_uploads, 0) as failed_uploads,
        ${iso(sql`up.last_failed_upload`)} as last_failed_upload,
        ${iso(sql`sv.closes_at`)} as survey_closes_at,
        coalesce(sv.open, false) as survey_open,
        coalesce(sv.closed, false) as survey_closed,
        floor(extract(epoch from sv.closes_at - now()))::int as survey_seconds_left,
        coalesce(sv.missing, 0) as survey_missing
      from sc
      left join req on req.course_id = sc.id
      left join up on up.course_id = sc.id
      left join sv on sv.course_id = sc.id
      order by sc.organization_name, sc.code, sc.id`,
    ),
  );
}

interface ChangeRow {
  course_id: string;
  day: string;
  active: number;
  placed: number;
}

/**
 * What the audit trail says changed, per course and UTC day, over the window: ACTIVE enrollments
 * (`active`) and ACTIVE students in a team (`placed`), read from course_formation_days (one row
 * per course and day, kept from the events by a trigger: migrations 0012 and 0014). Each event's
 * change is set at insert from its action and data (decision 108):
 * - ENROLLED (manual, CSV: data.status), RESTORED (manual: data.status; CSV: data.to): +1 when ACTIVE;
 * - ACTIVATED (first sign-in): +1; STATUS_CHANGED (data.from → data.to): ±1 around ACTIVE;
 * - REMOVED (data.status): −1 when it was ACTIVE;
 * - TEAM_CREATED, MEMBER_JOINED, MEMBER_ADDED_BY_ADMIN: +1; MEMBER_LEFT, MEMBER_REMOVED: −1;
 * - MEMBER_MOVED_BY_ADMIN: written twice, out of one team (data.toTeamId) and into another
 *   (data.fromTeamId): −1 and +1;
 * - TEAM_DISBANDED: − the members it released (data.releasedMembers; none when the last member
 *   left, that was MEMBER_LEFT).
 * Only ACTIVE students join teams, and leaving ACTIVE (INACTIVE, removed) takes a student out
 * of their team with its own MEMBER_REMOVED, so membership events are placed-student events.
 */
function changesStatement(db: DbOrTx, caller: DashboardCaller, query: AdminDashboardQuery) {
  return rowsOf<ChangeRow>(
    executeNamed(
      db,
      'dashboard',
      sql`select fd.course_id, to_char(fd.day, 'YYYY-MM-DD') as day, fd.active, fd.placed
      from courses c
      join organizations o on o.id = c.organization_id
      join course_formation_days fd on fd.course_id = c.id
        and fd.day >= (now() at time zone 'UTC')::date - ${FORMATION_PROGRESS_MAX_DAYS - 1}::int
        and (fd.active <> 0 or fd.placed <> 0)
      where ${courseScope(caller, query)}`,
    ),
  );
}

const DAY_MS = 86_400_000;

const percentOf = (placed: number, active: number) =>
  active > 0 ? Math.round((placed / active) * 1000) / 10 : null;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The curve, day by day from the course's first day (at most 120 days back) to today: today's
 * real figures, with each later day's recorded changes undone going back. So the last point is
 * today's figure exactly, and a trail that misses old events (data older than the audit trail)
 * makes the curve flat before them rather than wrong at the end.
 */
export function progressOf(
  course: Pick<CourseRow, 'id' | 'code' | 'first_day' | 'active' | 'placed'>,
  changes: ReadonlyMap<string, { active: number; placed: number }>,
  now: Date,
): CourseProgress {
  const today = Date.parse(dayOf(now.getTime()));
  const first = Math.max(
    Date.parse(course.first_day),
    today - (FORMATION_PROGRESS_MAX_DAYS - 1) * DAY_MS,
  );
  const points: CourseProgress['points'] = [];
  let active = course.active;
  let placed = course.placed;
  for (let time = today; time >= first; time -= DAY_MS) {
    const day = dayOf(time);
    const shownActive = Math.max(0, active);
    const shownPlaced = Math.min(shownActive, Math.max(0, placed));
    points.push({
      day,
      active: shownActive,
      placed: shownPlaced,
      percent: percentOf(shownPlaced, shownActive),
    });
    const change = changes.get(day);
    if (change) {
      active -= change.active;
      placed -= change.placed;
    }
  }
  return { courseId: course.id, code: course.code, points: points.reverse() };
}

function toCourse(row: CourseRow): DashboardCourseStats {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    term: row.term,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    teamSizeMin: row.team_size_min,
    teamSizeMax: row.team_size_max,
    deadline: row.deadline,
    secondsLeft: row.seconds_left,
    students: { pending: row.pending, active: row.active, inactive: row.inactive },
    placed: row.placed,
    placedPercent: percentOf(row.placed, row.active),
    teamless: row.active - row.placed,
    teams: {
      total: row.teams,
      full: row.teams_full,
      open: row.teams_open,
      underMinimum: row.teams_under_min,
    },
    pendingJoinRequests: row.pending_requests,
    pendingInvitations: row.pending_invitations,
  };
}

/**
 * What needs the admin, most urgent first: by kind (a deadline within 72 h with teamless
 * students, a passed deadline with teamless students, a survey closing within 72 h that some
 * have not submitted, a closed survey with students still teamless (issue 35), failed uploads, teams under the minimum,
 * join requests waiting over 48 h), then the larger count, then the course code.
 */
export function attentionOf(rows: readonly CourseRow[]): AttentionItem[] {
  const items: AttentionItem[] = [];
  for (const row of rows) {
    const about = {
      courseId: row.id,
      courseCode: row.code,
      courseTitle: row.title,
      organizationName: row.organization_name,
    };
    const teamless = row.active - row.placed;
    if (teamless > 0 && row.seconds_left <= 0) {
      items.push({ kind: 'DEADLINE_PASSED', ...about, count: teamless, at: row.deadline });
    } else if (teamless > 0 && row.seconds_left <= ATTENTION_DEADLINE_HOURS * 3600) {
      items.push({ kind: 'DEADLINE_SOON', ...about, count: teamless, at: row.deadline });
    }
    // Issue 35: the survey closes soon and some have not submitted it.
    if (
      row.survey_open &&
      row.survey_missing > 0 &&
      (row.survey_seconds_left ?? Infinity) <= ATTENTION_SURVEY_HOURS * 3600
    ) {
      items.push({
        kind: 'SURVEY_CLOSING',
        ...about,
        count: row.survey_missing,
        at: row.survey_closes_at,
      });
    }
    // The survey closed and some are still without a team: placement is next.
    if (row.survey_closed && teamless > 0) {
      items.push({
        kind: 'PLACEMENT_WAITING',
        ...about,
        count: teamless,
        at: row.survey_closes_at,
      });
    }
    if (row.failed_uploads > 0) {
      items.push({
        kind: 'FAILED_UPLOADS',
        ...about,
        count: row.failed_uploads,
        at: row.last_failed_upload,
      });
    }
    if (row.teams_under_min > 0) {
      items.push({ kind: 'TEAMS_UNDER_MINIMUM', ...about, count: row.teams_under_min, at: null });
    }
    if (row.stale_requests > 0) {
      items.push({
        kind: 'STALE_JOIN_REQUESTS',
        ...about,
        count: row.stale_requests,
        at: row.oldest_stale_request,
      });
    }
  }
  const rank = (kind: AttentionItem['kind']) => ATTENTION_KINDS.indexOf(kind);
  return items.sort(
    (a, b) =>
      rank(a.kind) - rank(b.kind) ||
      // The nearest deadline (or closing) first among the soon ones; otherwise the bigger
      // problem first.
      (a.kind === 'DEADLINE_SOON' || a.kind === 'SURVEY_CLOSING'
        ? Date.parse(a.at!) - Date.parse(b.at!)
        : b.count - a.count) ||
      a.courseCode.localeCompare(b.courseCode) ||
      a.courseId.localeCompare(b.courseId),
  );
}

/**
 * GET /admin/dashboard/stats: three statements, submitted together (two without the progress
 * curve, for the CSV export). An organization filter that is not one of the caller's live
 * organizations answers 404, like the other admin calls.
 */
export async function getAdminDashboardStats(
  db: DbOrTx,
  caller: DashboardCaller,
  query: AdminDashboardQuery,
  options: { progress?: boolean; now?: Date } = {},
): Promise<AdminDashboardStats> {
  const { progress = true, now = new Date() } = options;
  const [[filters], rows, changeRows] = await Promise.all([
    filtersStatement(db, caller, query),
    coursesStatement(db, caller, query),
    progress ? changesStatement(db, caller, query) : Promise.resolve([]),
  ]);
  const organizations = filters?.organizations ?? [];
  if (query.organizationId && !organizations.some((o) => o.id === query.organizationId)) {
    throw notFound('Organization not found');
  }
  const changes = new Map<string, Map<string, { active: number; placed: number }>>();
  for (const change of changeRows) {
    let byDay = changes.get(change.course_id);
    if (!byDay) changes.set(change.course_id, (byDay = new Map()));
    byDay.set(change.day, { active: change.active, placed: change.placed });
  }
  return {
    generatedAt: now.toISOString(),
    filters: { organizations, terms: filters?.terms ?? [] },
    courses: rows.map(toCourse),
    progress: progress
      ? rows.map((row) => progressOf(row, changes.get(row.id) ?? new Map(), now))
      : [],
    attention: attentionOf(rows),
  };
}
