// Team health and nudges (issue 15, decision 118). One statement reads every live team of a
// course with what its flags need (members, the course minimum, requests waiting, the members'
// last activity, the last nudge); the flags and their sentences are decided here, in one place,
// for the health list and for the nudge.
import { sql, type SQL } from 'drizzle-orm';
import {
  HEALTH_INACTIVE_DAYS,
  HEALTH_UNANSWERED_HOURS,
  NUDGE_INTERVAL_HOURS,
  type CourseHealth,
  type ErrorCode,
  type NudgeResult,
  type TeamHealth,
  type TeamHealthFlag,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';
import { recordAudit } from '../../lib/audit.js';
import { courseIsInScope, outOfScope } from '../../lib/org-scope.js';
import { conflict, notFound } from '../../plugins/errors.js';
import {
  adminCourseScope,
  courseRefusal,
  iso,
  rowsOf,
  type AdminCaller,
} from './course-health-sql.js';
import { assertLive, lockTeam } from '../../lib/team-lock.js';
import { callerScope } from '../../lib/org-scope.js';

interface TeamRow {
  id: string;
  name: string;
  member_count: number;
  max_size: number;
  open_to_requests: boolean;
  leader_id: string | null;
  leader_fullname: string | null;
  unanswered: number;
  /** The last UTC day a member signed in or used Teamup (YYYY-MM-DD), null if none ever did. */
  last_seen_day: string | null;
  inactive: boolean;
  last_nudged_at: string | null;
}

interface CourseRow {
  id: string;
  team_size_min: number;
  deadline: string;
  total_teams: number;
  teams: TeamRow[];
}

/**
 * The course `c` with its live teams `t` that `teamCondition` keeps, each with what the flags
 * need. Activity: a member counts as active on a UTC day they signed in (users.last_sign_in_at)
 * or used Teamup (user_activity_days, fed by the sessions' last-used writes, so a member who
 * stays signed in counts too); a team is inactive when no member was active on any of the last
 * HEALTH_INACTIVE_DAYS days (today included).
 */
function healthStatement(db: DbOrTx, courseCondition: SQL, teamCondition: SQL) {
  return rowsOf<CourseRow>(
    executeNamed(
      db,
      'course_health',
      sql`select c.id, c.team_size_min, ${iso(sql`c.team_formation_deadline`)} as deadline,
        (select count(*)::int from teams lt
          where lt.course_id = c.id and lt.disbanded_at is null) as total_teams,
        (select coalesce(json_agg(h order by h.name, h.id), '[]'::json) from (
          select t.id, t.name, t.member_count, t.max_size, t.open_to_requests, t.leader_id,
            t.leader_fullname,
            (select count(*)::int from join_requests r
              where r.team_id = t.id and r.status = 'PENDING'
                and r.created_at < now() - make_interval(hours => ${HEALTH_UNANSWERED_HOURS}))
              as unanswered,
            to_char(s.last_seen, 'YYYY-MM-DD') as last_seen_day,
            (s.last_seen is null or s.last_seen <=
              ((now() at time zone 'UTC')::date - ${HEALTH_INACTIVE_DAYS}::int)) as inactive,
            (select ${iso(sql`max(a.created_at)`)} from audit_events a
              where a.team_id = t.id and a.action = 'TEAM_NUDGED') as last_nudged_at
          from teams t
          left join lateral (
            select max(greatest((u.last_sign_in_at at time zone 'UTC')::date,
              (select max(d.day) from user_activity_days d where d.user_id = u.id))) as last_seen
            from team_members m join users u on u.id = m.user_id
            where m.team_id = t.id
          ) s on true
          where t.course_id = c.id and t.disbanded_at is null and ${teamCondition}
        ) h) as teams
      from courses c join organizations o on o.id = c.organization_id
      where ${courseCondition}`,
    ),
  );
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
/** "Dec 1": a UTC day as the sentences name it. */
const dayOf = (isoText: string) => dayFormat.format(new Date(isoText));
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

interface Context {
  min: number;
  deadline: string;
  now: Date;
}

const beforeDeadline = (ctx: Context) =>
  new Date(ctx.deadline).getTime() > ctx.now.getTime() ? ` before ${dayOf(ctx.deadline)}` : '';

/** The team's flags, in the order of TEAM_HEALTH_FLAGS, each with what to do about it. */
function flagsOf(row: TeamRow, ctx: Context): TeamHealth['flags'] {
  const flags: TeamHealth['flags'] = [];
  const short = row.member_count < ctx.min;
  const size = `${row.member_count} of the minimum ${ctx.min} members`;
  if (short) {
    flags.push({
      flag: 'UNDER_MINIMUM',
      detail: `Has ${size}: the leader should accept a request or invite a classmate${beforeDeadline(ctx)}, or you can add a student.`,
    });
  }
  if (row.unanswered > 0) {
    const n = row.unanswered;
    flags.push({
      flag: 'REQUESTS_UNANSWERED',
      detail: `${n} join ${plural(n, 'request has', 'requests have')} waited over ${HEALTH_UNANSWERED_HOURS} hours: the leader should accept or decline ${plural(n, 'it', 'them')}.`,
    });
  }
  if (row.inactive) {
    flags.push({
      flag: 'INACTIVE',
      detail: row.last_seen_day
        ? `No member has signed in since ${dayOf(row.last_seen_day)}: check that the team is still working together.`
        : 'No member has ever signed in: remind them to sign in and check their team.',
    });
  }
  if (short && !row.open_to_requests) {
    flags.push({
      flag: 'CLOSED_WHILE_SHORT',
      detail: `Closed to join requests with ${size}: the leader should open it to requests or invite a classmate.`,
    });
  }
  return flags;
}

function toTeamHealth(row: TeamRow, ctx: Context): TeamHealth {
  return {
    teamId: row.id,
    name: row.name,
    memberCount: row.member_count,
    maxSize: row.max_size,
    openToRequests: row.open_to_requests,
    leader: row.leader_id ? { id: row.leader_id, fullname: row.leader_fullname ?? '' } : null,
    flags: flagsOf(row, ctx),
    lastNudgedAt: row.last_nudged_at,
  };
}

/**
 * GET /admin/courses/{courseId}/health: the course's flagged live teams, most flags first (then
 * by name). One statement; a course outside the caller's organizations is 404.
 */
export async function getCourseHealth(
  db: DbOrTx,
  caller: AdminCaller,
  courseId: string,
): Promise<CourseHealth> {
  const [course] = await healthStatement(
    db,
    sql`c.id = ${courseId} and ${adminCourseScope(caller)}`,
    sql`true`,
  );
  if (!course) throw courseRefusal(caller);
  const ctx = { min: course.team_size_min, deadline: course.deadline, now: new Date() };
  const teams = course.teams
    .map((row) => toTeamHealth(row, ctx))
    .filter((t) => t.flags.length > 0)
    // Stable: teams with as many flags keep the statement's order (name, id).
    .sort((a, b) => b.flags.length - a.flags.length);
  return {
    courseId: course.id,
    teamSizeMin: course.team_size_min,
    teams,
    totalTeams: course.total_teams,
  };
}

const joinWords = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * What the nudge tells the team, in one sentence built from its flags: what is wrong, then
 * what to do, e.g. "Your team has 2 of the minimum 3 members: accept a request or invite a
 * classmate before Dec 1."
 */
export function nudgeMessage(row: TeamRow, flags: TeamHealthFlag[], ctx: Context): string {
  const facts: string[] = [];
  const actions: string[] = [];
  if (flags.includes('UNDER_MINIMUM')) {
    facts.push(`has ${row.member_count} of the minimum ${ctx.min} members`);
  }
  if (flags.includes('CLOSED_WHILE_SHORT')) {
    facts.push('is closed to join requests');
    actions.push('open it to requests');
  }
  if (flags.includes('UNDER_MINIMUM')) actions.push('accept a request or invite a classmate');
  if (flags.includes('REQUESTS_UNANSWERED')) {
    const n = row.unanswered;
    facts.push(
      `has ${n} join ${plural(n, 'request', 'requests')} waiting over ${HEALTH_UNANSWERED_HOURS} hours`,
    );
    actions.push(`answer ${plural(n, 'it', 'them')}`);
  }
  if (flags.includes('INACTIVE')) {
    facts.push(`has had no member sign in for ${HEALTH_INACTIVE_DAYS} days`);
    actions.push('check in with each other');
  }
  const deadline = flags.some((f) => f !== 'INACTIVE') ? beforeDeadline(ctx) : '';
  return `Your team ${joinWords(facts)}: ${joinWords(actions)}${deadline}.`;
}

// Not in the shared list of error codes yet (packages/shared/src/api.ts belongs to the lead):
// the envelope's code is a string, so the client sees them as they are.
const NOTHING_TO_NUDGE: ErrorCode = 'NOTHING_TO_NUDGE';
const NUDGE_TOO_SOON: ErrorCode = 'NUDGE_TOO_SOON';

/**
 * POST /admin/teams/{id}/nudge, inside a transaction. The team's row lock serializes nudges of
 * one team, so two admins nudging at once send one nudge. The TEAM_NUDGED audit event is the
 * nudge: migration 0020's writer turns it into a notification for every member (never the
 * admin, never one who muted the kind), and its time is the team's lastNudgedAt.
 */
export async function nudgeTeam(
  tx: DbOrTx,
  caller: AdminCaller,
  teamId: string,
): Promise<NudgeResult> {
  const [scope, team] = await Promise.all([callerScope(tx, caller), lockTeam(tx, teamId)]);
  if (!courseIsInScope(scope, team.organizationId, team.courseId)) {
    throw outOfScope(scope, 'Team not found');
  }
  assertLive(team);

  const [course] = await healthStatement(tx, sql`c.id = ${team.courseId}`, sql`t.id = ${teamId}`);
  const row = course?.teams[0];
  if (!course || !row) throw notFound('Team not found');
  const ctx = { min: course.team_size_min, deadline: course.deadline, now: new Date() };
  const flags = flagsOf(row, ctx).map((f) => f.flag);
  if (flags.length === 0) {
    throw conflict(
      NOTHING_TO_NUDGE,
      `${team.name} has nothing to nudge about: no health flag is raised`,
    );
  }
  if (
    row.last_nudged_at &&
    ctx.now.getTime() - new Date(row.last_nudged_at).getTime() < NUDGE_INTERVAL_HOURS * 3_600_000
  ) {
    throw conflict(
      NUDGE_TOO_SOON,
      `${team.name} was nudged less than ${NUDGE_INTERVAL_HOURS} hours ago; give them time to act`,
    );
  }
  const message = nudgeMessage(row, flags, ctx);
  await recordAudit(tx, {
    action: 'TEAM_NUDGED',
    actorId: caller.userId,
    organizationId: team.organizationId,
    courseId: team.courseId,
    teamId: team.id,
    data: { byAdmin: true, message, flags },
  });
  // The writer's rows for this nudge (the trigger ran with the insert).
  const [counted] = await rowsOf<{ n: number }>(
    tx.execute(sql`select count(*)::int as n from notifications n
      join audit_events a on a.id = n.audit_event_id
      where a.team_id = ${team.id} and a.action = 'TEAM_NUDGED'
        and a.created_at = now() and n.kind = 'TEAM_NUDGED'`),
  );
  return { notified: counted?.n ?? 0, text: message };
}
