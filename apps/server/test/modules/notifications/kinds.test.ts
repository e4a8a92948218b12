// Each notification kind derived from audit events (migration 0017): who gets it, and that
// nobody else does (the actor, other members, other courses): every test compares the whole
// notifications table.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enrollments, invitations } from '../../../src/db/schema/index.js';
import { makeEnrollment, makeTeam, makeUser } from '../../fixtures.js';
import { buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import {
  makeInvitation,
  makeJoinRequest,
  makeNotice,
  makeStudent,
  teamWorld,
  type TeamWorld,
} from '../teams/requests-world.js';
import {
  allNotifications,
  clearNotifications,
  ok,
  pairs,
  received,
} from './notifications-world.js';

describe('notifications derived from team and enrollment changes', () => {
  let app: FastifyInstance;
  let w: TeamWorld;

  beforeAll(async () => {
    app = await buildTestApp();
  });

  beforeEach(async () => {
    w = await teamWorld(app);
  });

  it('a join request tells the leader (not the applicant, not the members); withdrawing a read one too', async () => {
    const request = await ok(app, w.as.sue, 'POST', `/student/teams/${w.team.id}/join-requests`, {
      message: 'Hi',
    });
    expect(await received()).toEqual(pairs(['JOIN_REQUEST_RECEIVED', w.lea]));
    const [n] = await allNotifications();
    expect(n).toMatchObject({ actorId: w.sue.id, teamId: w.team.id, courseId: w.course.id });

    // Issue 24 (decision 122): only a request the leader has read is withdrawn out loud.
    await ok(app, w.as.lea, 'POST', '/notifications/read-all');
    await ok(app, w.as.sue, 'POST', `/student/join-requests/${request.id}/withdraw`);
    expect(await received()).toEqual(
      pairs(['JOIN_REQUEST_RECEIVED', w.lea], ['JOIN_REQUEST_WITHDRAWN', w.lea]),
    );
  });

  it('withdrawing a request the leader has not read removes its notification and adds none', async () => {
    const request = await ok(app, w.as.sue, 'POST', `/student/teams/${w.team.id}/join-requests`, {
      message: 'Hi',
    });
    await ok(app, w.as.sue, 'POST', `/student/join-requests/${request.id}/withdraw`);
    expect(await received()).toEqual([]);
  });

  it('an accepted request tells the applicant; the requests and invitations it cancels tell no one', async () => {
    const other = await makeTeam(w.course.id, w.tom.id, { name: 'Other' });
    const request = await makeJoinRequest(w.team, w.sue.id);
    await makeJoinRequest(other, w.sue.id);
    await makeInvitation(other, w.sue.id);

    await ok(app, w.as.lea, 'POST', `/student/join-requests/${request.id}/accept`, {});
    expect(await received()).toEqual(pairs(['JOIN_REQUEST_ACCEPTED', w.sue]));
  });

  it('a declined request tells the applicant with the reason', async () => {
    const request = await makeJoinRequest(w.team, w.sue.id);
    await ok(app, w.as.lea, 'POST', `/student/join-requests/${request.id}/reject`, {
      reason: 'We are full of designers',
    });
    expect(await received()).toEqual(pairs(['JOIN_REQUEST_REJECTED', w.sue]));
    const list = await ok(app, w.as.sue, 'GET', '/notifications');
    expect(list.items[0].text).toBe(
      'Your request to join Team T was declined: “We are full of designers”.',
    );
  });

  it('an invitation tells the invitee; accepting and declining tell the inviter', async () => {
    const sent = await ok(app, w.as.lea, 'POST', `/student/teams/${w.team.id}/invite`, {
      userId: w.sue.id,
    });
    expect(await received()).toEqual(pairs(['INVITATION_RECEIVED', w.sue]));
    await ok(app, w.as.sue, 'POST', `/student/invitations/${sent.id}/accept`);

    const declined = await makeInvitation(w.team, w.tom.id);
    await ok(app, w.as.tom, 'POST', `/student/invitations/${declined.id}/reject`);
    expect(await received()).toEqual(
      pairs(
        ['INVITATION_RECEIVED', w.sue],
        ['INVITATION_ACCEPTED', w.lea],
        ['INVITATION_REJECTED', w.lea],
      ),
    );
  });

  it('an answer to an invitation whose inviter left the team goes to the leader', async () => {
    const invitation = await makeInvitation(w.team, w.sue.id);
    await ok(app, w.as.lea, 'POST', `/student/teams/${w.team.id}/leave`);
    await ok(app, w.as.sue, 'POST', `/student/invitations/${invitation.id}/accept`);
    expect(await received()).toEqual(
      pairs(['BECAME_LEADER', w.max], ['INVITATION_ACCEPTED', w.max]),
    );
  });

  it('a cancelled invitation tells the invitee when the leader took it back, not when they joined elsewhere', async () => {
    const taken = await makeInvitation(w.team, w.sue.id);
    await ok(app, w.as.lea, 'POST', `/student/invitations/${taken.id}/cancel`);
    expect(await received()).toEqual(pairs(['INVITATION_CANCELLED', w.sue]));

    // Tom accepts another team's invitation: Team T's invitation is cancelled by the system.
    const other = await makeTeam(w.course.id, (await makeStudent(w.course.id)).id, {
      name: 'Other',
    });
    await makeInvitation(w.team, w.tom.id);
    const accepted = await makeInvitation(other, w.tom.id);
    await ok(app, w.as.tom, 'POST', `/student/invitations/${accepted.id}/accept`);
    expect(await received()).toEqual(
      pairs(['INVITATION_CANCELLED', w.sue], ['INVITATION_ACCEPTED', { id: other.leaderId! }]),
    );
  });

  it('a removal tells the removed member only', async () => {
    await ok(app, w.as.lea, 'DELETE', `/student/teams/${w.team.id}/members/${w.max.id}`);
    expect(await received()).toEqual(pairs(['REMOVED_FROM_TEAM', w.max]));
    const list = await ok(app, w.as.max, 'GET', '/notifications');
    expect(list.items[0]).toMatchObject({
      text: 'You were removed from Team T (A101).',
      link: `/courses/${w.course.id}`,
    });
  });

  it('a disband tells every member but the actor, and the invitees whose invitation it cancelled', async () => {
    const { db } = await getWorkerDb();
    const third = await makeStudent(w.course.id);
    await ok(app, w.as.adminA, 'POST', `/admin/teams/${w.team.id}/members`, { userId: third.id });
    await clearNotifications();
    const invitation = await makeInvitation(w.team, w.sue.id);
    await makeJoinRequest(w.team, w.tom.id);

    await ok(app, w.as.lea, 'POST', `/student/teams/${w.team.id}/disband`);
    expect(await received()).toEqual(
      pairs(['TEAM_DISBANDED', w.max], ['TEAM_DISBANDED', third], ['INVITATION_CANCELLED', w.sue]),
    );
    const [row] = await db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row!.status).toBe('CANCELLED');
  });

  it('the last member leaving disbands the team and tells no one', async () => {
    await ok(app, w.as.max, 'POST', `/student/teams/${w.team.id}/leave`);
    await ok(app, w.as.lea, 'POST', `/student/teams/${w.team.id}/leave`);
    expect(await received()).toEqual([]);
  });

  it('a leader leaving makes the longest-standing member the leader, who is told', async () => {
    await ok(app, w.as.lea, 'POST', `/student/teams/${w.team.id}/leave`);
    expect(await received()).toEqual(pairs(['BECAME_LEADER', w.max]));
  });

  it('a pinned notice tells every member but its author; pinning one later too; unpinned ones tell no one', async () => {
    const third = await makeStudent(w.course.id);
    await ok(app, w.as.adminA, 'POST', `/admin/teams/${w.team.id}/members`, { userId: third.id });
    await clearNotifications();

    await ok(app, w.as.max, 'POST', `/student/teams/${w.team.id}/notices`, {
      body: 'Not pinned',
    });
    expect(await received()).toEqual([]);
    await ok(app, w.as.max, 'POST', `/student/teams/${w.team.id}/notices`, {
      body: 'Meeting on Friday',
      pinned: true,
    });
    expect(await received()).toEqual(pairs(['NOTICE_PINNED', w.lea], ['NOTICE_PINNED', third]));

    const old = await makeNotice(w.team.id, w.max.id);
    await ok(app, w.as.lea, 'PATCH', `/student/notices/${old.id}`, { pinned: true });
    expect(await received()).toEqual(
      pairs(
        ['NOTICE_PINNED', w.lea],
        ['NOTICE_PINNED', third],
        ['NOTICE_PINNED', w.max],
        ['NOTICE_PINNED', third],
      ),
    );
    // Unpinning tells no one.
    await ok(app, w.as.lea, 'PATCH', `/student/notices/${old.id}`, { pinned: false });
    expect(await received()).toHaveLength(4);
  });

  it('an admin placing or moving a student tells the student once', async () => {
    await ok(app, w.as.adminA, 'POST', `/admin/teams/${w.team.id}/members`, { userId: w.sue.id });
    expect(await received()).toEqual(pairs(['PLACED_IN_TEAM', w.sue]));

    const other = await makeTeam(w.course.id, w.tom.id, { name: 'Other' });
    await ok(app, w.as.adminA, 'POST', `/admin/teams/${other.id}/members`, { userId: w.sue.id });
    expect(await received()).toEqual(pairs(['PLACED_IN_TEAM', w.sue], ['PLACED_IN_TEAM', w.sue]));
    const list = await ok(app, w.as.sue, 'GET', '/notifications');
    expect(list.items[0]).toMatchObject({
      text: 'An admin moved you from Team T to Other (A101).',
      link: `/teams/${other.id}`,
    });
  });

  // Enrollment changes.

  it('an admin adding a student with an account tells them; without an account, no one', async () => {
    const ada = await makeUser({ email: 'ada.n14@example.edu', fullname: 'Ada Lovelace' });
    await ok(app, w.as.adminA, 'POST', '/admin/students/manual-add', {
      courseId: w.course.id,
      email: ada.email,
      fullname: ada.fullname,
    });
    await ok(app, w.as.adminA, 'POST', '/admin/students/manual-add', {
      courseId: w.course.id,
      email: 'nobody-yet@example.edu',
      fullname: 'Nobody Yet',
    });
    expect(await received()).toEqual(pairs(['ENROLLMENT_ADDED', ada]));
    const list = await ok(app, bearerOf(await signIn(app, ada.email)), 'GET', '/notifications');
    expect(list.items[0]).toMatchObject({
      text: 'You were added to A101 Course A.',
      link: `/courses/${w.course.id}`,
    });
  });

  it('an admin activating an enrollment tells the student; the first sign-in activating it does not', async () => {
    const { db } = await getWorkerDb();
    const [row] = await db.select().from(enrollments).where(eq(enrollments.userId, w.sue.id));
    await ok(app, w.as.adminA, 'PATCH', `/admin/enrollment/${row!.id}/status`, {
      status: 'INACTIVE',
    });
    expect(await received()).toEqual([]);
    await ok(app, w.as.adminA, 'PATCH', `/admin/enrollment/${row!.id}/status`, {
      status: 'ACTIVE',
    });
    expect(await received()).toEqual(pairs(['ENROLLMENT_ACTIVATED', w.sue]));

    await makeEnrollment(w.course.id, { email: 'first.signin@example.edu' });
    await signIn(app, 'first.signin@example.edu');
    expect(await received()).toEqual(pairs(['ENROLLMENT_ACTIVATED', w.sue]));
  });
});

const bearerOf = (s: { token: string }) => ({ authorization: `Bearer ${s.token}` });
