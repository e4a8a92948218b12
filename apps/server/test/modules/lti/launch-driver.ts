// A browser's LTI launch against the app, driven from a platform simulator (issue 28): the
// login, the platform's authorization answer, the launch POST with the login cookie, and the
// one-time code's exchange at POST /auth/login/lti. Shared by the launch and identity tests.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { makeAdminOf } from '../../fixtures.js';
import { API, bearer, signIn } from '../../helper.js';
import { parseAutoPostForm, type PlatformSimulator, type SimulatorLaunch } from './simulator.js';

export const cookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((c) => c.split(';')[0]!)
    .join('; ');

/** An admin of `organizationId` registers the simulator as a platform of it, by hand. */
export async function registerPlatform(
  app: FastifyInstance,
  sim: PlatformSimulator,
  organizationId: string,
  adminEmail = `admin-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@uni.example.edu`,
) {
  const admin = await makeAdminOf([organizationId], { email: adminEmail });
  const token = (await signIn(app, admin.email)).token;
  const p = sim.platform();
  const res = await app.inject({
    method: 'POST',
    url: `${API}/admin/lti/platforms`,
    headers: bearer(token),
    payload: {
      name: 'Uni Moodle',
      issuer: p.issuer,
      clientId: p.clientId,
      authorizationUrl: p.authorizationUrl,
      tokenUrl: p.tokenUrl,
      jwksUrl: p.jwksUrl,
      deploymentIds: p.deploymentIds,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { adminToken: token, platformId: res.json().data.id as string };
}

/** The browser's whole launch; returns the answer of POST /lti/launch and the form it posted. */
export async function launchFrom(
  app: FastifyInstance,
  sim: PlatformSimulator,
  l: SimulatorLaunch,
  options: { cookie?: string } = {},
) {
  const loginUrl = new URL(sim.loginUrl(l));
  const login = await app.inject({ method: 'GET', url: loginUrl.pathname + loginUrl.search });
  expect(login.statusCode, login.body).toBe(302);
  const auth = await fetch(String(login.headers.location));
  expect(auth.status).toBe(200);
  const form = parseAutoPostForm(await auth.text());
  const answer = await app.inject({
    method: 'POST',
    url: '/lti/launch',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: options.cookie ?? cookieOf(login.headers['set-cookie']),
      origin: new URL(sim.platform().authorizationUrl).origin,
    },
    payload: new URLSearchParams(form.fields).toString(),
  });
  return { answer, form, loginCookie: cookieOf(login.headers['set-cookie']) };
}

export interface LaunchSession {
  token: string;
  target: string;
  user: { id: string; email: string; role: string };
  code: string;
  /** The refresh cookie the exchange set, for calls that read it. */
  cookie: string;
}

/** Launch, then exchange the code as the web app does: the session's token and landing page. */
export async function signedInByLaunchFrom(
  app: FastifyInstance,
  sim: PlatformSimulator,
  l: SimulatorLaunch,
): Promise<LaunchSession> {
  const { answer } = await launchFrom(app, sim, l);
  expect(answer.statusCode, answer.body).toBe(303);
  const to = new URL(String(answer.headers.location));
  expect(to.pathname).toBe('/auth/lti');
  const code = to.searchParams.get('code')!;
  const res = await app.inject({ method: 'POST', url: `${API}/auth/login/lti`, payload: { code } });
  expect(res.statusCode, res.body).toBe(200);
  return {
    ...(res.json().data as Omit<LaunchSession, 'code' | 'cookie'>),
    code,
    cookie: cookieOf(res.headers['set-cookie']),
  };
}
