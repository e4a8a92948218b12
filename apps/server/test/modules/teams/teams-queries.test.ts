// Team lists and details are a fixed number of queries whatever the number of teams, members
// and log entries (no query per row). Counted at the driver: every statement the app sends
// goes through the client's `query` (PGlite instance; on PostgreSQL every pg connection's, as a
// signed-in read runs on one pooled connection, decision 096; reads use no transaction).
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  enrollments,
  joinRequests,
  teamMembers,
  teams,
  users,
} from '../../../src/db/schema/index.js';
import { makeCourse, makeEnrollment, makeTeam } from '../../fixtures.js';
import { buildTestApp, getWorkerDb, statementsDuring } from '../../helper.js';
import { call, world, type World } from './teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

/**
 * Statements the team code sends while answering one request, after a warm-up call with the
 * same token; others' are left out (statementsDuring).
 */
async function statementsFor(path: string, headers: Record<string, string>): Promise<number> {
  const warm = await call(app, 'GET', path, headers);
  expect(warm.statusCode, warm.body).toBe(200);
  const texts = await statementsDuring(app, async () => {
    const res = await call(app, 'GET', path, headers);
    expect(res.statusCode, res.body).toBe(200);
  });
  return texts.length;
}

/** `count` more users, enrolled ACTIVE in the course, in bulk. */
async function bulkStudents(courseId: string, count: number, tag: string) {
  const { db } = await getWorkerDb();
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${tag}-${i}-${courseId.slice(0, 6)}@example.edu`,
        fullname: `${tag} ${i}`,
      })),
    )
    .returning({ id: users.id, email: users.email });
  await db.insert(enrollments).values(
    rows.map((r) => ({
      courseId,
      email: r.email,
      userId: r.id,
      fullname: 'x',
      status: 'ACTIVE' as const,
      source: 'CSV' as const,
    })),
  );
  return rows.map((r) => r.id);
}

/** Adds `count` teams of three to the course, each with a pending request and an invitation for Sue. */
async function bulkTeams(w: World, count: number) {
  const { db } = await getWorkerDb();
  const ids = await bulkStudents(w.course.id, count * 3, 'bulk');
  const made = await db
    .insert(teams)
    .values(
      Array.from({ length: count }, (_, i) => ({
        courseId: w.course.id,
        name: `Bulk ${i}`,
        leaderId: ids[i * 3]!,
        maxSize: 4,
        memberCount: 3,
        // Matched against Sue's skills per row, still in the same statement.
        wantedSkills: i % 2 === 0 ? ['SQL', 'Go'] : ['React'],
      })),
    )
    .returning({ id: teams.id });
  await db
    .insert(teamMembers)
    .values(
      made.flatMap((t, i) =>
        [0, 1, 2].map((k) => ({ teamId: t.id, userId: ids[i * 3 + k]!, courseId: w.course.id })),
      ),
    );
  await db
    .insert(joinRequests)
    .values(made.map((t) => ({ teamId: t.id, courseId: w.course.id, userId: w.sue.id })));
  return made;
}

describe('team reads: a fixed number of statements', () => {
  it('a course’s team list, all my teams and my teams: the same count for 1 team or 60', async () => {
    const w = await world(app);
    const paths = [
      `/student/courses/${w.course.id}/teams?limit=100`,
      `/student/courses/${w.course.id}/teams?limit=100&sort=match`,
      `/student/teams?limit=100`,
      `/student/me/teams`,
    ];
    const joinElsewhere = async () => {
      const course = await makeCourse(w.orgA.id);
      await makeEnrollment(course.id, { email: w.sue.email, userId: w.sue.id });
      await makeTeam(course.id, w.sue.id);
    };
    // Without a team, "my teams" has no row to carry the requests: one more statement.
    expect(await statementsFor('/student/me/teams', w.as.sue)).toBe(2);
    await joinElsewhere();
    const small = [];
    for (const path of paths) small.push(await statementsFor(path, w.as.sue));

    await bulkTeams(w, 60);
    await getWorkerDb().then(({ db }) =>
      db
        .update(users)
        .set({ skills: ['sql', 'React'] })
        .where(eq(users.id, w.sue.id)),
    );
    // Sue also joins teams in 5 more courses, for "my teams".
    for (let i = 0; i < 5; i++) await joinElsewhere();
    const large = [];
    for (const path of paths) large.push(await statementsFor(path, w.as.sue));

    expect(large).toEqual(small);
    // Each page carries its total (and, for a course, the caller's access to it); my teams
    // carry my pending requests.
    expect(small).toEqual([1, 1, 1, 1]);
    // A page past the end has no row to carry the total: one more statement, still fixed.
    expect(await statementsFor(`/student/teams?page=9&limit=100`, w.as.sue)).toBe(2);
  });

  it('team details: the same count for 3 members or 40, for a student and an admin', async () => {
    const w = await world(app);
    const { db } = await getWorkerDb();
    const ids = await bulkStudents(w.course.id, 39, 'big');
    const big = await makeTeam(w.course.id, ids[0]!, {
      name: 'Big',
      maxSize: 40,
      members: ids.slice(1),
    });
    await db.insert(auditEvents).values(
      ids.map((id) => ({
        teamId: big.id,
        courseId: w.course.id,
        actorId: id,
        action: 'MEMBER_JOINED',
        targetUserId: id,
      })),
    );

    for (const who of ['sue', 'adminA'] as const) {
      const small = await statementsFor(`/student/teams/${w.team.id}`, w.as[who]);
      const large = await statementsFor(`/student/teams/${big.id}`, w.as[who]);
      expect(large, who).toBe(small);
      // (Admin scope,) the team with its members and the caller's relation.
      expect(small, who).toBe(who === 'sue' ? 1 : 2);
    }
  });

  it('the audit log: the same count for 1 entry or 80', async () => {
    const w = await world(app);
    await call(app, 'PATCH', `/student/teams/${w.team.id}`, w.as.lea, { description: 'x' });
    const small = await statementsFor(`/student/teams/${w.team.id}/audit-logs?limit=100`, w.as.max);
    const { db } = await getWorkerDb();
    await db.insert(auditEvents).values(
      Array.from({ length: 79 }, () => ({
        teamId: w.team.id,
        actorId: w.max.id,
        action: 'TEAM_UPDATED',
      })),
    );
    const large = await statementsFor(`/student/teams/${w.team.id}/audit-logs?limit=100`, w.as.max);
    expect(large).toBe(small);
    // The team with the caller's relation, the page, the total, and for a student the emails
    // they may see among the page's people (issue 12).
    expect(small).toBe(4);
  });
});
