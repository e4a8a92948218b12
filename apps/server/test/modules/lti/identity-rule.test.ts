// Issue 34 (decision 141): who an LMS launch is. Two organizations, each with a platform of its
// own: Northfield (domains northfield.edu and student.northfield.edu) and a hostile Riverside,
// whose admin controls every claim her platform sends. Items 1-4 of the issue, the same-
// organization platform asserting foreign emails, staff appointments and superadmin addresses,
// the roster sync, linking and unlinking by the person, and the LMS page's list of them.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/query-rows.js';
import {
  giveDomains,
  makeCourse,
  makeEnrollment,
  makeOrganization,
  makeTeam,
  makeUser,
} from '../../fixtures.js';
import { API, bearer, buildTestApp, devCredential, getWorkerDb, signIn } from '../../helper.js';
import {
  launchFrom,
  registerPlatform,
  signedInByLaunchFrom,
  type LaunchSession,
} from './launch-driver.js';
import { LIS, startPlatformSimulator, type PlatformSimulator } from './simulator.js';

const TOOL = 'http://localhost:5173';
const GRACE = 'grace.hopper@teamup.dev';

let app: FastifyInstance;
let north: { org: { id: string }; sim: PlatformSimulator; adminToken: string; platformId: string };
let river: { org: { id: string }; sim: PlatformSimulator; adminToken: string; platformId: string };
let grace: { id: string };

async function side(name: string, domains: string[], adminEmail: string) {
  const org = await makeOrganization({ name });
  if (domains.length > 0) await giveDomains(org.id, domains);
  const sim = await startPlatformSimulator({
    toolBaseUrl: TOOL,
    toolJwks: async () => (await app.inject({ method: 'GET', url: '/lti/jwks' })).json(),
  });
  const registered = await registerPlatform(app, sim, org.id, adminEmail);
  return { org, sim, ...registered };
}

const person = (sub: string, email: string | null, roles: string[] = [LIS.learner]) => ({
  user: { sub, name: `Person ${sub}`, email, roles },
});

async function db() {
  return (await getWorkerDb()).db;
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T | undefined> {
  return (await queryRows<T>(await db(), query))[0];
}

async function linkEvents(token: string, organizationId?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `${API}/admin/lti/link-events${organizationId ? `?organizationId=${organizationId}` : ''}`,
    headers: bearer(token),
  });
  return res;
}

/** A Riverside course made by its own instructor's launch, so learners can launch into it. */
async function riversideCourse() {
  const inst = await signedInByLaunchFrom(
    app,
    river.sim,
    person('river-inst', 'rita@riverside.edu', [LIS.instructor]),
  );
  return inst.target.split('/').pop()!;
}

beforeEach(async () => {
  app = await buildTestApp({ SUPERADMIN_EMAILS: [GRACE] });
  grace = await makeUser({ email: GRACE, fullname: 'Grace Hopper', role: 'SUPERADMIN' });
  north = await side(
    'Northfield',
    ['northfield.edu', 'student.northfield.edu'],
    'alan.turing@northfield.edu',
  );
  river = await side('Riverside', ['riverside.edu'], 'ada@riverside.edu');
});
afterEach(async () => {
  await north.sim.close();
  await river.sim.close();
});

