// Issue 28 end to end on the server: a platform simulator (its own keys, authorization and
// token endpoints, NRPS pages) and the app's /lti/login, /lti/launch, POST /auth/login/lti and
// roster sync, as a browser would drive them (the cookie jar and Origin included).
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/query-rows.js';
import { changeStatus } from '../../../src/modules/enrollments/service.js';
import { loadToolKeys } from '../../../src/modules/lti/keys.js';
import { createServiceTokenClient } from '../../../src/modules/lti/service-token.js';
import { syncDueRosters } from '../../../src/modules/lti/sync-job.js';
import { createRosterSync } from '../../../src/modules/lti/sync-service.js';
import { lockStudentWithTeam, releaseFromCourse } from '../../../src/modules/teams/membership.js';
import { giveDomains, makeAdminOf, makeOrganization } from '../../fixtures.js';
import {
  API,
  bearer,
  buildTestApp,
  buildTwoProcesses,
  driver,
  getWorkerDb,
  signIn,
  testConfig,
} from '../../helper.js';
import { launchFrom, registerPlatform, signedInByLaunchFrom } from './launch-driver.js';
import {
  LIS,
  makeRoster,
  startPlatformSimulator,
  type PlatformSimulator,
  type SimulatorLaunch,
} from './simulator.js';

const TOOL = 'http://localhost:5173';

let app: FastifyInstance;
let sim: PlatformSimulator;
let org: { id: string };

const register = (target = app) => registerPlatform(target, sim, org.id);

/** The browser's whole launch; returns the answer of POST /lti/launch and the form it posted. */
const launch = (l: SimulatorLaunch, options: { target?: FastifyInstance; cookie?: string } = {}) =>
  launchFrom(options.target ?? app, sim, l, options);

/** Launch, then exchange the code as the web app does: the session's token and landing page. */
const signedInByLaunch = (l: SimulatorLaunch, target = app) => signedInByLaunchFrom(target, sim, l);

const instructor = (sub = 'inst-1'): SimulatorLaunch => ({
  user: { sub, name: 'Ines Instructor', email: 'ines@uni.example.edu', roles: [LIS.instructor] },
});
const learner = (
  sub: string,
  email: string | null = `${sub}@uni.example.edu`,
): SimulatorLaunch => ({
  user: { sub, name: `Learner ${sub}`, email, roles: [LIS.learner] },
});

beforeEach(async () => {
  app = await buildTestApp();
  org = await makeOrganization({ name: 'Uni' });
  // The addresses this LMS vouches for (decision 141); identity-rule.test.ts covers the rest.
  await giveDomains(org.id, ['uni.example.edu', 'example.edu']);
  sim = await startPlatformSimulator({
    toolBaseUrl: TOOL,
    toolJwks: async () => (await app.inject({ method: 'GET', url: '/lti/jwks' })).json(),
  });
});
afterEach(async () => {
  await sim.close();
});

