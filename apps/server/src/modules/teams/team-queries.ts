// Team reads: lists, my teams, details and the audit log. Each is a fixed number of queries
// whatever the number of teams or members: the caller's relation to every team of a page is
// a correlated subquery on a unique or partial-unique index, a page carries its total (the
// courses' kept live team counts for an unfiltered list, a count subquery otherwise),
// the leader comes from the copies on the team row, and a team's members come aggregated
// with it — never a query per row (decision 098).
//
// The reads every screen makes (lists, my teams, details) are prepared statements: built
// once per database handle, and on PostgreSQL parsed and planned once per connection, so a
// request pays neither the query building nor the planning again (see bench-teams.ts).
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  allTeamsQuerySchema,
  courseTeamsQuerySchema,
  JoinRequest,
  MyTeams,
  Paginated,
  PaginationQuery,
  Person,
  TeamAuditEntry,
  TeamDetail,
  TeamMember,
  TeamSummary,
  ViewerTeamRelation,
} from '@teamup/shared';
import type { EnrollmentStatus } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { fastPrepared } from '../../db/fast-prepared.js';
import {
  auditEvents,
  courses,
  enrollments,
  invitations,
  joinRequests,
  organizations,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.js';
import { listAuditEvents } from '../../lib/audit.js';
import { hideHiddenEmails } from '../../lib/email-rule.js';
import { containsPattern } from '../../lib/like-pattern.js';
import { courseIsInScope, type AdminScope } from '../../lib/org-scope.js';
import { openRequestSql, waitlistPositionSql } from '../../lib/waitlist-sql.js';
import { notFound } from '../../plugins/errors.js';
import {
  assertCanSee,
  callerScope,
  canReadAudit,
  courseAccessFrom,
  courseAccessQuery,
  emailShownSql,
  factsFrom,
  notMember,
  shownEmail,
  viewerColumns,
  type Caller,
  type CallerFacts,
  type Ref,
} from './team-viewer.js';

type CourseTeamsQuery = z.output<typeof courseTeamsQuerySchema>;
type AllTeamsQuery = z.output<typeof allTeamsQuerySchema>;

const mine = alias(teamMembers, 'my_membership');
const applicant = alias(users, 'applicant');
const ph = (name: string) => sql.placeholder(name);

/** The caller's relation to the team of the outer row (LEADER, MEMBER, REQUESTED, …). */
const relationSql = (userId: Ref) => sql<ViewerTeamRelation>`case
  when ${mine.teamId} is not null then
    case when ${teams.leaderId} = ${userId} then 'LEADER' else 'MEMBER' end
  when exists(
    select 1 from ${joinRequests}
    where ${joinRequests.teamId} = ${teams.id}
      and ${joinRequests.userId} = ${userId}
      and ${joinRequests.status} in ('PENDING', 'WAITLISTED')) then 'REQUESTED'
  when exists(
    select 1 from ${invitations}
    where ${invitations.teamId} = ${teams.id}
      and ${invitations.inviteeId} = ${userId}
      and ${invitations.status} = 'PENDING') then 'INVITED'
  else 'NONE'
end`;

/** The caller's skill keys (lower-cased, trimmed): constant for a statement, so run once. */
// coalesce makes it an array expression: "= any((select …))" would read it as a row set.
const callerSkillKeys = (userId: Ref) =>
  sql`coalesce((select ${users.skillKeys} from ${users} where ${users.id} = ${userId}), '{}'::text[])`;

/**
 * The team's wanted skills that the caller lists among theirs, as the team typed them and in
 * its order (case-insensitive, like skill_keys).
 */
const matchedSkillsSql = (userId: Ref) => sql<string[]>`array(
  select wanted.skill from unnest(${teams.wantedSkills}) with ordinality as wanted(skill, n)
  where lower(btrim(wanted.skill)) = any(${callerSkillKeys(userId)})
  order by wanted.n)`;

/** How many of the team's wanted skills the caller has: what sort=match orders by. */
const matchCountSql = (userId: Ref) => sql`cardinality(${matchedSkillsSql(userId)})`;

/**
 * What a summary says for this caller: the skills matched, and whether the leader's email
 * (the copy on the team row) is theirs to see. The leader's show_email is read by primary key.
 */
const callerSummaryColumns = (userId: Ref) => ({
  matchedSkills: matchedSkillsSql(userId),
  leaderEmailShown: emailShownSql(
    teams.leaderId,
    sql`(select ${users.showEmail} from ${users} where ${users.id} = ${teams.leaderId})`,
    userId,
  ),
});

const summaryColumns = {
  id: teams.id,
  courseId: teams.courseId,
  courseCode: courses.code,
  courseTitle: courses.title,
  name: teams.name,
  description: teams.description,
  // The leader's copies on the team row (decision 098): no user row is read for them. Rows
  // without a leader are filtered out (withLeader), so these are set.
  leaderId: sql<string>`${teams.leaderId}`,
  leaderFullname: sql<string>`${teams.leaderFullname}`,
  leaderEmail: sql<string>`${teams.leaderEmail}`,
  leaderAvatar: sql<string | null>`${teams.leaderAvatar}`,
  memberCount: teams.memberCount,
  maxSize: teams.maxSize,
  openToRequests: teams.openToRequests,
  wantedSkills: teams.wantedSkills,
  createdAt: teams.createdAt,
  disbandedAt: teams.disbandedAt,
};

const onCourse = eq(courses.id, teams.courseId);
const onOrganization = eq(organizations.id, courses.organizationId);
/** A team whose leader's user was deleted (leader_id set null) is listed nowhere. */
const withLeader = isNotNull(teams.leaderId);

/**
 * Teams with course and leader and the caller's relation to each; `total` is the size of the
 * whole list (an uncorrelated subquery, so it runs once, and the per-row relation is worked
 * out only for the rows of the page).
 */
const selectSummaries = (
  db: DbOrTx,
  userId: Ref,
  extra: { total?: SQL; enrollmentStatus?: SQL; pendingRequests?: SQL } = {},
) =>
  db
    .select({
      ...summaryColumns,
      ...callerSummaryColumns(userId),
      relation: relationSql(userId),
      total: sql<number>`${extra.total ?? sql`0`}`.mapWith(Number),
      // For a course's list: whether the caller may read it, so one statement answers both.
      organizationId: courses.organizationId,
      enrollmentStatus: sql<EnrollmentStatus | null>`${extra.enrollmentStatus ?? sql`null`}`,
      // For my teams: my pending requests, so one statement answers both.
      pendingRequests: sql<JoinRequestJson[] | null>`${extra.pendingRequests ?? sql`null`}`,
    })
    .from(teams)
    .innerJoin(courses, onCourse)
    .innerJoin(organizations, onOrganization)
    .leftJoin(mine, and(eq(mine.teamId, teams.id), eq(mine.userId, userId)));

/** Counts the rows selectSummaries gives for the same conditions. */
const countTeams = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({ total: count() })
    .from(teams)
    .innerJoin(courses, onCourse)
    .innerJoin(organizations, onOrganization)
    .where(and(withLeader, where));

type SummaryRow = Omit<
  Awaited<ReturnType<typeof selectSummaries>>[number],
  'relation' | 'total' | 'organizationId' | 'enrollmentStatus' | 'pendingRequests'
>;
type PageRow = Awaited<ReturnType<typeof selectSummaries>>[number];

const person = (
  id: string,
  fullname: string,
  email: string | null,
  avatar: string | null,
): Person => ({
  id,
  fullname,
  email,
  avatar,
});

/** `isAdmin`: the caller administers the team's organization (then every email shows). */
function toSummary(row: SummaryRow, relation: ViewerTeamRelation, isAdmin: boolean): TeamSummary {
  return {
    id: row.id,
    courseId: row.courseId,
    courseCode: row.courseCode,
    courseTitle: row.courseTitle,
    name: row.name,
    description: row.description,
    leader: person(
      row.leaderId,
      row.leaderFullname,
      shownEmail(row.leaderEmail, row.leaderEmailShown, isAdmin),
      row.leaderAvatar,
    ),
    memberCount: row.memberCount,
    maxSize: row.maxSize,
    openSeats: Math.max(0, row.maxSize - row.memberCount),
    openToRequests: row.openToRequests,
    createdAt: row.createdAt.toISOString(),
    disbandedAt: row.disbandedAt?.toISOString() ?? null,
    relation,
    wantedSkills: row.wantedSkills,
    matchedSkills: row.matchedSkills,
  };
}

/**
 * Join requests with their team, course and applicant; callers add the conditions. `callerId`
 * decides whether the applicant's email shows (see emailShownSql).
 */
export function selectJoinRequests(db: DbOrTx, callerId: Ref) {
  return db
    .select({
      id: joinRequests.id,
      teamId: joinRequests.teamId,
      teamName: teams.name,
      courseId: joinRequests.courseId,
      courseCode: courses.code,
      applicantId: applicant.id,
      applicantFullname: applicant.fullname,
      applicantEmail: applicant.email,
      applicantEmailShown: emailShownSql(applicant.id, applicant.showEmail, callerId),
      applicantAvatar: applicant.avatar,
      applicantSkills: applicant.skills,
      message: joinRequests.message,
      status: joinRequests.status,
      reason: joinRequests.reason,
      createdAt: joinRequests.createdAt,
      decidedAt: joinRequests.decidedAt,
      waitlistPosition: waitlistPositionSql(joinRequests, courses.teamFormationDeadline),
    })
    .from(joinRequests)
    .innerJoin(teams, eq(teams.id, joinRequests.teamId))
    .innerJoin(courses, eq(courses.id, joinRequests.courseId))
    .innerJoin(organizations, eq(organizations.id, courses.organizationId))
    .innerJoin(applicant, eq(applicant.id, joinRequests.userId));
}

type JoinRequestRow = Awaited<ReturnType<typeof selectJoinRequests>>[number];

/** `isAdmin`: the caller administers the course's organization (then the email shows). */
export function toJoinRequest(row: JoinRequestRow, isAdmin: boolean): JoinRequest {
  return {
    id: row.id,
    teamId: row.teamId,
    teamName: row.teamName,
    courseId: row.courseId,
    courseCode: row.courseCode,
    applicant: {
      ...person(
        row.applicantId,
        row.applicantFullname,
        shownEmail(row.applicantEmail, row.applicantEmailShown, isAdmin),
        row.applicantAvatar,
      ),
      skills: row.applicantSkills,
    },
    message: row.message,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    waitlistPosition: row.waitlistPosition,
  };
}

const reqTeam = alias(teams, 'req_team');
const reqCourse = alias(courses, 'req_course');
const reqOrganization = alias(organizations, 'req_organization');

/** JoinRequest as PostgreSQL builds it: times are strings until converted. */
type JoinRequestJson = Omit<JoinRequest, 'createdAt' | 'decidedAt'> & {
  createdAt: string;
  decidedAt: string | null;
};

/**
 * A user's open join requests (pending, and waitlisted before the deadline), newest first, as one JSON array (null when none). Aliased
 * tables are spelled out in the FROM list: in a raw fragment an alias renders as its name only.
 */
const pendingRequestsJson = (userId: Ref) => sql`(
  select json_agg(json_build_object(
      'id', ${joinRequests.id},
      'teamId', ${joinRequests.teamId},
      'teamName', ${reqTeam.name},
      'courseId', ${joinRequests.courseId},
      'courseCode', ${reqCourse.code},
      'applicant', json_build_object(
        'id', ${applicant.id},
        'fullname', ${applicant.fullname},
        'email', ${applicant.email},
        'avatar', ${applicant.avatar},
        'skills', ${applicant.skills}),
      'message', ${joinRequests.message},
      'status', ${joinRequests.status},
      'reason', ${joinRequests.reason},
      'createdAt', ${joinRequests.createdAt},
      'decidedAt', ${joinRequests.decidedAt},
      'waitlistPosition', ${waitlistPositionSql(
        { ...joinRequests, teamId: joinRequests.teamId },
        reqCourse.teamFormationDeadline,
      )}
    ) order by ${joinRequests.createdAt} desc, ${joinRequests.id} desc)
  from ${joinRequests}
  inner join ${teams} ${sql.identifier('req_team')} on ${reqTeam.id} = ${joinRequests.teamId}
  inner join ${courses} ${sql.identifier('req_course')} on ${reqCourse.id} = ${joinRequests.courseId}
  inner join ${organizations} ${sql.identifier('req_organization')}
    on ${reqOrganization.id} = ${reqCourse.organizationId}
  inner join ${users} ${sql.identifier('applicant')} on ${applicant.id} = ${joinRequests.userId}
  where ${joinRequests.userId} = ${userId}
    and ${openRequestSql(joinRequests.status, reqCourse.teamFormationDeadline)}
    and ${reqOrganization.deletedAt} is null)`;

const fromJoinRequestJson = (r: JoinRequestJson): JoinRequest => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt).toISOString(),
});

