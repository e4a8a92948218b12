// Issue 34 (item 7, decision 143): one issuer, several registrations. Each registration has its
// own login URL, so a platform that omits client_id at login (LTI 1.3 §5.1.1 makes it optional)
// still finds its own; the shared URL never picks one; and the answer to a taken issuer and
// client ID does not say whether another organization holds it.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/query-rows.js';
import { makeAdminOf, makeOrganization } from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import {
  LIS,
  parseAutoPostForm,
  startPlatformSimulator,
  type PlatformSimulator,
  type SimulatorLaunch,
} from './simulator.js';

const TOOL = 'http://localhost:5173';
const TAKEN = 'This issuer and client ID cannot be registered here.';

let app: FastifyInstance;
let sim: PlatformSimulator;

beforeEach(async () => {
  app = await buildTestApp();
  sim = await startPlatformSimulator({
    toolBaseUrl: TOOL,
    toolJwks: async () => (await app.inject({ method: 'GET', url: '/lti/jwks' })).json(),
  });
});
afterEach(async () => {
  await sim.close();
});

async function adminOf(name: string) {
  const org = await makeOrganization({ name });
  const admin = await makeAdminOf([org.id], {
    email: `admin-${Date.now()}-${Math.random().toString(36).slice(2)}@example.edu`,
  });
  return { org, token: (await signIn(app, admin.email)).token };
}

function register(token: string, clientId = sim.clientId) {
  const p = sim.platform();
  return app.inject({
    method: 'POST',
    url: `${API}/admin/lti/platforms`,
    headers: bearer(token),
    payload: {
      name: 'The LMS',
      issuer: p.issuer,
      clientId,
      authorizationUrl: p.authorizationUrl,
      tokenUrl: p.tokenUrl,
      jwksUrl: p.jwksUrl,
      deploymentIds: p.deploymentIds,
    },
  });
}

const instructor: SimulatorLaunch = {
  user: {
    sub: 'inst-1',
    name: 'Ines Instructor',
    email: 'ines@uni.example.edu',
    roles: [LIS.instructor],
  },
};