describe('LTI launch', () => {
  it("an instructor's first launch creates the course and lands on its admin page, signed in", async () => {
    await register();
    const ines = await signedInByLaunch(instructor());
    expect(ines.target).toMatch(/^\/admin\/courses\/[0-9a-f-]{36}$/);
    const courseId = ines.target.split('/').pop()!;
    const course = await app.inject({
      method: 'GET',
      url: `${API}/courses/${courseId}`,
      headers: bearer(ines.token),
    });
    expect(course.statusCode, course.body).toBe(200);
    expect(course.json().data).toMatchObject({ code: 'SE101', title: 'Software Engineering' });
    const staff = await app.inject({
      method: 'GET',
      url: `${API}/staff/courses`,
      headers: bearer(ines.token),
    });
    expect(staff.json().data.items).toEqual([
      expect.objectContaining({ id: courseId, role: 'INSTRUCTOR' }),
    ]);
    // The code was single use.
    const again = await app.inject({
      method: 'POST',
      url: `${API}/auth/login/lti`,
      payload: { code: ines.code },
    });
    expect(again.statusCode).toBe(401);
  });

  it("a learner's launch enrolls them and lands on the course page; a TA becomes a teaching assistant", async () => {
    await register();
    const ines = await signedInByLaunch(instructor());
    const courseId = ines.target.split('/').pop()!;
    const lea = await signedInByLaunch(learner('learner-1'));
    expect(lea.target).toBe(`/courses/${courseId}`);
    const page = await app.inject({
      method: 'GET',
      url: `${API}/student/courses/${courseId}`,
      headers: bearer(lea.token),
    });
    expect(page.statusCode, page.body).toBe(200);
    const ta = await signedInByLaunch({
      user: { sub: 'ta-1', name: 'Tom TA', email: null, roles: [LIS.teachingAssistant] },
    });
    expect(ta.target).toBe(`/admin/courses/${courseId}`);
    const patch = await app.inject({
      method: 'PATCH',
      url: `${API}/courses/${courseId}/update`,
      headers: bearer(ta.token),
      payload: { title: 'Nope' },
    });
    expect(patch.statusCode).toBe(403);
    // A second launch of the same person is the same account.
    const leaAgain = await signedInByLaunch(learner('learner-1'));
    expect(leaAgain.user.id).toBe(lea.user.id);
  });

  it('a learner before any instructor, an unknown platform and a role Teamup does not know get a page that says so', async () => {
    await register();
    const early = await launch(learner('early'));
    expect(early.answer.statusCode).toBe(401);
    expect(early.answer.headers['content-type']).toMatch(/text\/html/);
    expect(early.answer.body).toContain('your instructor opens it');
    await signedInByLaunch(instructor());
    const mentor = await launch({ user: { sub: 'm', name: 'M', roles: [LIS.mentor] } });
    expect(mentor.answer.statusCode).toBe(401);
    expect(mentor.answer.body).toContain('not one Teamup works with');
    const other = await startPlatformSimulator({ toolBaseUrl: TOOL });
    try {
      const res = await app.inject({
        method: 'GET',
        url:
          new URL(other.loginUrl(learner('x'))).pathname +
          new URL(other.loginUrl(learner('x'))).search,
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('not registered in Teamup');
    } finally {
      await other.close();
    }
  });

  it('refuses a replayed launch and a state from another browser (the token checks: launch.test.ts)', async () => {
    await register();
    await signedInByLaunch(instructor());
    const first = await launch(learner('l2'));
    expect(first.answer.statusCode).toBe(303);
    // The same form posted again (a replay): the nonce is used.
    const replay = await app.inject({
      method: 'POST',
      url: '/lti/launch',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: first.loginCookie,
      },
      payload: new URLSearchParams(first.form.fields).toString(),
    });
    expect(replay.statusCode).toBe(401);
    // Another browser (no login cookie) posting a fresh launch's form.
    const stolen = await launch(learner('l3'), { cookie: '' });
    expect(stolen.answer.statusCode).toBe(401);
    expect(stolen.answer.body).toContain('Teamup could not open');
  });

  it('an email inside the domains links to an account that has no role in another organization', async () => {
    await register();
    await signedInByLaunch(instructor());
    const { db } = await getWorkerDb();
    // Ines's address belonged to nobody: her account has it.
    const [ines] = await queryRows<{ email: string }>(
      db,
      sql`select u.email from lti_identities i join users u on u.id = i.user_id where i.sub = 'inst-1'`,
    );
    expect(ines!.email).toBe('ines@uni.example.edu');
    // Someone of another organization with the address a learner's launch claims: not linked.
    const otherOrg = await makeOrganization({ name: 'Elsewhere' });
    await makeAdminOf([otherOrg.id], { email: 'victim@uni.example.edu' });
    const claimed = await signedInByLaunch(learner('attacker', 'victim@uni.example.edu'));
    const [victim] = await queryRows<{ id: string }>(
      db,
      sql`select id from users where email = 'victim@uni.example.edu'`,
    );
    expect(claimed.user.id).not.toBe(victim!.id);
  });
});

describe('roster sync (NRPS)', () => {
  it('previews, then enrolls, deactivates and reactivates as the LMS says', async () => {
    await register();
    const ines = await signedInByLaunch(instructor());
    const courseId = ines.target.split('/').pop()!;
    const roster = [
      {
        user_id: 'inst-1',
        status: 'Active' as const,
        name: 'Ines Instructor',
        email: 'ines@uni.example.edu',
        roles: [LIS.instructor],
      },
      ...makeRoster(30),
    ];
    sim.setRoster(roster);
    const sync = (preview: boolean) =>
      app.inject({
        method: 'POST',
        url: `${API}/admin/courses/${courseId}/lti/sync`,
        headers: bearer(ines.token),
        payload: { preview },
      });
    const preview = await sync(true);
    expect(preview.statusCode, preview.body).toBe(200);
    const learners = roster.filter((m) => m.roles.includes(LIS.learner)).length;
    expect(preview.json().data).toMatchObject({ applied: false, enrolled: learners });
    const { db } = await getWorkerDb();
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from enrollments where course_id = ${courseId}
            and removed_at is null and status <> 'INACTIVE'`,
        )
      )[0]!.n;
    expect(await count()).toBe(0);
    const applied = await sync(false);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ applied: true, enrolled: learners });
    expect(await count()).toBe(learners);
    // Nothing changes the second time.
    expect((await sync(false)).json().data).toMatchObject({ enrolled: 0, deactivated: 0 });
    // A learner who never launched is PENDING: leaving the LMS course does not deactivate that.
    const leaving = roster.find((m) => m.roles.includes(LIS.learner) && m.email)!;
    sim.setRoster(roster.filter((m) => m !== leaving));
    expect((await sync(false)).json().data).toMatchObject({ deactivated: 0 });
    sim.setRoster(roster);
    // Once they launched (ACTIVE), leaving makes them INACTIVE, and coming back ACTIVE again.
    const launched = await signedInByLaunch(learner(leaving.user_id, leaving.email ?? null));
    expect(launched.target).toBe(`/courses/${courseId}`);
    sim.setRoster(roster.filter((m) => m !== leaving));
    expect((await sync(false)).json().data).toMatchObject({ deactivated: 1 });
    sim.setRoster(roster);
    expect((await sync(false)).json().data).toMatchObject({ reactivated: 1 });
  });

  it('the nightly job syncs each linked course once a day, as its instructor', async () => {
    await register();
    const ines = await signedInByLaunch(instructor());
    const courseId = ines.target.split('/').pop()!;
    sim.setRoster([
      {
        user_id: 'inst-1',
        name: 'Ines Instructor',
        email: 'ines@uni.example.edu',
        roles: [LIS.instructor],
      },
      ...makeRoster(12).slice(3),
    ]);
    const handle = await getWorkerDb();
    const sync = createRosterSync({
      db: handle.db,
      tokens: createServiceTokenClient({
        keys: await loadToolKeys({ dataDir: testConfig().DATA_DIR }),
      }),
      setStatus: (tx, caller, id, status) =>
        changeStatus(
          tx,
          caller,
          { lock: lockStudentWithTeam, release: releaseFromCourse },
          id,
          status,
        ),
      log: app.log,
    });
    expect(await syncDueRosters(handle.db, sync, app.log)).toBe(1);
    // Claimed for a day: the next round has nothing to do.
    expect(await syncDueRosters(handle.db, sync, app.log)).toBe(0);
    const [row] = await queryRows<{ n: number; synced: boolean }>(
      handle.db,
      sql`select (select count(*)::int from enrollments where course_id = ${courseId}) as n,
          (select last_synced_at is not null from lti_contexts where course_id = ${courseId}) as synced`,
    );
    expect(row).toEqual({ n: 9, synced: true });

    // Issue 35: a linked course without an instructor (the demo's before anyone launched as
    // one) is not claimed and draws no warning; it is due again once it has one.
    const staff = await queryRows<{ id: string; user_id: string }>(
      handle.db,
      sql`delete from course_staff where course_id = ${courseId} returning id, user_id`,
    );
    expect(staff.length).toBeGreaterThan(0);
    await handle.db.execute(
      sql`update lti_contexts set sync_claimed_at = null where course_id = ${courseId}`,
    );
    const warnings: unknown[] = [];
    const log = Object.assign(Object.create(app.log) as typeof app.log, {
      warn: (...args: unknown[]) => void warnings.push(args),
    });
    expect(await syncDueRosters(handle.db, sync, log)).toBe(0);
    expect(warnings).toEqual([]);
    const [unclaimed] = await queryRows<{ claimed: boolean }>(
      handle.db,
      sql`select sync_claimed_at is not null as claimed from lti_contexts
        where course_id = ${courseId}`,
    );
    expect(unclaimed).toEqual({ claimed: false });
  });

  it('a course not linked to an LMS answers 409 NO_LMS_ROSTER', async () => {
    const { adminToken } = await register();
    const course = await app.inject({
      method: 'POST',
      url: `${API}/courses`,
      headers: bearer(adminToken),
      payload: {
        organizationId: org.id,
        code: 'X1',
        title: 'Plain',
        term: 'Fall 2026',
        teamSizeMin: 2,
        teamSizeMax: 4,
        teamFormationDeadline: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    const res = await app.inject({
      method: 'POST',
      url: `${API}/admin/courses/${course.json().data.id}/lti/sync`,
      headers: bearer(adminToken),
      payload: { preview: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NO_LMS_ROSTER');
  });
});

describe('changing a registered platform', () => {
  it('adds a deployment without losing its courses; a deployment taken off is refused', async () => {
    const { adminToken, platformId } = await register();
    const ines = await signedInByLaunch(instructor());
    const patch = (payload: unknown, token = adminToken) =>
      app.inject({
        method: 'PATCH',
        url: `${API}/admin/lti/platforms/${platformId}`,
        headers: bearer(token),
        payload: payload as Record<string, unknown>,
      });

    const added = await patch({
      deploymentIds: ['sim-deployment-1', 'sim-deployment-2'],
      name: 'Uni Moodle 4.5',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({
      name: 'Uni Moodle 4.5',
      deploymentIds: ['sim-deployment-1', 'sim-deployment-2'],
      courses: 1,
    });
    // A launch of the new deployment lands in the same course.
    const again = await signedInByLaunch({ ...instructor(), deploymentId: 'sim-deployment-2' });
    expect(again.target).toBe(ines.target);

    // Taken off: its launches are refused; the course stays linked.
    expect((await patch({ deploymentIds: ['sim-deployment-2'] })).statusCode).toBe(200);
    const loginUrl = new URL(sim.loginUrl(instructor()));
    const refused = await app.inject({ method: 'GET', url: loginUrl.pathname + loginUrl.search });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('a deployment this platform has not registered');
    expect(
      (await signedInByLaunch({ ...instructor(), deploymentId: 'sim-deployment-2' })).target,
    ).toBe(ines.target);

    // The issuer and client ID are the registration; nothing to change is no change.
    expect((await patch({ issuer: 'https://elsewhere.example.edu' })).statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ deploymentIds: [] })).statusCode).toBe(400);
    // Another organization's admin, and the course's instructor: refused.
    const other = await makeOrganization({ name: 'Other' });
    const otherAdmin = await makeAdminOf([other.id], { email: `oa-${Date.now()}@o.example.edu` });
    const otherToken = (await signIn(app, otherAdmin.email)).token;
    expect((await patch({ name: 'Mine' }, otherToken)).statusCode).toBe(404);
    expect((await patch({ name: 'Mine' }, ines.token)).statusCode).toBe(403);
  });
});

describe('linking an LMS course to an existing course', () => {
  async function plainCourse(adminToken: string, code: string, organizationId = org.id) {
    const res = await app.inject({
      method: 'POST',
      url: `${API}/courses`,
      headers: bearer(adminToken),
      payload: {
        organizationId,
        code,
        title: `Course ${code}`,
        term: 'Fall 2026',
        teamSizeMin: 2,
        teamSizeMax: 4,
        teamFormationDeadline: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }
  const contexts = async (token: string, query = '') =>
    app.inject({ method: 'GET', url: `${API}/admin/lti/contexts${query}`, headers: bearer(token) });
  const link = (token: string, id: string, courseId: string) =>
    app.inject({
      method: 'PUT',
      url: `${API}/admin/lti/contexts/${id}`,
      headers: bearer(token),
      payload: { courseId },
    });

  it('moves launches, syncs and the LMS people to the chosen course; the launch-made course is archived', async () => {
    const { adminToken } = await register();
    const ines = await signedInByLaunch(instructor());
    const made = ines.target.split('/').pop()!;
    const lea = await signedInByLaunch(learner('learner-1'));
    const existing = await plainCourse(adminToken, 'SE1');

    const listed = await contexts(adminToken, `?organizationId=${org.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [ctx] = listed.json().data.items;
    expect(listed.json().data.items).toHaveLength(1);
    expect(ctx.course).toMatchObject({ id: made, archived: false });
    expect(ctx.hasRoster).toBe(true);

    const res = await link(adminToken, ctx.id, existing);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.context.course).toMatchObject({ id: existing, code: 'SE1', archived: false });
    expect(data.former).toMatchObject({ id: made, archived: true });
    expect(data.carriedOver).toEqual({ students: 1, staff: 1 });

    // The instructor runs the chosen course; the learner is in it; the next launches land there.
    const staffOf = await app.inject({
      method: 'GET',
      url: `${API}/admin/courses/${existing}/staff`,
      headers: bearer(ines.token),
    });
    expect(staffOf.statusCode, staffOf.body).toBe(200);
    const page = await app.inject({
      method: 'GET',
      url: `${API}/student/courses/${existing}`,
      headers: bearer(lea.token),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect((await signedInByLaunch(learner('learner-2'))).target).toBe(`/courses/${existing}`);
    expect((await signedInByLaunch(instructor())).target).toBe(`/admin/courses/${existing}`);
    const [former] = await queryRows<{ archived: boolean }>(
      (await getWorkerDb()).db,
      sql`select archived_at is not null as archived from courses where id = ${made}`,
    );
    expect(former!.archived).toBe(true);

    // Linking it again to where it is changes nothing.
    const same = await link(adminToken, ctx.id, existing);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data.former).toBeNull();
  });

  it('keeps a course where something happened, refuses a linked, archived or foreign course, and another organization', async () => {
    const { adminToken } = await register();
    const ines = await signedInByLaunch(instructor());
    const made = ines.target.split('/').pop()!;
    // Something besides launches: a student added by hand.
    const added = await app.inject({
      method: 'POST',
      url: `${API}/admin/students/manual-add`,
      headers: bearer(adminToken),
      payload: { courseId: made, email: 'by-hand@uni.example.edu', fullname: 'By Hand' },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const [ctx] = (await contexts(adminToken)).json().data.items;

    // Another organization: its admin does not see or link it; its course cannot be chosen.
    const other = await makeOrganization({ name: 'Other' });
    const otherAdmin = await makeAdminOf([other.id], { email: `oa-${Date.now()}@o.example.edu` });
    const otherToken = (await signIn(app, otherAdmin.email)).token;
    expect((await contexts(otherToken)).json().data.items).toEqual([]);
    expect((await contexts(otherToken, `?organizationId=${org.id}`)).statusCode).toBe(404);
    const foreign = await plainCourse(otherToken, 'OT1', other.id);
    expect((await link(otherToken, ctx.id, foreign)).statusCode).toBe(404);
    expect((await link(adminToken, ctx.id, foreign)).statusCode).toBe(404);
    // The instructor (course staff, not an organization admin) may not link.
    expect((await link(ines.token, ctx.id, made)).statusCode).toBe(403);

    const archived = await plainCourse(adminToken, 'AR1');
    await app.inject({
      method: 'DELETE',
      url: `${API}/courses/${archived}`,
      headers: bearer(adminToken),
    });
    const toArchived = await link(adminToken, ctx.id, archived);
    expect(toArchived.statusCode).toBe(409);
    expect(toArchived.json().code).toBe('COURSE_ARCHIVED');

    const target = await plainCourse(adminToken, 'SE2');
    const res = await link(adminToken, ctx.id, target);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.former).toMatchObject({ id: made, archived: false });

    // The course it left is free; the one it has now is taken for another LMS course.
    const second = await signedInByLaunch({
      context: { id: 'ctx-2', label: 'CS2', title: 'Second' },
      user: { sub: 'inst-2', name: 'Ian', email: 'ian@uni.example.edu', roles: [LIS.instructor] },
    });
    const ctx2 = (await contexts(adminToken))
      .json()
      .data.items.find((c: { contextId: string }) => c.contextId === 'ctx-2');
    expect(second.target).toBe(`/admin/courses/${ctx2.course.id}`);
    const taken = await link(adminToken, ctx2.id, target);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('COURSE_LINKED');
    expect((await link(adminToken, ctx2.id, made)).statusCode).toBe(200);
  });
});

describe.runIf(driver === 'postgres')('two processes', () => {
  it('launching the same new context at once makes one course', async () => {
    const two = await buildTwoProcesses();
    try {
      await register(two.a);
      const results = await Promise.all([
        signedInByLaunch(instructor('i-a'), two.a),
        signedInByLaunch(instructor('i-b'), two.b),
      ]);
      expect(results[0].target).toBe(results[1].target);
    } finally {
      await two.close();
    }
  });
});
