// The course's live team count and the leader's copied name, email and avatar on the team row
// (migration 0008, decision 098) stay right after every kind of change: team creation, leaving,
// leadership passing on, disbanding (by the leader, by the last member, by an admin), admin
// moves, enrollments set INACTIVE or removed, profile and sign-in changes, direct SQL, and
// concurrent creations and renames. After each step the kept values are compared with what
// counting and joining would give, and the list's total with the real number of rows.
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamSummary } from '@teamup/shared';
import { createDb, type DbHandle } from '../../../src/db/client.js';
import { courses, enrollments, organizations, teams, users } from '../../../src/db/schema/index.js';
import { makeCourse, makeEnrollment, makeTeam } from '../../fixtures.js';
import {
  bearer,
  buildTestApp,
  driver,
  getWorkerDb,
  signIn,
  workerDatabaseUrl,
} from '../../helper.js';
import { call, enrolledStudent, whileRowLocked, world, type World } from './teams-world.js';

const POOL_MAX = 30;

let app: FastifyInstance;
let raceDb: DbHandle | undefined;
beforeAll(async () => {
  await getWorkerDb();
  if (driver === 'postgres') {
    raceDb = createDb({
      DATABASE_URL: workerDatabaseUrl(),
      DATABASE_POOL_MAX: POOL_MAX,
      DATA_DIR: '',
    });
  }
  app = await buildTestApp(
    { DATABASE_POOL_MAX: POOL_MAX },
    { csvWorker: false, ...(raceDb ? { db: raceDb } : {}) },
  );
});
afterAll(async () => {
  await raceDb?.close();
});

