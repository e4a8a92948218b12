// The community directory (issue 12, decision 105). Each call is a fixed number of statements
// whatever the page size, all sent together (one round trip on the signed-in read path): who
// may be seen, the cards' courses, teams, invite options and highlighted skills are subqueries
// aggregated with json_agg and arrays, never a query per row.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  CommunityProfile,
  CommunityStats,
  CommunityStudent,
  InviteOption,
  Paginated,
  PaginationQuery,
  ProfileActivityEntry,
  ProfileLink,
  SharedCourse,
  SkillSuggestions,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';
import { auditEvents } from '../../db/schema/index.js';
import { listAuditEventsInContext } from '../../lib/audit.js';
import { hideHiddenEmails } from '../../lib/email-rule.js';
import { containsPattern } from '../../lib/like-pattern.js';
import { notFound } from '../../plugins/errors.js';
import {
  adminOrgIds,
  viewerActiveIn,
  courseUsable,
  emailVisible,
  enrollmentShown,
  sharedCourseCondition,
  visibleCondition,
  visibleIds,
  type Viewer,
} from './viewer-sql.js';

interface StudentsFilter {
  page: number;
  limit: number;
  search?: string | undefined;
  skills: string[];
  courseId?: string | undefined;
  looking?: boolean | undefined;
  withoutTeam?: boolean | undefined;
}

interface CardRow {
  id: string;
  fullname: string;
  email: string | null;
  avatar: string | null;
  headline: string;
  skills: string[];
  highlighted_skills: string[];
  courses: SharedCourse[];
  invite_options: InviteOption[];
}

interface ProfileRow extends CardRow {
  bio: string;
  links: ProfileLink[];
  member_since: string;
}

