import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { StudentDashboard } from '@teamup/shared';
import {
  enrollments,
  organizations,
  teamMembers,
  teams,
  users,
} from '../../../src/db/schema/index.js';
import {
  makeAdminOf,
  makeCourse,
  makeEnrollment,
  makeOrganization,
  makeTeam,
  makeUser,
} from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn, statementsDuring } from '../../helper.js';
import {
  makeInvitation,
  makeJoinRequest,
  makeNotice,
  pastDate,
  setCourse,
} from '../teams/requests-world.js';

const short = () => randomUUID().slice(0, 8);
const days = (n: number) => new Date(Date.now() + n * 86_400_000);
type Headers = Record<string, string>;
const EMPTY: StudentDashboard = {
  invitations: [],
  joinRequests: [],
  myRequests: [],
  teamlessCourses: [],
  unreadNotices: [],
  openSurveys: [],
  courses: [],
  teams: [],
};

/** A student enrolled in the courses (ACTIVE unless told otherwise), with skills. */
async function student(
  fullname: string,
  courseIds: string[],
  extra: { skills?: string[]; status?: 'ACTIVE' | 'INACTIVE'; headline?: string } = {},
) {
  const { db } = await getWorkerDb();
  const user = await makeUser({
    email: `${fullname.split(' ')[0]!.toLowerCase()}-${short()}@example.edu`,
    fullname,
  });
  for (const courseId of courseIds) {
    await makeEnrollment(courseId, {
      email: user.email,
      userId: user.id,
      fullname,
      status: extra.status ?? 'ACTIVE',
    });
  }
  if (extra.skills || extra.headline) {
    await db
      .update(users)
      .set({
        ...(extra.skills ? { skills: extra.skills } : {}),
        ...(extra.headline ? { headline: extra.headline } : {}),
      })
      .where(eq(users.id, user.id));
  }
  return user;
}

async function setLooking(courseId: string, userId: string, note = '') {
  const { db } = await getWorkerDb();
  await db
    .update(enrollments)
    .set({ lookingForTeam: true, lookingNote: note })
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)));
}

/**
 * Dana (skills Go, SQL) is the dashboard's owner. Organization A: course One (deadline in 3
 * days, Dana teamless there), course Two (10 days, Dana leads Dragons with Max), course Three
 * (Dana INACTIVE), course Old (archived, Dana teamless). Organization B: course Bee, where Dana
 * is not enrolled. Names carry what a person is for.
 */