describe('a hostile organization and its LMS (items 1-4)', () => {
  it('item 1: an organization admin cannot sign in as the superadmin, whatever her platform claims', async () => {
    const courseId = await riversideCourse();
    // Ada adds the superadmin's address by hand: a pending enrollment is one request away.
    const added = await app.inject({
      method: 'POST',
      url: `${API}/admin/students/manual-add`,
      headers: bearer(river.adminToken),
      payload: { courseId, email: GRACE, fullname: 'Grace' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const launched = await signedInByLaunchFrom(app, river.sim, person('fake-grace', GRACE));
    expect(launched.user.id).not.toBe(grace.id);
    expect(launched.user.role).toBe('STUDENT');
    expect(launched.user.email).toMatch(/@lti\.invalid$/);
    // Even a domain Riverside were given could not vouch for a superadmin.
    await giveDomains(river.org.id, ['teamup.dev']);
    const again = await signedInByLaunchFrom(app, river.sim, person('fake-grace-2', GRACE));
    expect(again.user.id).not.toBe(grace.id);
    expect(again.user.role).toBe('STUDENT');
    // The enrollment is the real Grace's (an existing account is enrolled at once), never the
    // LMS-made account's.
    const row = await one<{ status: string; user_id: string | null }>(
      sql`select status, user_id from enrollments where email = ${GRACE} and course_id = ${courseId}`,
    );
    expect(row!.user_id).toBe(grace.id);
    // Riverside's LMS page lists the refusals, with the reason.
    const events = (await linkEvents(river.adminToken)).json().data;
    expect(events.items.map((e: { action: string }) => e.action)).toContain('LTI_LINK_REFUSED');
    expect(events.items[0].reason).toMatch(/superadmin/i);
  });

  it("item 2: a roster sync of another organization's LMS cannot enroll, and so open, Alan by email", async () => {
    const courseId = await riversideCourse();
    const alan = await one<{ id: string }>(
      sql`select id from users where email = 'alan.turing@northfield.edu'`,
    );
    river.sim.setRoster([
      { user_id: 'river-inst', name: 'Rita', email: 'rita@riverside.edu', roles: [LIS.instructor] },
      {
        user_id: 'fake-alan',
        name: 'Alan',
        email: 'alan.turing@northfield.edu',
        roles: [LIS.learner],
      },
    ]);
    const rita = await signedInByLaunchFrom(
      app,
      river.sim,
      person('river-inst', 'rita@riverside.edu', [LIS.instructor]),
    );
    const sync = await app.inject({
      method: 'POST',
      url: `${API}/admin/courses/${courseId}/lti/sync`,
      headers: bearer(rita.token),
      payload: { preview: false },
    });
    expect(sync.statusCode, sync.body).toBe(200);
    // Enrolled by the LMS identity, not by the address: no row names Alan's email.
    const byEmail = await one<{ n: number }>(
      sql`select count(*)::int as n from enrollments where email = 'alan.turing@northfield.edu'`,
    );
    expect(byEmail!.n).toBe(0);
    const launched = await signedInByLaunchFrom(
      app,
      river.sim,
      person('fake-alan', 'alan.turing@northfield.edu'),
    );
    expect(launched.user.id).not.toBe(alan!.id);
    expect(launched.user.role).toBe('STUDENT');
    expect(launched.target).toBe(`/courses/${courseId}`);
  });

  it('item 3: a pending staff appointment of another organization is not squatted', async () => {
    const cs301 = await makeCourse(north.org.id, { code: 'CS301' });
    const appointed = await app.inject({
      method: 'POST',
      url: `${API}/admin/courses/${cs301.id}/staff`,
      headers: bearer(north.adminToken),
      payload: { email: 'future.prof@northfield.edu', role: 'INSTRUCTOR' },
    });
    expect(appointed.statusCode, appointed.body).toBe(201);
    await riversideCourse();
    const squatter = await signedInByLaunchFrom(
      app,
      river.sim,
      person('squat', 'future.prof@northfield.edu'),
    );
    const staff = await one<{ user_id: string | null }>(
      sql`select user_id from course_staff where course_id = ${cs301.id}`,
    );
    expect(staff!.user_id).toBeNull();
    const read = await app.inject({
      method: 'GET',
      url: `${API}/admin/courses/${cs301.id}/survey/responses`,
      headers: bearer(squatter.token),
    });
    expect(read.statusCode).toBe(403);
    // The real person's Google sign-in takes the appointment, in an account of their own.
    const real = await signIn(app, 'future.prof@northfield.edu');
    expect(real.user.id).not.toBe(squatter.user.id);
    const after = await one<{ user_id: string | null }>(
      sql`select user_id from course_staff where course_id = ${cs301.id}`,
    );
    expect(after!.user_id).toBe(real.user.id);
    // And the squatter's LMS identity keeps opening only its own LMS-only account.
    const again = await signedInByLaunchFrom(
      app,
      river.sim,
      person('squat', 'future.prof@northfield.edu'),
    );
    expect(again.user.id).toBe(squatter.user.id);
  });

  it("item 4: another organization's pending enrollment is not claimed", async () => {
    const cs301 = await makeCourse(north.org.id, { code: 'CS301' });
    await makeEnrollment(cs301.id, { email: 'nina@student.northfield.edu' });
    await riversideCourse();
    await signedInByLaunchFrom(app, river.sim, person('nina', 'nina@student.northfield.edu'));
    const row = await one<{ status: string; user_id: string | null }>(
      sql`select status, user_id from enrollments where course_id = ${cs301.id}`,
    );
    expect(row).toEqual({ status: 'PENDING', user_id: null });
  });

  it("a launch made before this rule keeps no hold on a superadmin or another organization's admin", async () => {
    await riversideCourse();
    const alan = await one<{ id: string }>(
      sql`select id from users where email = 'alan.turing@northfield.edu'`,
    );
    // Links as the old rule could leave them.
    await (
      await db()
    ).execute(sql`insert into lti_identities (platform_id, sub, user_id)
      values (${river.platformId}, 'old-grace', ${grace.id}), (${river.platformId}, 'old-alan', ${alan!.id})`);
    const g = await signedInByLaunchFrom(app, river.sim, person('old-grace', GRACE));
    expect(g.user.id).not.toBe(grace.id);
    const a = await signedInByLaunchFrom(app, river.sim, person('old-alan', null));
    expect(a.user.id).not.toBe(alan!.id);
    const moved = await queryRows<{ sub: string; user_id: string }>(
      await db(),
      sql`select sub, user_id from lti_identities where sub in ('old-grace', 'old-alan') order by sub`,
    );
    expect(moved.map((m) => m.user_id)).toEqual([a.user.id, g.user.id]);
  });

  it("Google's first word on an address takes it back from an LMS that could not vouch for it", async () => {
    await riversideCourse();
    // An account an LMS made with someone else's address before this rule.
    const taken = await makeUser({ email: 'zoe@northfield.edu', fullname: 'Zoe' });
    await (
      await db()
    ).execute(sql`insert into lti_identities (platform_id, sub, user_id)
      values (${river.platformId}, 'old-zoe', ${taken.id})`);
    const real = await signIn(app, 'zoe@northfield.edu');
    expect(real.user.id).toBe(taken.id);
    const lms = await signedInByLaunchFrom(app, river.sim, person('old-zoe', 'zoe@northfield.edu'));
    expect(lms.user.id).not.toBe(taken.id);
  });
});

describe("the organization's own platform (vouched emails)", () => {
  it('links a vouched address, claims only its own organization, and refuses foreign emails, other roles and superadmins', async () => {
    const cs301 = await makeCourse(north.org.id, { code: 'CS301' });
    const eng = await makeCourse(river.org.id, { code: 'ENG420' });
    const sam = await makeUser({ email: 'sam@student.northfield.edu', fullname: 'Sam' });
    await makeEnrollment(cs301.id, { email: 'sam@student.northfield.edu' });
    await makeEnrollment(eng.id, { email: 'sam@student.northfield.edu' });
    const inst = await signedInByLaunchFrom(
      app,
      north.sim,
      person('n-inst', 'ines@northfield.edu', [LIS.instructor]),
    );
    // Nobody had Ines's vouched address: her account has it.
    expect(inst.user.email).toBe('ines@northfield.edu');
    const launched = await signedInByLaunchFrom(app, north.sim, person('n-sam', sam.email));
    expect(launched.user.id).toBe(sam.id);
    const rows = await queryRows<{ course_id: string; status: string }>(
      await db(),
      sql`select course_id, status from enrollments where email = ${sam.email} order by status`,
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { course_id: cs301.id, status: 'ACTIVE' },
        { course_id: eng.id, status: 'PENDING' },
      ]),
    );
    // A foreign address, a TA of another organization's course and the superadmin: refused.
    const rob = await makeUser({ email: 'rob@northfield.edu', fullname: 'Rob' });
    await (
      await db()
    ).execute(sql`insert into course_staff (course_id, user_id, role, source)
      values (${eng.id}, ${rob.id}, 'TEACHING_ASSISTANT', 'MANUAL')`);
    const ada = await one<{ id: string }>(
      sql`select id from users where email = 'ada@riverside.edu'`,
    );
    await giveDomains(north.org.id, ['teamup.dev']);
    const foreign = await signedInByLaunchFrom(
      app,
      north.sim,
      person('n-ada', 'ada@riverside.edu'),
    );
    const staffElsewhere = await signedInByLaunchFrom(app, north.sim, person('n-rob', rob.email));
    const superadmin = await signedInByLaunchFrom(app, north.sim, person('n-grace', GRACE));
    expect(foreign.user.id).not.toBe(ada!.id);
    expect(staffElsewhere.user.id).not.toBe(rob.id);
    expect(superadmin.user.id).not.toBe(grace.id);
    for (const s of [foreign, staffElsewhere, superadmin]) {
      expect(s.user.email).toMatch(/@lti\.invalid$/);
    }
    const events = (await linkEvents(north.adminToken, north.org.id)).json().data.items as {
      action: string;
      reason: string | null;
      lmsEmail: string | null;
    }[];
    expect(
      events
        .filter((e) => e.action === 'LTI_LINK_REFUSED')
        .map((e) => e.lmsEmail)
        .sort(),
    ).toEqual(['ada@riverside.edu', GRACE, 'rob@northfield.edu'].sort());
    expect(
      events.filter((e) => e.action === 'LTI_IDENTITY_LINKED').map((e) => e.lmsEmail),
    ).toContain(sam.email);
    // Each organization sees its own events only.
    expect((await linkEvents(river.adminToken, north.org.id)).statusCode).toBe(404);
    const riverItems = (await linkEvents(river.adminToken)).json().data.items as {
      lmsEmail: string;
    }[];
    expect(riverItems.map((e) => e.lmsEmail)).not.toContain(sam.email);
  });
});

describe('linking by the person', () => {
  async function lmsOnlyLearner(): Promise<{ courseId: string; s: LaunchSession }> {
    const courseId = await riversideCourse();
    const s = await signedInByLaunchFrom(app, river.sim, person('carol-lms', 'carol@gmail.com'));
    return { courseId, s };
  }

  it('moves the LMS-only account into the Teamup account, signs it in, tells its owner and lists it', async () => {
    const { courseId, s } = await lmsOnlyLearner();
    const ids = await app.inject({
      method: 'GET',
      url: `${API}/profile/identities`,
      headers: bearer(s.token),
    });
    expect(ids.json().data).toMatchObject({ lmsOnly: true, google: false });
    expect(ids.json().data.items).toEqual([
      expect.objectContaining({
        lmsEmail: 'carol@gmail.com',
        source: 'NEW',
        organizationName: 'Riverside',
      }),
    ]);
    const carol = await signIn(app, 'carol@gmail.com', 'Carol');
    const linked = await app.inject({
      method: 'POST',
      url: `${API}/profile/identities/link`,
      headers: { ...bearer(s.token), cookie: s.cookie },
      payload: { credential: await devCredential(app, 'carol@gmail.com') },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.user.id).toBe(carol.user.id);
    expect(String(linked.headers['set-cookie'])).toMatch(/refresh/i);
    // The LMS-only session is gone with its account.
    const old = await app.inject({
      method: 'GET',
      url: `${API}/auth/session/me`,
      headers: bearer(s.token),
    });
    expect(old.statusCode).toBe(401);
    const enrollment = await one<{ user_id: string; email: string; status: string }>(
      sql`select user_id, email, status from enrollments where course_id = ${courseId} and user_id = ${carol.user.id}`,
    );
    expect(enrollment).toEqual({
      user_id: carol.user.id,
      email: 'carol@gmail.com',
      status: 'ACTIVE',
    });
    // The next launch opens Carol's account.
    const next = await signedInByLaunchFrom(app, river.sim, person('carol-lms', 'carol@gmail.com'));
    expect(next.user.id).toBe(carol.user.id);
    const mine = await app.inject({
      method: 'GET',
      url: `${API}/profile/identities`,
      headers: bearer(next.token),
    });
    expect(mine.json().data).toMatchObject({ lmsOnly: false, google: true });
    expect(mine.json().data.items[0].source).toBe('PERSON');
    // Carol is told (and so emailed: the kind is immediate).
    const notice = await one<{ kind: string; delivery: string | null }>(
      sql`select n.kind, d.state as delivery from notifications n
        left join email_deliveries d on d.notification_id = n.id
        where n.user_id = ${carol.user.id} and n.kind = 'LMS_ACCOUNT_LINKED'`,
    );
    expect(notice).toEqual({ kind: 'LMS_ACCOUNT_LINKED', delivery: 'PENDING' });
    const events = (await linkEvents(river.adminToken)).json().data.items as {
      action: string;
      via: string;
    }[];
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'LTI_IDENTITY_LINKED', via: 'PERSON' }),
      ]),
    );
  });

  it('refuses a superadmin account, an account that is not LMS-only and a course taken twice; nothing moves', async () => {
    const { courseId, s } = await lmsOnlyLearner();
    const toGrace = await app.inject({
      method: 'POST',
      url: `${API}/profile/identities/link`,
      headers: bearer(s.token),
      payload: { credential: await devCredential(app, GRACE) },
    });
    expect(toGrace.statusCode).toBe(403);
    expect(toGrace.json().code).toBe('LINK_REFUSED');
    const still = await app.inject({
      method: 'GET',
      url: `${API}/auth/session/me`,
      headers: bearer(s.token),
    });
    expect(still.statusCode).toBe(200);
    const refused = (await linkEvents(river.adminToken)).json().data.items as {
      action: string;
      via: string;
    }[];
    expect(refused[0]).toMatchObject({ action: 'LTI_LINK_REFUSED', via: 'PERSON' });
    // An account with its own sign-in has nothing to link.
    const dan = await signIn(app, 'dan@riverside.edu');
    const notLms = await app.inject({
      method: 'POST',
      url: `${API}/profile/identities/link`,
      headers: bearer(dan.token),
      payload: { credential: await devCredential(app, 'dan@gmail.com') },
    });
    expect(notLms.statusCode).toBe(409);
    expect(notLms.json().code).toBe('NOT_LMS_ONLY');
    // Both accounts in the course, the LMS-only one in a team there: refused, with the course.
    const carol = await signIn(app, 'carol@gmail.com');
    await makeEnrollment(courseId, { email: 'carol@gmail.com', userId: carol.user.id });
    await makeTeam(courseId, s.user.id, { name: 'Orcas' });
    const conflict = await app.inject({
      method: 'POST',
      url: `${API}/profile/identities/link`,
      headers: bearer(s.token),
      payload: { credential: await devCredential(app, 'carol@gmail.com') },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'LINK_CONFLICT' });
    const lmsStill = await one<{ n: number }>(
      sql`select count(*)::int as n from lti_identities where user_id = ${s.user.id}`,
    );
    expect(lmsStill!.n).toBe(1);
  });

  it('unlinks: the next launch opens a separate LMS-only account, the course places stay', async () => {
    const courseId = await riversideCourse();
    const rosa = await makeUser({ email: 'rosa@riverside.edu', fullname: 'Rosa' });
    const lms = await signedInByLaunchFrom(app, river.sim, person('rosa-lms', rosa.email));
    expect(lms.user.id).toBe(rosa.id);
    const list = await app.inject({
      method: 'GET',
      url: `${API}/profile/identities`,
      headers: bearer(lms.token),
    });
    const id = list.json().data.items[0].id as string;
    // Not an LMS-only account (its address is vouched), so Unlink is allowed.
    const unlinked = await app.inject({
      method: 'DELETE',
      url: `${API}/profile/identities/${id}`,
      headers: bearer(lms.token),
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    const enrollment = await one<{ user_id: string }>(
      sql`select user_id from enrollments where course_id = ${courseId} and email = ${rosa.email}`,
    );
    expect(enrollment!.user_id).toBe(rosa.id);
    const next = await signedInByLaunchFrom(app, river.sim, person('rosa-lms', rosa.email));
    expect(next.user.id).not.toBe(rosa.id);
    // That LMS-only account cannot unlink its only way in; someone else's identity is not found.
    const own = (
      await app.inject({
        method: 'GET',
        url: `${API}/profile/identities`,
        headers: bearer(next.token),
      })
    ).json().data.items[0].id as string;
    const last = await app.inject({
      method: 'DELETE',
      url: `${API}/profile/identities/${own}`,
      headers: bearer(next.token),
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('LAST_SIGN_IN');
    const other = await signIn(app, 'someone@riverside.edu');
    const foreign = await app.inject({
      method: 'DELETE',
      url: `${API}/profile/identities/${own}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    const events = (await linkEvents(river.adminToken)).json().data.items as { action: string }[];
    expect(events.map((e) => e.action)).toContain('LTI_IDENTITY_UNLINKED');
  });
});

describe('email domains (superadmin)', () => {
  it("sets, shows and refuses another organization's domain; an organization admin may not", async () => {
    const superToken = (await signIn(app, GRACE)).token;
    const put = (orgId: string, domains: unknown, token = superToken) =>
      app.inject({
        method: 'PUT',
        url: `${API}/organizations/super/${orgId}/domains`,
        headers: bearer(token),
        payload: { domains },
      });
    const set = await put(north.org.id, ['Northfield.edu', 'cs.northfield.edu']);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.domains).toEqual(['cs.northfield.edu', 'northfield.edu']);
    const detail = await app.inject({
      method: 'GET',
      url: `${API}/organizations/super/${north.org.id}`,
      headers: bearer(superToken),
    });
    expect(detail.json().data.domains).toEqual(['cs.northfield.edu', 'northfield.edu']);
    const mine = await app.inject({
      method: 'GET',
      url: `${API}/organizations/admin/my/${north.org.id}`,
      headers: bearer(north.adminToken),
    });
    expect(mine.json().data.domains).toEqual(['cs.northfield.edu', 'northfield.edu']);
    const taken = await put(river.org.id, ['riverside.edu', 'northfield.edu']);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('DOMAIN_TAKEN');
    const bad = await put(river.org.id, ['https://riverside.edu']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('domains.0');
    const twice = await put(river.org.id, ['riverside.edu', 'riverside.edu']);
    expect(twice.statusCode).toBe(400);
    const river2 = await app.inject({
      method: 'GET',
      url: `${API}/organizations/super/${river.org.id}`,
      headers: bearer(superToken),
    });
    expect(river2.json().data.domains).toEqual(['riverside.edu']);
    expect((await put(north.org.id, ['x.edu'], north.adminToken)).statusCode).toBe(403);
  });
});

describe('one role per course (item 11: a Moodle non-editing teacher)', () => {
  it('the roster wins over a launch, and nobody is staff and an active student at once', async () => {
    const inst = await signedInByLaunchFrom(
      app,
      north.sim,
      person('n-inst', 'ines@northfield.edu', [LIS.instructor]),
    );
    const courseId = inst.target.split('/').pop()!;
    // Moodle's launch says Instructor; its roster lists the same person as Learner.
    const nick = await signedInByLaunchFrom(
      app,
      north.sim,
      person('nick', 'nick@northfield.edu', [LIS.instructor]),
    );
    expect(nick.target).toBe(`/admin/courses/${courseId}`);
    north.sim.setRoster([
      { user_id: 'n-inst', name: 'Ines', email: 'ines@northfield.edu', roles: [LIS.instructor] },
      { user_id: 'nick', name: 'Nick', email: 'nick@northfield.edu', roles: [LIS.learner] },
    ]);
    const sync = () =>
      app.inject({
        method: 'POST',
        url: `${API}/admin/courses/${courseId}/lti/sync`,
        headers: bearer(inst.token),
        payload: { preview: false },
      });
    expect((await sync()).statusCode).toBe(200);
    const places = async () =>
      one<{ staff: string | null; student: string | null }>(
        sql`select (select role::text from course_staff where course_id = ${courseId} and user_id = ${nick.user.id}) as staff,
          (select status::text from enrollments where course_id = ${courseId} and user_id = ${nick.user.id}
            and removed_at is null) as student`,
      );
    expect(await places()).toEqual({ staff: null, student: 'ACTIVE' });
    // His next launch says Instructor again: the roster's word stands, one place.
    const again = await signedInByLaunchFrom(
      app,
      north.sim,
      person('nick', 'nick@northfield.edu', [LIS.instructor]),
    );
    expect(again.target).toBe(`/courses/${courseId}`);
    expect(await places()).toEqual({ staff: null, student: 'ACTIVE' });
    expect((await sync()).json().data).toMatchObject({
      enrolled: 0,
      deactivated: 0,
      staffChanged: 0,
    });
    // Marked a teaching assistant in the roster, he becomes one and leaves the student place.
    north.sim.setRoster([
      { user_id: 'n-inst', name: 'Ines', email: 'ines@northfield.edu', roles: [LIS.instructor] },
      {
        user_id: 'nick',
        name: 'Nick',
        email: 'nick@northfield.edu',
        roles: [LIS.teachingAssistant],
      },
    ]);
    expect((await sync()).statusCode).toBe(200);
    expect(await places()).toEqual({ staff: 'TEACHING_ASSISTANT', student: 'INACTIVE' });
    // A learner launch of a staff member keeps them staff.
    const asLearner = await launchFrom(app, north.sim, person('nick', 'nick@northfield.edu'));
    expect(String(asLearner.answer.headers.location)).toContain('/auth/lti');
    expect(await places()).toEqual({ staff: 'TEACHING_ASSISTANT', student: 'INACTIVE' });
  });

  it('before any roster, a launch as staff leaves the student place instead of keeping both', async () => {
    const inst = await signedInByLaunchFrom(
      app,
      north.sim,
      person('n-inst', 'ines@northfield.edu', [LIS.instructor]),
    );
    const courseId = inst.target.split('/').pop()!;
    const lea = await signedInByLaunchFrom(app, north.sim, person('lea', 'lea@northfield.edu'));
    const promoted = await signedInByLaunchFrom(
      app,
      north.sim,
      person('lea', 'lea@northfield.edu', [LIS.teachingAssistant]),
    );
    expect(promoted.target).toBe(`/admin/courses/${courseId}`);
    const row = await one<{ staff: string | null; student: string | null }>(
      sql`select (select role::text from course_staff where course_id = ${courseId} and user_id = ${lea.user.id}) as staff,
        (select status::text from enrollments where course_id = ${courseId} and user_id = ${lea.user.id}) as student`,
    );
    expect(row).toEqual({ staff: 'TEACHING_ASSISTANT', student: 'INACTIVE' });
  });
});