type MemberJson = Omit<TeamMember, 'isLeader' | 'email'> & {
  email: string;
  emailShown: boolean;
  joinedAt: string;
};

/**
 * A team's members oldest first, as one JSON array (timestamps arrive as strings), each with
 * whether the caller may see their email.
 */
const membersJson = (userId: Ref) => sql<MemberJson[]>`(
  select coalesce(json_agg(json_build_object(
      'id', ${users.id},
      'fullname', ${users.fullname},
      'email', ${users.email},
      'emailShown', ${emailShownSql(users.id, users.showEmail, userId)},
      'avatar', ${users.avatar},
      'skills', ${users.skills},
      'joinedAt', ${teamMembers.joinedAt}
    ) order by ${teamMembers.joinedAt}, ${teamMembers.userId}), '[]'::json)
  from ${teamMembers}
  inner join ${users} on ${users.id} = ${teamMembers.userId}
  where ${teamMembers.teamId} = ${teams.id})`;

interface ListFilters {
  search: boolean;
  open: boolean | undefined;
  course: boolean;
  /** sort=match: most of the caller's skills wanted first (not a filter, but its own plan). */
  match: boolean;
}

const filterKey = (f: ListFilters) =>
  `${f.search ? 's' : ''}${f.open === undefined ? '' : f.open ? 'o' : 'f'}${f.course ? 'c' : ''}${f.match ? 'm' : ''}`;

