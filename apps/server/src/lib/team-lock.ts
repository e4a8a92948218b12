// A team's row lock and what a change of membership tells the database (DESIGN §7): shared by
// the teams module (the team lifecycle) and the formation module (placement, health nudges), so
// neither imports the other.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MembershipEndReason } from '@teamup/shared';
import type { DbOrTx } from '../db/client.js';
import { courses, organizations, teams } from '../db/schema/index.js';
import { conflict, notFound } from '../plugins/errors.js';

export interface LockedTeam {
  id: string;
  courseId: string;
  organizationId: string;
  name: string;
  leaderId: string | null;
  maxSize: number;
  memberCount: number;
  openToRequests: boolean;
  disbandedAt: Date | null;
  course: {
    teamSizeMax: number;
    teamFormationDeadline: Date;
    archivedAt: Date | null;
  };
}

export const deadlinePassed = (team: Pick<LockedTeam, 'course'>, now = new Date()) =>
  team.course.teamFormationDeadline.getTime() <= now.getTime();

/**
 * Locks the team's row for the rest of the transaction and returns it with its course.
 * Concurrent changes to one team queue here; changes to different teams do not wait.
 */
export function lockTeam(tx: DbOrTx, teamId: string): Promise<LockedTeam> {
  return readTeam(tx, teamId, { lock: true });
}

/**
 * The team with its course, locked or not (calls that only look use no lock). Teams of deleted
 * organizations do not exist for anyone: 404.
 */
export async function readTeam(
  tx: DbOrTx,
  teamId: string,
  options: { lock: boolean },
): Promise<LockedTeam> {
  const query = tx
    .select({
      id: teams.id,
      courseId: teams.courseId,
      organizationId: courses.organizationId,
      name: teams.name,
      leaderId: teams.leaderId,
      maxSize: teams.maxSize,
      memberCount: teams.memberCount,
      openToRequests: teams.openToRequests,
      disbandedAt: teams.disbandedAt,
      teamSizeMax: courses.teamSizeMax,
      teamFormationDeadline: courses.teamFormationDeadline,
      archivedAt: courses.archivedAt,
    })
    .from(teams)
    .innerJoin(courses, eq(courses.id, teams.courseId))
    .innerJoin(organizations, eq(organizations.id, courses.organizationId))
    .where(and(eq(teams.id, teamId), isNull(organizations.deletedAt)))
    .limit(1);
  const [row] = await (options.lock ? query.for('update', { of: teams }) : query);
  if (!row) throw notFound('Team not found');
  const { teamSizeMax, teamFormationDeadline, archivedAt, ...team } = row;
  return { ...team, course: { teamSizeMax, teamFormationDeadline, archivedAt } };
}

export function assertLive(team: LockedTeam): void {
  if (team.disbandedAt) {
    throw conflict('TEAM_DISBANDED', `${team.name} has been disbanded`);
  }
  if (team.course.archivedAt) {
    throw conflict('COURSE_ARCHIVED', 'This course is archived; its teams can no longer change');
  }
}

/**
 * Why the member rows the transaction deletes next end their membership periods (issue 15): the
 * trigger on team_members that closes the period reads it (migration 0020). Local to the
 * transaction; each delete sets its own.
 */
export async function setLeaveReason(tx: DbOrTx, reason: MembershipEndReason): Promise<void> {
  await tx.execute(sql`select set_config('teamup.leave_reason', ${reason}, true)`);
}
