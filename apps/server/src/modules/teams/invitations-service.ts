// Invitations (DESIGN §7.3–7.4): a leader invites an active classmate without a team; the
// invitee accepts or rejects; the leader can cancel while it is pending. Accepting is a
// membership change and goes through membership.ts under the team's lock.
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Invitation, InviteBody, Paginated, TeamRequestStatus } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  courses,
  invitations,
  joinRequests,
  organizations,
  teams,
  users,
} from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { AppError, conflict, notFound } from '../../plugins/errors.js';
import {
  addMember,
  assertActiveEnrollment,
  assertBeforeDeadline,
  assertLive,
  currentTeamOf,
  lockStudentInCourse,
  lockTeam,
  teamAudit,
} from './membership.js';
import { assertNotRepeated, closeThread, invitationThread, openThread } from './repeat-guard.js';
import {
  explainNotPending,
  findTeam,
  visibleTeam,
  type TeamRequestsQuery,
} from './requests-service.js';
import {
  assertActiveStudent,
  emailShownSql,
  notLeader,
  shownEmail,
  type Caller,
  type Ref,
} from './team-viewer.js';

// ---------------------------------------------------------------------------------------
// Reading

const invitee = alias(users, 'invitee');
const inviter = alias(users, 'inviter');

/** `callerId` decides whether the invitee's and inviter's emails show (emailShownSql). */
const selectInvitations = (db: DbOrTx, callerId: Ref) =>
  db
    .select({
      id: invitations.id,
      teamId: teams.id,
      teamName: teams.name,
      courseId: courses.id,
      courseCode: courses.code,
      courseTitle: courses.title,
      inviteeId: invitee.id,
      inviteeFullname: invitee.fullname,
      inviteeEmail: invitee.email,
      inviteeEmailShown: emailShownSql(invitee.id, invitee.showEmail, callerId),
      inviteeAvatar: invitee.avatar,
      inviterId: inviter.id,
      inviterFullname: inviter.fullname,
      inviterEmail: inviter.email,
      inviterEmailShown: emailShownSql(inviter.id, inviter.showEmail, callerId),
      inviterAvatar: inviter.avatar,
      message: invitations.message,
      status: invitations.status,
      createdAt: invitations.createdAt,
      decidedAt: invitations.decidedAt,
    })
    .from(invitations)
    .innerJoin(teams, eq(teams.id, invitations.teamId))
    .innerJoin(courses, eq(courses.id, invitations.courseId))
    .innerJoin(invitee, eq(invitee.id, invitations.inviteeId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy));
type InvitationRow = Awaited<ReturnType<typeof selectInvitations>>[number];

