// Organization admins put a student into a team at any time (DESIGN §7.7): an add when the
// student has no team in the course, a move when they have one. Both are audited.
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { courses, organizations, teams } from '../../db/schema/index.js';
import { courseIsInScope, outOfScope } from '../../lib/org-scope.js';
import { conflict } from '../../plugins/errors.js';
import {
  addMember,
  assertLive,
  currentTeamOf,
  lockStudentInCourse,
  lockTeam,
  removeMember,
  type LockedTeam,
} from './membership.js';
import { callerScope, type Caller } from './team-viewer.js';

export interface AdminAddResult {
  teamName: string;
  /** The team the student was moved out of, if any. */
  movedFrom: { id: string; name: string; disbanded: boolean } | null;
}

/**
 * The team's course if the caller administers it (its organization's admins, or on a staff route
 * its staff): else 404 for an admin (no oracle across organizations), 403 for another course's
 * staff, as every staff route answers (decision 137).
 */
export async function teamInScope(
  db: DbOrTx,
  caller: Caller,
  teamId: string,
): Promise<{ courseId: string; organizationId: string }> {
  const [scope, [target]] = await Promise.all([
    callerScope(db, caller),
    db
      .select({ courseId: teams.courseId, organizationId: courses.organizationId })
      .from(teams)
      .innerJoin(courses, eq(courses.id, teams.courseId))
      .innerJoin(organizations, eq(organizations.id, courses.organizationId))
      .where(and(eq(teams.id, teamId), isNull(organizations.deletedAt)))
      .limit(1),
  ]);
  if (!target || !courseIsInScope(scope, target.organizationId, target.courseId)) {
    throw outOfScope(scope, 'Team not found');
  }
  return target;
}

/**
 * Adds a student with an ACTIVE enrollment to a team of the course, moving them out of their
 * current team if they have one. Both teams are locked in id order, so two moves between the
 * same teams in opposite directions queue instead of deadlocking; the student's lock comes
 * after the teams', as everywhere else. Capacity still applies (TEAM_FULL).
 */
export async function adminAddMember(
  tx: DbOrTx,
  caller: Caller,
  teamId: string,
  userId: string,
): Promise<AdminAddResult> {
  const target = await teamInScope(tx, caller, teamId);

  const seen = await currentTeamOf(tx, target.courseId, userId);
  const ids = [...new Set([teamId, seen?.teamId ?? teamId])].sort();
  const locked = new Map<string, LockedTeam>();
  for (const id of ids) locked.set(id, await lockTeam(tx, id));
  await lockStudentInCourse(tx, target.courseId, userId);
  const current = await currentTeamOf(tx, target.courseId, userId);
  if ((current?.teamId ?? null) !== (seen?.teamId ?? null)) {
    // They joined or left a team between our first look and the locks: nothing has been
    // written yet, and trying again sees the new state.
    throw conflict(
      'STUDENT_TEAM_CHANGED',
      "The student's team changed just now (they joined or left a team); look again and retry",
    );
  }

  const team = locked.get(teamId)!;
  assertLive(team);
  if (!current) {
    await addMember(tx, team, {
      userId,
      actorId: caller.userId,
      action: 'MEMBER_ADDED_BY_ADMIN',
      asAdmin: true,
    });
    return { teamName: team.name, movedFrom: null };
  }
  if (current.teamId === team.id) {
    throw conflict('ALREADY_IN_TEAM', `That student is already a member of ${team.name}`);
  }
  // Checked before leaving the old team, so the refusal names the real reason.
  if (team.memberCount >= team.maxSize) throw conflict('TEAM_FULL', `${team.name} is full`);

  const from = locked.get(current.teamId)!;
  const { disbanded } = await removeMember(tx, from, {
    userId,
    actorId: caller.userId,
    action: 'MEMBER_MOVED_BY_ADMIN',
    asAdmin: true,
    data: { toTeamId: team.id, toTeamName: team.name },
  });
  await addMember(tx, team, {
    userId,
    actorId: caller.userId,
    action: 'MEMBER_MOVED_BY_ADMIN',
    asAdmin: true,
    data: { fromTeamId: from.id, fromTeamName: from.name },
  });
  return { teamName: team.name, movedFrom: { id: from.id, name: from.name, disbanded } };
}
