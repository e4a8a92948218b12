// The one place where team membership changes (DESIGN §7). Every path that adds or removes a
// member — accepting a request or an invitation, creating a team, leaving, removal, admin
// moves — goes through these functions inside a transaction that holds the team's row lock,
// so capacity, one-team-per-course and the deadline are decided one change at a time.
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TeamAuditAction } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  enrollments,
  invitations,
  joinRequests,
  teamMembers,
  teams,
} from '../../db/schema/index.js';
import { recordAudit, type AuditEntry } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { AppError, conflict } from '../../plugins/errors.js';
import {
  assertLive,
  deadlinePassed,
  lockTeam,
  readTeam,
  setLeaveReason,
  type LockedTeam,
} from '../../lib/team-lock.js';
import { promoteWaitlisted } from './waitlist.js';

// The team's lock and the leave reason live in lib/team-lock.ts (issue 27: formation uses them
// too); the teams module's files keep importing them from here.
export { assertLive, deadlinePassed, lockTeam, readTeam, setLeaveReason, type LockedTeam };

/** A student's open requests: PENDING, and WAITLISTED on full teams (issue 15). */
const OPEN_REQUEST = ['PENDING', 'WAITLISTED'] as const;

/** Students may not change membership after the course's formation deadline; admins may. */
export function assertBeforeDeadline(team: Pick<LockedTeam, 'course'>): void {
  if (deadlinePassed(team)) {
    throw conflict(
      'DEADLINE_PASSED',
      'The team formation deadline for this course has passed, so teams can no longer change. Ask your course admin if you need a change.',
    );
  }
}

/** Throws unless the user has an ACTIVE enrollment in the course. */
export async function assertActiveEnrollment(
  tx: DbOrTx,
  courseId: string,
  userId: string,
  who: 'you' | 'they' = 'you',
): Promise<void> {
  const [row] = await tx
    .select({ status: enrollments.status })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.courseId, courseId),
        eq(enrollments.userId, userId),
        isNull(enrollments.removedAt),
      ),
    )
    .limit(1);
  if (row?.status === 'ACTIVE') return;
  throw new AppError(
    403,
    'NOT_ENROLLED',
    who === 'you'
      ? 'Only students with an active enrollment in this course can take part in its teams'
      : 'That student does not have an active enrollment in this course',
  );
}

/**
 * Locks the student's enrollment row(s) in the course for the rest of the transaction. Every
 * change that puts one student into a team takes it after the team's lock and before touching
 * the student's requests or invitations, so two teams accepting the same student at once queue
 * here instead of deadlocking on each other's request and invitation rows.
 */
export async function lockStudentInCourse(
  tx: DbOrTx,
  courseId: string,
  userId: string,
): Promise<void> {
  await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)))
    .for('update');
}

