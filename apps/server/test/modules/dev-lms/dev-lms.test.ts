// Issue 28, the demo's LMS: the development LMS at /dev/lms (a small LTI 1.3 platform served
// while the development sign-in is on) and the platform the demo seed registers for it. A launch
// is driven as a browser would (login, authorization, form post, code exchange), with the
// tool's calls to the LMS (its JWKS, token and roster) answered in process: the app's guard of
// requests to an LMS sends the server's own PUBLIC_URL to app.inject.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/query-rows.js';
import { DEV_LMS, devLmsUrls } from '../../../src/db/seed-lti.js';
import { loadToolKeys } from '../../../src/modules/lti/keys.js';
import { createOutbound, type Outbound } from '../../../src/modules/lti/outbound.js';
import { buildClientAssertion } from '../../../src/modules/lti/service-token.js';
import { API, bearer, buildTestApp, getWorkerDb, testConfig } from '../../helper.js';
import { parseAutoPostForm } from '../lti/simulator.js';

const PUBLIC_URL = testConfig().PUBLIC_URL;
const urls = devLmsUrls(PUBLIC_URL);
const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const NRPS_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
const CS301 = DEV_LMS.linkedContext.id;

let target: FastifyInstance | null = null;

/** The app's guard, with the server's own origin answered by the app under test. */
const guard = createOutbound({ restricted: false });
const inProcess: Outbound = {
  restricted: false,
  log: undefined,
  async request(to, request) {
    const url = new URL(to);
    if (url.origin !== urls.origin || !target) return guard.request(to, request);
    const res = await target.inject({
      method: request.method ?? 'GET',
      url: url.pathname + url.search,
      headers: request.headers ?? {},
      ...(request.body !== undefined ? { payload: request.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const v of [value ?? []].flat()) headers.append(name, String(v));
    }
    return { status: res.statusCode, headers, text: res.body };
  },
};

afterEach(() => {
  target = null;
});

async function demoApp() {
  target = await buildTestApp(
    { SEED_DEMO: true, AUTH_DEV_LOGIN: true },
    { ltiOutbound: inProcess },
  );
  return target;
}

const cookieOf = (setCookie: string | string[] | number | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((c) => String(c).split(';')[0]!)
    .join('; ');

const attr = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`${name}="([^"]*)"`, 'g'))].map((m) =>
    m[1]!
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'"),
  );

/** The page's launches: person, framed login URL and new-tab login URL, per course. */
async function launchesOnPage(app: FastifyInstance) {
  const page = await app.inject({ method: 'GET', url: '/dev/lms' });
  expect(page.statusCode).toBe(200);
  const launches: { course: string; person: string; framed: string; tab: string }[] = [];
  for (const section of page.body.split('<section class="course"').slice(1)) {
    const course = /<h3[^>]*>([^<]*)<\/h3>/.exec(section)![1]!;
    const framed = attr(section, 'data-launch');
    const people = attr(section, 'data-person');
    const tabs = attr(section, 'href');
    framed.forEach((url, i) =>
      launches.push({ course, person: people[i]!, framed: url, tab: tabs[i]! }),
    );
  }
  return { page, launches };
}

async function loginUrlOf(app: FastifyInstance, person: string, course = 'CS301') {
  const { launches } = await launchesOnPage(app);
  const found = launches.find((l) => l.person === person && l.course.startsWith(course));
  expect(found, `${person} in ${course}`).toBeTruthy();
  return found!;
}