function buildStatements(db: DbOrTx) {
  const userId = ph('userId');
  const courseId = ph('courseId');
  const myCourses = db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), isNull(enrollments.removedAt)));
  const byName = [sql`lower(${teams.name})`, asc(teams.id)];
  const byCourse = [asc(courses.code), ...byName];
  // Within one course, live team names are unique whatever their case (the partial unique
  // index teams_course_name_unique, which the page walks): no tie to break, no sort step.
  const byNameInCourse = [sql`lower(${teams.name})`];

  // One statement per combination of filters, built when first asked for: optional filters
  // written as "$x is null or …" would give PostgreSQL a generic plan that sorts the whole
  // course instead of walking the name index for one page.
  const lists = new Map<string, ReturnType<typeof listStatements>>();
  function listStatements(kind: 'course' | 'all', filters: ListFilters) {
    const conditions = [isNull(teams.disbandedAt), withLeader, isNull(organizations.deletedAt)];
    if (filters.search) conditions.push(ilike(teams.name, ph('pattern')));
    // "Open" means a student could ask to join today: the team takes requests and has a seat.
    // Its opposite is every other live team (full, or closed to requests).
    if (filters.open === true) {
      conditions.push(eq(teams.openToRequests, true), lt(teams.memberCount, teams.maxSize));
    }
    if (filters.open === false) {
      conditions.push(
        or(eq(teams.openToRequests, false), gte(teams.memberCount, teams.maxSize)) as SQL,
      );
    }
    if (kind === 'course' || filters.course) conditions.push(eq(teams.courseId, courseId));
    if (kind === 'all') conditions.push(inArray(teams.courseId, myCourses));
    const where = and(...conditions);
    const name = `teams_${kind}_${filterKey(filters)}`;
    // Constant for the statement (course and caller are parameters), so it runs once.
    const enrollmentStatus = sql`(
      select ${enrollments.status} from ${enrollments}
      where ${enrollments.courseId} = ${courseId}
        and ${enrollments.userId} = ${userId}
        and ${enrollments.removedAt} is null
      limit 1)`;
    // An unfiltered list is all the live teams of its course(s): each course keeps that number.
    const unfiltered = !filters.search && filters.open === undefined;
    const keptTotal = () =>
      kind === 'course'
        ? sql`${courses.liveTeamCount}`
        : sql`(${db
            .select({ total: sql`coalesce(sum(${courses.liveTeamCount}), 0)` })
            .from(courses)
            .innerJoin(organizations, onOrganization)
            .where(
              and(
                inArray(courses.id, myCourses),
                isNull(organizations.deletedAt),
                filters.course ? eq(courses.id, courseId) : undefined,
              ),
            )})`;
    const byMatch = [desc(matchCountSql(userId)), ...byName];
    const order = filters.match ? byMatch : kind === 'course' ? byNameInCourse : byCourse;
    const pageQuery = () =>
      selectSummaries(db, userId, {
        total: unfiltered ? keptTotal() : sql`(${countTeams(db, where)})`,
        ...(kind === 'course' ? { enrollmentStatus } : {}),
      })
        .where(where)
        .orderBy(...order)
        .limit(ph('limit'));
    return {
      // The first page, asked for most, without an offset: PostgreSQL then keeps one generic
      // plan for it instead of planning every call (an offset parameter makes it re-plan).
      first: fastPrepared(pageQuery().prepare(`${name}_first`)),
      page: fastPrepared(pageQuery().offset(ph('offset')).prepare(`${name}_page`)),
      count: fastPrepared(countTeams(db, where).prepare(`${name}_count`)),
    };
  }

  return {
    list(kind: 'course' | 'all', filters: ListFilters) {
      const key = `${kind}_${filterKey(filters)}`;
      let found = lists.get(key);
      if (!found) {
        found = listStatements(kind, filters);
        lists.set(key, found);
      }
      return found;
    },
    courseAccess: fastPrepared(
      courseAccessQuery(db, courseId, userId).prepare('teams_course_access'),
    ),
    mySummaries: fastPrepared(
      selectSummaries(db, userId, { pendingRequests: pendingRequestsJson(userId) })
        .where(and(eq(mine.userId, userId), withLeader, isNull(organizations.deletedAt)))
        .orderBy(...byCourse)
        .prepare('teams_my_summaries'),
    ),
    myRequests: fastPrepared(
      selectJoinRequests(db, userId)
        .where(
          and(
            eq(joinRequests.userId, userId),
            openRequestSql(joinRequests.status, courses.teamFormationDeadline),
            isNull(organizations.deletedAt),
          ),
        )
        .orderBy(desc(joinRequests.createdAt), desc(joinRequests.id))
        .prepare('teams_my_requests'),
    ),
    detail: fastPrepared(
      db
        .select({
          ...summaryColumns,
          ...callerSummaryColumns(userId),
          organizationId: courses.organizationId,
          teamSizeMin: courses.teamSizeMin,
          teamSizeMax: courses.teamSizeMax,
          teamFormationDeadline: courses.teamFormationDeadline,
          archivedAt: courses.archivedAt,
          leaderUserId: teams.leaderId,
          members: membersJson(userId),
          ...viewerColumns(teams.id, teams.courseId, userId),
          // The caller's place on this team's waitlist; 0 when not on it (issue 15).
          myWaitlistPosition: sql<number>`(
            select count(*)::int from join_requests w
            join join_requests my_wait on my_wait.team_id = w.team_id
            where my_wait.team_id = ${teams.id} and my_wait.user_id = ${userId}
              and my_wait.status = 'WAITLISTED' and w.status = 'WAITLISTED'
              and (w.created_at, w.id) <= (my_wait.created_at, my_wait.id))`,
        })
        .from(teams)
        .innerJoin(courses, onCourse)
        .innerJoin(organizations, onOrganization)
        .where(and(eq(teams.id, ph('teamId')), withLeader, isNull(organizations.deletedAt)))
        .limit(1)
        .prepare('teams_detail'),
    ),
  };
}

