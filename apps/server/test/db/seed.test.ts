import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { and, count, eq as eqOp, isNotNull, lt } from 'drizzle-orm';
import {
  auditEvents,
  courses,
  enrollments,
  invitations,
  joinRequests,
  organizations,
  teamMembers,
  teamNotices,
  teams,
} from '../../src/db/schema/index.js';
import { DEMO_EMAILS, DEMO_USERS, ROSTER_STUDENTS, seedDemo } from '../../src/db/seed.js';
import { buildTestApp, getWorkerDb, signIn } from '../helper.js';

describe('demo seed', () => {
  it('creates users of every role, once', async () => {
    const { db } = await getWorkerDb();
    expect(await seedDemo(db)).toEqual({
      usersCreated: DEMO_USERS.length + ROSTER_STUDENTS.length,
      organizationsCreated: 2,
      teamsCreated: 11,
    });
    expect(await seedDemo(db)).toEqual({
      usersCreated: 0,
      organizationsCreated: 0,
      teamsCreated: 0,
    });
    const rows = await db.select().from(users);
    expect(rows.map((u) => u.email).sort()).toEqual(
      [...DEMO_EMAILS, ...ROSTER_STUDENTS.map((u) => u.email)].sort(),
    );
    expect(rows.filter((u) => u.role === 'STUDENT').length).toBeGreaterThanOrEqual(55);
    expect(new Set(rows.map((u) => u.role))).toEqual(
      new Set(['SUPERADMIN', 'ORG_ADMIN', 'STUDENT']),
    );
    expect(DEMO_USERS.filter((u) => u.role === 'STUDENT').length).toBeGreaterThanOrEqual(8);
  });

  it('seeds two organizations with courses and enrollments in every status', async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db);
    expect(await db.select().from(organizations)).toHaveLength(2);
    const allCourses = await db.select().from(courses);
    expect(allCourses.length).toBeGreaterThanOrEqual(5);
    expect(allCourses.filter((c) => c.archivedAt !== null)).toHaveLength(1);
    const passed = await db
      .select({ n: count() })
      .from(courses)
      .where(and(lt(courses.teamFormationDeadline, new Date()), isNotNull(courses.id)));
    expect(passed[0]!.n).toBeGreaterThanOrEqual(2); // the archived one and one past its deadline
    const byStatus = await db
      .select({ status: enrollments.status, n: count() })
      .from(enrollments)
      .groupBy(enrollments.status);
    const n = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
    expect(n.ACTIVE).toBeGreaterThan(50);
    expect(n.INACTIVE).toBeGreaterThan(0);
    expect(n.PENDING).toBeGreaterThan(0);
    // Every non-pending enrollment belongs to an account with the same email.
    const linked = await db
      .select({ e: enrollments.email, u: users.email })
      .from(enrollments)
      .innerJoin(users, eqOp(users.id, enrollments.userId));
    expect(linked.every((r) => r.e === r.u)).toBe(true);
    // Each enrollment's history starts when the enrollment was made, not when the seed ran.
    const enrolledEvents = await db
      .select({ at: auditEvents.createdAt, enrolledAt: enrollments.createdAt })
      .from(auditEvents)
      .innerJoin(enrollments, eqOp(enrollments.id, auditEvents.enrollmentId))
      .where(eqOp(auditEvents.action, 'ENROLLED'));
    expect(enrolledEvents.length).toBeGreaterThan(50);
    expect(enrolledEvents.every((r) => r.at.getTime() === r.enrolledAt.getTime())).toBe(true);
  });

  it('seeds teams in every state, consistent with enrollments and the audit log', async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db);
    const all = await db
      .select({ team: teams, deadline: courses.teamFormationDeadline })
      .from(teams)
      .innerJoin(courses, eqOp(courses.id, teams.courseId));
    expect(all.some((r) => r.team.memberCount === r.team.maxSize)).toBe(true); // full
    expect(all.some((r) => r.team.memberCount < r.team.maxSize && r.team.openToRequests)).toBe(
      true,
    );
    expect(all.some((r) => !r.team.openToRequests)).toBe(true);
    expect(all.some((r) => r.deadline.getTime() < Date.now())).toBe(true); // past deadline
    expect((await db.select().from(joinRequests)).length).toBeGreaterThan(0);
    expect((await db.select().from(invitations)).length).toBeGreaterThan(0);

    // member_count matches the member rows, and every member is ACTIVE in the team's course.
    const members = await db
      .select({ teamId: teamMembers.teamId, status: enrollments.status })
      .from(teamMembers)
      .leftJoin(
        enrollments,
        and(
          eqOp(enrollments.courseId, teamMembers.courseId),
          eqOp(enrollments.userId, teamMembers.userId),
        ),
      );
    expect(members.every((m) => m.status === 'ACTIVE')).toBe(true);
    for (const { team } of all) {
      expect(members.filter((m) => m.teamId === team.id)).toHaveLength(team.memberCount);
    }
    // Pending requests and invitations come from ACTIVE classmates who have no team yet.
    const requesters = await db.select().from(joinRequests);
    const invitees = await db.select().from(invitations);
    const inTeam = new Set(
      (await db.select().from(teamMembers)).map((m) => `${m.courseId}:${m.userId}`),
    );
    for (const r of requesters) expect(inTeam.has(`${r.courseId}:${r.userId}`)).toBe(false);
    for (const i of invitees) expect(inTeam.has(`${i.courseId}:${i.inviteeId}`)).toBe(false);
  });

  it('seeds notices with their authors, one pinned, each posted by a member and audited', async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db);
    const notices = await db
      .select({ notice: teamNotices, team: teams.name, author: users.email })
      .from(teamNotices)
      .innerJoin(teams, eqOp(teams.id, teamNotices.teamId))
      .innerJoin(users, eqOp(users.id, teamNotices.authorId));
    expect(new Set(notices.map((n) => n.team)).size).toBeGreaterThanOrEqual(3);
    const pinned = notices.filter((n) => n.notice.pinned);
    expect(pinned).toHaveLength(1);
    expect(pinned[0]).toMatchObject({
      team: 'Byte Club',
      author: 'maya.chen@student.northfield.edu',
      notice: { body: expect.stringContaining('Tuesdays at 4 pm') },
    });
    // The author is (or, in a disbanded team, was) a member: a live team's notices are by members.
    const members = await db.select().from(teamMembers);
    for (const n of notices) {
      const posted = await db
        .select()
        .from(auditEvents)
        .where(
          and(eqOp(auditEvents.action, 'NOTICE_POSTED'), eqOp(auditEvents.teamId, n.notice.teamId)),
        );
      expect(posted.map((a) => a.data.noticeId)).toContain(n.notice.id);
      expect(posted.find((a) => a.data.noticeId === n.notice.id)).toMatchObject({
        actorId: n.notice.authorId,
        data: { pinned: n.notice.pinned },
      });
      const team = (await db.select().from(teams).where(eqOp(teams.id, n.notice.teamId)))[0]!;
      if (!team.disbandedAt) {
        expect(members.some((m) => m.teamId === team.id && m.userId === n.notice.authorId)).toBe(
          true,
        );
      }
    }
  });

  it('seeds one disbanded team: no members, its request cancelled, its history audited', async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db);
    const disbanded = await db.select().from(teams).where(isNotNull(teams.disbandedAt));
    expect(disbanded).toHaveLength(1);
    const team = disbanded[0]!;
    expect(team).toMatchObject({ name: 'Sketch Club', memberCount: 0 });
    expect(await db.select().from(teamMembers).where(eqOp(teamMembers.teamId, team.id))).toEqual(
      [],
    );
    const requests = await db.select().from(joinRequests).where(eqOp(joinRequests.teamId, team.id));
    expect(requests.map((r) => [r.status, r.reason])).toEqual([
      ['CANCELLED', 'The team was disbanded'],
    ]);

    const audit = await db
      .select()
      .from(auditEvents)
      .where(eqOp(auditEvents.teamId, team.id))
      .orderBy(auditEvents.createdAt);
    // In time order; the disband and the cancellation it caused share their moment.
    expect(audit.map((a) => a.action).slice(0, 4)).toEqual([
      'TEAM_CREATED',
      'MEMBER_JOINED',
      'NOTICE_POSTED',
      'REQUEST_CREATED',
    ]);
    expect(
      audit
        .slice(4)
        .map((a) => a.action)
        .sort(),
    ).toEqual(['REQUEST_CANCELLED', 'TEAM_DISBANDED']);
    const [maya] = await db
      .select()
      .from(users)
      .where(eqOp(users.email, 'maya.chen@student.northfield.edu'));
    const disband = audit.find((a) => a.action === 'TEAM_DISBANDED')!;
    expect(disband).toMatchObject({
      actorId: maya!.id,
      data: { reason: 'Disbanded by the leader' },
    });
    expect(disband.createdAt.getTime()).toBe(team.disbandedAt!.getTime());
    // Its former members are released: both are free, and both appear in releasedMembers.
    const joined = audit.filter((a) => a.action === 'TEAM_CREATED' || a.action === 'MEMBER_JOINED');
    expect([...(disband.data.releasedMembers as string[])].sort()).toEqual(
      joined.map((a) => a.targetUserId).sort(),
    );
    const inCourse = await db
      .select()
      .from(teamMembers)
      .where(eqOp(teamMembers.courseId, team.courseId));
    for (const id of disband.data.releasedMembers as string[]) {
      expect(inCourse.some((m) => m.userId === id)).toBe(false);
    }
  });

  it('runs at start when SEED_DEMO is on and keeps later changes', async () => {
    const app = await buildTestApp({ SEED_DEMO: true });
    const grace = await signIn(app, 'grace.hopper@teamup.dev');
    // Seeded role, no SUPERADMIN_EMAILS needed; seeded name kept.
    expect(grace.user).toMatchObject({ role: 'SUPERADMIN', fullname: 'Grace Hopper' });

    const { db } = await getWorkerDb();
    await db
      .update(users)
      .set({ role: 'STUDENT' })
      .where(eq(users.email, 'alan.turing@northfield.edu'));
    await buildTestApp({ SEED_DEMO: true });
    const [alan] = await db
      .select()
      .from(users)
      .where(eq(users.email, 'alan.turing@northfield.edu'));
    expect(alan?.role).toBe('STUDENT');
  });
});