/** The browser's launch from a new-tab link: login, the LMS's form, the post to the tool. */
async function launch(app: FastifyInstance, loginUrl: string) {
  const login = new URL(loginUrl);
  const started = await app.inject({ method: 'GET', url: login.pathname + login.search });
  expect(started.statusCode, started.body).toBe(302);
  const auth = new URL(String(started.headers.location));
  expect(auth.origin + auth.pathname).toBe(urls.authorizationUrl);
  const form = await app.inject({ method: 'GET', url: auth.pathname + auth.search });
  expect(form.statusCode, form.body).toBe(200);
  const { action, fields } = parseAutoPostForm(form.body);
  expect(action).toBe(`${urls.origin}/lti/launch`);
  return app.inject({
    method: 'POST',
    url: new URL(action).pathname,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookieOf(started.headers['set-cookie']),
      origin: urls.origin,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Launch, then the web app's exchange of the code. */
async function signedInByLaunch(app: FastifyInstance, person: string, course = 'CS301') {
  const answer = await launch(app, (await loginUrlOf(app, person, course)).tab);
  expect(answer.statusCode, answer.body).toBe(303);
  const to = new URL(String(answer.headers.location));
  expect(to.origin + to.pathname).toBe(`${urls.origin}/auth/lti`);
  const res = await app.inject({
    method: 'POST',
    url: `${API}/auth/login/lti`,
    payload: { code: to.searchParams.get('code') },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { token: string; target: string; user: { email: string } };
}

async function cs301Id() {
  const { db } = await getWorkerDb();
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select c.id from courses c join organizations o on o.id = c.organization_id
      where o.slug = 'northfield' and c.code = 'CS301'`,
  );
  return row!.id;
}

/** An access token of the LMS for the roster, asked for as the tool asks. */
async function rosterToken(app: FastifyInstance) {
  const keys = await loadToolKeys({ dataDir: testConfig().DATA_DIR });
  const assertion = await buildClientAssertion(keys, {
    clientId: DEV_LMS.clientId,
    tokenUrl: urls.tokenUrl,
  });
  const res = await tokenRequest(app, assertion);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

function tokenRequest(app: FastifyInstance, assertion: string, scope = NRPS_SCOPE) {
  return app.inject({
    method: 'POST',
    url: '/dev/lms/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope,
    }).toString(),
  });
}

describe('development LMS page', () => {
  it('lists launches of an instructor, a teaching assistant and students, each framed or in a new tab', async () => {
    const app = await buildTestApp({ AUTH_DEV_LOGIN: true });
    const { page, launches } = await launchesOnPage(app);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Teamup development LMS</title>');
    // Its one script runs by nonce; it may frame the tool (this server) and nobody frames it.
    const csp = String(page.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(page.body).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain(`frame-src 'self' ${urls.origin}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.body).toMatch(/<iframe[^>]*name="teamup"[^>]*title="[^"]+"/);

    const cs301 = launches.filter((l) => l.course === 'CS301 · Software Engineering Project');
    expect(cs301.map((l) => l.person)).toEqual(
      expect.arrayContaining(['Barbara Liskov', 'Hugo Kim', 'Maya Chen', 'Noah Patel']),
    );
    expect(page.body).toContain('Teaching assistant');
    const framed = new URL(cs301[0]!.framed);
    expect(framed.origin + framed.pathname).toBe(`${urls.origin}/lti/login`);
    expect(Object.fromEntries(framed.searchParams)).toEqual({
      iss: urls.issuer,
      login_hint: 'lms-barbara.liskov',
      target_link_uri: `${urls.origin}/lti/launch`,
      lti_message_hint: CS301,
      client_id: DEV_LMS.clientId,
      lti_deployment_id: DEV_LMS.deploymentId,
      lti_storage_target: '_parent',
    });
    // A new tab has no parent to keep the login state with.
    expect(new URL(cs301[0]!.tab).searchParams.has('lti_storage_target')).toBe(false);
  });

  it('does not exist when AUTH_DEV_LOGIN is off, and the seed registers no LMS then', async () => {
    const app = await buildTestApp({ AUTH_DEV_LOGIN: false, SEED_DEMO: true });
    for (const [method, url] of [
      ['GET', '/dev/lms'],
      ['GET', '/dev/lms/auth'],
      ['GET', '/dev/lms/jwks'],
      ['POST', '/dev/lms/token'],
      ['GET', `/dev/lms/nrps/${CS301}`],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(app.routeAccess.some((r) => r.url.startsWith('/dev/lms'))).toBe(false);
    const { db } = await getWorkerDb();
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from lti_platforms`,
    );
    expect(row!.n).toBe(0);
  });
});

describe('a launch from the development LMS', () => {
  it('signs the instructor in on CS301 admin page, a TA too, and a student on its course page', async () => {
    const app = await demoApp();
    const courseId = await cs301Id();
    const barbara = await signedInByLaunch(app, 'Barbara Liskov');
    expect(barbara.target).toBe(`/admin/courses/${courseId}`);
    expect(barbara.user.email).toBe('barbara.liskov@northfield.edu');
    const staff = await app.inject({
      method: 'GET',
      url: `${API}/staff/courses`,
      headers: bearer(barbara.token),
    });
    expect(staff.json().data.items).toEqual([
      expect.objectContaining({ id: courseId, role: 'INSTRUCTOR' }),
    ]);
    // Hugo, a seeded student of CS350, assists in CS301: his account, now staff there.
    const hugo = await signedInByLaunch(app, 'Hugo Kim');
    expect(hugo.target).toBe(`/admin/courses/${courseId}`);
    expect(hugo.user.email).toBe('hugo.kim@student.northfield.edu');
    // Maya's launch is Maya's seeded account, landing on the course she has a team in.
    const maya = await signedInByLaunch(app, 'Maya Chen');
    expect(maya.target).toBe(`/courses/${courseId}`);
    expect(maya.user.email).toBe('maya.chen@student.northfield.edu');
    const course = await app.inject({
      method: 'GET',
      url: `${API}/student/courses/${courseId}`,
      headers: bearer(maya.token),
    });
    expect(course.statusCode, course.body).toBe(200);
  });

  it("an instructor's launch in the LMS course Teamup does not have creates it; a student before that is asked to wait", async () => {
    const app = await demoApp();
    const early = await launch(app, (await loginUrlOf(app, 'Elena García', 'CS410')).tab);
    expect(early.statusCode).toBe(401);
    expect(early.body).toContain('your instructor opens it');
    const barbara = await signedInByLaunch(app, 'Barbara Liskov', 'CS410');
    expect(barbara.target).toMatch(/^\/admin\/courses\/[0-9a-f-]{36}$/);
    expect(barbara.target).not.toBe(`/admin/courses/${await cs301Id()}`);
    const elena = await signedInByLaunch(app, 'Elena García', 'CS410');
    expect(elena.target).toBe(barbara.target.replace('/admin', ''));
  });

  it('the authorization endpoint refuses a request that is not the tool’s, with a page that says why', async () => {
    const app = await demoApp();
    const login = new URL((await loginUrlOf(app, 'Maya Chen')).tab);
    const started = await app.inject({ method: 'GET', url: login.pathname + login.search });
    const auth = new URL(String(started.headers.location));
    const good = await app.inject({ method: 'GET', url: auth.pathname + auth.search });
    expect(good.statusCode).toBe(200);
    expect(String(good.headers['content-security-policy'])).toContain(`form-action ${urls.origin}`);
    auth.searchParams.set('redirect_uri', 'https://evil.example/lti/launch');
    auth.searchParams.set('login_hint', 'lms-nobody');
    const bad = await app.inject({ method: 'GET', url: auth.pathname + auth.search });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('redirect_uri must be');
    expect(bad.body).toContain('login_hint names nobody in that course');
    expect(bad.body).not.toContain('id_token');
  });

  it('"Sync roster" reads the LMS roster: the newcomers and the assistant, nothing else', async () => {
    const app = await demoApp();
    const courseId = await cs301Id();
    const barbara = await signedInByLaunch(app, 'Barbara Liskov');
    const res = await app.inject({
      method: 'POST',
      url: `${API}/admin/courses/${courseId}/lti/sync`,
      headers: bearer(barbara.token),
      payload: { preview: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ applied: true, enrolled: 3, deactivated: 0, reactivated: 0 });
    expect(result.staffChanged).toBe(1);
    expect(result.changes.map((c: { email: string }) => c.email).sort()).toEqual([
      'hugo.kim@student.northfield.edu',
      'lena.berg@student.northfield.edu',
      'rosa.delgado@student.northfield.edu',
      'wei.zhang@student.northfield.edu',
    ]);
  });
});

describe('development LMS services', () => {
  it('gives an access token for an assertion of the tool, once, and refuses one the tool did not sign', async () => {
    const app = await buildTestApp({ AUTH_DEV_LOGIN: true });
    const keys = await loadToolKeys({ dataDir: testConfig().DATA_DIR });
    const assertion = await buildClientAssertion(keys, {
      clientId: DEV_LMS.clientId,
      tokenUrl: urls.tokenUrl,
    });
    const ok = await tokenRequest(app, assertion);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', scope: NRPS_SCOPE });
    expect((await tokenRequest(app, assertion)).json()).toMatchObject({
      error: 'invalid_client',
    });

    // The same claims, signed by a key that is not the tool's.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'RS256', kid: keys.kid })
      .setIssuer(DEV_LMS.clientId)
      .setSubject(DEV_LMS.clientId)
      .setAudience(urls.tokenUrl)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const refused = await tokenRequest(app, forged);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'invalid_client' });
    const otherScope = await tokenRequest(
      app,
      await buildClientAssertion(keys, { clientId: DEV_LMS.clientId, tokenUrl: urls.tokenUrl }),
      'https://purl.imsglobal.org/spec/lti-ags/scope/score',
    );
    expect(otherScope.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it("lists the course's people by NRPS 2.0, in pages, to a bearer of its token only", async () => {
    const app = await buildTestApp({ AUTH_DEV_LOGIN: true });
    const url = `/dev/lms/nrps/${CS301}`;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const token = await rosterToken(app);
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(token), accept: NRPS_TYPE },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-type']).split(';')[0]).toBe(NRPS_TYPE);
    const body = res.json() as {
      context: { id: string; label: string };
      members: { user_id: string; email: string; status: string; roles: string[] }[];
    };
    expect(body.context).toMatchObject({ id: CS301, label: 'CS301' });
    const byEmail = new Map(body.members.map((m) => [m.email, m]));
    expect(byEmail.get('barbara.liskov@northfield.edu')?.roles).toEqual([
      'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
    ]);
    expect(byEmail.get('hugo.kim@student.northfield.edu')?.roles).toContain(
      'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
    );
    expect(byEmail.get('maya.chen@student.northfield.edu')).toMatchObject({
      status: 'Active',
      roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
    });
    // Inactive in the seeded course, inactive in the LMS.
    expect(byEmail.get('anika.silva@student.northfield.edu')?.status).toBe('Inactive');

    const html = await app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(token), accept: 'text/html' },
    });
    expect(html.statusCode).toBe(406);

    const first = await app.inject({
      method: 'GET',
      url: `${url}?limit=10`,
      headers: bearer(token),
    });
    expect(first.json().members).toHaveLength(10);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeTruthy();
    const second = await app.inject({
      method: 'GET',
      url: new URL(next!).pathname + new URL(next!).search,
      headers: bearer(token),
    });
    expect(second.json().members[0].user_id).toBe(body.members[10]!.user_id);
    const learners = await app.inject({
      method: 'GET',
      url: `${url}?role=Learner`,
      headers: bearer(token),
    });
    expect(learners.json().members).toHaveLength(body.members.length - 2);
  });

  it('publishes its public key only', async () => {
    const app = await buildTestApp({ AUTH_DEV_LOGIN: true });
    const res = await app.inject({ method: 'GET', url: '/dev/lms/jwks' });
    expect(res.statusCode).toBe(200);
    const [key] = res.json().keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(key.kid).toEqual(expect.any(String));
    expect(key.d).toBeUndefined();
  });
});