type Statements = ReturnType<typeof buildStatements>;
const statementsByDb = new WeakMap<DbOrTx, Statements>();

/** The prepared reads of this database handle (or transaction), built on first use. */
function statements(db: DbOrTx): Statements {
  let found = statementsByDb.get(db);
  if (!found) {
    found = buildStatements(db);
    statementsByDb.set(db, found);
  }
  return found;
}

/** Parameters and the filter combination of a list request. */
function listRequest(
  caller: Caller,
  query: {
    search?: string;
    hasOpenSeats?: boolean;
    sort: 'name' | 'match';
    page: number;
    limit: number;
  },
  courseId?: string,
) {
  return {
    filters: {
      search: Boolean(query.search),
      open: query.hasOpenSeats,
      course: Boolean(courseId),
      match: query.sort === 'match',
    },
    params: {
      userId: caller.userId,
      courseId: courseId ?? null,
      pattern: query.search ? containsPattern(query.search) : null,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    },
  };
}

type ListStatements = ReturnType<Statements['list']>;

const pageOf = (list: ListStatements, params: { offset: number } & Record<string, unknown>) =>
  params.offset === 0 ? list.first.execute(params) : list.page.execute(params);

/**
 * One page of a list. The total rides on every row; an empty page past the end (the only case
 * without a row to carry it) asks for the count.
 */
