import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  enrollments,
  invitations,
  teamMembers,
  teams,
  users,
} from '../../../src/db/schema/index.js';
import { makeCourse, makeEnrollment, makeUser, makeWorld } from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';

describe('student: classmates', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  const classmates = (courseId: string, token?: string, query: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `${API}/student/courses/${courseId}/students`,
      headers: token ? bearer(token) : {},
      query,
    });
  const names = (res: Awaited<ReturnType<typeof classmates>>) =>
    res.json().data.items.map((c: { fullname: string }) => c.fullname);

  /** Course A of makeWorld with classmates in every state. */
  async function classroom() {
    const w = await makeWorld();
    const enroll = async (fullname: string, status: 'ACTIVE' | 'INACTIVE', email?: string) => {
      const user = await makeUser({ fullname, ...(email ? { email } : {}) });
      await makeEnrollment(w.courseA.id, { email: user.email, userId: user.id, status });
      return user;
    };
    const bea = await enroll('Bea Active', 'ACTIVE', 'bea@uni.example');
    await enroll('Al Active', 'ACTIVE');
    await enroll('Cy Active', 'ACTIVE');
    await enroll('Ina Inactive', 'INACTIVE');
    const removed = await enroll('Rae Removed', 'ACTIVE');
    const { db } = await getWorkerDb();
    await db
      .update(enrollments)
      .set({ removedAt: sql`now()` })
      .where(eq(enrollments.userId, removed.id));
    await makeEnrollment(w.courseA.id, { email: 'pending@example.edu', fullname: 'Pat Pending' });
    // An active student of another course.
    const elsewhere = await makeUser({ fullname: 'Eve Elsewhere' });
    await makeEnrollment(w.courseB.id, { email: elsewhere.email, userId: elsewhere.id });
    return { ...w, bea };
  }

  it('requires sign-in', async () => {
    const w = await makeWorld();
    const res = await classmates(w.courseA.id);
    expect(res.statusCode).toBe(401);
  });

  it('lists ACTIVE classmates with an account, without me, by name', async () => {
    const w = await classroom();
    const { db } = await getWorkerDb();
    await db
      .update(users)
      .set({
        skills: ['SQL', 'React'],
        headline: 'Data person',
        showEmail: true,
        avatar: 'https://example.edu/b.png',
      })
      .where(eq(users.id, w.bea.id));
    await db
      .update(enrollments)
      .set({ lookingForTeam: true, lookingNote: 'free Tue/Thu' })
      .where(eq(enrollments.userId, w.bea.id));
    const { token } = await signIn(app, w.student.email);
    const res = await classmates(w.courseA.id, token);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Al Active', 'Bea Active', 'Cy Active']);
    expect(res.json().data).toMatchObject({ page: 1, limit: 20, total: 3 });
    expect(res.json().data.items[1]).toEqual({
      userId: w.bea.id,
      fullname: 'Bea Active',
      email: 'bea@uni.example',
      avatar: 'https://example.edu/b.png',
      headline: 'Data person',
      skills: ['SQL', 'React'],
      lookingForTeam: true,
      lookingNote: 'free Tue/Thu',
      matchedSkills: [],
      team: null,
      invitedByMyTeam: false,
    });
  });

  it("shows each classmate's team and can list only those without one", async () => {
    const w = await classroom();
    const { db } = await getWorkerDb();
    const [team] = await db
      .insert(teams)
      .values({
        courseId: w.courseA.id,
        name: 'Byte Club',
        leaderId: w.bea.id,
        maxSize: 4,
        memberCount: 1,
      })
      .returning();
    await db
      .insert(teamMembers)
      .values({ teamId: team!.id, userId: w.bea.id, courseId: w.courseA.id });
    const { token } = await signIn(app, w.student.email);
    const all = await classmates(w.courseA.id, token);
    const bea = all.json().data.items.find((c: { userId: string }) => c.userId === w.bea.id);
    expect(bea.team).toEqual({ id: team!.id, name: 'Byte Club' });
    const free = await classmates(w.courseA.id, token, { withoutTeam: 'true' });
    expect(names(free)).toEqual(['Al Active', 'Cy Active']);
    expect(free.json().data.total).toBe(2);
    // Issue 24: the course page lists the others once, apart from those without a team.
    const inTeam = await classmates(w.courseA.id, token, { inTeam: 'true' });
    expect(names(inTeam)).toEqual(['Bea Active']);
    expect(inTeam.json().data.total).toBe(1);
    const both = await classmates(w.courseA.id, token, { inTeam: 'true', withoutTeam: 'true' });
    expect(both.json().data).toMatchObject({ items: [], total: 0 });
  });

  it('marks only the classmates with a pending invitation from the team I lead', async () => {
    const w = await classroom();
    const { db } = await getWorkerDb();
    const { token } = await signIn(app, w.student.email);
    const before = (await classmates(w.courseA.id, token)).json().data.items as {
      userId: string;
      fullname: string;
    }[];
    const idOf = (fullname: string) => before.find((c) => c.fullname === fullname)!.userId;
    const team = async (name: string, leaderId: string, disbanded = false) => {
      const [row] = await db
        .insert(teams)
        .values({
          courseId: w.courseA.id,
          name,
          leaderId,
          maxSize: 4,
          memberCount: 1,
          ...(disbanded ? { disbandedAt: sql`now()` } : {}),
        })
        .returning();
      if (!disbanded) {
        await db
          .insert(teamMembers)
          .values({ teamId: row!.id, userId: leaderId, courseId: w.courseA.id });
      }
      return row!;
    };
    const invite = (
      teamId: string,
      inviteeId: string,
      status: 'PENDING' | 'CANCELLED' = 'PENDING',
    ) => db.insert(invitations).values({ teamId, courseId: w.courseA.id, inviteeId, status });
    const mine = await team('Mine', w.student.id);
    // Bea is a member of my team who does not lead it.
    await db
      .insert(teamMembers)
      .values({ teamId: mine.id, userId: w.bea.id, courseId: w.courseA.id });
    const other = await makeUser({ fullname: 'Oz Other' });
    await makeEnrollment(w.courseA.id, { email: other.email, userId: other.id });
    const theirs = await team('Theirs', other.id);
    // An old team of mine, disbanded, whose invitation was never decided.
    const old = await team('Old', w.student.id, true);
    await invite(mine.id, idOf('Al Active'));
    await invite(mine.id, idOf('Cy Active'), 'CANCELLED');
    await invite(theirs.id, idOf('Cy Active'));
    await invite(old.id, idOf('Cy Active'));

    const invited = (res: Awaited<ReturnType<typeof classmates>>) =>
      Object.fromEntries(
        res
          .json()
          .data.items.map((c: { fullname: string; invitedByMyTeam: boolean }) => [
            c.fullname,
            c.invitedByMyTeam,
          ]),
      );
    expect(invited(await classmates(w.courseA.id, token, { withoutTeam: 'true' }))).toEqual({
      'Al Active': true,
      'Cy Active': false,
    });
    // A member who does not lead sees no marks: the team's invitations are the leader's.
    const { token: beaToken } = await signIn(app, w.bea.email);
    expect(invited(await classmates(w.courseA.id, beaToken, { withoutTeam: 'true' }))).toEqual({
      'Al Active': false,
      'Cy Active': false,
    });
    // Another leader sees their own invitation only.
    const { token: otherToken } = await signIn(app, other.email);
    const theirView = invited(await classmates(w.courseA.id, otherToken, { withoutTeam: 'true' }));
    expect(theirView).toEqual({ 'Al Active': false, 'Cy Active': true });
  });

  it('searches by name or email and paginates', async () => {
    const w = await classroom();
    const { token } = await signIn(app, w.student.email);
    expect(names(await classmates(w.courseA.id, token, { search: 'cy' }))).toEqual(['Cy Active']);
    // An email matches only once its owner shows it (decision 121).
    expect(names(await classmates(w.courseA.id, token, { search: 'UNI.EXAMPLE' }))).toEqual([]);
    const { db } = await getWorkerDb();
    await db.update(users).set({ showEmail: true }).where(eq(users.id, w.bea.id));
    expect(names(await classmates(w.courseA.id, token, { search: 'UNI.EXAMPLE' }))).toEqual([
      'Bea Active',
    ]);
    // Only the visible classmates are searched.
    expect(names(await classmates(w.courseA.id, token, { search: 'Inactive' }))).toEqual([]);
    const page = await classmates(w.courseA.id, token, { page: '2', limit: '2' });
    expect(page.json().data).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(names(page)).toEqual(['Cy Active']);
  });

  it('is for enrolled students only: 404 when not enrolled or removed', async () => {
    const w = await classroom();
    const { token } = await signIn(app, w.student.email);
    const other = await makeCourse(w.orgA.id);
    for (const id of [w.courseB.id, other.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await classmates(id, token);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    // An admin of the organization is not enrolled either: the admin roster is elsewhere.
    const { token: adminToken } = await signIn(app, w.adminA.email);
    expect((await classmates(w.courseA.id, adminToken)).statusCode).toBe(404);

    const { db } = await getWorkerDb();
    await db
      .update(enrollments)
      .set({ removedAt: sql`now()` })
      .where(eq(enrollments.id, w.enrollmentA.id));
    expect((await classmates(w.courseA.id, token)).statusCode).toBe(404);
  });

  it('an INACTIVE enrollment is a 403 NOT_ENROLLED that says why', async () => {
    const w = await classroom();
    const { db } = await getWorkerDb();
    await db
      .update(enrollments)
      .set({ status: 'INACTIVE' })
      .where(eq(enrollments.id, w.enrollmentA.id));
    const { token } = await signIn(app, w.student.email);
    const res = await classmates(w.courseA.id, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_ENROLLED',
      message: 'Your enrollment in this course is inactive',
    });
  });

  it('refuses bad parameters', async () => {
    const w = await makeWorld();
    const { token } = await signIn(app, w.student.email);
    const bad = await classmates('nope', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('params.courseId');
    const long = await classmates(w.courseA.id, token, { search: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0].path).toBe('query.search');
  });
});
