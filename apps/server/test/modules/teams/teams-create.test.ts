import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, teams } from '../../../src/db/schema/index.js';
import { makeTeam } from '../../fixtures.js';
import { buildTestApp, getWorkerDb } from '../../helper.js';
import {
  auditRows,
  call,
  memberIds,
  pendingInvitation,
  pendingRequest,
  invitationStatus,
  requestStatus,
  setCourse,
  world,
  yesterday,
  type World,
} from './teams-world.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const create = (w: World, headers: Record<string, string> | undefined, payload: object) =>
  call(
    app,
    'POST',
    `/student/courses/${w.course.id}/teams`,
    headers,
    payload as Record<string, unknown>,
  );

async function teamCount(): Promise<number> {
  const { db } = await getWorkerDb();
  const [row] = await db.select({ n: count() }).from(teams);
  return row!.n;
}

describe('POST /student/courses/{courseId}/teams', () => {
  it('creates a team with the caller as leader and only member, sized to the course maximum by default', async () => {
    const w = await world(app);
    const res = await create(w, w.as.sue, { name: '  Bravo  ', description: 'Night owls' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Bravo created');
    const data = body.data;
    expect(data).toEqual({
      id: expect.any(String),
      courseId: w.course.id,
      courseCode: 'A101',
      courseTitle: 'Course A',
      name: 'Bravo',
      description: 'Night owls',
      leader: { id: w.sue.id, fullname: 'Sue Solo', email: w.sue.email, avatar: null },
      memberCount: 1,
      maxSize: 4,
      openSeats: 3,
      openToRequests: true,
      createdAt: expect.any(String),
      disbandedAt: null,
      relation: 'LEADER',
      wantedSkills: [],
      matchedSkills: [],
      course: {
        id: w.course.id,
        code: 'A101',
        title: 'Course A',
        organizationId: w.orgA.id,
        teamSizeMin: 2,
        teamSizeMax: 4,
        teamFormationDeadline: w.course.teamFormationDeadline.toISOString(),
        deadlinePassed: false,
        archived: false,
      },
      members: [
        {
          id: w.sue.id,
          fullname: 'Sue Solo',
          email: w.sue.email,
          avatar: null,
          skills: [],
          joinedAt: expect.any(String),
          isLeader: true,
        },
      ],
      viewer: {
        relation: 'LEADER',
        isAdmin: false,
        pendingRequestId: null,
        pendingInvitationId: null,
        canApply: false,
        waitlistedRequestId: null,
        waitlistPosition: null,
        canJoinWaitlist: false,
        currentTeamId: data.id,
        canReadAudit: true,
        enrollmentStatus: 'ACTIVE',
      },
    });
    expect(await memberIds(data.id)).toEqual([w.sue.id]);
    const audit = await auditRows(data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'TEAM_CREATED',
      actorId: w.sue.id,
      targetUserId: w.sue.id,
      organizationId: w.orgA.id,
      courseId: w.course.id,
      data: { name: 'Bravo', description: 'Night owls', maxSize: 4, openToRequests: true },
    });
  });

  it('takes a smaller size limit and a closed team', async () => {
    const w = await world(app);
    const res = await create(w, w.as.sue, { name: 'Duo', maxSize: 2, openToRequests: false });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ maxSize: 2, openSeats: 1, openToRequests: false });
  });

  it('cancels the creator’s pending requests and invitations in the course', async () => {
    const w = await world(app);
    const request = await pendingRequest(w.team, w.sue.id);
    const invitation = await pendingInvitation(w.team, w.sue.id);
    expect((await create(w, w.as.sue, { name: 'Bravo' })).statusCode).toBe(201);
    expect(await requestStatus(request.id)).toBe('CANCELLED');
    expect(await invitationStatus(invitation.id)).toBe('CANCELLED');
  });

  it('refuses a size limit above the course maximum, naming the field', async () => {
    const w = await world(app);
    const res = await create(w, w.as.sue, { name: 'Big', maxSize: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'maxSize', message: "At most 4, the course's maximum team size" }],
    });
    expect(await teamCount()).toBe(1);
  });

  it.each([
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(81) }, 'name'],
    [{ name: 'Ok', maxSize: 0 }, 'maxSize'],
    [{ name: 'Ok', maxSize: 2.5 }, 'maxSize'],
    [{ name: 'Ok', openToRequests: 'yes' }, 'openToRequests'],
    [{ name: 'Ok', leaderId: 'me' }, 'leaderId'],
  ])('refuses %j with VALIDATION_ERROR on %s and writes nothing', async (payload, field) => {
    const w = await world(app);
    const res = await create(w, w.as.sue, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
    expect(await teamCount()).toBe(1);
  });

  it('refuses a name already used by a live team of the course, whatever its case', async () => {
    const w = await world(app);
    const res = await create(w, w.as.sue, { name: 'ALPHA' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'TEAM_NAME_TAKEN',
      message: 'A team called "ALPHA" already exists in this course',
    });
    expect(await teamCount()).toBe(1);
  });

  it('lets a name be reused once its team is disbanded, and in another course', async () => {
    const w = await world(app);
    const { db } = await getWorkerDb();
    const old = await makeTeam(w.course.id, w.ina.id, { name: 'Gamma' });
    await db.update(teams).set({ disbandedAt: new Date() }).where(eq(teams.id, old.id));
    expect((await create(w, w.as.sue, { name: 'gamma' })).statusCode).toBe(201);
    const res = await call(app, 'POST', `/student/courses/${w.courseB.id}/teams`, w.as.olga, {
      name: 'Alpha',
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a student who already has a team in the course', async () => {
    const w = await world(app);
    const res = await create(w, w.as.max, { name: 'Breakaway' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ALREADY_IN_TEAM',
      message: 'You are already in Alpha in this course; leave it before creating a team',
    });
    expect(await teamCount()).toBe(1);
  });

  it('refuses after the formation deadline', async () => {
    const w = await world(app);
    await setCourse(w.course.id, { teamFormationDeadline: yesterday() });
    const res = await create(w, w.as.sue, { name: 'Late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DEADLINE_PASSED');
    expect(await teamCount()).toBe(1);
  });

  it('refuses in an archived course', async () => {
    const w = await world(app);
    await setCourse(w.course.id, { archivedAt: new Date() });
    const res = await create(w, w.as.sue, { name: 'Ghost' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COURSE_ARCHIVED');
  });

  it('refuses a student whose enrollment is inactive', async () => {
    const w = await world(app);
    const res = await create(w, w.as.ina, { name: 'Sleepers' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'NOT_ENROLLED',
      message: 'Your enrollment in this course is inactive, so you cannot change its teams',
    });
  });

  it('answers 401 without a token, 404 to strangers to the course, 403 to its admins', async () => {
    const w = await world(app);
    expect((await create(w, undefined, { name: 'X' })).statusCode).toBe(401);
    for (const who of ['olga', 'adminB'] as const) {
      const res = await create(w, w.as[who], { name: 'X' });
      expect(res.statusCode, who).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    // Admins manage members of existing teams; teams are made by students.
    for (const who of ['adminA', 'superadmin'] as const) {
      const res = await create(w, w.as[who], { name: 'X' });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('NOT_ENROLLED');
    }
    expect(await teamCount()).toBe(1);
    const { db } = await getWorkerDb();
    const [audits] = await db.select({ n: count() }).from(auditEvents);
    expect(audits!.n).toBe(0);
  });
});
