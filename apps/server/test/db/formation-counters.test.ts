// Migration 0012 (decision 108): the course counters kept by deferred triggers, and each audit
// event's change to ACTIVE and placed students set at insert. Every writer path keeps them, so
// these tests write the tables directly, in and out of transactions, and compare the counters
// with a count of the rows.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditEvents,
  courseFormationDays,
  courses,
  enrollments,
  invitations,
  joinRequests,
  teamMembers,
} from '../../src/db/schema/index.js';
import { recordAudit } from '../../src/lib/audit.js';
import { makeCourse, makeEnrollment, makeOrganization, makeTeam, makeUser } from '../fixtures.js';
import { getWorkerDb } from '../helper.js';
import { makeInvitation, makeJoinRequest, makeStudent } from '../modules/teams/requests-world.js';

async function counters(courseId: string) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .select({
      pending: courses.pendingCount,
      active: courses.activeCount,
      inactive: courses.inactiveCount,
      requests: courses.pendingJoinRequestCount,
      invitations: courses.pendingInvitationCount,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row!;
}

/** The same figures counted from the rows. */
async function counted(courseId: string) {
  const { db } = await getWorkerDb();
  const { rows } = (await db.execute(sql`select
    (select count(*) from enrollments where course_id = ${courseId} and removed_at is null
      and status = 'PENDING')::int as pending,
    (select count(*) from enrollments where course_id = ${courseId} and removed_at is null
      and status = 'ACTIVE')::int as active,
    (select count(*) from enrollments where course_id = ${courseId} and removed_at is null
      and status = 'INACTIVE')::int as inactive,
    (select count(*) from join_requests where course_id = ${courseId}
      and status = 'PENDING')::int as requests,
    (select count(*) from invitations where course_id = ${courseId}
      and status = 'PENDING')::int as invitations`)) as unknown as {
    rows: Awaited<ReturnType<typeof counters>>[];
  };
  return rows[0]!;
}

describe('course formation counters (migration 0012)', () => {
  it('follow enrollments, requests and invitations through inserts, updates and deletes', async () => {
    const { db } = await getWorkerDb();
    const org = await makeOrganization();
    const course = await makeCourse(org.id);
    const other = await makeCourse(org.id);
    expect(await counters(course.id)).toEqual({
      pending: 0,
      active: 0,
      inactive: 0,
      requests: 0,
      invitations: 0,
    });

    const a = await makeEnrollment(course.id, { email: 'a@example.edu' });
    const b = await makeEnrollment(course.id, { email: 'b@example.edu', status: 'ACTIVE' });
    await makeEnrollment(course.id, { email: 'c@example.edu', status: 'INACTIVE' });
    expect(await counters(course.id)).toMatchObject({ pending: 1, active: 1, inactive: 1 });

    // Several changes of one row in one transaction count once, by their net effect.
    await db.transaction(async (tx) => {
      await tx.update(enrollments).set({ status: 'ACTIVE' }).where(eq(enrollments.id, a.id));
      await tx.update(enrollments).set({ status: 'INACTIVE' }).where(eq(enrollments.id, a.id));
      await tx.update(enrollments).set({ status: 'ACTIVE' }).where(eq(enrollments.id, a.id));
    });
    expect(await counters(course.id)).toMatchObject({ pending: 0, active: 2, inactive: 1 });

    // Removed enrollments do not count; restoring counts again; moving changes both courses.
    await db.update(enrollments).set({ removedAt: new Date() }).where(eq(enrollments.id, b.id));
    expect(await counters(course.id)).toMatchObject({ active: 1 });
    await db.update(enrollments).set({ removedAt: null }).where(eq(enrollments.id, b.id));
    await db.update(enrollments).set({ courseId: other.id }).where(eq(enrollments.id, a.id));
    expect(await counters(other.id)).toMatchObject({ active: 1 });
    await db.delete(enrollments).where(eq(enrollments.id, b.id));
    expect(await counters(course.id)).toEqual(await counted(course.id));

    // A rolled-back change leaves nothing.
    await db
      .transaction(async (tx) => {
        await tx
          .update(enrollments)
          .set({ status: 'PENDING' })
          .where(eq(enrollments.courseId, course.id));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await counters(course.id)).toEqual(await counted(course.id));

    const leader = await makeStudent(course.id, { fullname: 'Lea Leader' });
    const team = await makeTeam(course.id, leader.id);
    const asker = await makeStudent(course.id, { fullname: 'Ari Asker' });
    const invitee = await makeStudent(course.id, { fullname: 'Ida Invitee' });
    const request = await makeJoinRequest(team, asker.id);
    await makeJoinRequest(team, invitee.id, { status: 'REJECTED' });
    const invitation = await makeInvitation(team, invitee.id);
    expect(await counters(course.id)).toMatchObject({ requests: 1, invitations: 1 });
    await db
      .update(joinRequests)
      .set({ status: 'ACCEPTED', decidedAt: new Date() })
      .where(eq(joinRequests.id, request.id));
    await db.delete(invitations).where(eq(invitations.id, invitation.id));
    expect(await counters(course.id)).toMatchObject({ requests: 0, invitations: 0 });
    expect(await counters(course.id)).toEqual(await counted(course.id));
    expect(await counters(other.id)).toEqual(await counted(other.id));
  });

  it("records each event's change to ACTIVE and placed students at insert", async () => {
    const { db } = await getWorkerDb();
    const org = await makeOrganization();
    const course = await makeCourse(org.id);
    const actor = await makeUser();
    const at = { actorId: actor.id, organizationId: org.id, courseId: course.id };
    await recordAudit(
      db,
      { action: 'ENROLLED', ...at, data: { status: 'ACTIVE' } },
      { action: 'ENROLLED', ...at, data: { status: 'PENDING' } },
      { action: 'ACTIVATED', ...at },
      { action: 'STATUS_CHANGED', ...at, data: { from: 'ACTIVE', to: 'INACTIVE' } },
      { action: 'STATUS_CHANGED', ...at, data: { from: 'PENDING', to: 'ACTIVE' } },
      { action: 'RESTORED', ...at, data: { to: 'ACTIVE' } },
      { action: 'REMOVED', ...at, data: { status: 'ACTIVE' } },
      { action: 'TEAM_CREATED', ...at },
      { action: 'MEMBER_JOINED', ...at },
      { action: 'MEMBER_ADDED_BY_ADMIN', ...at },
      { action: 'MEMBER_LEFT', ...at },
      { action: 'MEMBER_REMOVED', ...at },
      { action: 'MEMBER_MOVED_BY_ADMIN', ...at, data: { toTeamId: 'x' } },
      { action: 'MEMBER_MOVED_BY_ADMIN', ...at, data: { fromTeamId: 'y' } },
      { action: 'TEAM_DISBANDED', ...at, data: { releasedMembers: ['a', 'b', 'c'] } },
      { action: 'TEAM_DISBANDED', ...at, data: { reason: 'last member left' } },
      { action: 'NOTICE_POSTED', ...at },
      // Without a course an event changes no course's figures.
      { action: 'ACTIVATED', actorId: actor.id, organizationId: org.id },
    );
    const rows = await db
      .select({
        action: auditEvents.action,
        active: auditEvents.formationActive,
        placed: auditEvents.formationPlaced,
      })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, actor.id)));
    const byAction = (action: string) =>
      rows.filter((r) => r.action === action).map((r) => [r.active, r.placed]);
    expect(byAction('ENROLLED')).toEqual(
      expect.arrayContaining([
        [1, 0],
        [0, 0],
      ]),
    );
    expect(byAction('ACTIVATED')).toEqual(
      expect.arrayContaining([
        [1, 0],
        [0, 0],
      ]),
    );
    expect(byAction('STATUS_CHANGED')).toEqual(
      expect.arrayContaining([
        [-1, 0],
        [1, 0],
      ]),
    );
    expect(byAction('RESTORED')).toEqual([[1, 0]]);
    expect(byAction('REMOVED')).toEqual([[-1, 0]]);
    for (const action of ['TEAM_CREATED', 'MEMBER_JOINED', 'MEMBER_ADDED_BY_ADMIN']) {
      expect(byAction(action)).toEqual([[0, 1]]);
    }
    expect(byAction('MEMBER_LEFT')).toEqual([[0, -1]]);
    expect(byAction('MEMBER_REMOVED')).toEqual([[0, -1]]);
    expect(byAction('MEMBER_MOVED_BY_ADMIN')).toEqual(
      expect.arrayContaining([
        [0, -1],
        [0, 1],
      ]),
    );
    expect(byAction('TEAM_DISBANDED')).toEqual(
      expect.arrayContaining([
        [0, -3],
        [0, 0],
      ]),
    );
    expect(byAction('NOTICE_POSTED')).toEqual([[0, 0]]);
  });

  it('keep placed students and the daily formation sums with members and events (migration 0014)', async () => {
    const { db } = await getWorkerDb();
    const org = await makeOrganization();
    const course = await makeCourse(org.id);
    const leader = await makeStudent(course.id, { fullname: 'Lea Leader' });
    const mate = await makeStudent(course.id, { fullname: 'Max Mate' });
    const team = await makeTeam(course.id, leader.id, { members: [mate.id] });
    const placed = async () =>
      (
        await db.select({ n: courses.placedCount }).from(courses).where(eq(courses.id, course.id))
      )[0]!.n;
    expect(await placed()).toBe(2);
    await db.delete(teamMembers).where(eq(teamMembers.userId, mate.id));
    expect(await placed()).toBe(1);

    const actor = await makeUser();
    const at = { actorId: actor.id, organizationId: org.id, courseId: course.id, teamId: team.id };
    await recordAudit(
      db,
      { action: 'MEMBER_JOINED', ...at },
      { action: 'MEMBER_JOINED', ...at },
      { action: 'ACTIVATED', ...at },
      { action: 'NOTICE_POSTED', ...at },
    );
    const days = async () =>
      db
        .select({
          day: courseFormationDays.day,
          active: courseFormationDays.active,
          placed: courseFormationDays.placed,
        })
        .from(courseFormationDays)
        .where(eq(courseFormationDays.courseId, course.id));
    const today = new Date().toISOString().slice(0, 10);
    expect(await days()).toEqual([{ day: today, active: 1, placed: 2 }]);

    // Moving an event to another day moves its change; deleting it takes it back.
    const [joined] = await db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, actor.id), eq(auditEvents.action, 'MEMBER_JOINED')))
      .limit(1);
    await db
      .update(auditEvents)
      .set({ createdAt: new Date('2026-01-10T12:00:00Z') })
      .where(eq(auditEvents.id, joined!.id));
    expect(await days()).toEqual(
      expect.arrayContaining([
        { day: today, active: 1, placed: 1 },
        { day: '2026-01-10', active: 0, placed: 1 },
      ]),
    );
    await db.delete(auditEvents).where(eq(auditEvents.id, joined!.id));
    expect(await days()).toEqual(
      expect.arrayContaining([
        { day: today, active: 1, placed: 1 },
        { day: '2026-01-10', active: 0, placed: 0 },
      ]),
    );
  });
});
