// The auto-placement's input for a course (issue 15, decision 116), read in a fixed number of
// statements whatever the course's size, and its fingerprint: a digest of the canonical input,
// which apply recomputes under its locks to refuse a stale proposal.
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  courses,
  enrollments,
  invitations,
  joinRequests,
  organizations,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.js';
import { courseIsInScope, outOfScope, type AdminScope } from '../../lib/org-scope.js';

import type { AlgoStudent, AlgoTeam, FormationInput } from './formation-algorithm.js';

export interface FormationCourse {
  id: string;
  code: string;
  organizationId: string;
  teamSizeMin: number;
  teamSizeMax: number;
}

/**
 * The course if the admin's scope holds it, it is not archived and its organization is not
 * deleted; else 404 `Course not found`, like the other admin course calls.
 */
export async function formationCourse(
  db: DbOrTx,
  scope: AdminScope,
  courseId: string,
): Promise<FormationCourse> {
  const [course] = await db
    .select({
      id: courses.id,
      code: courses.code,
      organizationId: courses.organizationId,
      teamSizeMin: courses.teamSizeMin,
      teamSizeMax: courses.teamSizeMax,
    })
    .from(courses)
    .innerJoin(organizations, eq(organizations.id, courses.organizationId))
    .where(
      and(eq(courses.id, courseId), isNull(organizations.deletedAt), isNull(courses.archivedAt)),
    )
    .limit(1);
  if (!course || !courseIsInScope(scope, course.organizationId, course.id)) {
    throw outOfScope(scope, 'Course not found');
  }
  return course;
}

type TeamRow = Omit<AlgoTeam, 'members'>;
type MemberRow = AlgoStudent & { teamId: string };
type ChoiceRow = { userId: string; teamId: string };

const studentColumns = {
  userId: users.id,
  fullname: users.fullname,
  email: users.email,
  skills: users.skills,
};

/**
 * Five statements: live teams, their members, teamless active students, requests, invitations.
 * On the pool (preview) they run side by side; in a transaction (apply) one after another, as
 * a transaction's connection takes one statement at a time.
 */
export async function readFormationInput(
  db: DbOrTx,
  course: FormationCourse,
  inTransaction = false,
): Promise<FormationInput> {
  const run = <T>(queries: (() => Promise<T>)[]) =>
    inTransaction
      ? queries.reduce<Promise<T[]>>(
          (done, next) => done.then(async (rows) => [...rows, await next()]),
          Promise.resolve([]),
        )
      : Promise.all(queries.map((q) => q()));
  const [teamRows, memberRows, studentRows, requestRows, invitationRows] = (await run<unknown>([
    () =>
      db
        .select({
          id: teams.id,
          name: teams.name,
          maxSize: teams.maxSize,
          openToRequests: teams.openToRequests,
          wantedSkills: teams.wantedSkills,
          leaderId: teams.leaderId,
        })
        .from(teams)
        .where(and(eq(teams.courseId, course.id), isNull(teams.disbandedAt)))
        .orderBy(asc(teams.id)),
    () =>
      db
        .select({
          teamId: teamMembers.teamId,
          ...studentColumns,
          // Issue 36: the member's section in this course (their enrollment's).
          section: sql<
            string | null
          >`(select e.section from ${enrollments} e where e.course_id = ${course.id} and e.user_id = ${teamMembers.userId} and e.removed_at is null limit 1)`,
        })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teamMembers.courseId, course.id))
        .orderBy(asc(teamMembers.teamId), asc(teamMembers.userId)),
    () =>
      db
        .selectDistinct({ ...studentColumns, section: enrollments.section })
        .from(enrollments)
        .innerJoin(users, eq(users.id, enrollments.userId))
        .where(
          and(
            eq(enrollments.courseId, course.id),
            eq(enrollments.status, 'ACTIVE'),
            isNull(enrollments.removedAt),
            sql`not exists (select 1 from ${teamMembers} where ${teamMembers.courseId} = ${course.id} and ${teamMembers.userId} = ${enrollments.userId})`,
          ),
        )
        .orderBy(asc(users.id)),
    () =>
      db
        .select({ userId: joinRequests.userId, teamId: joinRequests.teamId })
        .from(joinRequests)
        .where(
          and(
            eq(joinRequests.courseId, course.id),
            inArray(joinRequests.status, ['PENDING', 'WAITLISTED']),
          ),
        )
        .orderBy(asc(joinRequests.userId), asc(joinRequests.teamId)),
    () =>
      db
        .select({ userId: invitations.inviteeId, teamId: invitations.teamId })
        .from(invitations)
        .where(and(eq(invitations.courseId, course.id), eq(invitations.status, 'PENDING')))
        .orderBy(asc(invitations.inviteeId), asc(invitations.teamId)),
  ])) as [TeamRow[], MemberRow[], AlgoStudent[], ChoiceRow[], ChoiceRow[]];

  const membersOf = new Map<string, AlgoStudent[]>();
  for (const { teamId, ...m } of memberRows) {
    const list = membersOf.get(teamId) ?? [];
    list.push(m);
    membersOf.set(teamId, list);
  }
  const liveTeams: AlgoTeam[] = teamRows.map((t) => ({ ...t, members: membersOf.get(t.id) ?? [] }));
  const teamIds = new Set(liveTeams.map((t) => t.id));
  const studentIds = new Set(studentRows.map((s) => s.userId));
  // Only choices between a teamless student and a live team count.
  const between = (r: { userId: string; teamId: string }) =>
    studentIds.has(r.userId) && teamIds.has(r.teamId);
  return {
    courseId: course.id,
    courseCode: course.code,
    teamSizeMin: course.teamSizeMin,
    teamSizeMax: course.teamSizeMax,
    teams: liveTeams,
    students: studentRows,
    requests: dedupe(requestRows.filter(between)),
    invitations: dedupe(invitationRows.filter(between)),
  };
}

function dedupe(rows: { userId: string; teamId: string }[]) {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.userId}:${r.teamId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A digest of what the proposal is computed from: sizes, teams (name, size limit, openness,
 * wanted skills, members), teamless students with their skills, requests and invitations.
 * Names and emails of people are left out (renaming oneself does not make a proposal stale).
 * The seed is in it too: apply records the seed as the proposal's origin, so a seed other than
 * the preview's is refused like a stale proposal (issue 24, decision 123).
 */
export function formationFingerprint(
  input: FormationInput,
  seed: number,
  survey: { version: number; latestAnswerAt: string | null } | null = null,
): string {
  const canonical = JSON.stringify([
    seed,
    // Issue 27: the survey's questions and answers, as a version and the newest answer's time.
    survey ? [survey.version, survey.latestAnswerAt] : null,
    input.courseId,
    input.teamSizeMin,
    input.teamSizeMax,
    input.teams.map((t) => [
      t.id,
      t.name,
      t.maxSize,
      t.openToRequests,
      t.wantedSkills,
      t.leaderId ?? null,
      // Issue 36: sections too (a student moved to another section makes the proposal stale).
      t.members.map((m) => [m.userId, m.skills, m.section ?? null]),
    ]),
    input.students.map((s) => [s.userId, s.skills, s.section ?? null]),
    input.requests.map((r) => [r.userId, r.teamId]),
    input.invitations.map((r) => [r.userId, r.teamId]),
  ]);
  return `v3:${createHash('sha256').update(canonical).digest('base64url')}`;
}
