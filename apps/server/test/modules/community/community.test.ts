import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { enrollments, invitations, teams, users } from '../../../src/db/schema/index.js';
import { recordAudit } from '../../../src/lib/audit.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn, statementsDuring } from '../../helper.js';
import {
  makeInvitation,
  pastDate,
  requestRow,
  setCourse,
  setTeam,
} from '../teams/requests-world.js';
import { communityWorld, setEnrollment, type CommunityWorld } from './community-world.js';

type Headers = Record<string, string>;
interface Card {
  id: string;
  fullname: string;
  email: string | null;
  skills: string[];
  highlightedSkills: string[];
  courses: { id: string; lookingForTeam: boolean; lookingNote: string; team: unknown }[];
  inviteOptions: { teamId: string; courseId: string }[];
}

describe('community', () => {
  let app: FastifyInstance;
  let w: CommunityWorld;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  beforeEach(async () => {
    w = await communityWorld(app);
  });

  const get = (url: string, headers: Headers) =>
    app.inject({ method: 'GET', url: `${API}${url}`, headers });
  const list = async (headers: Headers, query = '') => {
    const res = await get(`/community/students${query ? `?${query}` : ''}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { items: Card[]; total: number; page: number; limit: number } }>().data;
  };
  const names = (items: { fullname: string }[]) => items.map((i) => i.fullname.split(' ')[0]);

  describe('who sees whom', () => {
    it('a student sees classmates of an ACTIVE course and organization-visible students of their organizations', async () => {
      // Not Vera herself, not Ines (INACTIVE in One), not Otto (same organization, classmates
      // only), not Xavi (another organization, though open to his own).
      expect(names((await list(w.as.vera)).items)).toEqual(['Cleo', 'Pia', 'Sami', 'Theo']);
      // Pia shares Two with Otto; nobody of One opened their profile to the organization.
      expect(names((await list(w.as.pia)).items)).toEqual(['Otto']);
      expect((await list(w.as.xavi)).items).toEqual([]);
    });

    it('admins see the students of their organizations, a superadmin everyone', async () => {
      expect(names((await list(w.as.adminA)).items)).toEqual([
        'Cleo',
        'Ines',
        'Otto',
        'Pia',
        'Sami',
        'Theo',
        'Vera',
      ]);
      expect(names((await list(w.as.adminB)).items)).toEqual(['Xavi']);
      expect((await list(w.as.superadmin)).total).toBe(8);
    });

    it('answers 404, never 403, for a student who may not be seen, in every call', async () => {
      const hidden: [Headers, string][] = [
        [w.as.vera, w.otto.id],
        [w.as.vera, w.ines.id],
        [w.as.vera, w.xavi.id],
        [w.as.vera, randomUUID()],
        [w.as.adminB, w.cleo.id],
        [w.as.adminA, w.xavi.id],
        [w.as.superadmin, w.adminA.id],
      ];
      for (const [headers, id] of hidden) {
        for (const suffix of ['', '/stats', '/activity']) {
          const res = await get(`/community/students/${id}${suffix}`, headers);
          expect(res.statusCode, `${id}${suffix}`).toBe(404);
          expect(res.json().code).toBe('NOT_FOUND');
        }
      }
      const seen: [Headers, string][] = [
        [w.as.vera, w.cleo.id],
        [w.as.vera, w.pia.id],
        [w.as.vera, w.vera.id],
        [w.as.pia, w.otto.id],
        [w.as.adminA, w.ines.id],
        [w.as.superadmin, w.xavi.id],
      ];
      for (const [headers, id] of seen) {
        for (const suffix of ['', '/stats', '/activity']) {
          const res = await get(`/community/students/${id}${suffix}`, headers);
          expect(res.statusCode, `${id}${suffix}`).toBe(200);
        }
      }
    });

    it('opening a profile to the organization shows it there, not beyond', async () => {
      expect((await get(`/community/students/${w.otto.id}`, w.as.vera)).statusCode).toBe(404);
      const { db } = await getWorkerDb();
      await db
        .update(users)
        .set({ profileVisibility: 'ORGANIZATION' })
        .where(eq(users.id, w.otto.id));
      expect((await get(`/community/students/${w.otto.id}`, w.as.vera)).statusCode).toBe(200);
      expect((await get(`/community/students/${w.otto.id}`, w.as.xavi)).statusCode).toBe(404);
      // A removed enrollment is no enrollment: Vera no longer belongs to organization A.
      await setEnrollment(w.one.id, w.vera.id, { removedAt: new Date() });
      expect((await get(`/community/students/${w.otto.id}`, w.as.vera)).statusCode).toBe(404);
      expect((await get(`/community/students/${w.cleo.id}`, w.as.vera)).statusCode).toBe(404);
    });
  });

  describe('emails', () => {
    it('reach a student only for teammates, students who opted in, and themselves', async () => {
      const byName = new Map((await list(w.as.vera)).items.map((c) => [c.fullname, c.email]));
      expect(byName).toEqual(
        new Map([
          ['Cleo Classmate', null],
          ['Pia Public', null],
          ['Sami Shows', w.sami.email],
          ['Theo Teammate', w.theo.email],
        ]),
      );
      const profile = async (headers: Headers, id: string) =>
        (await get(`/community/students/${id}`, headers)).json().data;
      expect((await profile(w.as.vera, w.cleo.id)).email).toBeNull();
      expect((await profile(w.as.vera, w.theo.id)).email).toBe(w.theo.email);
      expect((await profile(w.as.vera, w.sami.id)).email).toBe(w.sami.email);
      expect(await profile(w.as.vera, w.vera.id)).toMatchObject({
        email: w.vera.email,
        isSelf: true,
      });
      // Cleo is in no team with Vera: neither sees the other's email.
      expect((await profile(w.as.cleo, w.vera.id)).email).toBeNull();
    });

    it('reach admins and superadmins for the students they see', async () => {
      for (const card of (await list(w.as.adminA)).items) expect(card.email).not.toBeNull();
      for (const card of (await list(w.as.superadmin)).items) expect(card.email).not.toBeNull();
    });

    it('follow the one email rule in the activity of a student too', async () => {
      await recordAudit((await getWorkerDb()).db, {
        action: 'MEMBER_ADDED_BY_ADMIN',
        actorId: w.theo.id,
        targetUserId: w.cleo.id,
        organizationId: w.orgA.id,
        courseId: w.one.id,
      });
      const res = await get(`/community/students/${w.cleo.id}/activity`, w.as.vera);
      expect(res.statusCode).toBe(200);
      const [entry] = res.json().data.items;
      // Theo is Vera's teammate: his email is hers to see, as everywhere (decision 121).
      expect(entry.actor).toMatchObject({ id: w.theo.id, email: w.theo.email });
      expect(entry.target).toMatchObject({ id: w.cleo.id, email: null });
      expect(res.body).not.toContain(w.cleo.email);
      const admin = await get(`/community/students/${w.cleo.id}/activity`, w.as.adminA);
      expect(admin.json().data.items[0].target.email).toBe(w.cleo.email);
    });
  });

  describe('the directory', () => {
    it('searches by name and by every listed skill, case-insensitively, highlighting them', async () => {
      expect(names((await list(w.as.vera, 'search=SAM')).items)).toEqual(['Sami']);
      const go = await list(w.as.vera, 'skills=GO');
      expect(names(go.items)).toEqual(['Cleo', 'Theo']);
      expect(go.items[0]!.highlightedSkills).toEqual(['Go']);
      const both = await list(w.as.vera, `skills=${encodeURIComponent(' go , typescript')}`);
      expect(names(both.items)).toEqual(['Cleo']);
      expect(both.items[0]!.highlightedSkills).toEqual(['TypeScript', 'Go']);
      expect((await list(w.as.vera, 'skills=cobol')).items).toEqual([]);
    });

    it("highlights the skills the viewer's team wants", async () => {
      const { db } = await getWorkerDb();
      await db
        .update(teams)
        .set({ wantedSkills: ['figma ', 'PYTHON'] })
        .where(eq(teams.id, w.team.id));
      const items = (await list(w.as.vera)).items;
      expect(items.find((c) => c.id === w.cleo.id)!.highlightedSkills).toEqual(['Figma']);
      expect(items.find((c) => c.id === w.sami.id)!.highlightedSkills).toEqual(['Python']);
      expect(items.find((c) => c.id === w.theo.id)!.highlightedSkills).toEqual([]);
    });

    it('filters by course, looking and without a team, and shows courses in common', async () => {
      const inOne = await list(w.as.vera, `courseId=${w.one.id}`);
      expect(names(inOne.items)).toEqual(['Cleo', 'Sami', 'Theo']);
      const looking = await list(w.as.vera, `courseId=${w.one.id}&looking=true`);
      expect(names(looking.items)).toEqual(['Cleo']);
      expect(looking.items[0]!.courses).toEqual([
        {
          id: w.one.id,
          code: 'ONE101',
          title: 'Course One',
          enrollmentStatus: 'ACTIVE',
          lookingForTeam: true,
          lookingNote: 'free Tue/Thu',
          team: null,
        },
      ]);
      expect(names((await list(w.as.vera, 'looking=true')).items)).toEqual(['Cleo']);
      expect(names((await list(w.as.vera, `courseId=${w.one.id}&looking=false`)).items)).toEqual([
        'Sami',
        'Theo',
      ]);
      const teamless = await list(w.as.vera, `courseId=${w.one.id}&withoutTeam=true`);
      expect(names(teamless.items)).toEqual(['Cleo', 'Sami']);
      const theo = (await list(w.as.vera, 'search=theo')).items[0]!;
      expect(theo.courses[0]!.team).toEqual({
        id: w.team.id,
        name: 'Vanguard',
        memberCount: 2,
        maxSize: 3,
        isLeader: false,
        // Vera is in it.
        canAskToJoin: false,
      });
      // Pia shares no course with Vera: her card shows none.
      expect((await list(w.as.vera, 'search=pia')).items[0]!.courses).toEqual([]);
    });

    it('refuses a course the caller may not use with 404, and withoutTeam without a course with 400', async () => {
      for (const [headers, courseId] of [
        [w.as.vera, w.bee.id],
        [w.as.vera, w.two.id],
        [w.as.adminB, w.one.id],
        [w.as.vera, randomUUID()],
      ] as const) {
        const res = await get(`/community/students?courseId=${courseId}`, headers);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
      expect((await list(w.as.adminA, `courseId=${w.two.id}`)).total).toBe(2);
      const res = await get('/community/students?withoutTeam=true', w.as.vera);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    });

    it('pages with a total', async () => {
      const first = await list(w.as.adminA, 'limit=3');
      expect(first).toMatchObject({ page: 1, limit: 3, total: 7 });
      expect(names(first.items)).toEqual(['Cleo', 'Ines', 'Otto']);
      const third = await list(w.as.adminA, 'limit=3&page=3');
      expect(names(third.items)).toEqual(['Vera']);
      expect((await list(w.as.adminA, 'limit=3&page=9')).items).toEqual([]);
    });

    it('offers "invite to my team" to a leader with a seat, for active teamless students without a pending invitation', async () => {
      const items = (await list(w.as.vera)).items;
      const options = new Map(items.map((c) => [c.fullname, c.inviteOptions]));
      expect(options.get('Cleo Classmate')).toEqual([
        { courseId: w.one.id, courseCode: 'ONE101', teamId: w.team.id, teamName: 'Vanguard' },
      ]);
      expect(options.get('Theo Teammate')).toEqual([]);
      expect(options.get('Pia Public')).toEqual([]);
      await makeInvitation(w.team, w.cleo.id);
      const after = (await list(w.as.vera, 'search=cleo')).items[0]!;
      expect(after.inviteOptions).toEqual([]);
      // Cleo leads nothing: she has nobody to invite.
      for (const card of (await list(w.as.cleo)).items) expect(card.inviteOptions).toEqual([]);
    });
  });

  describe('a profile', () => {
    it('offers "ask to join" on the team it names only where the apply call would take it', async () => {
      const canAsk = async (headers: Headers) => {
        const res = await get(`/community/students/${w.vera.id}`, headers);
        expect(res.statusCode, res.body).toBe(200);
        const [course] = res.json<{ data: { courses: Card['courses'] } }>().data.courses;
        return (course!.team as { canAskToJoin: boolean }).canAskToJoin;
      };
      expect(await canAsk(w.as.cleo)).toBe(true);
      // Vera is in the team; an admin is no student of the course.
      expect(await canAsk(w.as.vera)).toBe(false);
      expect(await canAsk(w.as.adminA)).toBe(false);

      await setTeam(w.team.id, { openToRequests: false });
      expect(await canAsk(w.as.cleo)).toBe(false);
      await setTeam(w.team.id, { openToRequests: true, maxSize: 2 });
      expect(await canAsk(w.as.cleo)).toBe(false);
      await setTeam(w.team.id, { maxSize: 3 });
      const deadline = w.one.teamFormationDeadline;
      await setCourse(w.one.id, { teamFormationDeadline: pastDate() });
      expect(await canAsk(w.as.cleo)).toBe(false);
      await setCourse(w.one.id, { teamFormationDeadline: deadline });
      const invitation = await makeInvitation(w.team, w.cleo.id);
      expect(await canAsk(w.as.cleo)).toBe(false);
      await (await getWorkerDb()).db.delete(invitations).where(eq(invitations.id, invitation.id));
      expect(await canAsk(w.as.cleo)).toBe(true);

      const applied = await app.inject({
        method: 'POST',
        url: `${API}/student/teams/${w.team.id}/join-requests`,
        headers: w.as.cleo,
        payload: { message: 'Hi' },
      });
      expect(applied.statusCode, applied.body).toBe(201);
      expect((await requestRow(applied.json<{ data: { id: string } }>().data.id)).status).toBe(
        'PENDING',
      );
      expect(await canAsk(w.as.cleo)).toBe(false);
    });

    it('shows stats over the courses in common', async () => {
      const res = await get(`/community/students/${w.theo.id}/stats`, w.as.vera);
      expect(res.json().data).toEqual({
        coursesInCommon: 1,
        teams: 1,
        leading: 0,
        lookingIn: 0,
        skills: 2,
      });
      const cleo = await get(`/community/students/${w.cleo.id}`, w.as.vera);
      expect(cleo.json().data).toMatchObject({
        id: w.cleo.id,
        headline: 'Frontend first',
        skills: ['TypeScript', 'Go', 'Figma'],
        bio: '',
        links: [],
        isSelf: false,
        memberSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
    });

    it('shows activity only in courses the viewer shares with the student', async () => {
      const { db } = await getWorkerDb();
      await recordAudit(
        db,
        {
          action: 'TEAM_CREATED',
          actorId: w.pia.id,
          organizationId: w.orgA.id,
          courseId: w.two.id,
        },
        { action: 'PROFILE_NOTE', actorId: w.pia.id, organizationId: w.orgA.id },
      );
      const vera = await get(`/community/students/${w.pia.id}/activity`, w.as.vera);
      expect(vera.json().data).toMatchObject({ items: [], total: 0 });
      const ottoHeaders = bearer((await signIn(app, w.otto.email)).token);
      const otto = await get(`/community/students/${w.pia.id}/activity`, ottoHeaders);
      expect(otto.json().data.total).toBe(1);
      const admin = await get(`/community/students/${w.pia.id}/activity`, w.as.adminA);
      expect(admin.json().data.total).toBe(2);
    });

    it('shows other students only the team milestones, the student and admins everything', async () => {
      const { db } = await getWorkerDb();
      const inCourseTwo = { organizationId: w.orgA.id, courseId: w.two.id };
      await recordAudit(
        db,
        { action: 'STATUS_CHANGED', actorId: w.adminA.id, targetUserId: w.pia.id, ...inCourseTwo },
        { action: 'REQUEST_CREATED', actorId: w.pia.id, ...inCourseTwo },
        {
          action: 'INVITATION_CREATED',
          actorId: w.theo.id,
          targetUserId: w.pia.id,
          ...inCourseTwo,
        },
        { action: 'MEMBER_REMOVED', actorId: w.theo.id, targetUserId: w.pia.id, ...inCourseTwo },
        { action: 'NOTICE_POSTED', actorId: w.pia.id, ...inCourseTwo },
        { action: 'MEMBER_JOINED', actorId: w.pia.id, ...inCourseTwo },
      );
      const ottoHeaders = bearer((await signIn(app, w.otto.email)).token);
      const otto = await get(`/community/students/${w.pia.id}/activity?limit=100`, ottoHeaders);
      const actions = (res: { json(): { data: { items: { action: string }[] } } }) =>
        res.json().data.items.map((e) => e.action);
      expect(actions(otto)).toEqual(['MEMBER_JOINED']);
      const self = await get(
        `/community/students/${w.pia.id}/activity?limit=100`,
        bearer((await signIn(app, w.pia.email)).token),
      );
      expect(actions(self)).toHaveLength(6);
      const admin = await get(`/community/students/${w.pia.id}/activity?limit=100`, w.as.adminA);
      expect(actions(admin)).toHaveLength(6);
    });
  });

  describe('skill suggestions', () => {
    it('suggests by prefix the skills of the students the caller sees, most used first', async () => {
      const res = await get('/community/skills?q=t', w.as.vera);
      expect(res.statusCode).toBe(200);
      // Cleo and Pia (Xavi is of another organization).
      expect(res.json().data.items).toEqual([{ skill: 'TypeScript', count: 2 }]);
      const all = await get('/community/skills', w.as.vera);
      expect(all.json().data.items[0]).toEqual({ skill: 'Go', count: 2 });
      const admin = await get('/community/skills?q=go', w.as.adminA);
      expect(admin.json().data.items).toEqual([{ skill: 'Go', count: 4 }]);
      const other = await get('/community/skills?q=go', w.as.adminB);
      expect(other.json().data.items).toEqual([{ skill: 'Go', count: 1 }]);
      const literal = await get(`/community/skills?q=${encodeURIComponent('%')}`, w.as.vera);
      expect(literal.json().data.items).toEqual([]);
    });
  });

  describe('a fixed number of statements whatever the page size', () => {
    /** Statements sent for one request after a warm-up, others' left out (statementsDuring). */
    async function statementsFor(url: string, headers: Headers): Promise<number> {
      expect((await get(url, headers)).statusCode).toBe(200);
      const texts = await statementsDuring(app, async () => {
        const res = await get(url, headers);
        expect(res.statusCode, res.body).toBe(200);
      });
      return texts.length;
    }

    it('counts the same for four students or thirty', async () => {
      const urls = [
        '/community/skills',
        '/community/students?limit=100',
        `/community/students?limit=100&courseId=${w.one.id}&looking=true&skills=go`,
        `/community/students/${w.cleo.id}`,
        `/community/students/${w.cleo.id}/stats`,
        `/community/students/${w.cleo.id}/activity?limit=100`,
      ];
      const small: number[] = [];
      for (const url of urls) small.push(await statementsFor(url, w.as.vera));
      expect(small).toEqual([1, 1, 1, 1, 1, 3]);
      const { db } = await getWorkerDb();
      const more = await db
        .insert(users)
        .values(
          Array.from({ length: 26 }, (_, i) => ({
            email: `bulk-${i}@example.edu`,
            fullname: `Bulk ${i}`,
            skills: ['Go', 'Docker'],
          })),
        )
        .returning({ id: users.id, email: users.email });
      await db.insert(enrollments).values(
        more.map((u) => ({
          courseId: w.one.id,
          email: u.email,
          userId: u.id,
          fullname: 'Bulk',
          status: 'ACTIVE' as const,
          source: 'MANUAL' as const,
          lookingForTeam: true,
        })),
      );
      const large: number[] = [];
      for (const url of urls) large.push(await statementsFor(url, w.as.vera));
      expect(large).toEqual(small);
      expect((await list(w.as.vera, `courseId=${w.one.id}&looking=true&skills=go`)).total).toBe(27);
    });
  });

  it('requires sign-in', async () => {
    for (const url of [
      '/community/skills',
      '/community/students',
      `/community/students/${w.cleo.id}`,
    ]) {
      const res = await app.inject({ method: 'GET', url: `${API}${url}` });
      expect(res.statusCode).toBe(401);
    }
  });
});