async function page(
  rows: PageRow[],
  countTotal: () => Promise<{ total: number }[]>,
  query: PaginationQuery,
  scope: AdminScope,
): Promise<Paginated<TeamSummary>> {
  const total = rows[0]?.total ?? (query.page > 1 ? ((await countTotal())[0]?.total ?? 0) : 0);
  return {
    items: rows.map((row) =>
      toSummary(row, row.relation, courseIsInScope(scope, row.organizationId, row.courseId)),
    ),
    page: query.page,
    limit: query.limit,
    total,
  };
}

/** A course's live teams, by name. Students enrolled in it and its admins may look. */
export async function listCourseTeams(
  db: DbOrTx,
  caller: Caller,
  courseId: string,
  query: CourseTeamsQuery,
): Promise<Paginated<TeamSummary>> {
  const s = statements(db);
  const { filters, params } = listRequest(caller, query, courseId);
  const list = s.list('course', filters);
  const [scope, rows] = await Promise.all([callerScope(db, caller), pageOf(list, params)]);
  // Every row says whether the caller may read the course; without rows, ask the course.
  const first = rows[0];
  // The course id rides along: its staff (on the staff route, issue 35) may look as its admins.
  const access = first
    ? { organizationId: first.organizationId, enrollmentStatus: first.enrollmentStatus }
    : (await s.courseAccess.execute({ courseId, userId: caller.userId }))[0];
  courseAccessFrom(scope, access && { ...access, id: courseId });
  return page(rows, () => list.count.execute(params), query, scope);
}

