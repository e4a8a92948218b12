// The rules of DESIGN §7.1 that the database holds by itself (STYLE habit 9): these tests write
// rows directly, past every service check, and expect PostgreSQL to refuse them.
import { describe, expect, it } from 'vitest';
import { invitations, joinRequests, teamMembers } from '../../../src/db/schema/index.js';
import {
  makeCourse,
  makeEnrollment,
  makeOrganization,
  makeTeam,
  makeUser,
} from '../../fixtures.js';
import { getWorkerDb } from '../../helper.js';

/** PostgreSQL's SQLSTATE and constraint name, wherever the driver put them in the cause chain. */
function pgError(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return {};
}

async function refusal(write: Promise<unknown>) {
  try {
    await write;
  } catch (error) {
    return pgError(error);
  }
  throw new Error('the database accepted the row');
}

async function world() {
  const org = await makeOrganization();
  const course = await makeCourse(org.id);
  const otherCourse = await makeCourse(org.id);
  const lea = await makeUser({ fullname: 'Lea Leader' });
  const tom = await makeUser({ fullname: 'Tom Leader' });
  const sue = await makeUser({ fullname: 'Sue Student' });
  for (const user of [lea, tom, sue]) {
    await makeEnrollment(course.id, { email: user.email, userId: user.id });
    await makeEnrollment(otherCourse.id, { email: user.email, userId: user.id });
  }
  const teamOfLea = await makeTeam(course.id, lea.id, { members: [sue.id] });
  const teamOfTom = await makeTeam(course.id, tom.id);
  return { course, otherCourse, sue, tom, teamOfLea, teamOfTom };
}

describe('database constraints of teams', () => {
  it('refuses a second team for one student in one course (unique violation)', async () => {
    const w = await world();
    const { db } = await getWorkerDb();

    const error = await refusal(
      db
        .insert(teamMembers)
        .values({ teamId: w.teamOfTom.id, userId: w.sue.id, courseId: w.course.id }),
    );

    expect(error).toEqual({ code: '23505', constraint: 'team_members_one_team_per_course' });
    const rows = await db.select().from(teamMembers);
    expect(rows.filter((r) => r.userId === w.sue.id).map((r) => r.teamId)).toEqual([
      w.teamOfLea.id,
    ]);
  });

  it("refuses a member row whose course is not its team's course (foreign key violation)", async () => {
    const w = await world();
    const { db } = await getWorkerDb();

    // Sue is in Lea's team in the course; a row naming Tom's team with the other course would
    // slip past "one team per course" if the copied course were not tied to the team's.
    const error = await refusal(
      db
        .insert(teamMembers)
        .values({ teamId: w.teamOfTom.id, userId: w.sue.id, courseId: w.otherCourse.id }),
    );

    expect(error).toEqual({ code: '23503', constraint: 'team_members_team_course_fk' });
  });

  it("refuses join requests and invitations whose course is not their team's course", async () => {
    const w = await world();
    const { db } = await getWorkerDb();

    const request = await refusal(
      db
        .insert(joinRequests)
        .values({ teamId: w.teamOfTom.id, userId: w.sue.id, courseId: w.otherCourse.id }),
    );
    const invitation = await refusal(
      db.insert(invitations).values({
        teamId: w.teamOfTom.id,
        inviteeId: w.sue.id,
        invitedBy: w.tom.id,
        courseId: w.otherCourse.id,
      }),
    );

    expect(request).toEqual({ code: '23503', constraint: 'join_requests_team_course_fk' });
    expect(invitation).toEqual({ code: '23503', constraint: 'invitations_team_course_fk' });
  });

  it("accepts rows that copy their team's course", async () => {
    const w = await world();
    const { db } = await getWorkerDb();
    const newcomer = await makeUser({ fullname: 'New Comer' });
    await makeEnrollment(w.course.id, { email: newcomer.email, userId: newcomer.id });

    await db
      .insert(teamMembers)
      .values({ teamId: w.teamOfTom.id, userId: newcomer.id, courseId: w.course.id });

    const rows = await db.select().from(teamMembers);
    expect(rows.filter((r) => r.teamId === w.teamOfTom.id)).toHaveLength(2);
  });
});
