// Who may see and do what with a team (DESIGN §7). Reads and writes share these rules:
// - organization admins of the course (and superadmins) see every team of it;
// - students with an ACTIVE enrollment in the course see its live teams (INACTIVE: 403);
// - a disbanded team stays readable by its former members (with an ACTIVE enrollment) and by
//   admins, for its history;
// - everyone else gets 404, so a team's existence does not leak outside its course.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { EnrollmentStatus } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  auditEvents,
  courses,
  enrollments,
  invitations,
  joinRequests,
  organizations,
  teamMembers,
} from '../../db/schema/index.js';
import { emailShownSql, type Ref } from '../../lib/email-rule.js';
import { callerScope, courseIsInScope, type AdminScope, type Caller } from '../../lib/org-scope.js';
import { AppError, notFound } from '../../plugins/errors.js';

export type { Ref };

// The caller and their admin scope live in lib/org-scope.ts (issue 27: formation uses them too).
export { callerScope, type Caller };

/**
 * Audit actions whose target was a member of the team at that moment: joining, and every way
 * of leaving (membership.ts writes one of these for each change).
 */
export const MEMBERSHIP_ACTIONS = [
  'TEAM_CREATED',
  'MEMBER_JOINED',
  'MEMBER_ADDED_BY_ADMIN',
  'MEMBER_MOVED_BY_ADMIN',
  'MEMBER_LEFT',
  'MEMBER_REMOVED',
  'LEADER_CHANGED',
] as const;

/**
 * Whether the user was ever a member of the team, read from its audit log (an index scan on
 * audit_events.team_id). A disband lists the members it released in `releasedMembers`.
 */
export const wasMemberSql = (teamId: Ref, userId: Ref) => sql<boolean>`exists(
  select 1 from ${auditEvents}
  where ${auditEvents.teamId} = ${teamId}
    and (
      (${auditEvents.targetUserId} = ${userId}
        and ${inArray(auditEvents.action, [...MEMBERSHIP_ACTIONS])})
      or (${auditEvents.action} = 'TEAM_DISBANDED'
        and ${auditEvents.data} -> 'releasedMembers' @> jsonb_build_array(${userId}::text))
    )
)`;

/**
 * Correlated subqueries giving the caller's relation to a team: usable with a team id value
 * or with the `teams` columns of an outer query. Each one is an index lookup.
 */
export function viewerColumns(teamId: Ref, courseId: Ref, userId: Ref) {
  return {
    enrollmentStatus: sql<EnrollmentStatus | null>`(
      select ${enrollments.status} from ${enrollments}
      where ${enrollments.courseId} = ${courseId}
        and ${enrollments.userId} = ${userId}
        and ${enrollments.removedAt} is null
      limit 1)`,
    currentTeamId: sql<string | null>`(
      select ${teamMembers.teamId} from ${teamMembers}
      where ${teamMembers.courseId} = ${courseId}
        and ${teamMembers.userId} = ${userId})`,
    pendingRequestId: sql<string | null>`(
      select ${joinRequests.id} from ${joinRequests}
      where ${joinRequests.teamId} = ${teamId}
        and ${joinRequests.userId} = ${userId}
        and ${joinRequests.status} = 'PENDING')`,
    // Issue 15: the caller's request on this team's waitlist (the one-open-request index).
    waitlistedRequestId: sql<string | null>`(
      select ${joinRequests.id} from ${joinRequests}
      where ${joinRequests.teamId} = ${teamId}
        and ${joinRequests.userId} = ${userId}
        and ${joinRequests.status} = 'WAITLISTED')`,
    pendingInvitationId: sql<string | null>`(
      select ${invitations.id} from ${invitations}
      where ${invitations.teamId} = ${teamId}
        and ${invitations.inviteeId} = ${userId}
        and ${invitations.status} = 'PENDING')`,
    formerMember: wasMemberSql(teamId, userId),
  };
}

// The email rule of every call (decisions 106 and 121): admins of the course's organization see
// every email, which callers apply with {@link shownEmail}.
export { emailShownSql };

/** The email as the caller may see it: admins always, students when emailShownSql said so. */
export const shownEmail = (email: string, shown: boolean | null, isAdmin: boolean) =>
  isAdmin || shown === true ? email : null;

/** What the caller is to one team: everything the rules and the viewer block need. */
export interface CallerFacts {
  isAdmin: boolean;
  /** Status of the caller's (not removed) enrollment in the team's course. */
  enrollmentStatus: EnrollmentStatus | null;
  isMember: boolean;
  isLeader: boolean;
  formerMember: boolean;
  /** The caller's live team in the course, whichever it is. */
  currentTeamId: string | null;
  pendingRequestId: string | null;
  /** The caller's WAITLISTED request on this team (issue 15). */
  waitlistedRequestId: string | null;
  pendingInvitationId: string | null;
}

/**
 * One query for the caller's relation to a team. `team` is a row read (or locked) just
 * before; its organization id decides admin rights.
 */
export async function callerFacts(
  db: DbOrTx,
  caller: Caller,
  team: {
    id: string;
    courseId: string;
    organizationId: string;
    leaderId: string | null;
    disbandedAt: Date | null;
  },
  scope?: AdminScope,
): Promise<CallerFacts> {
  const [resolvedScope, [row]] = await Promise.all([
    scope ?? callerScope(db, caller),
    db.select(viewerColumns(team.id, team.courseId, caller.userId)).from(sql`(select 1) as one`),
  ]);
  return factsFrom(resolvedScope, caller, team, row!);
}

