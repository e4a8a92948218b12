// Join requests (DESIGN §7.3–7.5): a student applies, the leader accepts or rejects, the
// applicant can withdraw. Accepting is a membership change and goes through membership.ts
// under the team's lock; the other decisions only change the request.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ApplyBody,
  DecideBody,
  JoinRequest,
  joinRequestsQuerySchema,
  Paginated,
  TeamRequestStatus,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { joinRequests } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { AppError, conflict, notFound } from '../../plugins/errors.js';
import {
  addMember,
  assertBeforeDeadline,
  deadlinePassed,
  assertLive,
  currentTeamOf,
  lockStudentInCourse,
  lockTeam,
  readTeam,
  teamAudit,
  type LockedTeam,
} from './membership.js';
import { selectJoinRequests, toJoinRequest } from './team-queries.js';
import {
  assertActiveStudent,
  assertCanSee,
  callerFacts,
  notLeader,
  type Caller,
  type CallerFacts,
} from './team-viewer.js';
import { assertNotRepeated, closeThread, openThread, requestThread } from './repeat-guard.js';
import { promoteWaitlisted } from './waitlist.js';

export type TeamRequestsQuery = z.output<typeof joinRequestsQuerySchema>;

/** A team read without a lock, for the calls that only look (lists); writes use lockTeam. */
export function findTeam(db: DbOrTx, teamId: string): Promise<LockedTeam> {
  return readTeam(db, teamId, { lock: false });
}

/** The caller's relation to the team; 404 when they may not see it at all. */
export async function visibleTeam(
  db: DbOrTx,
  caller: Caller,
  team: LockedTeam,
): Promise<CallerFacts> {
  const facts = await callerFacts(db, caller, team);
  assertCanSee(facts, team);
  return facts;
}

/** What a request or invitation in a final state tells the student who tries to decide it. */
export const DECIDED_TEXT: Record<Exclude<TeamRequestStatus, 'PENDING'>, string> = {
  ACCEPTED: 'has already been accepted',
  REJECTED: 'has already been rejected',
  WITHDRAWN: 'was withdrawn',
  CANCELLED: 'was cancelled',
  WAITLISTED:
    'is on the waitlist because the team is full: it can be accepted once a seat opens and it is first in line',
};

// ---------------------------------------------------------------------------------------
// Reading

/**
 * A request as `caller` sees it: the applicant's email shows to admins of the course (isAdmin),
 * to the applicant, and to others by the rule of emailShownSql.
 */
async function joinRequestById(
  db: DbOrTx,
  id: string,
  caller: Caller,
  isAdmin: boolean,
): Promise<JoinRequest> {
  const [row] = await selectJoinRequests(db, caller.userId).where(eq(joinRequests.id, id)).limit(1);
  if (!row) throw notFound('Join request not found');
  return toJoinRequest(row, isAdmin);
}

/**
 * A team's join requests for its leader or an admin of the course. PENDING by default (the
 * leader's inbox, longest waiting first); WAITLISTED in queue order, each with its place (none
 * once the deadline has passed: the waitlist is over); other statuses are history, latest
 * decision first.
 */
export async function listTeamJoinRequests(
  db: DbOrTx,
  caller: Caller,
  teamId: string,
  query: TeamRequestsQuery,
): Promise<Paginated<JoinRequest>> {
  const team = await findTeam(db, teamId);
  const facts = await visibleTeam(db, caller, team);
  if (!facts.isAdmin && !facts.isLeader) throw notLeader('see its join requests');

  const status = query.status ?? 'PENDING';
  const where = and(
    eq(joinRequests.teamId, teamId),
    eq(joinRequests.status, status),
    status === 'WAITLISTED' && deadlinePassed(team) ? sql`false` : undefined,
  );
  const order =
    status === 'PENDING' || status === 'WAITLISTED'
      ? [asc(joinRequests.createdAt), asc(joinRequests.id)]
      : [
          desc(sql`coalesce(${joinRequests.decidedAt}, ${joinRequests.createdAt})`),
          desc(joinRequests.id),
        ];
  const [rows, [total]] = await Promise.all([
    selectJoinRequests(db, caller.userId)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(joinRequests)
      .where(where),
  ]);
  return {
    items: rows.map((row) => toJoinRequest(row, facts.isAdmin)),
    page: query.page,
    limit: query.limit,
    total: total?.count ?? 0,
  };
}

// ---------------------------------------------------------------------------------------
// Applying

/**
 * A student applies to a team of their course. Refused when they could never be accepted:
 * not an active student, already in a team, team closed or past the deadline. A full team
 * files the request WAITLISTED, in line by (created_at, id) (issue 15). The database's partial
 * unique index holds "one open request per student per team" even when two applications race.
 */