/** Rows of a raw statement: both drivers answer `{ rows }`. */
async function rowsOf<T>(query: PromiseLike<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** A student who is looking for a team in course `c` (enrollment `e`): ACTIVE and teamless. */
const lookingIn = sql`(e.looking_for_team and e.status = 'ACTIVE' and tm.team_id is null)`;

/**
 * Whether the viewer may file a join request to team `t` of course `c` now: the same checks as
 * the apply call (membership, ACTIVE enrollment, deadline, open with a seat, nothing open between
 * them), so the profile offers "Ask to join" only where it would succeed. A waitlist place is
 * not offered from here: the team page explains it.
 */
function canAskToJoin(v: Viewer): SQL {
  return sql`(t.open_to_requests and t.member_count < t.max_size
    and c.team_formation_deadline > now()
    and exists(select 1 from enrollments ae where ae.course_id = c.id
      and ae.user_id = ${v.userId} and ae.status = 'ACTIVE' and ae.removed_at is null)
    and not exists(select 1 from team_members am
      where am.course_id = c.id and am.user_id = ${v.userId})
    and not exists(select 1 from join_requests aj where aj.team_id = t.id
      and aj.user_id = ${v.userId} and aj.status in ('PENDING', 'WAITLISTED'))
    and not exists(select 1 from invitations ai where ai.team_id = t.id
      and ai.invitee_id = ${v.userId} and ai.status = 'PENDING'))`;
}

/**
 * The teams the viewer could invite someone to now: theirs to lead, live, with a seat, in a live
 * course before its deadline where the viewer is ACTIVE. An uncorrelated array, so the statement
 * computes it once (an InitPlan, from the partial index on teams.leader_id: migration 0023), not
 * once per card by scanning each course's teams (decision 129).
 */
function invitableTeamIds(v: Viewer): SQL {
  return sql`array(select vt.id from teams vt
    join courses vc on vc.id = vt.course_id and vc.archived_at is null
      and vc.team_formation_deadline > now()
    join organizations vo on vo.id = vc.organization_id and vo.deleted_at is null
    where vt.leader_id = ${v.userId} and vt.disbanded_at is null
      and vt.member_count < vt.max_size
      and exists(select 1 from enrollments ve where ve.course_id = vt.course_id
        and ve.user_id = ${v.userId} and ve.status = 'ACTIVE' and ve.removed_at is null))`;
}

/** The card of `u`: everything the directory and the profile show of a student. */
function cardColumns(v: Viewer, searchedKeys: string[]): SQL {
  // Skills to highlight: those searched for and those the viewer's live teams want.
  const highlightKeys = sql`(${textArray(searchedKeys)} || array(
    select lower(btrim(w)) from team_members hm
    join teams ht on ht.id = hm.team_id and ht.disbanded_at is null
    cross join unnest(ht.wanted_skills) as w
    where hm.user_id = ${v.userId}))`;
  return sql`
    u.id, u.fullname, u.avatar, u.headline, u.skills,
    case when ${emailVisible(v)} then u.email end as email,
    array(select s from unnest(u.skills) as s
      where lower(btrim(s)) = any(${highlightKeys})) as highlighted_skills,
    (select coalesce(json_agg(json_build_object(
        'id', c.id, 'code', c.code, 'title', c.title,
        'enrollmentStatus', e.status,
        'lookingForTeam', ${lookingIn},
        'lookingNote', case when ${lookingIn} then e.looking_note else '' end,
        'team', case when t.id is null then null else json_build_object(
          'id', t.id, 'name', t.name, 'memberCount', t.member_count, 'maxSize', t.max_size,
          'isLeader', t.leader_id is not distinct from u.id,
          'canAskToJoin', ${canAskToJoin(v)}) end
      ) order by c.code, c.id), '[]'::json)
      from enrollments e
      join courses c on c.id = e.course_id and c.archived_at is null
      join organizations o on o.id = c.organization_id and o.deleted_at is null
      left join team_members tm on tm.course_id = e.course_id and tm.user_id = u.id
      left join teams t on t.id = tm.team_id and t.disbanded_at is null
      where e.user_id = u.id and e.removed_at is null and ${sharedCourseCondition(v)}
        and ${enrollmentShown(v, 'e')}
    ) as courses,
    (select coalesce(json_agg(json_build_object(
        'courseId', ic.id, 'courseCode', ic.code, 'teamId', it.id, 'teamName', it.name
      ) order by ic.code, it.id), '[]'::json)
      from teams it
      join courses ic on ic.id = it.course_id
      join enrollments iu on iu.course_id = it.course_id and iu.user_id = u.id
        and iu.status = 'ACTIVE' and iu.removed_at is null
      where it.id = any(${invitableTeamIds(v)})
        and not exists(select 1 from team_members im
          where im.course_id = it.course_id and im.user_id = u.id)
        and not exists(select 1 from invitations ii
          where ii.team_id = it.id and ii.invitee_id = u.id and ii.status = 'PENDING')
    ) as invite_options`;
}

function toCard(row: CardRow): CommunityStudent {
  return {
    id: row.id,
    fullname: row.fullname,
    email: row.email,
    avatar: row.avatar,
    headline: row.headline,
    skills: row.skills,
    highlightedSkills: row.highlighted_skills,
    courses: row.courses,
    inviteOptions: row.invite_options,
  };
}

/**
 * The directory's filters on `u` (the viewer is never listed: it is a list of others). With a
 * course, its roster (only its looking students when so filtered: a partial index) is the
 * candidate set and each candidate is judged on its own rows; without one, the candidates are
 * the viewer's visible set.
 */
function studentsWhere(v: Viewer, filter: StudentsFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.courseId) {
    // The course's roster rows are the candidates, and each is judged on the row itself (decision
    // 129): in the live course and shown (and looking there: ACTIVE, no team in it), with the
    // user's skills as copied onto it (member_skill_keys, migration 0023), and visible: a
    // classmate's ACTIVE row when the viewer is ACTIVE there (once per statement), else the whole
    // rule. So only the matching students' users rows are read, whatever plan is chosen.
    conditions.push(sql`u.id in (select fe.user_id from enrollments fe
      join courses fc on fc.id = fe.course_id and fc.archived_at is null
      join organizations fo on fo.id = fc.organization_id and fo.deleted_at is null
      where fe.course_id = ${filter.courseId} and fe.removed_at is null
        and ${enrollmentShown(v, 'fe')}
        ${
          filter.looking
            ? sql`and fe.looking_for_team and fe.status = 'ACTIVE'
              and not exists(select 1 from team_members ft
                where ft.course_id = fe.course_id and ft.user_id = fe.user_id)`
            : sql``
        }
        ${filter.skills.length > 0 ? sql`and fe.member_skill_keys @> ${textArray(filter.skills)}` : sql``}
        and ((${viewerActiveIn(v, filter.courseId)} and fe.status = 'ACTIVE')
          or exists(select 1 from users u where u.id = fe.user_id
            and ${visibleCondition(v, false)})))`);
  } else {
    conditions.push(sql`u.id in (${visibleIds(v, false)})`);
    // The GIN index on skill_keys answers containment.
    if (filter.skills.length > 0) conditions.push(sql`u.skill_keys @> ${textArray(filter.skills)}`);
  }
  conditions.push(sql`u.id <> ${v.userId}`);
  if (filter.search) conditions.push(sql`u.fullname ilike ${containsPattern(filter.search)}`);
  const inCourse = (extra: SQL) => sql`exists(
    select 1 from enrollments e
    join courses c on c.id = e.course_id and c.archived_at is null
    join organizations o on o.id = c.organization_id and o.deleted_at is null
    left join team_members tm on tm.course_id = e.course_id and tm.user_id = e.user_id
    where e.user_id = u.id and e.removed_at is null and ${enrollmentShown(v, 'e')} and ${extra})`;
  const courseOf = filter.courseId ? sql`e.course_id = ${filter.courseId}` : undefined;
  if (filter.looking === true && courseOf) {
    // Judged with the candidates above (the same conditions on the same row).
  } else if (filter.looking !== undefined) {
    // Looking in the course, or in any course the card shows.
    const looking = inCourse(sql`${courseOf ?? sharedCourseCondition(v)} and ${lookingIn}`);
    conditions.push(filter.looking ? looking : sql`not ${looking}`);
  }
  if (filter.withoutTeam !== undefined && courseOf) {
    const teamless = inCourse(sql`${courseOf} and tm.team_id is null`);
    conditions.push(filter.withoutTeam ? teamless : sql`not ${teamless}`);
  }
  return sql.join(conditions, sql` and `);
}