async function dashboardWorld(app: FastifyInstance) {
  const orgA = await makeOrganization({ name: 'Org A' });
  const orgB = await makeOrganization({ name: 'Org B' });
  const one = await makeCourse(orgA.id, { code: 'ONE101', title: 'Course One', deadline: days(3) });
  const two = await makeCourse(orgA.id, {
    code: 'TWO201',
    title: 'Course Two',
    deadline: days(10),
  });
  const three = await makeCourse(orgA.id, { code: 'THR301', deadline: days(5) });
  const old = await makeCourse(orgA.id, { code: 'OLD100', archived: true });
  const bee = await makeCourse(orgB.id, { code: 'BEE101', deadline: days(1) });

  const dana = await student('Dana Dashboard', [one.id, two.id, old.id], {
    skills: ['Go', ' sql '],
  });
  await makeEnrollment(three.id, {
    email: dana.email,
    userId: dana.id,
    fullname: dana.fullname,
    status: 'INACTIVE',
  });

  // Course One's teams, as the next steps see them.
  const leader = async (name: string) => student(name, [one.id]);
  const al = await leader('Al Alpha');
  const bo = await leader('Bo Beta');
  const gi = await leader('Gi Gamma');
  const de = await leader('De Delta');
  const ed = await leader('Ed Echo');
  const fo = await leader('Fo Foxtrot');
  const ho = await leader('Ho Hotel');
  const { db } = await getWorkerDb();
  const team = async (
    name: string,
    leaderId: string,
    wanted: string[],
    input: { maxSize?: number; openToRequests?: boolean } = {},
  ) => {
    const t = await makeTeam(one.id, leaderId, { name, maxSize: input.maxSize ?? 4, ...input });
    await db.update(teams).set({ wantedSkills: wanted }).where(eq(teams.id, t.id));
    return t;
  };
  const alpha = await team('Alpha', al.id, ['Rust']);
  const beta = await team('Beta', bo.id, ['Figma', 'go', 'SQL']);
  const gamma = await team('Gamma', gi.id, ['SQL']);
  await team('Delta', de.id, ['Go'], { maxSize: 1 }); // full
  await team('Echo', ed.id, ['Go', 'SQL'], { openToRequests: false }); // closed
  const foxtrot = await team('Foxtrot', fo.id, ['Go', 'SQL']); // Dana asked already
  await team('Hotel', ho.id, []);

  // Looking in One: four teamless classmates, a leader whose flag stays on, an INACTIVE one.
  const cleo = await student('Cleo Looking', [one.id], { headline: 'Frontend first' });
  const lou = await student('Lou Looking', [one.id]);
  const mia = await student('Mia Looking', [one.id]);
  const nat = await student('Nat Looking', [one.id]);
  const ines = await student('Ines Inactive', [one.id], { status: 'INACTIVE' });
  await student('Quiet Quinn', [one.id]);
  for (const [u, note] of [
    [cleo, 'free Tue/Thu'],
    [lou, ''],
    [mia, ''],
    [nat, ''],
    [ines, ''],
    [al, ''],
  ] as const) {
    await setLooking(one.id, u.id, note);
  }

  // Course Two: Dana leads Dragons with Max; Sam and Tia asked to join.
  const max = await student('Max Member', [two.id]);
  const sam = await student('Sam Applicant', [two.id], { skills: ['Python'] });
  const tia = await student('Tia Applicant', [two.id]);
  const dragons = await makeTeam(two.id, dana.id, {
    name: 'Dragons',
    maxSize: 4,
    members: [max.id],
  });
  const samRequest = await makeJoinRequest(dragons, sam.id, {
    message: 'I can help',
    createdAt: new Date(Date.now() - 7_200_000),
  });
  const tiaRequest = await makeJoinRequest(dragons, tia.id, { createdAt: new Date() });
  await makeJoinRequest(dragons, max.id, { status: 'REJECTED' }); // decided: not shown
  // Another team of Two that Dana does not lead: its requests are not hers.
  const ray = await student('Ray Rival', [two.id]);
  const rivals = await makeTeam(two.id, ray.id, { name: 'Rivals' });
  const uma = await student('Uma Other', [two.id]);
  await makeJoinRequest(rivals, uma.id);

  // Invitations to Dana: Alpha's (pending), an older one rejected, one in the archived course.
  const alphaInvitation = await makeInvitation(alpha, dana.id, { message: 'Join us' });
  await makeInvitation(gamma, dana.id, { status: 'REJECTED' });
  const oldLeader = await student('Olive Old', [old.id]);
  const oldTeam = await makeTeam(old.id, oldLeader.id, { name: 'Old Team' });
  await makeInvitation(oldTeam, dana.id);

  // Dana's own request to Foxtrot.
  const myRequest = await makeJoinRequest(foxtrot, dana.id, { message: 'pick me' });

  // Organization B: a team wanting Dana's skills, a looking student, requests, notices.
  const xavi = await student('Xavi Elsewhere', [bee.id], { skills: ['Go'] });
  const yara = await student('Yara Elsewhere', [bee.id]);
  await setLooking(bee.id, yara.id);
  const beeTeam = await makeTeam(bee.id, xavi.id, { name: 'Bee Team' });
  await makeJoinRequest(beeTeam, yara.id);
  await makeNotice(beeTeam.id, xavi.id);

  const adminA = await makeAdminOf([orgA.id], { email: `admin-a-${short()}@example.edu` });
  const superadmin = await makeUser({ email: `super-${short()}@example.edu`, role: 'SUPERADMIN' });
  const headers = async (email: string) => bearer((await signIn(app, email)).token);
  return {
    orgA,
    orgB,
    one,
    two,
    three,
    old,
    bee,
    dana,
    al,
    max,
    sam,
    tia,
    cleo,
    xavi,
    alpha,
    beta,
    gamma,
    foxtrot,
    dragons,
    rivals,
    samRequest,
    tiaRequest,
    alphaInvitation,
    myRequest,
    as: {
      dana: await headers(dana.email),
      max: await headers(max.email),
      sam: await headers(sam.email),
      xavi: await headers(xavi.email),
      adminA: await headers(adminA.email),
      superadmin: await headers(superadmin.email),
    },
  };
}

type World = Awaited<ReturnType<typeof dashboardWorld>>;

