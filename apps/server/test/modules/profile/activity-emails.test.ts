// Issue 24 item 2 (decision 121): the caller's own activity follows the one email rule. Another
// student's email shows only when it is theirs, opted in or a teammate's; the email of an
// organization admin of one of the student's organizations shows (staff are the contact); a
// superadmin's does not. The team's audit log shows the staff email alike.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProfileActivityEntry, TeamAuditEntry } from '@teamup/shared';
import { enrollments, users } from '../../../src/db/schema/index.js';
import { recordAudit } from '../../../src/lib/audit.js';
import { makeAdminOf } from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { call, world, type World } from '../teams/teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

async function ok<T>(res: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<{ data: T }>().data;
}

async function activity(w: World, who: keyof World['as']) {
  const data = await ok<{ items: ProfileActivityEntry[] }>(
    await call(app, 'GET', '/auth/profile/activity?limit=100', w.as[who]),
  );
  return data.items;
}

const emailsOf = (e: ProfileActivityEntry | TeamAuditEntry | undefined) => ({
  actor: e?.actor?.email,
  target: e?.target?.email,
});

async function enrollmentOf(w: World, userId: string) {
  const { db } = await getWorkerDb();
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, userId)));
  return row!.id;
}

describe('emails in my own activity', () => {
  it("an invitation I sent does not show the invitee's hidden email, until they opt in", async () => {
    const w = await world(app);
    await ok(
      await call(app, 'POST', `/student/teams/${w.team.id}/invite`, w.as.lea, { userId: w.sue.id }),
    );
    const invited = () =>
      activity(w, 'lea').then((items) => items.find((e) => e.action === 'INVITATION_CREATED'));
    expect(emailsOf(await invited())).toEqual({ actor: w.lea.email, target: null });
    // The invitee's side: the inviter is not her teammate and did not opt in.
    const received = (await activity(w, 'sue')).find((e) => e.action === 'INVITATION_CREATED');
    expect(emailsOf(received)).toEqual({ actor: null, target: w.sue.email });
    const { db } = await getWorkerDb();
    await db.update(users).set({ showEmail: true }).where(eq(users.id, w.sue.id));
    expect(emailsOf(await invited())).toEqual({ actor: w.lea.email, target: w.sue.email });
  });

  it("a teammate's email shows; a former teammate's does not", async () => {
    const w = await world(app);
    await ok(
      await call(app, 'DELETE', `/student/teams/${w.team.id}/members/${w.max.id}`, w.as.lea),
    );
    const removed = (await activity(w, 'lea')).find((e) => e.action === 'MEMBER_REMOVED');
    expect(emailsOf(removed)).toEqual({ actor: w.lea.email, target: null });
  });

  it("staff emails: an admin of my organization shows, a superadmin's does not, everywhere alike", async () => {
    const w = await world(app);
    const sueIn = await enrollmentOf(w, w.sue.id);
    for (const [who, status] of [
      ['superadmin', 'INACTIVE'],
      ['adminA', 'ACTIVE'],
    ] as const) {
      await ok(
        await call(app, 'PATCH', `/admin/enrollment/${sueIn}/status`, w.as[who], { status }),
      );
    }
    const changes = (await activity(w, 'sue')).filter((e) => e.action === 'STATUS_CHANGED');
    expect(changes.map(emailsOf)).toEqual([
      { actor: w.adminA.email, target: w.sue.email },
      { actor: null, target: w.sue.email },
    ]);
    // The team's history names the admin who put Sue in: members see the staff email too.
    await ok(
      await call(app, 'POST', `/admin/teams/${w.team.id}/members`, w.as.adminA, {
        userId: w.sue.id,
      }),
    );
    const log = await ok<{ items: TeamAuditEntry[] }>(
      await call(app, 'GET', `/student/teams/${w.team.id}/audit-logs`, w.as.max),
    );
    const added = log.items.find((e) => e.action === 'MEMBER_ADDED_BY_ADMIN');
    expect(emailsOf(added)).toEqual({ actor: w.adminA.email, target: w.sue.email });
    // Olga studies in organization B only: admin A is not her staff.
    const { db } = await getWorkerDb();
    const olgaIn = await db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(eq(enrollments.userId, w.olga.id));
    await ok(
      await call(app, 'PATCH', `/admin/enrollment/${olgaIn[0]!.id}/status`, w.as.adminB, {
        status: 'INACTIVE',
      }),
    );
    const olgas = (await activity(w, 'olga')).find((e) => e.action === 'STATUS_CHANGED');
    expect(emailsOf(olgas)).toEqual({ actor: w.adminB.email, target: w.olga.email });
  });

  it("an admin's own activity shows fellow admins' and their students' emails, not a superadmin's", async () => {
    const w = await world(app);
    const fellow = await makeAdminOf([w.orgA.id], { email: `fellow-${w.orgA.id}@example.edu` });
    const { db } = await getWorkerDb();
    const about = { organizationId: w.orgA.id, targetUserId: w.adminA.id };
    await recordAudit(db, { action: 'ADMIN_APPOINTED', actorId: w.superadmin.id, ...about });
    await recordAudit(db, { action: 'COURSE_UPDATED', actorId: fellow.id, ...about });
    await recordAudit(db, {
      action: 'STATUS_CHANGED',
      actorId: w.adminA.id,
      organizationId: w.orgA.id,
      targetUserId: w.sue.id,
    });
    const byAction = new Map((await activity(w, 'adminA')).map((e) => [e.action, emailsOf(e)]));
    expect(byAction.get('ADMIN_APPOINTED')).toEqual({ actor: null, target: w.adminA.email });
    expect(byAction.get('COURSE_UPDATED')).toEqual({ actor: fellow.email, target: w.adminA.email });
    expect(byAction.get('STATUS_CHANGED')).toEqual({ actor: w.adminA.email, target: w.sue.email });
  });
});