/** The user's current (live) team in a course, if any. */
export async function currentTeamOf(
  tx: DbOrTx,
  courseId: string,
  userId: string,
): Promise<{ teamId: string; name: string } | null> {
  const [row] = await tx
    .select({ teamId: teamMembers.teamId, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.courseId, courseId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

export interface JoinInput {
  userId: string;
  actorId: string;
  /** The audit action of the membership change itself. */
  action: Extract<
    TeamAuditAction,
    'MEMBER_JOINED' | 'MEMBER_ADDED_BY_ADMIN' | 'MEMBER_MOVED_BY_ADMIN' | 'TEAM_CREATED'
  >;
  /** Admins act regardless of the deadline and of `openToRequests`. */
  asAdmin?: boolean;
  /** Extra audit data (e.g. the accepted request or invitation id). */
  data?: Record<string, unknown>;
}

/**
 * Adds a member to a locked team: the team is live, has a free seat, the student has an
 * ACTIVE enrollment and no team in the course (the unique constraint holds that too), and
 * — for students — the deadline has not passed. Then cancels the student's other pending
 * requests and invitations in the course (DESIGN §7.4).
 */
export async function addMember(tx: DbOrTx, team: LockedTeam, input: JoinInput): Promise<void> {
  assertLive(team);
  if (!input.asAdmin) assertBeforeDeadline(team);
  await lockStudentInCourse(tx, team.courseId, input.userId);
  await assertActiveEnrollment(tx, team.courseId, input.userId, input.asAdmin ? 'they' : 'you');
  const existing = await currentTeamOf(tx, team.courseId, input.userId);
  if (existing) {
    throw conflict(
      'ALREADY_IN_TEAM',
      existing.teamId === team.id
        ? 'Already a member of this team'
        : `Already a member of ${existing.name} in this course; leave that team first`,
    );
  }
  if (team.memberCount >= team.maxSize) {
    throw conflict('TEAM_FULL', `${team.name} is full`);
  }

  try {
    await tx.insert(teamMembers).values({
      teamId: team.id,
      userId: input.userId,
      courseId: team.courseId,
    });
  } catch (error) {
    // A join to another team of the course committed between our check and this insert.
    if (isUniqueViolation(error)) {
      throw conflict('ALREADY_IN_TEAM', 'Already a member of a team in this course');
    }
    throw error;
  }
  await tx
    .update(teams)
    .set({ memberCount: sql`${teams.memberCount} + 1`, updatedAt: sql`now()` })
    .where(eq(teams.id, team.id));
  team.memberCount += 1;

  const audits: AuditEntry[] = [
    teamAudit(team, input.actorId, input.action, input.userId, input.data ?? {}),
  ];
  audits.push(...(await cancelPendingInCourse(tx, team, input.userId, input.actorId)));
  await recordAudit(tx, ...byAdmin(audits, input.asAdmin));
}

/**
 * Entries of a change an organization admin made as admin carry `byAdmin: true` (decision
 * 017: admin member changes are audited as admin actions), so the log tells them from the
 * same change made by a student: an admin removing a member from a leader removing one.
 */
export function byAdmin(entries: AuditEntry[], asAdmin: boolean | undefined): AuditEntry[] {
  if (!asAdmin) return entries;
  return entries.map((e) => ({ ...e, data: { ...e.data, byAdmin: true } }));
}

/** Cancels a student's pending requests and invitations in the course `team` belongs to. */
function cancelPendingInCourse(
  tx: DbOrTx,
  team: LockedTeam,
  userId: string,
  actorId: string,
): Promise<AuditEntry[]> {
  return cancelStudentPending(tx, team, userId, actorId, {
    stored: 'Joined another team',
    audited: `Joined ${team.name}`,
  });
}

/**
 * Cancels every open (PENDING or WAITLISTED) join request the student sent and every PENDING
 * invitation they received in the course, and returns the audit entries to record (one per
 * cancelled row, on its team).
 * `stored` is the request's reason as its team and applicant see it; `audited` goes in the log.
 */
async function cancelStudentPending(
  tx: DbOrTx,
  scope: Pick<LockedTeam, 'organizationId' | 'courseId'>,
  userId: string,
  actorId: string,
  reason: { stored: string; audited: string },
): Promise<AuditEntry[]> {
  const requests = await tx
    .update(joinRequests)
    .set({ status: 'CANCELLED', decidedAt: sql`now()`, reason: reason.stored })
    .where(
      and(
        eq(joinRequests.courseId, scope.courseId),
        eq(joinRequests.userId, userId),
        inArray(joinRequests.status, [...OPEN_REQUEST]),
      ),
    )
    .returning({ id: joinRequests.id, teamId: joinRequests.teamId });
  const invites = await tx
    .update(invitations)
    .set({ status: 'CANCELLED', decidedAt: sql`now()` })
    .where(
      and(
        eq(invitations.courseId, scope.courseId),
        eq(invitations.inviteeId, userId),
        eq(invitations.status, 'PENDING'),
      ),
    )
    .returning({ id: invitations.id, teamId: invitations.teamId });
  return [
    ...requests.map((r) => ({
      ...auditScope(scope),
      teamId: r.teamId,
      actorId,
      action: 'REQUEST_CANCELLED',
      targetUserId: userId,
      data: { requestId: r.id, reason: reason.audited },
    })),
    ...invites.map((i) => ({
      ...auditScope(scope),
      teamId: i.teamId,
      actorId,
      action: 'INVITATION_CANCELLED',
      targetUserId: userId,
      data: { invitationId: i.id, reason: reason.audited },
    })),
  ];
}

export interface LeaveInput {
  userId: string;
  actorId: string;
  action: Extract<TeamAuditAction, 'MEMBER_LEFT' | 'MEMBER_REMOVED' | 'MEMBER_MOVED_BY_ADMIN'>;
  asAdmin?: boolean;
  data?: Record<string, unknown>;
}

/**
 * Removes a member from a locked team. A leader who goes hands leadership to the
 * longest-standing member; the last member going disbands the team (DESIGN §7.6). The seat
 * that opens goes to the team's waitlist in the same transaction (issue 15, waitlist.ts).
 * Returns what happened to the team.
 */
export async function removeMember(
  tx: DbOrTx,
  team: LockedTeam,
  input: LeaveInput,
): Promise<{ disbanded: boolean; newLeaderId: string | null }> {
  assertLive(team);
  if (!input.asAdmin) assertBeforeDeadline(team);
  await setLeaveReason(
    tx,
    input.action === 'MEMBER_LEFT'
      ? 'LEFT'
      : input.action === 'MEMBER_MOVED_BY_ADMIN'
        ? 'MOVED'
        : input.data?.enrollmentId
          ? 'ENROLLMENT_ENDED'
          : 'REMOVED',
  );
  const deleted = await tx
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, input.userId)))
    .returning({ userId: teamMembers.userId });
  if (deleted.length === 0) {
    throw new AppError(403, 'NOT_TEAM_MEMBER', 'That student is not a member of this team');
  }
  await tx
    .update(teams)
    .set({ memberCount: sql`${teams.memberCount} - 1`, updatedAt: sql`now()` })
    .where(eq(teams.id, team.id));
  team.memberCount -= 1;
  const audits: AuditEntry[] = [
    teamAudit(team, input.actorId, input.action, input.userId, input.data ?? {}),
  ];

  let newLeaderId: string | null = team.leaderId;
  let disbanded = false;
  if (team.memberCount === 0) {
    audits.push(...(await disbandLocked(tx, team, input.actorId, 'Last member left')));
    disbanded = true;
    newLeaderId = null;
  } else if (team.leaderId === input.userId) {
    const [successor] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), ne(teamMembers.userId, input.userId)))
      .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId))
      .limit(1);
    newLeaderId = successor!.userId;
    await tx.update(teams).set({ leaderId: newLeaderId }).where(eq(teams.id, team.id));
    team.leaderId = newLeaderId;
    audits.push(
      teamAudit(team, input.actorId, 'LEADER_CHANGED', newLeaderId, {
        from: input.userId,
        to: newLeaderId,
      }),
    );
  }
  await recordAudit(tx, ...byAdmin(audits, input.asAdmin));
  if (!disbanded) await promoteWaitlisted(tx, team.id);
  return { disbanded, newLeaderId };
}

