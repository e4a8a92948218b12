// Team changes a student (or an admin of the course) makes: create, edit, disband, remove a
// member, leave. Membership itself changes only through membership.ts, under the team lock.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createTeamBodySchema, UpdateTeamBody } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { teams } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { AppError, badRequest, conflict } from '../../plugins/errors.js';
import {
  addMember,
  assertBeforeDeadline,
  byAdmin,
  assertLive,
  currentTeamOf,
  disbandTeam,
  lockTeam,
  removeMember,
  teamAudit,
  type LockedTeam,
} from './membership.js';
import { promoteWaitlisted } from './waitlist.js';
import {
  assertActiveStudent,
  assertCanSee,
  callerFacts,
  courseAccess,
  notLeader,
  notMember,
  type Caller,
  type CallerFacts,
} from './team-viewer.js';

type CreateTeamInput = z.output<typeof createTeamBodySchema>;

const TEAM_NAME_INDEX = 'teams_course_name_unique';

const nameTaken = (name: string) =>
  conflict('TEAM_NAME_TAKEN', `A team called "${name}" already exists in this course`);

const tooBig = (max: number) =>
  badRequest('The team is larger than the course allows', [
    { path: 'maxSize', message: `At most ${max}, the course's maximum team size` },
  ]);

/**
 * Creates a team with the caller as leader and first member (DESIGN §7.2). Only a student
 * with an ACTIVE enrollment, before the deadline, without a team in the course. Returns the
 * new team's id.
 */
export async function createTeam(
  tx: DbOrTx,
  caller: Caller,
  courseId: string,
  body: CreateTeamInput,
): Promise<string> {
  const { course, enrollmentStatus } = await courseAccess(tx, caller, courseId);
  if (course.archivedAt) {
    throw conflict('COURSE_ARCHIVED', 'This course is archived; its teams can no longer change');
  }
  assertActiveStudent({ enrollmentStatus });
  assertBeforeDeadline({ course });
  const maxSize = body.maxSize ?? course.teamSizeMax;
  if (maxSize > course.teamSizeMax) throw tooBig(course.teamSizeMax);
  const existing = await currentTeamOf(tx, courseId, caller.userId);
  if (existing) {
    throw conflict(
      'ALREADY_IN_TEAM',
      `You are already in ${existing.name} in this course; leave it before creating a team`,
    );
  }

  let id: string;
  try {
    const [row] = await tx
      .insert(teams)
      .values({
        courseId,
        name: body.name,
        description: body.description,
        maxSize,
        openToRequests: body.openToRequests,
        wantedSkills: body.wantedSkills,
        leaderId: caller.userId,
        createdBy: caller.userId,
      })
      .returning({ id: teams.id });
    id = row!.id;
  } catch (error) {
    if (isUniqueViolation(error, TEAM_NAME_INDEX)) throw nameTaken(body.name);
    throw error;
  }
  const team = await lockTeam(tx, id);
  await addMember(tx, team, {
    userId: caller.userId,
    actorId: caller.userId,
    action: 'TEAM_CREATED',
    data: {
      name: body.name,
      description: body.description,
      maxSize,
      openToRequests: body.openToRequests,
      ...(body.wantedSkills.length > 0 ? { wantedSkills: body.wantedSkills } : {}),
    },
  });
  return id;
}

/** Locks the team and works out who the caller is to it; 404 when they may not see it. */
async function lockForCaller(
  tx: DbOrTx,
  caller: Caller,
  teamId: string,
): Promise<{ team: LockedTeam; facts: CallerFacts }> {
  const team = await lockTeam(tx, teamId);
  const facts = await callerFacts(tx, caller, team);
  assertCanSee(facts, team);
  if (team.disbandedAt) {
    throw conflict('TEAM_DISBANDED', `${team.name} has been disbanded`);
  }
  return { team, facts };
}

/** The leader, with an ACTIVE enrollment; or an admin of the course. */
function assertLeaderOrAdmin(facts: CallerFacts, what: string): void {
  if (facts.isAdmin) return;
  if (!facts.isLeader) throw notLeader(what);
  assertActiveStudent(facts);
}

type TeamFields = Required<UpdateTeamBody>;

/**
 * Edits a team (leader, or an admin of the course). Name, description and openness may change
 * after the deadline, since they do not change membership; the size limit is part of team
 * formation, so after the deadline only admins may change it. The size limit stays between
 * the current number of members and the course's maximum. Returns whether anything changed.
 */