describe('student dashboard', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  beforeEach(async () => {
    w = await dashboardWorld(app);
  });

  const dashboard = async (headers: Headers): Promise<StudentDashboard> => {
    const res = await app.inject({ method: 'GET', url: `${API}/student/dashboard`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: StudentDashboard }>().data;
  };
  const seen = (teamId: string, headers: Headers) =>
    app.inject({ method: 'POST', url: `${API}/student/teams/${teamId}/notices/seen`, headers });

  it('lists the invitations to me that are pending, with team, course and inviter', async () => {
    const d = await dashboard(w.as.dana);
    expect(d.invitations).toEqual([
      {
        id: w.alphaInvitation.id,
        teamId: w.alpha.id,
        teamName: 'Alpha',
        courseId: w.one.id,
        courseCode: 'ONE101',
        courseTitle: 'Course One',
        invitedBy: { id: w.al.id, fullname: 'Al Alpha', avatar: null },
        message: 'Join us',
        createdAt: w.alphaInvitation.createdAt.toISOString(),
      },
    ]);
  });

  it('lists pending join requests to the teams I lead, longest waiting first, and mine', async () => {
    const d = await dashboard(w.as.dana);
    expect(d.joinRequests).toEqual([
      {
        id: w.samRequest.id,
        teamId: w.dragons.id,
        teamName: 'Dragons',
        courseId: w.two.id,
        courseCode: 'TWO201',
        applicant: { id: w.sam.id, fullname: 'Sam Applicant', avatar: null, skills: ['Python'] },
        message: 'I can help',
        createdAt: w.samRequest.createdAt.toISOString(),
      },
      expect.objectContaining({ id: w.tiaRequest.id, message: '' }),
    ]);
    expect(d.myRequests).toEqual([
      {
        id: w.myRequest.id,
        teamId: w.foxtrot.id,
        teamName: 'Foxtrot',
        courseId: w.one.id,
        courseCode: 'ONE101',
        message: 'pick me',
        createdAt: w.myRequest.createdAt.toISOString(),
        status: 'PENDING',
        waitlistPosition: null,
      },
    ]);
    // Max is a member, not the leader: Dragons' requests are not his to answer.
    expect((await dashboard(w.as.max)).joinRequests).toEqual([]);
    // Sam sees his own request, not the leader's view of it.
    const sam = await dashboard(w.as.sam);
    expect(sam.myRequests.map((r) => r.id)).toEqual([w.samRequest.id]);
    expect(sam.joinRequests).toEqual([]);
  });

  it('lists my waitlisted requests with my place in line, until the deadline', async () => {
    const { db } = await getWorkerDb();
    const [delta] = await db
      .select({ id: teams.id, courseId: teams.courseId, name: teams.name })
      .from(teams)
      .where(and(eq(teams.courseId, w.one.id), eq(teams.name, 'Delta')));
    await makeJoinRequest(delta!, w.cleo.id, {
      status: 'WAITLISTED',
      createdAt: new Date(Date.now() - 60_000),
    });
    const mine = await makeJoinRequest(delta!, w.dana.id, { status: 'WAITLISTED' });
    const d = await dashboard(w.as.dana);
    expect(d.myRequests).toEqual([
      {
        id: mine.id,
        teamId: delta!.id,
        teamName: 'Delta',
        courseId: w.one.id,
        courseCode: 'ONE101',
        message: '',
        createdAt: mine.createdAt.toISOString(),
        status: 'WAITLISTED',
        waitlistPosition: 2,
      },
      expect.objectContaining({ id: w.myRequest.id, status: 'PENDING', waitlistPosition: null }),
    ]);
    // Once the deadline has passed the waitlist is over; the pending request is still there.
    await setCourse(w.one.id, { teamFormationDeadline: pastDate() });
    expect((await dashboard(w.as.dana)).myRequests.map((r) => r.id)).toEqual([w.myRequest.id]);
  });

  it('gives teamless courses with the open teams that want my skills first and looking classmates', async () => {
    const d = await dashboard(w.as.dana);
    // Two has her team, Three is INACTIVE, Old is archived: only One.
    expect(d.teamlessCourses).toHaveLength(1);
    const [one] = d.teamlessCourses;
    expect(one).toMatchObject({
      courseId: w.one.id,
      code: 'ONE101',
      title: 'Course One',
      teamSizeMin: 2,
      teamSizeMax: 4,
      teamFormationDeadline: w.one.teamFormationDeadline.toISOString(),
      deadlinePassed: false,
      lookingForTeam: false,
      // Alpha, Beta, Gamma, Hotel: Delta is full, Echo closed, Foxtrot already asked.
      openTeamCount: 4,
      lookingClassmateCount: 4,
    });
    expect(one!.openTeams).toEqual([
      {
        id: w.beta.id,
        name: 'Beta',
        memberCount: 1,
        maxSize: 4,
        wantedSkills: ['Figma', 'go', 'SQL'],
        matchedSkills: ['go', 'SQL'],
      },
      expect.objectContaining({ name: 'Gamma', matchedSkills: ['SQL'] }),
      expect.objectContaining({ name: 'Alpha', matchedSkills: [] }),
    ]);
    // Cleo, Lou, Mia, Nat look (by name, three shown); Al has a team, Ines is INACTIVE, Quinn
    // does not look, Yara is of another organization.
    expect(one!.lookingClassmates).toEqual([
      {
        id: w.cleo.id,
        fullname: 'Cleo Looking',
        avatar: null,
        headline: 'Frontend first',
        lookingNote: 'free Tue/Thu',
      },
      expect.objectContaining({ fullname: 'Lou Looking' }),
      expect.objectContaining({ fullname: 'Mia Looking' }),
    ]);
  });

  it('has no next steps once the deadline passed', async () => {
    await setCourse(w.one.id, { teamFormationDeadline: pastDate() });
    const [one] = (await dashboard(w.as.dana)).teamlessCourses;
    expect(one).toMatchObject({
      deadlinePassed: true,
      openTeamCount: 0,
      openTeams: [],
      lookingClassmateCount: 0,
      lookingClassmates: [],
    });
  });

  it('counts notices by others since I last saw the board, and clears them when I have seen it', async () => {
    const older = await makeNotice(w.dragons.id, w.max.id, {
      body: 'First notice',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newest = await makeNotice(w.dragons.id, w.max.id, {
      body: 'x'.repeat(200),
      createdAt: new Date(Date.now() - 30_000),
    });
    // Dana's own notice, even the newest, is not news to her.
    await makeNotice(w.dragons.id, w.dana.id, { createdAt: new Date(Date.now() - 1_000) });
    expect(older.id).toBeTruthy();
    const before = await dashboard(w.as.dana);
    expect(before.unreadNotices).toEqual([
      {
        teamId: w.dragons.id,
        teamName: 'Dragons',
        courseCode: 'TWO201',
        count: 2,
        newest: {
          id: newest.id,
          authorName: 'Max Member',
          excerpt: 'x'.repeat(140),
          createdAt: newest.createdAt.toISOString(),
        },
      },
    ]);
    // Max sees Dana's one notice as news; his own two are not.
    expect((await dashboard(w.as.max)).unreadNotices.map((n) => n.count)).toEqual([1]);

    const res = await seen(w.dragons.id, w.as.dana);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: { teamId: string; noticesSeenAt: string } }>();
    expect(data.teamId).toBe(w.dragons.id);
    const { db } = await getWorkerDb();
    const [seat] = await db
      .select({ seenAt: teamMembers.noticesSeenAt })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, w.dragons.id), eq(teamMembers.userId, w.dana.id)));
    expect(seat!.seenAt!.toISOString()).toBe(data.noticesSeenAt);
    expect((await dashboard(w.as.dana)).unreadNotices).toEqual([]);
    // Max's seat is his own: still one new notice for him.
    expect((await dashboard(w.as.max)).unreadNotices.map((n) => n.count)).toEqual([1]);

    // A notice posted after that is news again.
    await makeNotice(w.dragons.id, w.max.id, { createdAt: new Date(Date.now() + 1_000) });
    expect((await dashboard(w.as.dana)).unreadNotices.map((n) => n.count)).toEqual([1]);
  });

  it('gives my courses and my teams in short', async () => {
    const d = await dashboard(w.as.dana);
    expect(d.courses).toEqual([
      {
        courseId: w.one.id,
        code: 'ONE101',
        title: 'Course One',
        teamFormationDeadline: w.one.teamFormationDeadline.toISOString(),
        deadlinePassed: false,
        enrollmentStatus: 'ACTIVE',
        team: null,
      },
      expect.objectContaining({
        courseId: w.three.id,
        enrollmentStatus: 'INACTIVE',
        team: null,
      }),
      expect.objectContaining({
        courseId: w.two.id,
        enrollmentStatus: 'ACTIVE',
        team: { id: w.dragons.id, name: 'Dragons' },
      }),
    ]);
    expect(d.teams).toEqual([
      {
        id: w.dragons.id,
        name: 'Dragons',
        courseId: w.two.id,
        courseCode: 'TWO201',
        courseTitle: 'Course Two',
        memberCount: 2,
        maxSize: 4,
        isLeader: true,
      },
    ]);
    expect((await dashboard(w.as.max)).teams).toEqual([
      expect.objectContaining({ id: w.dragons.id, isLeader: false }),
    ]);
  });

  it("never shows another organization's data nor anyone's email", async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${API}/student/dashboard`,
      headers: w.as.dana,
    });
    expect(res.body).not.toContain('@example.edu');
    expect(res.body).not.toMatch(/Bee|Xavi|Yara|Rivals|Uma|Old Team/);
    // Xavi, in organization B only, sees only his own.
    const x = await dashboard(w.as.xavi);
    expect(x.courses.map((c) => c.code)).toEqual(['BEE101']);
    expect(x.joinRequests).toHaveLength(1);
    expect(JSON.stringify(x)).not.toMatch(/ONE101|TWO201|Dragons|Alpha/);
  });

  it('leaves out the courses and teams of a deleted organization', async () => {
    const { db } = await getWorkerDb();
    await db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, w.orgA.id));
    const d = await dashboard(w.as.dana);
    expect(d).toEqual(EMPTY);
    expect((await seen(w.dragons.id, w.as.dana)).statusCode).toBe(404);
  });

  it('is empty for a new student without an enrollment', async () => {
    const newbie = await makeUser({ email: `newbie-${short()}@example.edu` });
    const d = await dashboard(bearer((await signIn(app, newbie.email)).token));
    expect(d).toEqual(EMPTY);
  });

  it('is for students only; marking seen is for the team’s members only', async () => {
    expect((await app.inject({ method: 'GET', url: `${API}/student/dashboard` })).statusCode).toBe(
      401,
    );
    for (const headers of [w.as.adminA, w.as.superadmin]) {
      const res = await app.inject({ method: 'GET', url: `${API}/student/dashboard`, headers });
      expect(res.statusCode).toBe(403);
    }
    // A classmate of the course, another organization's student, the course's admin: 404.
    for (const headers of [w.as.sam, w.as.xavi, w.as.adminA, w.as.superadmin]) {
      expect((await seen(w.dragons.id, headers)).statusCode).toBe(404);
    }
    expect((await seen(randomUUID(), w.as.dana)).statusCode).toBe(404);
    const bad = await seen('not-a-uuid', w.as.dana);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${API}/student/teams/${w.dragons.id}/notices/seen`,
        })
      ).statusCode,
    ).toBe(401);
  });

  describe('a fixed number of statements whatever the data size', () => {
    /** Statements sent for one request after a warm-up, others' left out (statementsDuring). */
    async function statementsFor(headers: Headers): Promise<number> {
      await dashboard(headers);
      return (await statementsDuring(app, () => dashboard(headers))).length;
    }

    it('is one statement for a handful of rows or many', async () => {
      expect(await statementsFor(w.as.dana)).toBe(1);
      const { db } = await getWorkerDb();
      // Twenty more looking classmates in One, twenty more notices, ten more applicants.
      const more = await db
        .insert(users)
        .values(
          Array.from({ length: 20 }, (_, i) => ({
            email: `bulk-${i}-${short()}@example.edu`,
            fullname: `Bulk ${i}`,
          })),
        )
        .returning({ id: users.id, email: users.email });
      await db.insert(enrollments).values(
        more.flatMap((u) => [
          {
            courseId: w.one.id,
            email: u.email,
            userId: u.id,
            fullname: 'Bulk',
            status: 'ACTIVE' as const,
            source: 'MANUAL' as const,
            lookingForTeam: true,
          },
          {
            courseId: w.two.id,
            email: u.email,
            userId: u.id,
            fullname: 'Bulk',
            status: 'ACTIVE' as const,
            source: 'MANUAL' as const,
          },
        ]),
      );
      for (const u of more.slice(0, 10)) await makeJoinRequest(w.dragons, u.id);
      for (let i = 0; i < 20; i++) await makeNotice(w.dragons.id, w.max.id);
      expect(await statementsFor(w.as.dana)).toBe(1);
      const d = await dashboard(w.as.dana);
      expect(d.teamlessCourses[0]!.lookingClassmateCount).toBe(24);
      expect(d.teamlessCourses[0]!.lookingClassmates).toHaveLength(3);
      expect(d.joinRequests).toHaveLength(12);
      expect(d.unreadNotices[0]!.count).toBe(20);
    });
  });
});
