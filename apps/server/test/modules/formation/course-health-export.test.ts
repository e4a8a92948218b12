// The LMS export (GET /admin/courses/{id}/teams.csv), issue 15, decision 118: exact files, the
// escaping, the formats, and `at` before and after a move, a leave and a disband.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrollments, teamMembers } from '../../../src/db/schema/index.js';
import { makeTeam } from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { call, enrolledStudent, world, type World } from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const BOM = '\uFEFF';
const pause = () => new Promise((resolve) => setTimeout(resolve, 30));

function csv(w: World, query: Record<string, string> = {}, headers = w.as.adminA) {
  return app.inject({
    method: 'GET',
    url: `/api/v1/admin/courses/${w.course.id}/teams.csv`,
    query,
    headers,
  });
}

async function setStudentId(courseId: string, userId: string, studentId: string) {
  const { db } = await getWorkerDb();
  await db
    .update(enrollments)
    .set({ studentId })
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)));
}

async function joinedAt(teamId: string, userId: string) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .select({ joinedAt: teamMembers.joinedAt })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row!.joinedAt.toISOString();
}

/** The file's lines after the header, without the BOM and the final line end. */
function lines(body: string): string[] {
  expect(body.startsWith(BOM)).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
}

/** Beta: Bo leads alone (student id S-3). Alpha's Lea is S-1, Max S-2, Mia has none. */
async function withBeta(w: World) {
  const bo = await enrolledStudent(w.course.id, 'Bo Beta');
  const beta = await makeTeam(w.course.id, bo.id, { name: 'Beta', maxSize: 4 });
  await setStudentId(w.course.id, w.lea.id, 'S-1');
  await setStudentId(w.course.id, w.max.id, 'S-2');
  await setStudentId(w.course.id, bo.id, 'S-3');
  return { bo, beta };
}