export function factsFrom(
  scope: AdminScope,
  caller: Caller,
  team: { id: string; organizationId: string; courseId?: string; leaderId: string | null },
  row: {
    enrollmentStatus: EnrollmentStatus | null;
    currentTeamId: string | null;
    pendingRequestId: string | null;
    waitlistedRequestId: string | null;
    pendingInvitationId: string | null;
    formerMember: boolean;
  },
): CallerFacts {
  const isMember = row.currentTeamId === team.id;
  return {
    isAdmin: courseIsInScope(scope, team.organizationId, team.courseId ?? ''),
    enrollmentStatus: row.enrollmentStatus,
    isMember,
    isLeader: isMember && team.leaderId === caller.userId,
    // Former membership opens a team's history only while the student still takes part in
    // the course: one whose enrollment was set INACTIVE (or removed) lost it (decision 081).
    formerMember: row.formerMember && row.enrollmentStatus === 'ACTIVE',
    currentTeamId: row.currentTeamId,
    pendingRequestId: row.pendingRequestId,
    waitlistedRequestId: row.waitlistedRequestId,
    pendingInvitationId: row.pendingInvitationId,
  };
}

/** Whether the caller may read the team at all (see the rules at the top). */
export function canSee(facts: CallerFacts, team: { disbandedAt: Date | null }): boolean {
  if (facts.isAdmin || facts.isMember) return true;
  if (!facts.enrollmentStatus) return false;
  return !team.disbandedAt || facts.formerMember;
}

/**
 * A team's inner log: its current members and the course's admins (issue 24, decision 122). A
 * former member keeps their own team history (the formation feature's), not the team's log,
 * as they lose its notices.
 */
export function canReadAudit(facts: CallerFacts): boolean {
  return facts.isAdmin || facts.isMember;
}

export function assertCanSee(facts: CallerFacts, team: { disbandedAt: Date | null }): void {
  if (!canSee(facts, team)) throw notFound('Team not found');
  // A student whose enrollment was set INACTIVE no longer takes part in the course: its teams
  // (members' names and emails, boards, history) are closed to them until an admin restores
  // the enrollment (decision 081). The course itself stays listed for them.
  if (!facts.isAdmin && !facts.isMember && facts.enrollmentStatus === 'INACTIVE') {
    throw new AppError(
      403,
      'NOT_ENROLLED',
      'Your enrollment in this course is inactive, so its teams are not shown to you',
    );
  }
}

/** Students act only with an ACTIVE enrollment (DESIGN §7.1); admins act as admins. */
export function assertActiveStudent(facts: Pick<CallerFacts, 'enrollmentStatus'>): void {
  if (facts.enrollmentStatus === 'ACTIVE') return;
  throw new AppError(
    403,
    'NOT_ENROLLED',
    facts.enrollmentStatus === 'INACTIVE'
      ? 'Your enrollment in this course is inactive, so you cannot change its teams'
      : 'Only students with an active enrollment in this course can take part in its teams',
  );
}

export const notLeader = (what: string) =>
  new AppError(403, 'NOT_TEAM_LEADER', `Only the team leader can ${what}`);

export const notMember = () =>
  new AppError(403, 'NOT_TEAM_MEMBER', 'You are not a member of this team');

/** A course the caller may read the teams of, with their enrollment in it. */
export interface CourseAccess {
  course: {
    id: string;
    code: string;
    title: string;
    organizationId: string;
    teamSizeMin: number;
    teamSizeMax: number;
    teamFormationDeadline: Date;
    archivedAt: Date | null;
  };
  isAdmin: boolean;
  enrollmentStatus: EnrollmentStatus | null;
}

/** The course (of a live organization) with the caller's enrollment status in it. */
export function courseAccessQuery(db: DbOrTx, courseId: Ref, userId: Ref) {
  return db
    .select({
      id: courses.id,
      code: courses.code,
      title: courses.title,
      organizationId: courses.organizationId,
      teamSizeMin: courses.teamSizeMin,
      teamSizeMax: courses.teamSizeMax,
      teamFormationDeadline: courses.teamFormationDeadline,
      archivedAt: courses.archivedAt,
      enrollmentStatus: sql<EnrollmentStatus | null>`(
        select ${enrollments.status} from ${enrollments}
        where ${enrollments.courseId} = ${courses.id}
          and ${enrollments.userId} = ${userId}
          and ${enrollments.removedAt} is null
        limit 1)`,
    })
    .from(courses)
    .innerJoin(organizations, eq(organizations.id, courses.organizationId))
    .where(and(eq(courses.id, courseId), isNull(organizations.deletedAt)))
    .limit(1);
}

type CourseAccessRow = Awaited<ReturnType<typeof courseAccessQuery>>[number];

/** 404 unless the caller is enrolled in the course (not removed) or administers it. */
export function courseAccessFrom<
  T extends Pick<CourseAccessRow, 'organizationId' | 'enrollmentStatus'> & { id?: string },
>(
  scope: AdminScope,
  row: T | undefined,
): {
  course: Omit<T, 'enrollmentStatus'>;
  isAdmin: boolean;
  enrollmentStatus: EnrollmentStatus | null;
} {
  if (!row) throw notFound('Course not found');
  const { enrollmentStatus, ...course } = row;
  const isAdmin = courseIsInScope(scope, course.organizationId, course.id ?? '');
  if (!isAdmin && !enrollmentStatus) throw notFound('Course not found');
  return { course, isAdmin, enrollmentStatus };
}

export async function courseAccess(
  db: DbOrTx,
  caller: Caller,
  courseId: string,
): Promise<CourseAccess> {
  const [scope, [row]] = await Promise.all([
    callerScope(db, caller),
    courseAccessQuery(db, courseId, caller.userId),
  ]);
  return courseAccessFrom(scope, row);
}