export async function applyToTeam(
  db: DbOrTx,
  caller: Caller,
  teamId: string,
  body: ApplyBody,
  askLimit?: number,
): Promise<JoinRequest> {
  try {
    return await db.transaction(async (tx) => {
      const team = await lockTeam(tx, teamId);
      const facts = await visibleTeam(tx, caller, team);
      if (facts.isMember) throw conflict('ALREADY_IN_TEAM', `You are already in ${team.name}`);
      assertLive(team);
      assertActiveStudent(facts);
      if (facts.currentTeamId) {
        const current = await currentTeamOf(tx, team.courseId, caller.userId);
        throw conflict(
          'ALREADY_IN_TEAM',
          `You are already in ${current?.name ?? 'a team'} in this course; leave it before applying to another team`,
        );
      }
      assertBeforeDeadline(team);
      if (!team.openToRequests) {
        throw conflict('TEAM_CLOSED', `${team.name} is not taking join requests at the moment`);
      }
      const waitlisted = team.memberCount >= team.maxSize;
      if (facts.pendingInvitationId) {
        throw conflict(
          'ALREADY_INVITED',
          `${team.name} has already invited you; accept the invitation instead`,
        );
      }
      if (facts.pendingRequestId) throw alreadyRequested(team.name);
      if (facts.waitlistedRequestId) throw alreadyWaitlisted(team.name);
      await assertNotRepeated(tx, 'request', team, caller.userId, askLimit);

      const [created] = await tx
        .insert(joinRequests)
        .values({
          teamId: team.id,
          courseId: team.courseId,
          userId: caller.userId,
          message: body.message ?? '',
          ...(waitlisted ? { status: 'WAITLISTED' as const } : {}),
        })
        .returning({ id: joinRequests.id });
      await recordAudit(
        tx,
        teamAudit(team, caller.userId, 'REQUEST_CREATED', caller.userId, {
          requestId: created!.id,
          ...(waitlisted ? { waitlisted: true } : {}),
        }),
      );
      await openThread(tx, requestThread(team.id, caller.userId));
      return joinRequestById(tx, created!.id, caller, facts.isAdmin);
    });
  } catch (error) {
    // Two applications of the same student raced past the check above.
    if (isUniqueViolation(error, 'join_requests_one_open')) throw alreadyRequested();
    throw error;
  }
}

const alreadyWaitlisted = (teamName: string) =>
  conflict(
    'ALREADY_REQUESTED',
    `You are already on the waitlist of ${teamName}; you will be told when a seat opens`,
  );

const alreadyRequested = (teamName?: string) =>
  conflict(
    'ALREADY_REQUESTED',
    `You have already asked to join ${teamName ?? 'this team'}; wait for the leader's answer`,
  );

// ---------------------------------------------------------------------------------------
// Deciding

interface RequestRow {
  id: string;
  teamId: string;
  courseId: string;
  userId: string;
  status: TeamRequestStatus;
}

async function findRequest(
  tx: DbOrTx,
  requestId: string,
  options: { lock?: boolean } = {},
): Promise<RequestRow> {
  const query = tx
    .select({
      id: joinRequests.id,
      teamId: joinRequests.teamId,
      courseId: joinRequests.courseId,
      userId: joinRequests.userId,
      status: joinRequests.status,
    })
    .from(joinRequests)
    .where(eq(joinRequests.id, requestId));
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound('Join request not found');
  return row;
}

/**
 * Why a request or invitation that is no longer PENDING cannot be decided, in the decider's
 * words. One cancelled because the student joined another team meanwhile says so.
 */
export async function explainNotPending(
  tx: DbOrTx,
  item: { status: TeamRequestStatus; courseId: string; studentId: string },
  byStudent: boolean,
  kind: { code: 'REQUEST_NOT_PENDING' | 'INVITATION_NOT_PENDING'; noun: string },
) {
  if (item.status === 'CANCELLED') {
    const current = await currentTeamOf(tx, item.courseId, item.studentId);
    if (current) {
      return conflict(
        'ALREADY_IN_TEAM',
        byStudent
          ? `You have already joined ${current.name}`
          : `That student has already joined ${current.name}`,
      );
    }
  }
  const status = item.status as Exclude<TeamRequestStatus, 'PENDING'>;
  return conflict(kind.code, `This ${kind.noun} ${DECIDED_TEXT[status]}`);
}

const notPending = (tx: DbOrTx, request: RequestRow, byApplicant: boolean) =>
  explainNotPending(tx, { ...request, studentId: request.userId }, byApplicant, {
    code: 'REQUEST_NOT_PENDING',
    noun: 'join request',
  });

/**
 * Locks in the order every membership change uses — the team, then the applicant's
 * enrollment, then the request — and checks that the caller leads the team and is not the
 * applicant (DESIGN §7.5).
 */
