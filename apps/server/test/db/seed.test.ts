import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { and, count, eq as eqOp, isNotNull, lt } from 'drizzle-orm';
import type { TeamHistory } from '@teamup/shared';
import { queryRows } from '../../src/modules/csv/apply-roster.js';
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
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../helper.js';

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
    // Issue 26: the demo's history is not news: its notifications queue no email.
    const waiting = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from email_deliveries where state in ('PENDING', 'HELD')`,
    );
    expect(waiting[0]!.n).toBe(0);
    const notified = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from notifications`,
    );
    expect(notified[0]!.n).toBeGreaterThan(0);
    // Issue 35: each notification bears the time of its event, as the dashboard shows it.
    const offTime = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from notifications n join audit_events a
        on a.id = n.audit_event_id where n.created_at <> a.created_at`,
    );
    expect(offTime[0]!.n).toBe(0);
    const invitationTimes = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from notifications n
        join invitations i on i.id = (n.data->>'invitationId')::uuid
        where n.kind = 'INVITATION_RECEIVED' and n.created_at <> i.created_at`,
    );
    expect(invitationTimes[0]!.n).toBe(0);
    // The first test of a worker also opens and migrates its database.
  }, 60_000);

  it('gives the demo a history of use for System Analytics, once, on past days after each account was made', async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db);
    const summary = async () =>
      (
        await queryRows<{
          rows: string;
          days: string;
          sign_ins: string;
          early: string;
          today: string;
        }>(
          db,
          sql`select count(*) as rows, count(distinct a.day) as days, sum(a.sign_ins) as sign_ins,
            count(*) filter (where a.day < (u.created_at at time zone 'UTC')::date) as early,
            count(*) filter (where a.day >= (now() at time zone 'UTC')::date) as today
          from user_activity_days a join users u on u.id = a.user_id`,
        )
      )[0]!;
    const first = await summary();
    // Every past day of the last 30 has someone (about one account in three each day).
    expect(Number(first.days)).toBeGreaterThanOrEqual(30);
    expect(Number(first.sign_ins)).toBeGreaterThan(0);
    expect(Number(first.sign_ins)).toBeLessThan(Number(first.rows));
    expect(Number(first.early)).toBe(0);
    expect(Number(first.today)).toBe(0);
    // A later start makes up nothing.
    await seedDemo(db);
    expect(await summary()).toEqual(first);
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

  // Issue 24: Maya's activity says she disbanded Sketch Club, so her history in CS350 has it.
  it("lists the disbanded team in its former members' team history", async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db);
    const app = await buildTestApp();
    const [sketch] = await db.select().from(teams).where(isNotNull(teams.disbandedAt));
    const historyOf = async (email: string) => {
      const { token } = await signIn(app, email);
      const res = await app.inject({
        method: 'GET',
        url: `${API}/student/courses/${sketch!.courseId}/team-history`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: TeamHistory }>().data.items;
    };
    const maya = await historyOf('maya.chen@student.northfield.edu');
    expect(maya).toEqual([
      {
        teamId: sketch!.id,
        teamName: 'Sketch Club',
        joinedAt: sketch!.createdAt.toISOString(),
        leftAt: sketch!.disbandedAt!.toISOString(),
        leftReason: 'DISBANDED',
        teamDisbanded: true,
      },
    ]);
    // Her teammate's stay too, from the day they joined.
    const [disband] = await db
      .select()
      .from(auditEvents)
      .where(eqOp(auditEvents.action, 'TEAM_DISBANDED'));
    const [, mateId] = disband!.data.releasedMembers as string[];
    const [mate] = await db.select().from(users).where(eqOp(users.id, mateId!));
    const [joined] = await db
      .select()
      .from(auditEvents)
      .where(and(eqOp(auditEvents.action, 'MEMBER_JOINED'), eqOp(auditEvents.teamId, sketch!.id)));
    expect(joined!.targetUserId).toBe(mateId);
    expect(await historyOf(mate!.email)).toEqual([
      expect.objectContaining({
        teamName: 'Sketch Club',
        joinedAt: joined!.createdAt.toISOString(),
        leftReason: 'DISBANDED',
      }),
    ]);
  }, 60_000);

  // Demo data tells one story: each query lists what contradicts it, and finds nothing.
  it('tells one story in time: organizations, courses, accounts, enrollments, then teams', async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db);
    const none = async (query: ReturnType<typeof sql>) =>
      expect(await queryRows<Record<string, unknown>>(db, query)).toEqual([]);

    // Nothing happened in the future; every course is made after its organization and
    // before its deadline and archiving.
    await none(sql`
      SELECT 'organization' AS kind, slug AS what FROM organizations WHERE created_at > now()
      UNION ALL SELECT 'user', email FROM users WHERE created_at > now()
      UNION ALL SELECT 'enrollment', email FROM enrollments WHERE created_at > now() OR updated_at > now()
      UNION ALL SELECT 'audit', action FROM audit_events WHERE created_at > now()
      UNION ALL SELECT 'upload', file_name FROM csv_uploads WHERE created_at > now()`);
    await none(sql`
      SELECT c.code FROM courses c JOIN organizations o ON o.id = c.organization_id
      WHERE c.created_at <= o.created_at
         OR c.team_formation_deadline <= c.created_at
         OR c.archived_at <= c.created_at
         OR c.updated_at < c.created_at`);
    // An admin has an account before being appointed, and is appointed once the organization
    // exists; a course is made by an admin of its organization.
    await none(sql`
      SELECT u.email FROM organization_admins a
      JOIN users u ON u.id = a.user_id JOIN organizations o ON o.id = a.organization_id
      WHERE a.created_at < u.created_at OR a.created_at < o.created_at`);
    await none(sql`
      SELECT c.code FROM courses c
      WHERE NOT EXISTS (
        SELECT 1 FROM organization_admins a
        WHERE a.organization_id = c.organization_id AND a.user_id = c.created_by
          AND a.created_at <= c.created_at)`);
    // Enrollments come after their course; an account comes before (or with) the activation
    // of its enrollments; only PENDING ones have no account.
    await none(sql`
      SELECT c.code, e.email, e.status FROM enrollments e
      JOIN courses c ON c.id = e.course_id
      LEFT JOIN users u ON u.id = e.user_id
      WHERE e.created_at <= c.created_at
         OR (e.status = 'PENDING') <> (e.user_id IS NULL)
         OR (e.status = 'PENDING') <> (e.activated_at IS NULL)
         OR e.activated_at < e.created_at
         OR e.activated_at < u.created_at
         OR e.updated_at < coalesce(e.activated_at, e.created_at)`);
    // Teams form after their course and the enrollments of their members, before the
    // deadline; members join an existing team, notices, requests and invitations follow it.
    await none(sql`
      SELECT t.name FROM teams t JOIN courses c ON c.id = t.course_id
      WHERE t.created_at <= c.created_at OR t.created_at >= c.team_formation_deadline
         OR t.disbanded_at <= t.created_at`);
    await none(sql`
      SELECT t.name, u.email FROM team_members m
      JOIN teams t ON t.id = m.team_id JOIN users u ON u.id = m.user_id
      JOIN enrollments e ON e.course_id = m.course_id AND e.user_id = m.user_id
      WHERE m.joined_at < t.created_at OR m.joined_at < e.activated_at
         OR m.joined_at < u.created_at OR e.status <> 'ACTIVE'`);
    await none(sql`
      SELECT t.name, 'notice' AS what FROM team_notices n JOIN teams t ON t.id = n.team_id
        WHERE n.created_at < t.created_at
      UNION ALL SELECT t.name, 'request' FROM join_requests r JOIN teams t ON t.id = r.team_id
        WHERE r.created_at < t.created_at
      UNION ALL SELECT t.name, 'invitation' FROM invitations i JOIN teams t ON t.id = i.team_id
        WHERE i.created_at < t.created_at`);
    // What is still pending was asked after the team took its members (by someone with an
    // account), and before the seed ran, not at the moment it ran.
    await none(sql`
      SELECT t.name, u.email, 'request' AS what FROM join_requests r
        JOIN teams t ON t.id = r.team_id JOIN users u ON u.id = r.user_id
        WHERE r.status = 'PENDING' AND (
          r.created_at < u.created_at
          OR r.created_at > now() - interval '30 minutes'
          OR r.created_at < (SELECT max(m.joined_at) FROM team_members m WHERE m.team_id = t.id))
      UNION ALL SELECT t.name, u.email, 'invitation' FROM invitations i
        JOIN teams t ON t.id = i.team_id JOIN users u ON u.id = i.invitee_id
        WHERE i.status = 'PENDING' AND (
          i.created_at < u.created_at
          OR i.created_at > now() - interval '30 minutes'
          OR i.created_at < (SELECT max(m.joined_at) FROM team_members m WHERE m.team_id = t.id))`);
    // The audit trail never predates what it is about.
    await none(sql`
      SELECT a.action FROM audit_events a
      LEFT JOIN organizations o ON o.id = a.organization_id
      LEFT JOIN courses c ON c.id = a.course_id
      LEFT JOIN teams t ON t.id = a.team_id
      LEFT JOIN enrollments e ON e.id = a.enrollment_id
      WHERE a.created_at < o.created_at OR a.created_at < c.created_at
         OR a.created_at < t.created_at OR a.created_at < e.created_at`);
    // Each enrollment's history replays to its status: enrolled, activated at the first
    // sign-in (or at once), and set INACTIVE by the admin afterwards.
    await none(sql`
      SELECT e.email, e.status, array_agg(a.action ORDER BY a.created_at) AS actions
      FROM enrollments e JOIN audit_events a ON a.enrollment_id = e.id
      GROUP BY e.id, e.email, e.status
      HAVING (e.status = 'INACTIVE') <> bool_or(a.action = 'STATUS_CHANGED')
          OR (array_agg(a.action ORDER BY a.created_at))[1] <> 'ENROLLED'
          OR (e.status = 'PENDING' AND count(*) > 1)`);
  });

  it('gives every roster enrollment its upload in the history: COMPLETED by the admin, before the enrollments, with counts that match', async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db);
    const rosterCourses = await queryRows<{ code: string }>(
      db,
      sql`SELECT DISTINCT c.code FROM enrollments e JOIN courses c ON c.id = e.course_id
          WHERE e.source = 'CSV' ORDER BY c.code`,
    );
    expect(rosterCourses.map((c) => c.code)).toEqual(['CS210', 'CS301', 'ENG420']);

    const uploads = await queryRows<{
      code: string;
      status: string;
      by_admin: boolean;
      before: boolean;
      finished_before: boolean;
      total_rows: number;
      processed_rows: number;
      counted: number;
      roster: number;
      created_count: number;
      enrolled_active: number;
      pending_count: number;
      enrolled_pending: number;
      rejected_count: number;
      already_enrolled_count: number;
      reactivated_count: number;
      lines: number;
      audited: number;
    }>(
      db,
      sql`
        SELECT c.code, u.status,
          EXISTS (SELECT 1 FROM organization_admins a
                  WHERE a.organization_id = u.organization_id AND a.user_id = u.uploaded_by
                    AND a.created_at <= u.created_at) AS by_admin,
          u.created_at < (SELECT min(e.created_at) FROM enrollments e
                          WHERE e.course_id = c.id AND e.source = 'CSV') AS before,
          u.finished_at <= (SELECT min(e.created_at) FROM enrollments e
                            WHERE e.course_id = c.id AND e.source = 'CSV')
            AND u.started_at < u.finished_at AND u.created_at < u.started_at AS finished_before,
          u.total_rows, u.processed_rows,
          u.created_count + u.pending_count + u.already_enrolled_count + u.reactivated_count
            + u.rejected_count AS counted,
          (SELECT count(*)::int FROM enrollments e WHERE e.course_id = c.id AND e.source = 'CSV') AS roster,
          u.created_count,
          (SELECT count(*)::int FROM audit_events a WHERE a.action = 'ENROLLED'
             AND a.data->>'uploadId' = u.id::text AND a.data->>'status' = 'ACTIVE') AS enrolled_active,
          u.pending_count,
          (SELECT count(*)::int FROM audit_events a WHERE a.action = 'ENROLLED'
             AND a.data->>'uploadId' = u.id::text AND a.data->>'status' = 'PENDING') AS enrolled_pending,
          u.rejected_count, u.already_enrolled_count, u.reactivated_count,
          (SELECT count(*)::int FROM regexp_split_to_table(trim(trailing E'\n' from u.content), E'\n') AS l) - 1 AS lines,
          (SELECT count(*)::int FROM enrollments e
             WHERE e.course_id = c.id AND e.source = 'CSV'
               AND position(e.email IN u.content) > 0
               AND EXISTS (SELECT 1 FROM audit_events a WHERE a.enrollment_id = e.id
                             AND a.action = 'ENROLLED' AND a.data->>'uploadId' = u.id::text)
          ) AS audited
        FROM csv_uploads u JOIN courses c ON c.id = u.course_id
        ORDER BY c.code`,
    );
    expect(uploads.map((u) => u.code)).toEqual(['CS210', 'CS301', 'ENG420']);
    for (const u of uploads) {
      expect(u, u.code).toMatchObject({
        status: 'COMPLETED',
        by_admin: true,
        before: true,
        finished_before: true,
        total_rows: u.roster,
        processed_rows: u.roster,
        counted: u.roster,
        created_count: u.enrolled_active,
        pending_count: u.enrolled_pending,
        rejected_count: 0,
        already_enrolled_count: 0,
        reactivated_count: 0,
        lines: u.roster,
        audited: u.roster,
      });
    }
    // Students with an account already were ACTIVE at once, the others PENDING: both occur.
    expect(uploads.some((u) => u.created_count > 0 && u.pending_count > 0)).toBe(true);
    // A course enrolled by hand has no upload in its history.
    await expect(
      queryRows(
        db,
        sql`SELECT c.code FROM csv_uploads u JOIN courses c ON c.id = u.course_id
            WHERE NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = c.id AND e.source = 'CSV')`,
      ),
    ).resolves.toEqual([]);
  });

  it('shows counts that agree with the tables under them (courses, teams, uploads)', async () => {
    const { db } = await getWorkerDb();
    await seedDemo(db);
    // Stored team sizes against the member rows.
    expect(
      await queryRows(
        db,
        sql`SELECT t.name FROM teams t
            WHERE t.member_count <> (SELECT count(*) FROM team_members m WHERE m.team_id = t.id)`,
      ),
    ).toEqual([]);

    const app = await buildTestApp({ SEED_DEMO: false });
    const { token } = await signIn(app, 'alan.turing@northfield.edu');
    const get = async <T>(url: string) => {
      const res = await app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
      expect(res.statusCode, url).toBe(200);
      return res.json<{ data: T }>().data;
    };
    const northfield = await queryRows<{ id: string; code: string }>(
      db,
      sql`SELECT c.id, c.code FROM courses c JOIN organizations o ON o.id = c.organization_id
          WHERE o.slug = 'northfield' ORDER BY c.code`,
    );
    expect(northfield.length).toBe(4);
    for (const course of northfield) {
      // The course page's student counts against its roster, status by status.
      const { enrollmentCounts } = await get<{ enrollmentCounts: Record<string, number> }>(
        `/courses/${course.id}`,
      );
      for (const status of ['ACTIVE', 'PENDING', 'INACTIVE'] as const) {
        const roster = await get<{ total: number }>(
          `/admin/course/${course.id}/students?status=${status}&limit=1`,
        );
        expect(enrollmentCounts[status.toLowerCase()], `${course.code} ${status}`).toBe(
          roster.total,
        );
      }
      // The upload history's counts against the roster's rows from that upload.
      const uploads = await get<{
        items: { counts: { rowsRead: number; created: number; pending: number } }[];
      }>(`/csv/course/${course.id}`);
      const fromCsv = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM enrollments WHERE course_id = ${course.id} AND source = 'CSV'`,
      );
      expect(
        uploads.items.reduce((sum, u) => sum + u.counts.created + u.counts.pending, 0),
        course.code,
      ).toBe(fromCsv[0]!.n);
      expect(uploads.items.reduce((sum, u) => sum + u.counts.rowsRead, 0)).toBe(fromCsv[0]!.n);
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