/** The kept count of the course against a count of its live teams with a leader. */
async function expectCountKept(courseId: string, expected: number) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .select({
      kept: courses.liveTeamCount,
      counted: sql<number>`(
        select count(*) from ${teams}
        where ${teams.courseId} = ${courseId}
          and ${teams.disbandedAt} is null and ${teams.leaderId} is not null)`.mapWith(Number),
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  expect(row).toEqual({ kept: expected, counted: expected });
}

/** Every team's copy of its leader against the leader's user row. */
async function expectLeaderCopiesKept() {
  const { db } = await getWorkerDb();
  const wrong = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .leftJoin(users, eq(users.id, teams.leaderId))
    .where(
      sql`${teams.leaderFullname} is distinct from ${users.fullname}
        or ${teams.leaderEmail} is distinct from ${users.email}
        or ${teams.leaderAvatar} is distinct from ${users.avatar}`,
    );
  expect(wrong).toEqual([]);
}

async function listOf(w: World, who: keyof World['as'] = 'sue') {
  const res = await call(app, 'GET', `/student/courses/${w.course.id}/teams?limit=50`, w.as[who]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { items: TeamSummary[]; total: number } }>().data;
}

async function expectListTotal(w: World, total: number) {
  const list = await listOf(w);
  expect(list.total).toBe(total);
  expect(list.items).toHaveLength(total);
}

/**
 * On PostgreSQL, runs `race` while the test holds the user's row lock, and lets go once
 * `racers` transactions wait for it (the leave's copy of the new leader, the rename), so both
 * are open at once and either may go first. On PGlite transactions cannot overlap.
 */
function withUserLocked<T>(userId: string, racers: number, race: () => Promise<T>) {
  return whileRowLocked(
    (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update'),
    racers,
    race,
    'both queued on the user row',
  );
}

const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const done = await res;
  expect(done.statusCode, done.body).toBe(200);
};

describe('courses.live_team_count', () => {
  it('follows creation, every way of disbanding, and admin moves', async () => {
    const w = await world(app);
    await expectCountKept(w.course.id, 1);
    await expectListTotal(w, 1);

    // Sue creates Beta.
    const created = await call(app, 'POST', `/student/courses/${w.course.id}/teams`, w.as.sue, {
      name: 'Beta',
    });
    expect(created.statusCode, created.body).toBe(201);
    const beta = created.json<{ data: { id: string } }>().data.id;
    await expectCountKept(w.course.id, 2);
    await expectListTotal(w, 2);

    // Sue, Beta's only member, leaves: Beta is disbanded.
    await ok(call(app, 'POST', `/student/teams/${beta}/leave`, w.as.sue));
    await expectCountKept(w.course.id, 1);
    await expectListTotal(w, 1);

    // An admin moves Max into Gamma, then the last member of a one-member team out of it.
    const tia = await enrolledStudent(w.course.id, 'Tia Teamless');
    await makeTeam(w.course.id, tia.id, { name: 'Gamma' });
    await expectCountKept(w.course.id, 2);
    await ok(
      call(app, 'POST', `/admin/teams/${w.team.id}/members`, w.as.adminA, { userId: tia.id }),
    );
    await expectCountKept(w.course.id, 1);

    // The leader disbands Alpha.
    await ok(call(app, 'POST', `/student/teams/${w.team.id}/disband`, w.as.lea));
    await expectCountKept(w.course.id, 0);
    await expectListTotal(w, 0);
  });

  it('follows a last member whose enrollment is set INACTIVE or removed', async () => {
    const w = await world(app);
    const solo = await enrolledStudent(w.course.id, 'Solo Student');
    const solo2 = await enrolledStudent(w.course.id, 'Solo Second');
    await makeTeam(w.course.id, solo.id, { name: 'Solo' });
    await makeTeam(w.course.id, solo2.id, { name: 'Solo Two' });
    await expectCountKept(w.course.id, 3);
    const { db } = await getWorkerDb();
    const enrollmentOf = async (userId: string) =>
      (
        await db
          .select({ id: enrollments.id })
          .from(enrollments)
          .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, userId)))
      )[0]!.id;

    const inactive = await call(
      app,
      'PATCH',
      `/admin/enrollment/${await enrollmentOf(solo.id)}/status`,
      w.as.adminA,
      { status: 'INACTIVE' },
    );
    expect(inactive.statusCode, inactive.body).toBe(200);
    await expectCountKept(w.course.id, 2);
    const removed = await call(
      app,
      'DELETE',
      `/admin/enrollment/${await enrollmentOf(solo2.id)}/remove`,
      w.as.adminA,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    await expectCountKept(w.course.id, 1);
    await expectListTotal(w, 1);
  });

  it('follows changes made in SQL: a team left without a leader, deleted, disbanded and restored', async () => {
    const w = await world(app);
    const { db } = await getWorkerDb();
    const tia = await enrolledStudent(w.course.id, 'Tia Teamless');
    const beta = await makeTeam(w.course.id, tia.id, { name: 'Beta' });
    await expectCountKept(w.course.id, 2);
    // A user deleted by hand leaves their team without a leader: it is no longer listed.
    await db.delete(users).where(eq(users.id, tia.id));
    await expectCountKept(w.course.id, 1);
    await expectListTotal(w, 1);
    await db.delete(teams).where(eq(teams.id, beta.id));
    await db.update(teams).set({ disbandedAt: new Date() }).where(eq(teams.id, w.team.id));
    await expectCountKept(w.course.id, 0);
    await db.update(teams).set({ disbandedAt: null }).where(eq(teams.id, w.team.id));
    await expectCountKept(w.course.id, 1);
    await expectCountKept(w.courseB.id, 0);
  });

  it('is right after concurrent creations in one course', async () => {
    const w = await world(app);
    const racers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => enrolledStudent(w.course.id, `Racer R${i}`)),
    );
    const headers = await Promise.all(
      racers.map(async (r) => bearer((await signIn(app, r.email)).token)),
    );
    const results = await Promise.all(
      headers.map((h, i) =>
        call(app, 'POST', `/student/courses/${w.course.id}/teams`, h, { name: `Racing ${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
    await expectCountKept(w.course.id, 13);
    // And concurrent disbands of all of them.
    const teamIds = results.map((r) => r.json<{ data: { id: string } }>().data.id);
    const disbands = await Promise.all(
      teamIds.map((id, i) => call(app, 'POST', `/student/teams/${id}/disband`, headers[i])),
    );
    expect(disbands.map((r) => r.statusCode)).toEqual(disbands.map(() => 200));
    await expectCountKept(w.course.id, 1);
    await expectListTotal(w, 1);
  });
});

describe('the total of all my teams', () => {
  it("is the sum of my courses' kept counts, per course filter too", async () => {
    const w = await world(app);
    const { db } = await getWorkerDb();
    const other = await makeCourse(w.orgA.id, { code: 'A202', title: 'Course A2' });
    await makeEnrollment(other.id, { email: w.sue.email, userId: w.sue.id });
    const ola = await enrolledStudent(other.id, 'Ola Other');
    const oli = await enrolledStudent(other.id, 'Oli Other');
    await makeTeam(other.id, ola.id, { name: 'Zeta' });
    const gone = await makeTeam(other.id, oli.id, { name: 'Gone' });
    await db.update(teams).set({ disbandedAt: new Date() }).where(eq(teams.id, gone.id));
    // A course Sue is not in, and one of an organization that is then deleted.
    const foreign = await makeCourse(w.orgA.id, { code: 'A303' });
    await makeTeam(foreign.id, (await enrolledStudent(foreign.id, 'Fay Foreign')).id);
    await makeEnrollment(w.courseB.id, { email: w.sue.email, userId: w.sue.id });
    await makeTeam(w.courseB.id, w.olga.id, { name: 'Bee' });

    const totalOf = async (query = '') => {
      const res = await call(app, 'GET', `/student/teams?limit=50${query}`, w.as.sue);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<{ data: { items: TeamSummary[]; total: number } }>().data;
      expect(data.items, query).toHaveLength(data.total);
      return data.total;
    };
    expect(await totalOf()).toBe(3);
    expect(await totalOf(`&courseId=${other.id}`)).toBe(1);
    expect(await totalOf(`&courseId=${foreign.id}`)).toBe(0);
    await db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, w.orgB.id));
    expect(await totalOf()).toBe(2);
    await db
      .update(enrollments)
      .set({ removedAt: new Date() })
      .where(and(eq(enrollments.courseId, other.id), eq(enrollments.userId, w.sue.id)));
    expect(await totalOf()).toBe(1);
    expect(await totalOf(`&courseId=${other.id}`)).toBe(0);
  });
});

describe("the leader's copied name, email and avatar", () => {
  it('are the creator at creation and follow leadership passing on', async () => {
    const w = await world(app);
    await expectLeaderCopiesKept();
    // Lea leaves: Max, the longest-standing member, leads.
    await ok(call(app, 'POST', `/student/teams/${w.team.id}/leave`, w.as.lea));
    const [row] = (await listOf(w)).items;
    expect(row!.leader).toEqual({
      id: w.max.id,
      fullname: 'Max Member',
      // Not Lea's teammate any more, and not opted in (issue 12).
      email: null,
      avatar: null,
    });
    await expectLeaderCopiesKept();
    const created = await call(app, 'POST', `/student/courses/${w.course.id}/teams`, w.as.sue, {
      name: 'Beta',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.leader).toMatchObject({ id: w.sue.id, fullname: 'Sue Solo' });
    await expectLeaderCopiesKept();
  });

  it("follow the leader's profile, and only the leader's", async () => {
    const w = await world(app);
    await ok(
      call(app, 'PATCH', '/auth/profile/update', w.as.lea, {
        fullname: 'Lea Renamed',
        avatar: 'https://example.edu/lea.png',
      }),
    );
    // A member's rename changes no copy.
    await ok(call(app, 'PATCH', '/auth/profile/update', w.as.max, { fullname: 'Max Renamed' }));
    const detail = await call(app, 'GET', `/student/teams/${w.team.id}`, w.as.sue);
    expect(detail.json().data.leader).toEqual({
      id: w.lea.id,
      fullname: 'Lea Renamed',
      // Sue is in no team with Lea, who did not opt in (issue 12).
      email: null,
      avatar: 'https://example.edu/lea.png',
    });
    const mine = await call(app, 'GET', '/student/me/teams', w.as.max);
    expect(mine.json().data.teams[0].leader.fullname).toBe('Lea Renamed');
    await expectLeaderCopiesKept();
    // A change written in SQL (an email, as an operator would fix it) is copied too.
    const { db } = await getWorkerDb();
    await db
      .update(users)
      .set({ email: `lea-fixed-${w.lea.id.slice(0, 8)}@example.edu` })
      .where(eq(users.id, w.lea.id));
    await expectLeaderCopiesKept();
  });

  it('stay right when a rename and leadership passing to the renamed user run at once', async () => {
    const w = await world(app);
    for (let round = 0; round < 4; round += 1) {
      // Lea leads; Max takes over when she leaves, while he renames himself.
      const [leave, rename] = await withUserLocked(w.max.id, 2, () =>
        Promise.all([
          call(app, 'POST', `/student/teams/${w.team.id}/leave`, w.as.lea),
          call(app, 'PATCH', '/auth/profile/update', w.as.max, { fullname: `Max Round ${round}` }),
        ]),
      );
      expect(leave.statusCode, leave.body).toBe(200);
      expect(rename.statusCode, rename.body).toBe(200);
      await expectLeaderCopiesKept();
      expect((await listOf(w)).items[0]!.leader.fullname).toBe(`Max Round ${round}`);
      // Put Lea back as leader for the next round.
      const { db } = await getWorkerDb();
      await db.execute(sql`insert into team_members (team_id, user_id, course_id, joined_at)
        values (${w.team.id}, ${w.lea.id}, ${w.course.id}, now() - interval '1 day')`);
      await db
        .update(teams)
        .set({ leaderId: w.lea.id, memberCount: sql`${teams.memberCount} + 1` })
        .where(eq(teams.id, w.team.id));
      await expectLeaderCopiesKept();
    }
  });
});