describe('GET /admin/courses/{id}/teams.csv', () => {
  it('writes one member a line: team, member, email, student id, leader, joined at', async () => {
    const w = await world(app);
    const { bo, beta } = await withBeta(w);
    const res = await csv(w);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="teams-A101-\d{4}-\d{2}-\d{2}T\d{4}Z\.csv"/,
    );
    expect(res.body).toBe(
      BOM +
        [
          'team,member,email,student_id,leader,joined_at',
          `Alpha,Lea Leader,${w.lea.email},S-1,yes,${await joinedAt(w.team.id, w.lea.id)}`,
          `Alpha,Max Member,${w.max.email},S-2,no,${await joinedAt(w.team.id, w.max.id)}`,
          `Alpha,Mia Member,${w.mia.email},,no,${await joinedAt(w.team.id, w.mia.id)}`,
          `Beta,Bo Beta,${bo.email},S-3,yes,${await joinedAt(beta.id, bo.id)}`,
        ].join('\r\n') +
        '\r\n',
    );
  });

  it('quotes and neutralises every text cell', async () => {
    const w = await world(app);
    const evil = await enrolledStudent(w.course.id, '@Evil "Eve"');
    await makeTeam(w.course.id, evil.id, { name: '=SUM(A1), "x"' });
    await setStudentId(w.course.id, evil.id, '+42,1');
    const [, ...rows] = lines((await csv(w)).body);
    expect(rows[0]).toBe(
      // The email starts with @ too (enrolledStudent makes it from the first name).
      `"'=SUM(A1), ""x""","'@Evil ""Eve""",'${evil.email},"'+42,1",yes,${await joinedAt(
        (await teamOf(evil.id))!,
        evil.id,
      )}`,
    );
  });

  it('writes the Canvas and Moodle column sets', async () => {
    const w = await world(app);
    const { bo } = await withBeta(w);
    const canvas = await csv(w, { format: 'canvas' });
    expect(canvas.headers['content-disposition']).toMatch(/-canvas\.csv"/);
    expect(lines(canvas.body)).toEqual([
      'name,login_id,user_id,group_name',
      `Lea Leader,${w.lea.email},S-1,Alpha`,
      `Max Member,${w.max.email},S-2,Alpha`,
      `Mia Member,${w.mia.email},,Alpha`,
      `Bo Beta,${bo.email},S-3,Beta`,
    ]);
    const moodle = await csv(w, { format: 'moodle' });
    expect(lines(moodle.body)).toEqual([
      'username,email,course1,group1',
      `${w.lea.email},${w.lea.email},A101,Alpha`,
      `${w.max.email},${w.max.email},A101,Alpha`,
      `${w.mia.email},${w.mia.email},A101,Alpha`,
      `${bo.email},${bo.email},A101,Beta`,
    ]);
  });

  it('gives the teams and leaders as they were at `at`, before and after a move, a leave and a disband', async () => {
    const w = await world(app);
    const { bo, beta } = await withBeta(w);
    await pause();
    const t0 = new Date().toISOString();
    await pause();
    // Max moves to Beta; Lea (the leader) leaves Alpha, so Mia leads it.
    expect(
      (
        await call(app, 'POST', `/admin/teams/${beta.id}/members`, w.as.adminA, {
          userId: w.max.id,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(app, 'POST', `/student/teams/${w.team.id}/leave`, w.as.lea)).statusCode,
    ).toBe(200);
    await pause();
    const t1 = new Date().toISOString();
    await pause();
    expect(
      (await call(app, 'POST', `/student/teams/${w.team.id}/disband`, w.as.mia)).statusCode,
    ).toBe(200);

    const at = async (moment: string) =>
      lines((await csv(w, { at: moment })).body)
        .slice(1)
        .map((line) => line.split(',').slice(0, 5).join(','));
    expect(await at(t0)).toEqual([
      `Alpha,Lea Leader,${w.lea.email},S-1,yes`,
      `Alpha,Max Member,${w.max.email},S-2,no`,
      `Alpha,Mia Member,${w.mia.email},,no`,
      `Beta,Bo Beta,${bo.email},S-3,yes`,
    ]);
    expect(await at(t1)).toEqual([
      `Alpha,Mia Member,${w.mia.email},,yes`,
      `Beta,Bo Beta,${bo.email},S-3,yes`,
      `Beta,Max Member,${w.max.email},S-2,no`,
    ]);
    // Now (and `at` now): Alpha is gone.
    const now = await at(new Date().toISOString());
    expect(now).toEqual(
      lines((await csv(w)).body)
        .slice(1)
        .map((l) => l.split(',').slice(0, 5).join(',')),
    );
    expect(now.map((l) => l.split(',')[0])).toEqual(['Beta', 'Beta']);
    // The file name carries the moment.
    const named = await csv(w, { at: '2020-01-02T03:04:05+02:00' });
    expect(named.headers['content-disposition']).toContain('teams-A101-2020-01-02T0104Z.csv');
    // Before the course had teams: the header alone.
    expect(lines(named.body)).toEqual(['team,member,email,student_id,leader,joined_at']);
  });

  it('refuses a bad, out-of-range or future `at` and a bad format (400)', async () => {
    const w = await world(app);
    const queries: Record<string, string>[] = [
      { at: 'yesterday' },
      { at: '2026-01-01T00:00:00' },
      // PostgreSQL has no year 0 (22008): these were a 500 (issue 24).
      { at: '0000-01-01T00:00:00Z' },
      { at: '0001-01-01T00:00:00+14:00' },
      { at: new Date(Date.now() + 3_600_000).toISOString() },
      { format: 'blackboard' },
    ];
    for (const query of queries) {
      const res = await csv(w, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it("is for the course's admins: another organization 404, a student 403", async () => {
    const w = await world(app);
    expect((await csv(w, {}, w.as.adminB)).statusCode).toBe(404);
    expect((await csv(w, {}, w.as.lea)).statusCode).toBe(403);
    expect((await csv(w, {}, w.as.superadmin)).statusCode).toBe(200);
  });
});

async function teamOf(userId: string) {
  const { db } = await getWorkerDb();
  const [row] = await db.select().from(teamMembers).where(eq(teamMembers.userId, userId));
  return row?.teamId;
}
