// "Remind students without a team" (issue 26): the preview, the reminder (a notification and,
// through the outbox, an email to each), at most once per course per 24 h, and its refusals.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { courses, emailDeliveries, notifications } from '../../../src/db/schema/index.js';
import { API, buildTestApp, driver, getWorkerDb } from '../../helper.js';
import { makeStudent, teamWorld, type TeamWorld } from '../teams/requests-world.js';
import { ok } from '../notifications/notifications-world.js';

describe(`teamless reminder (${driver})`, () => {
  let app: FastifyInstance;
  let w: TeamWorld;
  const url = () => `/admin/courses/${w.course.id}/reminders/teamless`;

  beforeAll(async () => {
    app = await buildTestApp({}, { mail: false });
  });

  beforeEach(async () => {
    w = await teamWorld(app);
  });

  async function post(headers: Record<string, string>) {
    return app.inject({ method: 'POST', url: `${API}${url()}`, headers });
  }

  it('previews the ACTIVE students without a team and the sentence; a GET changes nothing', async () => {
    await makeStudent(w.course.id, { fullname: 'Ina Inactive', status: 'INACTIVE' });
    const preview = await ok(app, w.as.adminA, 'GET', url());
    expect(preview.recipients.map((r: { fullname: string }) => r.fullname)).toEqual([
      'Sue Student',
      'Tom Student',
    ]);
    expect(preview.recipients[0].email).toBe(w.sue.email);
    expect(preview.text).toMatch(/reminds you that you have no team in A101 yet/);
    expect(preview).toMatchObject({ lastSentAt: null, nextAllowedAt: null });
    const { db } = await getWorkerDb();
    expect(await db.select().from(notifications)).toEqual([]);
  });

  it('reminds each of them once (in the app and by email), then refuses for 24 h', async () => {
    const first = await post(w.as.adminA);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      data: { sent: 2 },
      message: 'Reminder sent to 2 students',
    });
    const { db } = await getWorkerDb();
    const rows = await db.select().from(notifications);
    expect(rows.map((n) => [n.kind, n.userId]).sort()).toEqual(
      [
        ['TEAMLESS_REMINDER', w.sue.id],
        ['TEAMLESS_REMINDER', w.tom.id],
      ].sort(),
    );
    expect(rows[0]!.actorId).toBe(w.adminA.id);
    // TEAMLESS_REMINDER is an immediate kind: both are queued for email at once.
    const queued = await db.select().from(emailDeliveries);
    expect(queued.map((d) => d.state)).toEqual(['PENDING', 'PENDING']);
    const list = await ok(app, w.as.sue, 'GET', '/notifications');
    expect(list.items[0].text).toMatch(/^.+ reminds you that you have no team in A101 yet\./);
    expect(list.items[0].link).toBe(`/courses/${w.course.id}`);

    // A second admin (the superadmin) within 24 h: refused, nothing written.
    const again = await post(w.as.superadmin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'REMINDER_TOO_SOON' });
    expect(await db.select().from(notifications)).toHaveLength(2);
    const preview = await ok(app, w.as.adminA, 'GET', url());
    expect(preview.lastSentAt).not.toBeNull();
    expect(new Date(preview.nextAllowedAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    // A day later it works again.
    await db.execute(sql`update course_reminders set sent_at = now() - interval '25 hours'`);
    expect((await post(w.as.adminA)).statusCode).toBe(200);
    expect(await db.select().from(notifications)).toHaveLength(4);
  });

  it('two admins at once send one reminder', async () => {
    const [a, b] = await Promise.all([post(w.as.adminA), post(w.as.superadmin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const { db } = await getWorkerDb();
    expect(await db.select().from(notifications)).toHaveLength(2);
  });

  it('refuses when every student has a team, and on an archived course; keeps no claim', async () => {
    await ok(app, w.as.lea, 'POST', `/student/teams/${w.team.id}/invite`, { userId: w.sue.id });
    const { db } = await getWorkerDb();
    await db.execute(sql`delete from enrollments where user_id = ${w.tom.id}`);
    await db.execute(sql`delete from notifications`);
    await db.execute(
      sql`insert into team_members (team_id, course_id, user_id) values (${w.team.id}, ${w.course.id}, ${w.sue.id})`,
    );
    const none = await post(w.as.adminA);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'NOTHING_TO_REMIND' });
    expect((await ok(app, w.as.adminA, 'GET', url())).lastSentAt).toBeNull();
    await db.update(courses).set({ archivedAt: new Date() }).where(eq(courses.id, w.course.id));
    const archived = await post(w.as.adminA);
    expect(archived.json()).toMatchObject({ code: 'COURSE_ARCHIVED' });
  });

  it("another organization's admin gets 404, a student 403", async () => {
    expect((await post(w.as.adminB)).statusCode).toBe(404);
    expect((await post(w.as.lea)).statusCode).toBe(403);
    const { db } = await getWorkerDb();
    expect(await db.select().from(notifications)).toEqual([]);
  });
});