/** Live teams of every course I am enrolled in (removed enrollments excluded). */
export async function listAllTeams(
  db: DbOrTx,
  caller: Caller,
  query: AllTeamsQuery,
): Promise<Paginated<TeamSummary>> {
  const { filters, params } = listRequest(caller, query, query.courseId);
  const list = statements(db).list('all', filters);
  const [scope, rows] = await Promise.all([callerScope(db, caller), pageOf(list, params)]);
  return page(rows, () => list.count.execute(params), query, scope);
}

/** My live teams across courses and my pending join requests: one query (two without a team). */
export async function myTeams(db: DbOrTx, caller: Caller): Promise<MyTeams> {
  const s = statements(db);
  const teamRows = await s.mySummaries.execute({ userId: caller.userId });
  // The requests ride on every team row; without a team, they are asked for on their own.
  // They are the caller's own (their email), and the leaders of their teams are teammates.
  const requests = teamRows[0]
    ? (teamRows[0].pendingRequests ?? []).map(fromJoinRequestJson)
    : (await s.myRequests.execute({ userId: caller.userId })).map((r) => toJoinRequest(r, false));
  return { teams: teamRows.map((row) => toSummary(row, row.relation, false)), requests };
}

function relationOf(facts: CallerFacts): ViewerTeamRelation {
  if (facts.isLeader) return 'LEADER';
  if (facts.isMember) return 'MEMBER';
  if (facts.pendingRequestId || facts.waitlistedRequestId) return 'REQUESTED';
  if (facts.pendingInvitationId) return 'INVITED';
  return 'NONE';
}

/**
 * A team with its course, members and what the caller can do: one query (two for admins,
 * whose organizations are looked up too).
 */
