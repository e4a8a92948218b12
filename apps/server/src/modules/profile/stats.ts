import { eq, sql, type SQL } from 'drizzle-orm';
import type { ProfileStats } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  courses,
  enrollments,
  invitations,
  joinRequests,
  organizationAdmins,
  organizations,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.js';

const counted = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

/** Enrollments the user sees on My Enrollments: not removed, organization not deleted. */
const myEnrollments = (status?: 'ACTIVE' | 'INACTIVE') => sql`
  select count(*) from ${enrollments}
  join ${courses} on ${courses.id} = ${enrollments.courseId}
  join ${organizations} on ${organizations.id} = ${courses.organizationId}
  where ${enrollments.userId} = ${users.id}
    and ${enrollments.removedAt} is null
    and ${organizations.deletedAt} is null
    ${status ? sql`and ${enrollments.status} = ${status}` : sql``}`;

/** Live organizations the user administers, as a subquery of ids. */
const myOrganizationIds = sql`
  select ${organizationAdmins.organizationId} from ${organizationAdmins}
  join ${organizations} on ${organizations.id} = ${organizationAdmins.organizationId}
  where ${organizationAdmins.userId} = ${users.id} and ${organizations.deletedAt} is null`;

/**
 * Every number of the profile's stats in one statement: scalar subqueries on the user's row,
 * each an index lookup by user (enrollments, team members, requests, invitations, admins).
 * Null when the user no longer exists.
 */
export async function getProfileStats(db: DbOrTx, userId: string): Promise<ProfileStats | null> {
  const [row] = await db
    .select({
      enrollmentsTotal: counted(myEnrollments()),
      enrollmentsActive: counted(myEnrollments('ACTIVE')),
      enrollmentsInactive: counted(myEnrollments('INACTIVE')),
      teamsJoined: counted(sql`
        select count(*) from ${teamMembers}
        join ${courses} on ${courses.id} = ${teamMembers.courseId}
        join ${organizations} on ${organizations.id} = ${courses.organizationId}
        where ${teamMembers.userId} = ${users.id} and ${organizations.deletedAt} is null`),
      teamsLeading: counted(sql`
        select count(*) from ${teams}
        join ${teamMembers} on ${teamMembers.teamId} = ${teams.id}
          and ${teamMembers.userId} = ${users.id}
        join ${courses} on ${courses.id} = ${teams.courseId}
        join ${organizations} on ${organizations.id} = ${courses.organizationId}
        where ${teams.leaderId} = ${users.id}
          and ${teams.disbandedAt} is null
          and ${organizations.deletedAt} is null`),
      pendingJoinRequests: counted(sql`
        select count(*) from ${joinRequests}
        join ${courses} on ${courses.id} = ${joinRequests.courseId}
        join ${organizations} on ${organizations.id} = ${courses.organizationId}
        where ${joinRequests.userId} = ${users.id}
          and ${joinRequests.status} = 'PENDING'
          and ${organizations.deletedAt} is null`),
      pendingInvitations: counted(sql`
        select count(*) from ${invitations}
        join ${courses} on ${courses.id} = ${invitations.courseId}
        join ${organizations} on ${organizations.id} = ${courses.organizationId}
        where ${invitations.inviteeId} = ${users.id}
          and ${invitations.status} = 'PENDING'
          and ${organizations.deletedAt} is null`),
      adminOrganizations: counted(sql`select count(*) from (${myOrganizationIds}) as mine`),
      adminCourses: counted(sql`
        select count(*) from ${courses}
        where ${courses.organizationId} in (${myOrganizationIds})
          and ${courses.archivedAt} is null`),
      adminStudents: counted(sql`
        select count(distinct ${enrollments.email}) from ${enrollments}
        join ${courses} on ${courses.id} = ${enrollments.courseId}
        where ${courses.organizationId} in (${myOrganizationIds})
          and ${courses.archivedAt} is null
          and ${enrollments.removedAt} is null`),
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    enrollments: {
      total: row.enrollmentsTotal,
      active: row.enrollmentsActive,
      inactive: row.enrollmentsInactive,
    },
    teams: { joined: row.teamsJoined, leading: row.teamsLeading },
    pendingJoinRequests: row.pendingJoinRequests,
    pendingInvitations: row.pendingInvitations,
    administration:
      row.adminOrganizations > 0
        ? {
            organizations: row.adminOrganizations,
            courses: row.adminCourses,
            students: row.adminStudents,
          }
        : null,
  };
}