/** `isAdmin`: the caller administers the course's organization (then every email shows). */
function toInvitation(row: InvitationRow, isAdmin: boolean): Invitation {
  return {
    id: row.id,
    teamId: row.teamId,
    teamName: row.teamName,
    courseId: row.courseId,
    courseCode: row.courseCode,
    courseTitle: row.courseTitle,
    invitee: {
      id: row.inviteeId,
      fullname: row.inviteeFullname,
      email: shownEmail(row.inviteeEmail, row.inviteeEmailShown, isAdmin),
      avatar: row.inviteeAvatar,
    },
    invitedBy: row.inviterId
      ? {
          id: row.inviterId,
          fullname: row.inviterFullname!,
          email: shownEmail(row.inviterEmail!, row.inviterEmailShown, isAdmin),
          avatar: row.inviterAvatar,
        }
      : null,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

async function invitationById(
  db: DbOrTx,
  id: string,
  caller: Caller,
  isAdmin: boolean,
): Promise<Invitation> {
  const [row] = await selectInvitations(db, caller.userId).where(eq(invitations.id, id)).limit(1);
  if (!row) throw notFound('Invitation not found');
  return toInvitation(row, isAdmin);
}

async function pageOfInvitations(
  db: DbOrTx,
  where: SQL,
  query: TeamRequestsQuery,
  caller: Caller,
  isAdmin: boolean,
): Promise<Paginated<Invitation>> {
  const order = [
    desc(sql`coalesce(${invitations.decidedAt}, ${invitations.createdAt})`),
    desc(invitations.id),
  ];
  const [rows, [total]] = await Promise.all([
    selectInvitations(db, caller.userId)
      .innerJoin(organizations, eq(organizations.id, courses.organizationId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(invitations)
      .innerJoin(courses, eq(courses.id, invitations.courseId))
      .innerJoin(organizations, eq(organizations.id, courses.organizationId))
      .where(where),
  ]);
  return {
    items: rows.map((row) => toInvitation(row, isAdmin)),
    page: query.page,
    limit: query.limit,
    total: total?.count ?? 0,
  };
}

/**
 * The caller's invitations, PENDING by default, newest first. Courses that are archived or
 * belong to a deleted organization are left out: nothing can be done with them.
 */
export function listMyInvitations(
  db: DbOrTx,
  caller: Caller,
  query: TeamRequestsQuery,
): Promise<Paginated<Invitation>> {
  return pageOfInvitations(
    db,
    and(
      eq(invitations.inviteeId, caller.userId),
      eq(invitations.status, query.status ?? 'PENDING'),
      isNull(courses.archivedAt),
      isNull(organizations.deletedAt),
    )!,
    query,
    caller,
    false,
  );
}

/** A team's invitations for its leader or an admin of the course, PENDING by default. */
export async function listTeamInvitations(
  db: DbOrTx,
  caller: Caller,
  teamId: string,
  query: TeamRequestsQuery,
): Promise<Paginated<Invitation>> {
  const team = await findTeam(db, teamId);
  const facts = await visibleTeam(db, caller, team);
  if (!facts.isAdmin && !facts.isLeader) throw notLeader('see its invitations');
  return pageOfInvitations(
    db,
    and(eq(invitations.teamId, teamId), eq(invitations.status, query.status ?? 'PENDING'))!,
    query,
    caller,
    facts.isAdmin,
  );
}

// ---------------------------------------------------------------------------------------
// Inviting

/**
 * The leader invites an active classmate without a team. Refused when the invitation could
 * never be accepted (full, past the deadline, the classmate already in a team). The partial
 * unique index holds "one pending invitation per student per team".
 */
export async function inviteToTeam(
  db: DbOrTx,
  caller: Caller,
  teamId: string,
  body: InviteBody,
  askLimit?: number,
): Promise<Invitation> {
  try {
    return await db.transaction(async (tx) => {
      const team = await lockTeam(tx, teamId);
      const facts = await visibleTeam(tx, caller, team);
      assertLive(team);
      if (!facts.isLeader) throw notLeader('invite students');
      assertActiveStudent(facts);
      if (body.userId === caller.userId) {
        throw conflict('ALREADY_IN_TEAM', `You are already in ${team.name}`);
      }
      assertBeforeDeadline(team);
      if (team.memberCount >= team.maxSize) {
        throw conflict('TEAM_FULL', `${team.name} is full; there is no seat to invite anyone to`);
      }
      await assertActiveEnrollment(tx, team.courseId, body.userId, 'they');
      const current = await currentTeamOf(tx, team.courseId, body.userId);
      if (current) {
        throw conflict(
          'ALREADY_IN_TEAM',
          current.teamId === team.id
            ? `That student is already in ${team.name}`
            : `That student is already in ${current.name}`,
        );
      }
      const [request] = await tx
        .select({ id: joinRequests.id })
        .from(joinRequests)
        .where(
          and(
            eq(joinRequests.teamId, team.id),
            eq(joinRequests.userId, body.userId),
            eq(joinRequests.status, 'PENDING'),
          ),
        )
        .limit(1);
      if (request) {
        throw conflict(
          'ALREADY_REQUESTED',
          `That student has already asked to join ${team.name}; accept their request instead`,
        );
      }
      await assertNotRepeated(tx, 'invitation', team, body.userId, askLimit);

      const [created] = await tx
        .insert(invitations)
        .values({
          teamId: team.id,
          courseId: team.courseId,
          inviteeId: body.userId,
          invitedBy: caller.userId,
          message: body.message ?? '',
        })
        .returning({ id: invitations.id });
      await recordAudit(
        tx,
        teamAudit(team, caller.userId, 'INVITATION_CREATED', body.userId, {
          invitationId: created!.id,
        }),
      );
      await openThread(tx, invitationThread(team.id, body.userId));
      return invitationById(tx, created!.id, caller, facts.isAdmin);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'invitations_one_pending')) throw alreadyInvited();
    throw error;
  }
}

const alreadyInvited = () =>
  conflict('ALREADY_INVITED', 'That student already has a pending invitation to this team');

// ---------------------------------------------------------------------------------------
// Deciding

interface InvitationRowRef {
  id: string;
  teamId: string;
  courseId: string;
  inviteeId: string;
  status: TeamRequestStatus;
}

async function findInvitation(
  tx: DbOrTx,
  invitationId: string,
  options: { lock?: boolean } = {},
): Promise<InvitationRowRef> {
  const query = tx
    .select({
      id: invitations.id,
      teamId: invitations.teamId,
      courseId: invitations.courseId,
      inviteeId: invitations.inviteeId,
      status: invitations.status,
    })
    .from(invitations)
    .where(eq(invitations.id, invitationId));
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound('Invitation not found');
  return row;
}

const notPending = (tx: DbOrTx, invitation: InvitationRowRef, byInvitee: boolean) =>
  explainNotPending(tx, { ...invitation, studentId: invitation.inviteeId }, byInvitee, {
    code: 'INVITATION_NOT_PENDING',
    noun: 'invitation',
  });

/**
 * Locks the team, then the invitee's enrollment, then the invitation (the order of every
 * membership change), and checks that the caller is the invitee: anyone else who can see the
 * team gets 403, everyone else 404.
 */
async function lockForInvitee(tx: DbOrTx, caller: Caller, invitationId: string, what: string) {
  const ref = await findInvitation(tx, invitationId);
  const team = await lockTeam(tx, ref.teamId);
  await lockStudentInCourse(tx, team.courseId, ref.inviteeId);
  const invitation = await findInvitation(tx, invitationId, { lock: true });
  if (invitation.inviteeId !== caller.userId) {
    await visibleTeam(tx, caller, team);
    throw new AppError(
      403,
      'NOT_INVITEE',
      `This invitation is for another student; only they can ${what} it`,
    );
  }
  return { team, invitation };
}

/**
 * The invitee accepts: the same shape as accepting a join request. The invitation is marked
 * ACCEPTED, then addMember re-checks everything under the team's lock and cancels the
 * invitee's other pending requests and invitations; a refusal rolls it all back.
 */
export async function acceptInvitation(
  db: DbOrTx,
  caller: Caller,
  invitationId: string,
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const { team, invitation } = await lockForInvitee(tx, caller, invitationId, 'accept');
    assertLive(team);
    if (invitation.status !== 'PENDING') throw await notPending(tx, invitation, true);
    await decide(tx, invitation.id, 'ACCEPTED');
    await recordAudit(
      tx,
      teamAudit(team, caller.userId, 'INVITATION_ACCEPTED', caller.userId, {
        invitationId: invitation.id,
      }),
    );
    await addMember(tx, team, {
      userId: caller.userId,
      actorId: caller.userId,
      action: 'MEMBER_JOINED',
      data: { invitationId: invitation.id },
    });
    return invitationById(tx, invitation.id, caller, false);
  });
}

/** The invitee declines; allowed whatever the deadline, it only removes a pending offer. */
export async function rejectInvitation(
  db: DbOrTx,
  caller: Caller,
  invitationId: string,
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const { team, invitation } = await lockForInvitee(tx, caller, invitationId, 'reject');
    if (invitation.status !== 'PENDING') throw await notPending(tx, invitation, true);
    await decide(tx, invitation.id, 'REJECTED');
    await recordAudit(
      tx,
      teamAudit(team, caller.userId, 'INVITATION_REJECTED', caller.userId, {
        invitationId: invitation.id,
      }),
    );
    return invitationById(tx, invitation.id, caller, false);
  });
}