export async function getTeamDetail(
  db: DbOrTx,
  caller: Caller,
  teamId: string,
): Promise<TeamDetail> {
  const [scope, [row]] = await Promise.all([
    callerScope(db, caller),
    statements(db).detail.execute({ teamId, userId: caller.userId }),
  ]);
  if (!row) throw notFound('Team not found');
  const team = {
    id: row.id,
    organizationId: row.organizationId,
    courseId: row.courseId,
    leaderId: row.leaderUserId,
  };
  const facts = factsFrom(scope, caller, team, row);
  assertCanSee(facts, row);

  const deadlinePassed = row.teamFormationDeadline.getTime() <= Date.now();
  const live = !row.disbandedAt && !row.archivedAt;
  const relation = relationOf(facts);
  const openSeats = Math.max(0, row.maxSize - row.memberCount);
  // What applying needs whatever the seats: the caller could file a request here now.
  const couldAsk =
    facts.enrollmentStatus === 'ACTIVE' &&
    facts.currentTeamId === null &&
    live &&
    !deadlinePassed &&
    row.openToRequests &&
    !facts.pendingRequestId &&
    !facts.waitlistedRequestId &&
    !facts.pendingInvitationId;
  return {
    ...toSummary(row, relation, facts.isAdmin),
    course: {
      id: row.courseId,
      code: row.courseCode,
      title: row.courseTitle,
      organizationId: row.organizationId,
      teamSizeMin: row.teamSizeMin,
      teamSizeMax: row.teamSizeMax,
      teamFormationDeadline: row.teamFormationDeadline.toISOString(),
      deadlinePassed,
      archived: row.archivedAt !== null,
    },
    members: row.members.map(({ emailShown, ...m }) => ({
      ...m,
      email: shownEmail(m.email, emailShown, facts.isAdmin),
      joinedAt: new Date(m.joinedAt).toISOString(),
      isLeader: m.id === row.leaderUserId,
    })),
    viewer: {
      relation,
      isAdmin: facts.isAdmin,
      pendingRequestId: facts.pendingRequestId,
      pendingInvitationId: facts.pendingInvitationId,
      // Whether "apply" would be accepted now: the button shows only when it can work.
      canApply: couldAsk && openSeats > 0,
      // Issue 15: a full team takes the request on its waitlist instead.
      waitlistedRequestId: facts.waitlistedRequestId,
      waitlistPosition:
        facts.waitlistedRequestId && !deadlinePassed && row.myWaitlistPosition > 0
          ? row.myWaitlistPosition
          : null,
      canJoinWaitlist: couldAsk && openSeats === 0,
      currentTeamId: facts.currentTeamId,
      // The rule of listTeamAudit, so the page asks for the history only when it may read it.
      canReadAudit: canReadAudit(facts),
      // So the page can start its course-scoped reads without asking for the enrollment.
      enrollmentStatus: facts.enrollmentStatus,
    },
  };
}

/**
 * A team's history, newest first: current members and the course's admins may read it; other
 * students of the course (former members too) get 403, anyone else 404.
 */
export async function listTeamAudit(
  db: DbOrTx,
  caller: Caller,
  teamId: string,
  query: PaginationQuery,
): Promise<Paginated<TeamAuditEntry>> {
  const [scope, [row]] = await Promise.all([
    callerScope(db, caller),
    db
      .select({
        id: teams.id,
        organizationId: courses.organizationId,
        courseId: teams.courseId,
        leaderId: teams.leaderId,
        disbandedAt: teams.disbandedAt,
        ...viewerColumns(teams.id, teams.courseId, caller.userId),
      })
      .from(teams)
      .innerJoin(courses, eq(courses.id, teams.courseId))
      .innerJoin(organizations, eq(organizations.id, courses.organizationId))
      .where(and(eq(teams.id, teamId), isNull(organizations.deletedAt)))
      .limit(1),
  ]);
  if (!row) throw notFound('Team not found');
  const facts = factsFrom(scope, caller, row, row);
  assertCanSee(facts, row);
  if (!canReadAudit(facts)) throw notMember();

  const history = await listAuditEvents(db, eq(auditEvents.teamId, teamId), query);
  if (facts.isAdmin) return history;
  return { ...history, items: await hideHiddenEmails(db, caller, history.items) };
}
