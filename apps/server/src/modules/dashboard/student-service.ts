// The student dashboard (issue 13, decision 107): one statement, whatever the number of courses,
// teams, requests or notices. Each section is a subquery aggregated with json_agg, each list per
// course a lateral subquery; the answer is built by PostgreSQL in the response's shape, so the
// service only hands it on. The statement is named (decision 105): planned once per connection.
import { sql, type SQL } from 'drizzle-orm';
import type { NoticesSeen, StudentDashboard } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';
import { openRequestSql, waitlistPositionSql } from '../../lib/waitlist-sql.js';
import { notFound } from '../../plugins/errors.js';

/** Rows of a raw statement: both drivers answer `{ rows }`. */
async function rowsOf<T>(query: PromiseLike<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

/** A timestamp as the API writes times: ISO 8601 in UTC with milliseconds. */
const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** How many open teams and looking classmates a teamless course shows by name. */
const NEXT_STEPS = 3;
const EXCERPT = 140;

/** A course or team the dashboard speaks of: not archived, of an organization not deleted. */
const liveCourse = (courseId: SQL) =>
  sql`join courses c on c.id = ${courseId} and c.archived_at is null
    join organizations o on o.id = c.organization_id and o.deleted_at is null`;

function dashboardSql(me: string): SQL {
  // The caller's skill keys: uncorrelated, so PostgreSQL runs it once for the statement.
  const myKeys = sql`coalesce((select skill_keys from users where id = ${me}), '{}'::text[])`;
  const invitationsSql = sql`(
    select coalesce(json_agg(json_build_object(
        'id', i.id, 'teamId', t.id, 'teamName', t.name,
        'courseId', c.id, 'courseCode', c.code, 'courseTitle', c.title,
        'invitedBy', case when b.id is null then null else json_build_object(
          'id', b.id, 'fullname', b.fullname, 'avatar', b.avatar) end,
        'message', i.message, 'createdAt', ${iso(sql`i.created_at`)}
      ) order by i.created_at desc, i.id desc), '[]'::json)
    from invitations i
    join teams t on t.id = i.team_id
    ${liveCourse(sql`i.course_id`)}
    left join users b on b.id = i.invited_by
    where i.invitee_id = ${me} and i.status = 'PENDING')`;
  // From my seats (team_members_user_idx) to the teams I lead, then their pending requests.
  const joinRequestsSql = sql`(
    select coalesce(json_agg(json_build_object(
        'id', r.id, 'teamId', t.id, 'teamName', t.name,
        'courseId', c.id, 'courseCode', c.code,
        'applicant', json_build_object(
          'id', a.id, 'fullname', a.fullname, 'avatar', a.avatar, 'skills', a.skills),
        'message', r.message, 'createdAt', ${iso(sql`r.created_at`)}
      ) order by r.created_at, r.id), '[]'::json)
    from team_members seat
    join teams t on t.id = seat.team_id and t.leader_id = ${me} and t.disbanded_at is null
    ${liveCourse(sql`t.course_id`)}
    join join_requests r on r.team_id = t.id and r.status = 'PENDING'
    join users a on a.id = r.user_id
    where seat.user_id = ${me})`;
  // My open requests: PENDING, and WAITLISTED (with my place in line) until the deadline.
  const myRequestsSql = sql`(
    select coalesce(json_agg(json_build_object(
        'id', r.id, 'teamId', t.id, 'teamName', t.name,
        'courseId', c.id, 'courseCode', c.code,
        'message', r.message, 'createdAt', ${iso(sql`r.created_at`)},
        'status', r.status,
        'waitlistPosition', ${waitlistPositionSql(
          {
            id: sql`r.id`,
            teamId: sql`r.team_id`,
            status: sql`r.status`,
            createdAt: sql`r.created_at`,
          },
          sql`c.team_formation_deadline`,
        )}
      ) order by r.created_at desc, r.id desc), '[]'::json)
    from join_requests r
    join teams t on t.id = r.team_id
    ${liveCourse(sql`r.course_id`)}
    where r.user_id = ${me} and ${openRequestSql(sql`r.status`, sql`c.team_formation_deadline`)})`;

  // Per teamless course: its open teams with a seat that I have not asked to join, most of my
  // skills wanted first (the course list's sort=match), and its looking classmates, by name.
  // Counted in full, named up to NEXT_STEPS; none once the deadline passed (nobody can join).
  const openTeamsSql = sql`
    select count(*) as total,
      coalesce(json_agg(json_build_object(
          'id', ot.id, 'name', ot.name, 'memberCount', ot.member_count, 'maxSize', ot.max_size,
          'wantedSkills', ot.wanted_skills, 'matchedSkills', ot.matched
        ) order by ot.rank) filter (where ot.rank <= ${NEXT_STEPS}), '[]'::json) as items
    from (
      select t.id, t.name, t.member_count, t.max_size, t.wanted_skills, m.matched,
        row_number() over (
          order by cardinality(m.matched) desc, lower(t.name), t.id) as rank
      from teams t
      cross join lateral (select array(
        select w.skill from unnest(t.wanted_skills) with ordinality as w(skill, n)
        where lower(btrim(w.skill)) = any(${myKeys})
        order by w.n) as matched) m
      where t.course_id = c.id and t.disbanded_at is null and t.leader_id is not null
        and t.open_to_requests and t.member_count < t.max_size
        and c.team_formation_deadline > now()
        and not exists(select 1 from join_requests mr
          where mr.team_id = t.id and mr.user_id = ${me} and mr.status = 'PENDING')
    ) ot`;
  const lookingSql = sql`
    select count(*) as total,
      coalesce(json_agg(json_build_object(
          'id', lc.id, 'fullname', lc.fullname, 'avatar', lc.avatar,
          'headline', lc.headline, 'lookingNote', lc.looking_note
        ) order by lc.rank) filter (where lc.rank <= ${NEXT_STEPS}), '[]'::json) as items
    from (
      select u.id, u.fullname, u.avatar, u.headline, le.looking_note,
        row_number() over (order by u.fullname, u.id) as rank
      from enrollments le
      join users u on u.id = le.user_id
      where le.course_id = c.id and le.looking_for_team and le.removed_at is null
        and le.status = 'ACTIVE' and le.user_id <> ${me}
        and c.team_formation_deadline > now()
        and not exists(select 1 from team_members lt
          where lt.course_id = le.course_id and lt.user_id = le.user_id)
    ) lc`;
  const teamlessSql = sql`(
    select coalesce(json_agg(json_build_object(
        'courseId', c.id, 'code', c.code, 'title', c.title,
        'teamSizeMin', c.team_size_min, 'teamSizeMax', c.team_size_max,
        'teamFormationDeadline', ${iso(sql`c.team_formation_deadline`)},
        'deadlinePassed', c.team_formation_deadline <= now(),
        'lookingForTeam', e.looking_for_team,
        'openTeamCount', ot.total, 'openTeams', ot.items,
        'lookingClassmateCount', lc.total, 'lookingClassmates', lc.items
      ) order by c.team_formation_deadline, c.code, c.id), '[]'::json)
    from enrollments e
    ${liveCourse(sql`e.course_id`)}
    cross join lateral (${openTeamsSql}) ot
    cross join lateral (${lookingSql}) lc
    where e.user_id = ${me} and e.status = 'ACTIVE' and e.removed_at is null
      and not exists(select 1 from team_members tm
        where tm.course_id = e.course_id and tm.user_id = ${me}))`;

  // Notices by others since I last saw the board (never seen: all of them). The window count
  // runs before the limit, so it counts every unseen notice, and the row is the newest.
  const unreadSql = sql`(
    select coalesce(json_agg(json_build_object(
        'teamId', t.id, 'teamName', t.name, 'courseCode', c.code, 'count', nn.total,
        'newest', json_build_object(
          'id', nn.id, 'authorName', nn.author_name,
          'excerpt', left(nn.body, ${EXCERPT}), 'createdAt', ${iso(sql`nn.created_at`)})
      ) order by nn.created_at desc, t.id), '[]'::json)
    from team_members seat
    join teams t on t.id = seat.team_id and t.disbanded_at is null
    ${liveCourse(sql`t.course_id`)}
    cross join lateral (
      select n.id, n.body, n.created_at, au.fullname as author_name, count(*) over () as total
      from team_notices n
      left join users au on au.id = n.author_id
      where n.team_id = seat.team_id and n.author_id is distinct from ${me}
        and (seat.notices_seen_at is null or n.created_at > seat.notices_seen_at)
      order by n.created_at desc, n.id desc
      limit 1) nn
    where seat.user_id = ${me})`;

  // Issue 27: surveys open now (with questions) in my ACTIVE courses that I have not submitted,
  // closing soonest first; `started` when I saved answers without submitting.
  const openSurveysSql = sql`(
    select coalesce(json_agg(json_build_object(
        'courseId', c.id, 'courseCode', c.code, 'courseTitle', c.title,
        'closesAt', ${iso(sql`s.closes_at`)},
        'started', r.user_id is not null
      ) order by s.closes_at, c.code, c.id), '[]'::json)
    from enrollments e
    ${liveCourse(sql`e.course_id`)}
    join course_surveys s on s.course_id = c.id
    left join survey_responses r on r.course_id = c.id and r.user_id = ${me}
    where e.user_id = ${me} and e.status = 'ACTIVE' and e.removed_at is null
      and s.opens_at <= now() and s.closes_at > now()
      and jsonb_array_length(s.questions) > 0
      and r.submitted_at is null)`;

  const coursesSql = sql`(
    select coalesce(json_agg(json_build_object(
        'courseId', c.id, 'code', c.code, 'title', c.title,
        'teamFormationDeadline', ${iso(sql`c.team_formation_deadline`)},
        'deadlinePassed', c.team_formation_deadline <= now(),
        'enrollmentStatus', e.status,
        'team', case when t.id is null then null else json_build_object(
          'id', t.id, 'name', t.name) end
      ) order by c.team_formation_deadline, c.code, c.id), '[]'::json)
    from enrollments e
    ${liveCourse(sql`e.course_id`)}
    left join team_members seat on seat.course_id = e.course_id and seat.user_id = e.user_id
    left join teams t on t.id = seat.team_id and t.disbanded_at is null
    where e.user_id = ${me} and e.removed_at is null)`;
  const teamsSql = sql`(
    select coalesce(json_agg(json_build_object(
        'id', t.id, 'name', t.name,
        'courseId', c.id, 'courseCode', c.code, 'courseTitle', c.title,
        'memberCount', t.member_count, 'maxSize', t.max_size,
        'isLeader', t.leader_id is not distinct from ${me}
      ) order by c.code, lower(t.name), t.id), '[]'::json)
    from team_members seat
    join teams t on t.id = seat.team_id and t.disbanded_at is null
    ${liveCourse(sql`t.course_id`)}
    where seat.user_id = ${me})`;

  return sql`select json_build_object(
    'invitations', ${invitationsSql},
    'joinRequests', ${joinRequestsSql},
    'myRequests', ${myRequestsSql},
    'teamlessCourses', ${teamlessSql},
    'unreadNotices', ${unreadSql},
    'openSurveys', ${openSurveysSql},
    'courses', ${coursesSql},
    'teams', ${teamsSql}
  ) as dashboard`;
}

/** GET /student/dashboard: everything of the student's home in one statement. */
export async function getStudentDashboard(
  db: DbOrTx,
  caller: { userId: string },
): Promise<StudentDashboard> {
  const [row] = await rowsOf<{ dashboard: StudentDashboard }>(
    executeNamed(db, 'dashboard', dashboardSql(caller.userId)),
  );
  return row!.dashboard;
}

/**
 * POST /student/teams/{id}/notices/seen: the caller's seat in a live team of a live organization
 * records now as when they last saw its board. One statement; 404 when they hold no seat there.
 */
export async function markNoticesSeen(
  db: DbOrTx,
  caller: { userId: string },
  teamId: string,
): Promise<NoticesSeen> {
  const [row] = await rowsOf<{ seen_at: string }>(
    db.execute(sql`
      update team_members seat set notices_seen_at = now()
      from teams t
      join courses c on c.id = t.course_id
      join organizations o on o.id = c.organization_id and o.deleted_at is null
      where seat.team_id = ${teamId} and seat.user_id = ${caller.userId}
        and t.id = seat.team_id and t.disbanded_at is null
      returning ${iso(sql`seat.notices_seen_at`)} as seen_at`),
  );
  if (!row) throw notFound('Team not found');
  return { teamId, noticesSeenAt: row.seen_at };
}