async function lockForDecision(
  tx: DbOrTx,
  caller: Caller,
  requestId: string,
  what: string,
  decidable: readonly TeamRequestStatus[] = ['PENDING'],
) {
  const ref = await findRequest(tx, requestId);
  const team = await lockTeam(tx, ref.teamId);
  await lockStudentInCourse(tx, team.courseId, ref.userId);
  const request = await findRequest(tx, requestId, { lock: true });
  if (request.userId === caller.userId) {
    throw new AppError(
      403,
      'OWN_REQUEST',
      'You cannot decide your own join request; the team leader does',
    );
  }
  const facts = await visibleTeam(tx, caller, team);
  assertLive(team);
  if (!facts.isLeader) throw notLeader(what);
  assertActiveStudent(facts);
  if (!decidable.includes(request.status)) throw await notPending(tx, request, false);
  return { team, request, facts };
}

/**
 * The leader accepts: in one transaction holding the team's lock, the request is marked
 * ACCEPTED and the applicant joins through addMember, which re-checks the deadline, the
 * applicant's enrollment, one-team-per-course and capacity. Any refusal rolls everything
 * back, so the request stays PENDING. The request is marked first because addMember cancels
 * the applicant's remaining PENDING requests in the course.
 */
export async function acceptJoinRequest(
  db: DbOrTx,
  caller: Caller,
  requestId: string,
  body: DecideBody,
): Promise<JoinRequest> {
  return db.transaction(async (tx) => {
    const { team, request, facts } = await lockForDecision(
      tx,
      caller,
      requestId,
      'accept its join requests',
    );
    await decide(tx, request.id, 'ACCEPTED', caller.userId, body.reason);
    await recordAudit(
      tx,
      teamAudit(team, caller.userId, 'REQUEST_ACCEPTED', request.userId, {
        requestId: request.id,
        ...(body.reason ? { reason: body.reason } : {}),
      }),
    );
    await addMember(tx, team, {
      userId: request.userId,
      actorId: caller.userId,
      action: 'MEMBER_JOINED',
      data: { requestId: request.id },
    });
    return joinRequestById(tx, request.id, caller, facts.isAdmin);
  });
}

/**
 * The leader turns a request down, pending or waitlisted, with an optional reason the applicant
 * sees. A seat a pending request waited for goes to the waitlist (issue 15).
 */
export async function rejectJoinRequest(
  db: DbOrTx,
  caller: Caller,
  requestId: string,
  body: DecideBody,
): Promise<JoinRequest> {
  return db.transaction(async (tx) => {
    const { team, request, facts } = await lockForDecision(
      tx,
      caller,
      requestId,
      'reject its join requests',
      ['PENDING', 'WAITLISTED'],
    );
    await decide(tx, request.id, 'REJECTED', caller.userId, body.reason);
    await recordAudit(
      tx,
      teamAudit(team, caller.userId, 'REQUEST_REJECTED', request.userId, {
        requestId: request.id,
        ...(body.reason ? { reason: body.reason } : {}),
      }),
    );
    if (request.status === 'PENDING') await promoteWaitlisted(tx, team.id);
    return joinRequestById(tx, request.id, caller, facts.isAdmin);
  });
}

/**
 * The applicant takes their request back, pending or waitlisted. Allowed whatever the deadline
 * or their enrollment: it only removes an ask. A seat a pending request waited for goes to the
 * waitlist (issue 15).
 */
export async function withdrawJoinRequest(
  db: DbOrTx,
  caller: Caller,
  requestId: string,
): Promise<JoinRequest> {
  return db.transaction(async (tx) => {
    const ref = await findRequest(tx, requestId);
    const team = await lockTeam(tx, ref.teamId);
    const request = await findRequest(tx, requestId, { lock: true });
    if (request.userId !== caller.userId) {
      await visibleTeam(tx, caller, team);
      throw new AppError(
        403,
        'NOT_APPLICANT',
        'Only the student who asked to join can withdraw this request',
      );
    }
    if (request.status !== 'PENDING' && request.status !== 'WAITLISTED') {
      throw await notPending(tx, request, true);
    }
    await decide(tx, request.id, 'WITHDRAWN', caller.userId);
    const afterAudit = await closeThread(tx, requestThread(team.id, caller.userId), request.id);
    await recordAudit(
      tx,
      teamAudit(team, caller.userId, 'REQUEST_WITHDRAWN', caller.userId, {
        requestId: request.id,
        ...(request.status === 'WAITLISTED' ? { waitlisted: true } : {}),
      }),
    );
    await afterAudit();
    if (request.status === 'PENDING') await promoteWaitlisted(tx, team.id);
    // The caller is the applicant: their own email.
    return joinRequestById(tx, request.id, caller, false);
  });
}

async function decide(
  tx: DbOrTx,
  requestId: string,
  status: Exclude<TeamRequestStatus, 'PENDING' | 'WAITLISTED'>,
  deciderId: string,
  reason?: string,
): Promise<void> {
  await tx
    .update(joinRequests)
    .set({ status, decidedBy: deciderId, decidedAt: sql`now()`, reason: reason || null })
    .where(eq(joinRequests.id, requestId));
}