/**
 * GET /community/students: one page of the students the viewer may see, by name, with the
 * total and (with a course filter) whether the viewer may use the course: one statement. The
 * matching students are gathered once (a materialized CTE); only the page's rows get cards.
 */
export async function listCommunityStudents(
  db: DbOrTx,
  v: Viewer,
  filter: StudentsFilter,
): Promise<Paginated<CommunityStudent>> {
  const where = studentsWhere(v, filter);
  const offset = (filter.page - 1) * filter.limit;
  const usable = filter.courseId ? courseUsable(v, filter.courseId) : sql`true`;
  const rows = await rowsOf<Partial<CardRow> & { usable: boolean; total: number | string }>(
    executeNamed(
      db,
      'community',
      sql`
      with matched as materialized (select u.id, u.fullname from users u where ${where}),
      paged as (select m.id from matched m
        order by m.fullname, m.id limit ${filter.limit} offset ${offset})
      select ${usable} as usable, (select count(*) from matched) as total, card.*
      from (select 1) as one
      left join lateral (
        select ${cardColumns(v, filter.skills)} from paged p join users u on u.id = p.id
      ) as card on true
      order by card.fullname, card.id`,
    ),
  );
  const first = rows[0];
  if (!first?.usable) throw notFound('Course not found');
  return {
    items: rows.filter((row): row is CardRow & typeof row => Boolean(row.id)).map(toCard),
    page: filter.page,
    limit: filter.limit,
    total: Number(first.total),
  };
}

/** A student's profile as the viewer may see it: one statement; 404 when they may not. */
export async function getCommunityProfile(
  db: DbOrTx,
  v: Viewer,
  studentId: string,
): Promise<CommunityProfile> {
  const [row] = await rowsOf<ProfileRow>(
    executeNamed(
      db,
      'community',
      sql`select ${cardColumns(v, [])}, u.bio, u.links,
        to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as member_since
      from users u
      where u.id = ${studentId} and ${visibleCondition(v, true)}`,
    ),
  );
  if (!row) throw notFound('Student not found');
  return {
    ...toCard(row),
    bio: row.bio,
    links: row.links,
    isSelf: row.id === v.userId,
    memberSince: row.member_since,
  };
}