/**
 * Disbands a locked team: members are released, pending and waitlisted requests and pending
 * invitations are cancelled. The team row stays (disbandedAt) so its history can still be read.
 */
export async function disbandTeam(
  tx: DbOrTx,
  team: LockedTeam,
  actorId: string,
  reason = 'Disbanded by the leader',
  asAdmin = false,
): Promise<void> {
  assertLive(team);
  await setLeaveReason(tx, 'DISBANDED');
  const members = await tx
    .delete(teamMembers)
    .where(eq(teamMembers.teamId, team.id))
    .returning({ userId: teamMembers.userId });
  await tx.update(teams).set({ memberCount: 0 }).where(eq(teams.id, team.id));
  team.memberCount = 0;
  const audits = await disbandLocked(
    tx,
    team,
    actorId,
    reason,
    members.map((m) => m.userId),
  );
  await recordAudit(tx, ...byAdmin(audits, asAdmin));
}

async function disbandLocked(
  tx: DbOrTx,
  team: LockedTeam,
  actorId: string,
  reason: string,
  releasedMembers: string[] = [],
): Promise<AuditEntry[]> {
  await tx
    .update(teams)
    .set({ disbandedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(teams.id, team.id));
  team.disbandedAt = new Date();
  const requests = await tx
    .update(joinRequests)
    .set({ status: 'CANCELLED', decidedAt: sql`now()`, reason: 'The team was disbanded' })
    .where(and(eq(joinRequests.teamId, team.id), inArray(joinRequests.status, [...OPEN_REQUEST])))
    .returning({ id: joinRequests.id, userId: joinRequests.userId });
  const invites = await tx
    .update(invitations)
    .set({ status: 'CANCELLED', decidedAt: sql`now()` })
    .where(and(eq(invitations.teamId, team.id), eq(invitations.status, 'PENDING')))
    .returning({ id: invitations.id, userId: invitations.inviteeId });
  return [
    teamAudit(team, actorId, 'TEAM_DISBANDED', null, { reason, releasedMembers }),
    ...requests.map((r) =>
      teamAudit(team, actorId, 'REQUEST_CANCELLED', r.userId, {
        requestId: r.id,
        reason: 'The team was disbanded',
      }),
    ),
    ...invites.map((i) =>
      teamAudit(team, actorId, 'INVITATION_CANCELLED', i.userId, {
        invitationId: i.id,
        reason: 'The team was disbanded',
      }),
    ),
  ];
}

/**
 * Locks what taking a student out of a course's teams needs, in the order every membership
 * change uses: their live team in the course (if any), then their enrollment row(s). Call it
 * before locking the enrollment any other way. Returns the locked team, or null.
 */
export async function lockStudentWithTeam(
  tx: DbOrTx,
  courseId: string,
  userId: string,
): Promise<LockedTeam | null> {
  const seen = await currentTeamOf(tx, courseId, userId);
  const team = seen ? await lockTeam(tx, seen.teamId) : null;
  await lockStudentInCourse(tx, courseId, userId);
  const current = await currentTeamOf(tx, courseId, userId);
  if ((current?.teamId ?? null) !== (seen?.teamId ?? null)) {
    // They joined or left a team between our first look and the locks. Nothing has been
    // written yet; locking the new team now would take the locks out of order.
    throw conflict(
      'STUDENT_TEAM_CHANGED',
      "The student's team changed just now (they joined or left a team); look again and retry",
    );
  }
  return team;
}

export interface ReleaseInput {
  userId: string;
  /** The admin whose enrollment change this is. */
  actorId: string;
  enrollmentId: string;
  /** Why, as the team's log and the cancelled requests say it. */
  reason: string;
}

export interface LeftTeam {
  id: string;
  name: string;
  disbanded: boolean;
}

/**
 * A student whose enrollment stops counting (removed, or set INACTIVE) leaves the course's
 * teams in the same transaction (decision 081): out of their team with the usual rules
 * (leadership passes to the longest-standing member, the last member disbands it, which
 * cancels the team's pending requests and invitations), then their own pending requests and
 * invitations in the course are cancelled. All audited as the admin's action (byAdmin).
 * `team` is what {@link lockStudentWithTeam} returned.
 */
export async function releaseFromCourse(
  tx: DbOrTx,
  scope: Pick<LockedTeam, 'organizationId' | 'courseId'>,
  team: LockedTeam | null,
  input: ReleaseInput,
): Promise<LeftTeam | null> {
  let left: LeftTeam | null = null;
  if (team) {
    const { disbanded } = await removeMember(tx, team, {
      userId: input.userId,
      actorId: input.actorId,
      action: 'MEMBER_REMOVED',
      asAdmin: true,
      data: { reason: input.reason, enrollmentId: input.enrollmentId },
    });
    left = { id: team.id, name: team.name, disbanded };
  }
  const cancelled = await cancelStudentPending(tx, scope, input.userId, input.actorId, {
    stored: input.reason,
    audited: input.reason,
  });
  await recordAudit(tx, ...byAdmin(cancelled, true));
  return left;
}

const auditScope = (team: Pick<LockedTeam, 'organizationId' | 'courseId'>) => ({
  organizationId: team.organizationId,
  courseId: team.courseId,
});

/** An audit entry about a team (DESIGN §7.8). */
export function teamAudit(
  team: Pick<LockedTeam, 'id' | 'organizationId' | 'courseId'>,
  actorId: string | null,
  action: TeamAuditAction,
  targetUserId: string | null,
  data: Record<string, unknown> = {},
): AuditEntry {
  return { ...auditScope(team), teamId: team.id, actorId, action, targetUserId, data };
}

/** Ids of members of a team, oldest first (for succession and listings). */
export async function memberIds(tx: DbOrTx, teamIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (teamIds.length === 0) return result;
  const rows = await tx
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
    .from(teamMembers)
    .where(inArray(teamMembers.teamId, teamIds))
    .orderBy(asc(teamMembers.joinedAt));
  for (const row of rows) {
    result.set(row.teamId, [...(result.get(row.teamId) ?? []), row.userId]);
  }
  return result;
}
