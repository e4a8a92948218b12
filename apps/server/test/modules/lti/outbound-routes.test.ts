// Issue 34 (item 6, decision 143) through the app's own routes: the dynamic registration link no
// longer probes whatever URL it is given, and the platform form keeps to https in production.
import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { makeAdminOf, makeOrganization } from '../../fixtures.js';
import { API, bearer, buildTestApp, signIn } from '../../helper.js';
import { closeLocal, closeLocalServers, listenLocal } from './local-servers.js';

const UNREACHABLE = 'Teamup could not reach the platform at that address.';

afterEach(closeLocalServers);

const listen = listenLocal;

async function adminOf(app: FastifyInstance) {
  const org = await makeOrganization({ name: 'Uni' });
  const admin = await makeAdminOf([org.id], { email: `admin-${Date.now()}@uni.example.edu` });
  return { org, token: (await signIn(app, admin.email)).token };
}

/** The organization's dynamic registration link, opened by an "LMS" with this configuration. */
async function openRegistration(app: FastifyInstance, token: string, configuration: string) {
  const tool = await app.inject({
    method: 'GET',
    url: `${API}/admin/lti/tool`,
    headers: bearer(token),
  });
  expect(tool.statusCode, tool.body).toBe(200);
  const link = new URL(tool.json().data.registrationUrl as string);
  link.searchParams.set('openid_configuration', configuration);
  link.searchParams.set('registration_token', 'registration-token');
  return app.inject({ method: 'GET', url: link.pathname + link.search });
}

const platformBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Uni Moodle',
  issuer: 'https://moodle.uni.example.edu',
  clientId: `client-${Date.now()}`,
  authorizationUrl: 'https://moodle.uni.example.edu/mod/lti/auth.php',
  tokenUrl: 'https://moodle.uni.example.edu/mod/lti/token.php',
  jwksUrl: 'https://moodle.uni.example.edu/mod/lti/certs.php',
  deploymentIds: ['1'],
  ...overrides,
});

describe('dynamic registration link', () => {
  it('in production, a name that resolves to loopback is never connected to', async () => {
    const app = await buildTestApp({ NODE_ENV: 'production' });
    const { token } = await adminOf(app);
    let connections = 0;
    const port = await listen(
      createTcpServer((socket) => {
        connections += 1;
        socket.destroy();
      }),
    );
    // localhost is resolved by the system's DNS, as any name an admin or an LMS gives.
    const page = await openRegistration(
      app,
      token,
      `https://localhost:${port}/.well-known/openid-configuration`,
    );
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(UNREACHABLE);
    expect(connections).toBe(0);
  });

  it('a closed port and a server error give the same page, without the status', async () => {
    const app = await buildTestApp();
    const { token } = await adminOf(app);
    const failingPort = await listen(
      createServer((_req, res) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":"db down at 10.0.0.7"}');
      }),
    );
    const closed = createTcpServer();
    const closedPort = await listen(closed);
    await closeLocal(closed);

    const fromClosed = await openRegistration(
      app,
      token,
      `http://127.0.0.1:${closedPort}/.well-known/openid-configuration`,
    );
    const from500 = await openRegistration(
      app,
      token,
      `http://127.0.0.1:${failingPort}/.well-known/openid-configuration`,
    );
    expect(fromClosed.body).toContain(UNREACHABLE);
    // Byte for byte but the page's nonce.
    const withoutNonce = (body: string) => body.replace(/nonce-[^'"]+|nonce="[^"]+"/g, 'nonce');
    expect(withoutNonce(from500.body)).toBe(withoutNonce(fromClosed.body));
    expect([from500.statusCode, fromClosed.statusCode]).toEqual([400, 400]);
    expect(from500.body).not.toMatch(/500|10\.0\.0\.7/);
  });
});

describe('the platform form in production', () => {
  it('refuses plain http URLs field by field, on register and on change', async () => {
    const app = await buildTestApp({ NODE_ENV: 'production' });
    const { token } = await adminOf(app);
    const refused = await app.inject({
      method: 'POST',
      url: `${API}/admin/lti/platforms`,
      headers: bearer(token),
      payload: platformBody({
        issuer: 'http://moodle.uni.example.edu',
        tokenUrl: 'http://moodle.uni.example.edu/mod/lti/token.php',
        jwksUrl: 'http://moodle.uni.example.edu/mod/lti/certs.php',
      }),
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      details: [
        { path: 'issuer', message: 'Enter an https URL: plain http is for development only' },
        { path: 'tokenUrl', message: 'Enter an https URL: plain http is for development only' },
        { path: 'jwksUrl', message: 'Enter an https URL: plain http is for development only' },
      ],
    });
    const list = await app.inject({
      method: 'GET',
      url: `${API}/admin/lti/platforms`,
      headers: bearer(token),
    });
    expect(list.json().data.items).toEqual([]);

    const created = await app.inject({
      method: 'POST',
      url: `${API}/admin/lti/platforms`,
      headers: bearer(token),
      payload: platformBody(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const changed = await app.inject({
      method: 'PATCH',
      url: `${API}/admin/lti/platforms/${id}`,
      headers: bearer(token),
      payload: { authorizationUrl: 'http://moodle.uni.example.edu/mod/lti/auth.php' },
    });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().details).toEqual([
      {
        path: 'authorizationUrl',
        message: 'Enter an https URL: plain http is for development only',
      },
    ]);
  });

  it('takes plain http in development (the development LMS and the simulator)', async () => {
    const app = await buildTestApp();
    const { token } = await adminOf(app);
    const created = await app.inject({
      method: 'POST',
      url: `${API}/admin/lti/platforms`,
      headers: bearer(token),
      payload: platformBody({
        issuer: 'http://127.0.0.1:4000',
        authorizationUrl: 'http://127.0.0.1:4000/auth',
        tokenUrl: 'http://127.0.0.1:4000/token',
        jwksUrl: 'http://127.0.0.1:4000/jwks',
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
  });
});
