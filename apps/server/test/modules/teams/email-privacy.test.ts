// Emails in the team calls (issue 12, decision 106): a student sees another student's email only
// when that student opted in (show_email), when both are in the same live team, or when it is
// their own; admins of the course's organization and superadmins see every email.
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '@teamup/shared';
import { users } from '../../../src/db/schema/index.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import { call, detailOf, world, type World } from './teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

async function optIn(...ids: string[]) {
  const { db } = await getWorkerDb();
  await db.update(users).set({ showEmail: true }).where(inArray(users.id, ids));
}

async function ok(promise: ReturnType<typeof call>) {
  const res = await promise;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}

/** id → email of the people of a detail (leader and members). */
async function detailEmails(w: World, who: keyof World['as']) {
  const d = await detailOf(app, w.team.id, w.as[who]);
  return {
    leader: d.leader.email,
    members: Object.fromEntries(d.members.map((m) => [m.id, m.email])),
  };
}

describe('email privacy in team calls', () => {
  it('team details: a classmate sees no email, a teammate all, an opted-in one shows, admins all', async () => {
    const w = await world(app);
    const none = { [w.lea.id]: null, [w.max.id]: null, [w.mia.id]: null };
    expect(await detailEmails(w, 'sue')).toEqual({ leader: null, members: none });
    const all = { [w.lea.id]: w.lea.email, [w.max.id]: w.max.email, [w.mia.id]: w.mia.email };
    for (const who of ['max', 'lea', 'adminA', 'superadmin'] as const) {
      expect(await detailEmails(w, who), who).toEqual({ leader: w.lea.email, members: all });
    }
    await optIn(w.mia.id);
    expect((await detailEmails(w, 'sue')).members).toEqual({ ...none, [w.mia.id]: w.mia.email });
    await optIn(w.lea.id);
    expect((await detailEmails(w, 'sue')).leader).toBe(w.lea.email);
  });

  it("team lists and my teams: the leader's email follows the same rule", async () => {
    const w = await world(app);
    const leaderIn = async (path: string, who: keyof World['as']) =>
      ((await ok(call(app, 'GET', path, w.as[who]))).items as { leader: Person }[])[0]!.leader
        .email;
    const course = `/student/courses/${w.course.id}/teams`;
    expect(await leaderIn(course, 'sue')).toBeNull();
    expect(await leaderIn('/student/teams', 'sue')).toBeNull();
    expect(await leaderIn(course, 'max')).toBe(w.lea.email);
    expect(await leaderIn('/student/teams', 'mia')).toBe(w.lea.email);
    expect(await leaderIn(course, 'adminA')).toBe(w.lea.email);
    expect(await leaderIn(course, 'superadmin')).toBe(w.lea.email);
    const mine = await ok(call(app, 'GET', '/student/me/teams', w.as.max));
    expect(mine.teams[0].leader.email).toBe(w.lea.email);
    await optIn(w.lea.id);
    expect(await leaderIn(course, 'sue')).toBe(w.lea.email);
  });

  it('join requests: the leader deciding sees no email until the applicant is a teammate', async () => {
    const w = await world(app);
    const applied = await ok(
      call(app, 'POST', `/student/teams/${w.team.id}/join-requests`, w.as.sue, {}),
    );
    // The applicant's own email.
    expect(applied.applicant.email).toBe(w.sue.email);
    const inbox = `/student/teams/${w.team.id}/join-requests`;
    expect((await ok(call(app, 'GET', inbox, w.as.lea))).items[0].applicant.email).toBeNull();
    expect((await ok(call(app, 'GET', inbox, w.as.adminA))).items[0].applicant.email).toBe(
      w.sue.email,
    );
    const mine = await ok(call(app, 'GET', '/student/me/teams', w.as.sue));
    expect(mine.requests[0].applicant.email).toBe(w.sue.email);
    // Accepted: now a teammate, so the answer shows it.
    const accepted = await ok(
      call(app, 'POST', `/student/join-requests/${applied.id}/accept`, w.as.lea, {}),
    );
    expect(accepted.applicant.email).toBe(w.sue.email);
  });

  it('join requests: an opted-in applicant shows their email to the leader', async () => {
    const w = await world(app);
    await optIn(w.sue.id);
    await ok(call(app, 'POST', `/student/teams/${w.team.id}/join-requests`, w.as.sue, {}));
    const inbox = await ok(call(app, 'GET', `/student/teams/${w.team.id}/join-requests`, w.as.lea));
    expect(inbox.items[0].applicant.email).toBe(w.sue.email);
  });

  it('invitations: invitee and inviter emails follow the rule on both sides', async () => {
    const w = await world(app);
    const sent = await ok(
      call(app, 'POST', `/student/teams/${w.team.id}/invite`, w.as.lea, { userId: w.sue.id }),
    );
    expect(sent.invitee.email).toBeNull();
    expect(sent.invitedBy.email).toBe(w.lea.email);
    const mine = await ok(call(app, 'GET', '/student/me/invitations', w.as.sue));
    expect(mine.items[0].invitee.email).toBe(w.sue.email);
    expect(mine.items[0].invitedBy.email).toBeNull();
    const asAdmin = await ok(
      call(app, 'GET', `/student/teams/${w.team.id}/invitations`, w.as.adminA),
    );
    expect(asAdmin.items[0].invitee.email).toBe(w.sue.email);
    expect(asAdmin.items[0].invitedBy.email).toBe(w.lea.email);
    await optIn(w.lea.id, w.sue.id);
    const after = await ok(call(app, 'GET', '/student/me/invitations', w.as.sue));
    expect(after.items[0].invitedBy.email).toBe(w.lea.email);
    const theirs = await ok(call(app, 'GET', `/student/teams/${w.team.id}/invitations`, w.as.lea));
    expect(theirs.items[0].invitee.email).toBe(w.sue.email);
  });

  it("notices: teammates and admins see the author's email; a former member's is hidden", async () => {
    const w = await world(app);
    const posted = await ok(
      call(app, 'POST', `/student/teams/${w.team.id}/notices`, w.as.max, { body: 'Hello' }),
    );
    expect(posted.author.email).toBe(w.max.email);
    const board = (who: keyof World['as']) =>
      ok(call(app, 'GET', `/student/teams/${w.team.id}/notices`, w.as[who]));
    expect((await board('lea')).items[0].author.email).toBe(w.max.email);
    expect((await board('adminA')).items[0].author.email).toBe(w.max.email);
    await ok(call(app, 'POST', `/student/teams/${w.team.id}/leave`, w.as.max));
    expect((await board('lea')).items[0].author.email).toBeNull();
    expect((await board('adminA')).items[0].author.email).toBe(w.max.email);
  });

  it('the audit log: people no longer in the team lose their email unless opted in', async () => {
    const w = await world(app);
    await ok(call(app, 'DELETE', `/student/teams/${w.team.id}/members/${w.max.id}`, w.as.lea));
    const log = (who: keyof World['as']) =>
      ok(call(app, 'GET', `/student/teams/${w.team.id}/audit-logs`, w.as[who]));
    const removed = async (who: keyof World['as']) => {
      const entry = (await log(who)).items.find(
        (e: { action: string }) => e.action === 'MEMBER_REMOVED',
      );
      return { actor: entry.actor.email, target: entry.target.email };
    };
    expect(await removed('mia')).toEqual({ actor: w.lea.email, target: null });
    expect(await removed('adminA')).toEqual({ actor: w.lea.email, target: w.max.email });
    await optIn(w.max.id);
    expect(await removed('mia')).toEqual({ actor: w.lea.email, target: w.max.email });
  });
});