/** Counted over the profile's courses (the ones the viewer shares with the student). */
export async function getCommunityStats(
  db: DbOrTx,
  v: Viewer,
  studentId: string,
): Promise<CommunityStats> {
  const profile = await getCommunityProfile(db, v, studentId);
  return {
    coursesInCommon: profile.courses.length,
    teams: profile.courses.filter((c) => c.team).length,
    leading: profile.courses.filter((c) => c.team?.isLeader).length,
    lookingIn: profile.courses.filter((c) => c.lookingForTeam).length,
    skills: profile.skills.length,
  };
}

/**
 * What another student may read of a student's history: the team milestones anyone in the course
 * can see anyway (teams made, joined, left, led, disbanded). Enrollment changes, requests,
 * invitations, notices and removals stay between the people involved and the course's admins.
 */
const PUBLIC_TEAM_ACTIONS = [
  'TEAM_CREATED',
  'TEAM_UPDATED',
  'TEAM_DISBANDED',
  'MEMBER_JOINED',
  'MEMBER_ADDED_BY_ADMIN',
  'MEMBER_LEFT',
  'LEADER_CHANGED',
];

/**
 * The student's activity the viewer may see: events they made or that were about them, in
 * courses both share (admins: in their organizations; superadmins: all); another student sees
 * only the team milestones ({@link PUBLIC_TEAM_ACTIONS}), and none of a course the student is
 * INACTIVE in (decision 121). Three statements (who may be seen, the page and the total), and a
 * fourth for the emails of the page's people, which follow the one email rule.
 */
export async function listCommunityActivity(
  db: DbOrTx,
  v: Viewer,
  studentId: string,
  page: PaginationQuery,
): Promise<Paginated<ProfileActivityEntry>> {
  const about = or(eq(auditEvents.actorId, studentId), eq(auditEvents.targetUserId, studentId));
  const shared = sql`${auditEvents.courseId} in (
    select a.course_id from enrollments a join enrollments b on b.course_id = a.course_id
    where a.user_id = ${v.userId} and a.removed_at is null
      and b.user_id = ${studentId} and b.removed_at is null and ${enrollmentShown(v, 'b')})`;
  const scope: SQL | undefined =
    v.role === 'SUPERADMIN'
      ? undefined
      : v.role === 'ORG_ADMIN'
        ? or(shared, sql`${auditEvents.organizationId} in (${adminOrgIds(v)})`)
        : studentId === v.userId
          ? shared
          : and(shared, inArray(auditEvents.action, PUBLIC_TEAM_ACTIONS));
  const [seen, activity] = await Promise.all([
    rowsOf<{ id: string }>(
      executeNamed(
        db,
        'community',
        sql`select u.id from users u where u.id = ${studentId} and ${visibleCondition(v, true)}`,
      ),
    ),
    listAuditEventsInContext(db, and(about, scope), page),
  ]);
  if (!seen[0]) throw notFound('Student not found');
  return { ...activity, items: await hideHiddenEmails(db, v, activity.items) };
}

/**
 * Skills used by the students the caller may see (their organizations' students for an
 * admin, everyone for a superadmin), by prefix of the lower-cased key, most used first. One
 * statement, starting from the caller's enrollments or organizations.
 */
export async function suggestSkills(
  db: DbOrTx,
  v: Viewer,
  query: { q: string; limit: number },
): Promise<SkillSuggestions> {
  const prefix = `${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await rowsOf<{ skill: string; count: number | string }>(
    executeNamed(
      db,
      'community',
      sql`
      select mode() within group (order by k.skill) as skill, count(distinct u.id) as count
      from users u
      cross join lateral (select s as skill, lower(btrim(s)) as key from unnest(u.skills) as s) k
      where u.id in (${visibleIds(v, false)}) and k.key like ${prefix}
      group by k.key
      order by count(distinct u.id) desc, k.key
      limit ${query.limit}`,
    ),
  );
  return { items: rows.map((r) => ({ skill: r.skill, count: Number(r.count) })) };
}
