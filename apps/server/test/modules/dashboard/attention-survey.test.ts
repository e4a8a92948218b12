// Issue 35 (item 6): "Needs attention" names the survey closing soon (with how many have not
// submitted it) and the placement waiting (students still without a team once it closed), from
// the data, for an organization admin and for a course's teaching assistant who is no admin;
// another organization's admin sees none of it.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboardStats } from '@teamup/shared';
import { courseStaff } from '../../../src/db/schema/index.js';
import { makeAdminOf, makeCourse, makeOrganization, makeTeam, makeUser } from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import { makeStudent } from '../teams/requests-world.js';
import { QUESTIONS } from '../survey/survey-world.js';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

describe('GET /admin/dashboard/stats: survey and placement attention', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const as = async (email: string) => bearer((await signIn(app, email)).token);
  const stats = async (headers: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: `${API}/admin/dashboard/stats`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminDashboardStats }>().data;
  };

  /** A survey straight in the database, with its dates. */
  async function survey(courseId: string, opensAt: Date, closesAt: Date, questions = QUESTIONS) {
    const { db } = await getWorkerDb();
    await db.execute(sql`insert into course_surveys (course_id, questions, opens_at, closes_at,
        opened_at, version)
      values (${courseId}, ${JSON.stringify(questions)}::jsonb, ${opensAt.toISOString()}::timestamptz,
        ${closesAt.toISOString()}::timestamptz, ${opensAt.toISOString()}::timestamptz, 1)`);
  }

  async function respond(courseId: string, userId: string, submitted: boolean) {
    const { db } = await getWorkerDb();
    await db.execute(sql`insert into survey_responses (course_id, user_id, answers, submitted_at)
      values (${courseId}, ${userId}, '{}'::jsonb, ${submitted ? sql`now()` : sql`null`})`);
  }

  it('names the survey closing soon and the placement waiting, with their counts and times', async () => {
    const org = await makeOrganization({ name: 'Aurora' });
    const other = await makeOrganization({ name: 'Borealis' });
    const admin = await makeAdminOf([org.id]);
    const adminB = await makeAdminOf([other.id]);
    const far = at(24 * 30);
    // CLOSING: open, closes in 30 h; of 4 active students 1 submitted, 1 has a draft only.
    const closing = await makeCourse(org.id, { code: 'CLOSING', deadline: far });
    const [a, b, c, d] = await Promise.all(
      Array.from({ length: 4 }, () => makeStudent(closing.id)),
    );
    await makeStudent(closing.id, { status: 'INACTIVE' });
    await survey(closing.id, at(-48), at(30));
    await respond(closing.id, a!.id, true);
    await respond(closing.id, b!.id, false);
    // Everyone in a team, so no other item about CLOSING.
    await makeTeam(closing.id, a!.id, { members: [b!.id, c!.id, d!.id], maxSize: 4 });
    // LATER: open, closes in a week: not yet.
    const later = await makeCourse(org.id, { code: 'LATER', deadline: far });
    await makeStudent(later.id);
    await survey(later.id, at(-1), at(24 * 7));
    // PLACE: closed 2 h ago; 3 active students, 1 in a team of one: 2 wait for placement.
    const place = await makeCourse(org.id, { code: 'PLACE', deadline: far });
    const [p1] = await Promise.all(Array.from({ length: 3 }, () => makeStudent(place.id)));
    await makeTeam(place.id, p1!.id, { maxSize: 4 });
    const closedAt = at(-2);
    await survey(place.id, at(-96), closedAt);
    // EMPTY: a closed survey without questions is no survey.
    const empty = await makeCourse(org.id, { code: 'EMPTY', deadline: far });
    await makeStudent(empty.id);
    await survey(empty.id, at(-96), at(-2), []);
    // A TA of PLACE and CLOSING who is no admin (an LMS-made account).
    const ta = await makeUser({ email: `ta-${randomUUID().slice(0, 8)}@example.edu` });
    const { db } = await getWorkerDb();
    await db.insert(courseStaff).values([
      { courseId: place.id, userId: ta.id, role: 'TEACHING_ASSISTANT', source: 'LTI' },
      { courseId: closing.id, userId: ta.id, role: 'TEACHING_ASSISTANT', source: 'LTI' },
    ]);

    const forAdmin = (await stats(await as(admin.email))).attention.filter(
      (i) => i.kind === 'SURVEY_CLOSING' || i.kind === 'PLACEMENT_WAITING',
    );
    expect(forAdmin.map((i) => [i.kind, i.courseCode, i.count])).toEqual([
      ['SURVEY_CLOSING', 'CLOSING', 3],
      ['PLACEMENT_WAITING', 'PLACE', 2],
    ]);
    expect(Math.abs(Date.parse(forAdmin[0]!.at!) - at(30).getTime())).toBeLessThan(5000);
    expect(Math.abs(Date.parse(forAdmin[1]!.at!) - closedAt.getTime())).toBeLessThan(1000);
    expect(forAdmin[1]).toMatchObject({ courseId: place.id, organizationName: 'Aurora' });

    const forTa = (await stats(await as(ta.email))).attention.filter(
      (i) => i.kind === 'SURVEY_CLOSING' || i.kind === 'PLACEMENT_WAITING',
    );
    expect(forTa.map((i) => [i.kind, i.courseCode, i.count])).toEqual([
      ['SURVEY_CLOSING', 'CLOSING', 3],
      ['PLACEMENT_WAITING', 'PLACE', 2],
    ]);

    const forB = (await stats(await as(adminB.email))).attention;
    expect(forB.filter((i) => [closing.id, place.id].includes(i.courseId))).toEqual([]);
  });
});