/** The team's leader takes back a pending invitation. */
export async function cancelInvitation(
  db: DbOrTx,
  caller: Caller,
  invitationId: string,
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const ref = await findInvitation(tx, invitationId);
    const team = await lockTeam(tx, ref.teamId);
    const invitation = await findInvitation(tx, invitationId, { lock: true });
    const facts = await visibleTeam(tx, caller, team);
    if (!facts.isLeader) throw notLeader('cancel its invitations');
    if (invitation.status !== 'PENDING') throw await notPending(tx, invitation, false);
    await decide(tx, invitation.id, 'CANCELLED');
    const thread = invitationThread(team.id, invitation.inviteeId);
    const afterAudit = await closeThread(tx, thread, invitation.id);
    await recordAudit(
      tx,
      teamAudit(team, caller.userId, 'INVITATION_CANCELLED', invitation.inviteeId, {
        invitationId: invitation.id,
        reason: 'Cancelled by the team leader',
      }),
    );
    await afterAudit();
    return invitationById(tx, invitation.id, caller, facts.isAdmin);
  });
}

async function decide(
  tx: DbOrTx,
  invitationId: string,
  status: Exclude<TeamRequestStatus, 'PENDING'>,
): Promise<void> {
  await tx
    .update(invitations)
    .set({ status, decidedAt: sql`now()` })
    .where(eq(invitations.id, invitationId));
}