export async function updateTeam(
  tx: DbOrTx,
  caller: Caller,
  teamId: string,
  body: UpdateTeamBody,
): Promise<boolean> {
  const { team, facts } = await lockForCaller(tx, caller, teamId);
  assertLeaderOrAdmin(facts, 'edit the team');
  assertLive(team);

  const [current] = await tx
    .select({
      name: teams.name,
      description: teams.description,
      openToRequests: teams.openToRequests,
      maxSize: teams.maxSize,
      wantedSkills: teams.wantedSkills,
    })
    .from(teams)
    .where(eq(teams.id, team.id));
  const before: Partial<TeamFields> = {};
  const after: Partial<TeamFields> = {};
  for (const key of ['name', 'description', 'openToRequests', 'maxSize'] as const) {
    const value = body[key];
    if (value === undefined || value === current![key]) continue;
    (before as Record<string, unknown>)[key] = current![key];
    (after as Record<string, unknown>)[key] = value;
  }
  // Wanted skills are a list: the same skills in the same order (as typed) change nothing.
  if (
    body.wantedSkills !== undefined &&
    JSON.stringify(body.wantedSkills) !== JSON.stringify(current!.wantedSkills)
  ) {
    before.wantedSkills = current!.wantedSkills;
    after.wantedSkills = body.wantedSkills;
  }

  if (after.maxSize !== undefined) {
    if (!facts.isAdmin) assertBeforeDeadline(team);
    if (after.maxSize > team.course.teamSizeMax) throw tooBig(team.course.teamSizeMax);
    if (after.maxSize < team.memberCount) {
      throw new AppError(
        409,
        'MAX_SIZE_TOO_SMALL',
        `${team.name} already has ${team.memberCount} members; the size limit cannot go below that`,
        [
          {
            path: 'maxSize',
            message: `At least ${team.memberCount}, the current number of members`,
          },
        ],
      );
    }
  }
  if (Object.keys(after).length === 0) return false;

  try {
    await tx
      .update(teams)
      .set({ ...after, updatedAt: sql`now()` })
      .where(eq(teams.id, team.id));
  } catch (error) {
    if (isUniqueViolation(error, TEAM_NAME_INDEX)) throw nameTaken(after.name ?? team.name);
    throw error;
  }
  await recordAudit(
    tx,
    ...byAdmin(
      [teamAudit(team, caller.userId, 'TEAM_UPDATED', null, { before, after })],
      facts.isAdmin,
    ),
  );
  // A raised size limit opens seats: the waitlist gets them now (issue 15).
  if (after.maxSize !== undefined && after.maxSize > current!.maxSize) {
    await promoteWaitlisted(tx, team.id);
  }
  return true;
}

/** The leader before the deadline, or an admin of the course at any time (DESIGN §7.7). */
export async function disband(tx: DbOrTx, caller: Caller, teamId: string): Promise<string> {
  const { team, facts } = await lockForCaller(tx, caller, teamId);
  assertLeaderOrAdmin(facts, 'disband the team');
  if (!facts.isAdmin) {
    assertLive(team);
    assertBeforeDeadline(team);
  }
  await disbandTeam(
    tx,
    team,
    caller.userId,
    facts.isAdmin ? 'Disbanded by an organization admin' : 'Disbanded by the leader',
    facts.isAdmin,
  );
  return team.name;
}

/**
 * The leader removes another member before the deadline; an admin of the course removes
 * anyone at any time (the leader too: leadership passes on, and the last member going
 * disbands the team).
 */
export async function removeTeamMember(
  tx: DbOrTx,
  caller: Caller,
  teamId: string,
  memberId: string,
): Promise<{ teamName: string; disbanded: boolean }> {
  const { team, facts } = await lockForCaller(tx, caller, teamId);
  assertLeaderOrAdmin(facts, 'remove members');
  if (!facts.isAdmin && memberId === caller.userId) {
    throw conflict(
      'CANNOT_REMOVE_SELF',
      'You cannot remove yourself; leave the team instead (leadership passes to the longest-standing member)',
    );
  }
  const { disbanded } = await removeMember(tx, team, {
    userId: memberId,
    actorId: caller.userId,
    action: 'MEMBER_REMOVED',
    asAdmin: facts.isAdmin,
  });
  return { teamName: team.name, disbanded };
}

/** A member leaves (before the deadline): leadership passes on; the last one disbands it. */
export async function leaveTeam(
  tx: DbOrTx,
  caller: Caller,
  teamId: string,
): Promise<{ teamName: string; disbanded: boolean; newLeaderId: string | null }> {
  const { team, facts } = await lockForCaller(tx, caller, teamId);
  if (!facts.isMember) throw notMember();
  assertActiveStudent(facts);
  const result = await removeMember(tx, team, {
    userId: caller.userId,
    actorId: caller.userId,
    action: 'MEMBER_LEFT',
  });
  return { teamName: team.name, ...result };
}
