// Issue 34 item 12 (decision 144): no log line carries a credential a URL held. The app runs
// with its info log captured; an LMS registers Teamup through the organization's registration
// link, an instructor launches and lands on /auth/lti with the one-time code, an email's
// unsubscribe link is opened, and a few URLs that carry tokens where no route takes them are
// tried. Each secret is then looked for in every line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUnsubscribeTokens } from '../../src/modules/email/unsubscribe-token.js';
import { makeAdminOf, makeOrganization, makeUser } from '../fixtures.js';
import { API, bearer, buildTestApp, driver, signIn, tempDir } from '../helper.js';
import { launchFrom, registerPlatform } from '../modules/lti/launch-driver.js';
import { LIS, startPlatformSimulator, type PlatformSimulator } from '../modules/lti/simulator.js';

const TOOL = 'http://localhost:5173';
const SECRET = 'test-secret-test-secret-test-secret-42';

function webDist(): string {
  const dir = tempDir('web-dist-logs');
  const page = '<!doctype html><html><body><div id="root"></div></body></html>';
  writeFileSync(join(dir, 'index.html'), page);
  mkdirSync(join(dir, 'prerendered'));
  return dir;
}

describe(`secrets in URLs stay out of the log (${driver})`, () => {
  let app: FastifyInstance;
  let sim: PlatformSimulator;
  let lines: string[];

  beforeEach(async () => {
    lines = [];
    app = await buildTestApp(
      { LOG_LEVEL: 'info', WEB_DIST_DIR: webDist() },
      { logStream: { write: (line: string) => lines.push(line) }, mail: false },
    );
    sim = await startPlatformSimulator({
      toolBaseUrl: TOOL,
      toolJwks: async () => (await app.inject({ method: 'GET', url: '/lti/jwks' })).json(),
    });
  });

  afterEach(async () => {
    await sim.close();
  });

  /** The request URLs the log's `req` lines name. */
  const loggedUrls = () =>
    lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));

  function expectNowhere(secrets: Record<string, string>) {
    for (const [what, value] of Object.entries(secrets)) {
      expect(value.length, what).toBeGreaterThan(5);
      const found = lines.filter((line) => line.includes(value));
      expect(found, `${what} appears in the log`).toEqual([]);
      // Nor in its URL-encoded form.
      const encoded = encodeURIComponent(value);
      expect(
        lines.filter((line) => line.includes(encoded)),
        `${what} (encoded) appears in the log`,
      ).toEqual([]);
    }
  }

  it('dynamic registration: the registration link token and the LMS registration token', async () => {
    const org = await makeOrganization({ name: 'Riverside' });
    const admin = await makeAdminOf([org.id], { email: `logs-admin-${Date.now()}@a.example` });
    const token = (await signIn(app, admin.email)).token;
    const tool = await app.inject({
      method: 'GET',
      url: `${API}/admin/lti/tool`,
      headers: bearer(token),
    });
    expect(tool.statusCode, tool.body).toBe(200);
    const link = new URL(tool.json().data.registrationUrl as string);
    const linkToken = link.searchParams.get('t')!;
    const start = new URL(sim.registrationStartUrl(`${TOOL}/lti/register`));
    const registrationToken = start.searchParams.get('registration_token')!;
    link.searchParams.set('openid_configuration', start.searchParams.get('openid_configuration')!);
    link.searchParams.set('registration_token', registrationToken);

    const page = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Teamup is registered');
    // A second try with the spent token is refused: its lines are checked too.
    const again = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);

    expectNowhere({
      'registration link token': linkToken,
      'registration token': registrationToken,
    });
    // The line is still there, with the URL's shape and the LMS's address.
    expect(loggedUrls()).toContainEqual(
      expect.stringMatching(
        /^\/lti\/register\?t=\[redacted\]&openid_configuration=http%3A%2F%2F127\.0\.0\.1%3A\d+%2F\.well-known%2Fopenid-configuration&registration_token=\[redacted\]$/,
      ),
    );
  });

  it("a launch: the login's hints, the landing's one-time code and frame token", async () => {
    const org = await makeOrganization({ name: 'Northfield' });
    await registerPlatform(app, sim, org.id);
    const { answer } = await launchFrom(app, sim, {
      user: { sub: 'log-ins-1', name: 'Ines Instructor', email: null, roles: [LIS.instructor] },
      context: { id: 'ctx-logs', title: 'Logs 101', label: 'LG101' },
    });
    expect(answer.statusCode, answer.body).toBe(303);
    const landing = new URL(String(answer.headers.location));
    const code = landing.searchParams.get('code')!;
    const frame = landing.searchParams.get('frame')!;
    const loginLine = loggedUrls().find((url) => url.startsWith('/lti/login?'))!;
    expect(loginLine).toMatch(/login_hint=\[redacted\]/);

    // The browser opens the landing page, the web app exchanges the code.
    const opened = await app.inject({ method: 'GET', url: landing.pathname + landing.search });
    expect(opened.statusCode).toBe(200);
    const exchanged = await app.inject({
      method: 'POST',
      url: `${API}/auth/login/lti`,
      payload: { code },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    // A launch sent as a GET with its fields in the query: no such route, and no secret logged.
    const idToken = await sim.mintIdToken();
    await app.inject({ method: 'GET', url: `/lti/launch?id_token=${idToken}&state=st-${code}` });

    expectNowhere({ code, frame, id_token: idToken });
    expect(loggedUrls()).toContain('/auth/lti?code=[redacted]&frame=[redacted]');
  });

  it("an email's unsubscribe links, and tokens where no route takes one", async () => {
    const user = await makeUser({ email: `logs-student-${Date.now()}@a.example` });
    const unsubscribe = createUnsubscribeTokens(SECRET).sign({
      userId: user.id,
      target: 'JOIN_REQUEST_RECEIVED',
    });
    const api = await app.inject({
      method: 'GET',
      url: `${API}/email/unsubscribe?token=${encodeURIComponent(unsubscribe)}`,
    });
    expect(api.statusCode, api.body).toBeLessThan(500);
    await app.inject({ method: 'GET', url: `/email/unsubscribe?token=${unsubscribe}` });
    // A token in the path, and credentials under other names.
    const pathToken = `${user.id}.DIGEST.1893456000.${'x'.repeat(32)}`;
    await app.inject({ method: 'GET', url: `/unsubscribe/${pathToken}` });
    await app.inject({
      method: 'GET',
      url: `${API}/no-such-route?access_token=at-${user.id}&reset_token=rt-${user.id}`,
    });

    expectNowhere({
      'unsubscribe token': unsubscribe,
      'path token': pathToken,
      'access token': `at-${user.id}`,
      'reset token': `rt-${user.id}`,
    });
    expect(loggedUrls()).toContain('/email/unsubscribe?token=[redacted]');
    expect(loggedUrls()).toContain('/unsubscribe/[redacted]');
  });
});