/** The platform's login request, as an LMS that does not send client_id makes it. */
function loginWithoutClientId(path: string, launch: SimulatorLaunch) {
  const params = sim.loginParams(launch);
  delete params.client_id;
  return app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(params)}` });
}

/** The rest of the browser's launch after the tool's login answer. */
async function finishLaunch(login: { headers: Record<string, unknown> }) {
  const auth = await fetch(String(login.headers.location));
  expect(auth.status).toBe(200);
  const form = parseAutoPostForm(await auth.text());
  const cookie = [login.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');
  return app.inject({
    method: 'POST',
    url: '/lti/launch',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie,
      origin: new URL(sim.authorizationUrl).origin,
    },
    payload: new URLSearchParams(form.fields).toString(),
  });
}

describe('one issuer registered by two organizations', () => {
  it("another organization's registration does not break the first's launches without client_id, through its own login URL", async () => {
    const riverside = await adminOf('Riverside');
    const first = await register(riverside.token);
    expect(first.statusCode, first.body).toBe(201);
    const platform = first.json().data as { id: string; loginUrl: string };
    expect(platform.loginUrl).toBe(`${TOOL}/lti/login/${platform.id}`);

    const northfield = await adminOf('Northfield');
    const second = await register(northfield.token, 'northfield-client');
    expect(second.statusCode, second.body).toBe(201);

    for (const method of ['GET', 'POST'] as const) {
      const params = sim.loginParams(instructor);
      delete params.client_id;
      const login =
        method === 'GET'
          ? await app.inject({
              method,
              url: `/lti/login/${platform.id}?${new URLSearchParams(params)}`,
            })
          : await app.inject({
              method,
              url: `/lti/login/${platform.id}`,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: new URLSearchParams(params).toString(),
            });
      expect(login.statusCode, login.body).toBe(302);
      // Sent to the platform as Riverside's registration, by its client id.
      const to = new URL(String(login.headers.location));
      expect(to.origin + to.pathname).toBe(sim.authorizationUrl);
      expect(to.searchParams.get('client_id')).toBe(sim.clientId);
      const launched = await finishLaunch(login);
      expect(launched.statusCode, launched.body).toBe(303);
    }
    // The course the launch made is Riverside's.
    const { db } = await getWorkerDb();
    const courses = await queryRows<{ organization_id: string }>(
      db,
      sql`select c.organization_id from lti_contexts x join courses c on c.id = x.course_id
        where x.platform_id = ${platform.id}`,
    );
    expect(courses).toEqual([{ organization_id: riverside.org.id }]);
  });

  it('the shared login URL without client_id refuses clearly rather than pick a registration', async () => {
    const riverside = await adminOf('Riverside');
    expect((await register(riverside.token)).statusCode).toBe(201);
    const northfield = await adminOf('Northfield');
    expect((await register(northfield.token, 'northfield-client')).statusCode).toBe(201);

    const refused = await loginWithoutClientId('/lti/login', instructor);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain(
      'The LMS did not say which Teamup registration this sign-in is for (it sent no client ID). Ask your LMS administrator to set Teamup&#39;s login URL to the platform&#39;s own login URL',
    );
    // Nothing of either organization is named.
    expect(refused.body).not.toMatch(/Riverside|Northfield|northfield-client/);

    // With client_id the shared URL still finds the one registration.
    const withClientId = await app.inject({
      method: 'GET',
      url: new URL(sim.loginUrl(instructor)).pathname + new URL(sim.loginUrl(instructor)).search,
    });
    expect(withClientId.statusCode, withClientId.body).toBe(302);
  });

  it('the answer to a taken issuer and client ID is the same in this organization and in another', async () => {
    const riverside = await adminOf('Riverside Polytechnic');
    expect((await register(riverside.token)).statusCode).toBe(201);
    const again = await register(riverside.token);
    const northfield = await adminOf('Northfield');
    const elsewhere = await register(northfield.token);
    expect([again.statusCode, elsewhere.statusCode]).toEqual([409, 409]);
    expect(elsewhere.json()).toEqual({ success: false, code: 'PLATFORM_TAKEN', message: TAKEN });
    expect(elsewhere.body).toBe(again.body);
    expect(elsewhere.body).not.toMatch(/Riverside|another organization|already/i);
  });
});

describe('dynamic registration', () => {
  async function openRegistration(token: string) {
    const tool = await app.inject({
      method: 'GET',
      url: `${API}/admin/lti/tool`,
      headers: bearer(token),
    });
    const link = new URL(tool.json().data.registrationUrl as string);
    const start = new URL(sim.registrationStartUrl(`${TOOL}/lti/register`));
    link.searchParams.set('openid_configuration', start.searchParams.get('openid_configuration')!);
    link.searchParams.set('registration_token', start.searchParams.get('registration_token')!);
    return app.inject({ method: 'GET', url: link.pathname + link.search });
  }

  it("tells the platform the registration's own login URL, which then takes a login without client_id", async () => {
    const riverside = await adminOf('Riverside');
    const page = await openRegistration(riverside.token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Teamup is registered');
    const list = await app.inject({
      method: 'GET',
      url: `${API}/admin/lti/platforms`,
      headers: bearer(riverside.token),
    });
    const [platform] = list.json().data.items as { id: string; loginUrl: string }[];
    expect(sim.stats.registrations.at(-1)!.initiate_login_uri).toBe(
      `${TOOL}/lti/login/${platform!.id}`,
    );
    expect(platform!.loginUrl).toBe(`${TOOL}/lti/login/${platform!.id}`);

    // Another registration of the issuer; the platform's login says no client id: its own
    // login URL still sends the browser on as its registration (client sim-client-1).
    const northfield = await adminOf('Northfield');
    expect((await register(northfield.token, 'northfield-client')).statusCode).toBe(201);
    const launch = sim.loginParams({ ...instructor, deploymentId: 'sim-deployment-sim-client-1' });
    delete launch.client_id;
    const login = await app.inject({
      method: 'GET',
      url: `${new URL(platform!.loginUrl).pathname}?${new URLSearchParams(launch)}`,
    });
    expect(login.statusCode, login.body).toBe(302);
    expect(new URL(String(login.headers.location)).searchParams.get('client_id')).toBe(
      'sim-client-1',
    );
  });

  it("an issuer and client ID another organization holds get the form's answer, and nothing is stored", async () => {
    // Northfield registered, by hand, the client ID the platform is about to hand out.
    const northfield = await adminOf('Northfield');
    expect((await register(northfield.token, 'sim-client-1')).statusCode).toBe(201);
    const riverside = await adminOf('Riverside');
    const page = await openRegistration(riverside.token);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(TAKEN);
    expect(page.body).not.toMatch(/Northfield/);
    const list = await app.inject({
      method: 'GET',
      url: `${API}/admin/lti/platforms`,
      headers: bearer(riverside.token),
    });
    expect(list.json().data.items).toEqual([]);
  });
});
