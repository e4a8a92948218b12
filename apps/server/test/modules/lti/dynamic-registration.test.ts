import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOOL_CONFIGURATION,
  buildToolRegistration,
  parseRegistrationRequest,
  registerWithPlatform,
  registrationClosePage,
  registeredPlatformName,
  type RegistrationSettings,
} from '../../../src/modules/lti/dynamic-registration.js';
import { createOutbound } from '../../../src/modules/lti/outbound.js';
import { LtiError, NRPS_SCOPE } from '../../../src/modules/lti/types.js';
import { TOOL_URL } from './fixtures.js';
import { startPlatformSimulator, type PlatformSimulator } from './simulator.js';

let sim: PlatformSimulator;
const settings: RegistrationSettings = {
  toolUrl: TOOL_URL,
  outbound: createOutbound({ restricted: false }),
};

beforeAll(async () => {
  sim = await startPlatformSimulator({ toolBaseUrl: TOOL_URL });
});
afterAll(async () => {
  await sim.close();
});

/** The query the platform opens /lti/register with. */
function registrationQuery() {
  return Object.fromEntries(new URL(sim.registrationStartUrl()).searchParams);
}

async function registrationError(promise: Promise<unknown>): Promise<LtiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LtiError);
  expect((error as LtiError).code).toBe('LTI_REGISTRATION_FAILED');
  return error as LtiError;
}

describe('LTI Dynamic Registration', () => {
  it('round trip: configuration read, tool registered, what to store returned', async () => {
    const query = registrationQuery();
    expect(query.openid_configuration).toBe(sim.openidConfigurationUrl);
    const registered = await registerWithPlatform(parseRegistrationRequest(query), settings);
    expect(registered).toEqual({
      issuer: sim.issuer,
      clientId: 'sim-client-1',
      deploymentIds: ['sim-deployment-sim-client-1'],
      authorizationUrl: sim.authorizationUrl,
      tokenUrl: sim.tokenUrl,
      jwksUrl: sim.jwksUrl,
      authTokenAudience: null,
      productFamilyCode: 'simulator',
      scope: NRPS_SCOPE,
    });
    const sent = sim.stats.registrations.at(-1)!;
    expect(sent).toEqual(buildToolRegistration(settings));
    expect(sent).toMatchObject({
      application_type: 'web',
      response_types: ['id_token'],
      grant_types: ['implicit', 'client_credentials'],
      initiate_login_uri: `${TOOL_URL}/lti/login`,
      redirect_uris: [`${TOOL_URL}/lti/launch`],
      jwks_uri: `${TOOL_URL}/lti/jwks`,
      token_endpoint_auth_method: 'private_key_jwt',
      scope: NRPS_SCOPE,
      [TOOL_CONFIGURATION]: {
        domain: '127.0.0.1:3999',
        target_link_uri: `${TOOL_URL}/lti/launch`,
        claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
        messages: [{ type: 'LtiResourceLinkRequest', label: 'Teamup' }],
      },
    });
  });

  it('the registration token is single use at the platform', async () => {
    const query = registrationQuery();
    await registerWithPlatform(parseRegistrationRequest(query), settings);
    const error = await registrationError(
      registerWithPlatform(parseRegistrationRequest(query), settings),
    );
    expect(error.reason).toBe('unreachable');
    expect(error.message).toBe('Teamup could not reach the platform at that address.');
  });

  it('refuses a configuration whose issuer is another site', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          issuer: 'https://canvas.example.edu',
          authorization_endpoint: 'https://canvas.example.edu/auth',
          token_endpoint: 'https://canvas.example.edu/token',
          jwks_uri: 'https://canvas.example.edu/jwks',
          registration_endpoint: 'https://canvas.example.edu/register',
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openid-configuration`;
    try {
      const error = await registrationError(
        registerWithPlatform({ openid_configuration: url, registration_token: 't' }, settings),
      );
      expect(error.reason).toBe('issuer_mismatch');
      expect(error.message).toMatch(
        /names the issuer https:\/\/canvas\.example\.edu, which is not the site it came from/,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('quotes a short excerpt of a refusal the LMS answers in HTML, as Moodle does', async () => {
    const server = createServer((req, res) => {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (req.url === '/openid-configuration') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            issuer: origin,
            authorization_endpoint: `${origin}/auth`,
            token_endpoint: `${origin}/token`,
            jwks_uri: `${origin}/jwks`,
            registration_endpoint: `${origin}/register`,
          }),
        );
        return;
      }
      res.writeHead(400, { 'content-type': 'text/html' });
      res.end(
        '<!DOCTYPE html><html><head><title>Error</title><style>p{color:red}</style></head>' +
          '<body><div class="errorbox"><p class="errormessage">Unauthorized access: the ' +
          'registration token has expired &amp; cannot be used.</p></div><script>x()</script>' +
          `${'<p>more</p>'.repeat(100)}</body></html>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openid-configuration`;
    try {
      const error = await registrationError(
        registerWithPlatform({ openid_configuration: url, registration_token: 't' }, settings),
      );
      expect(error.reason).toBe('registration_refused');
      expect(error.message).toMatch(
        /^The LMS refused the registration: Unauthorized access: the registration token has expired & cannot be used\. more more/,
      );
      expect(error.message).not.toMatch(/<|color:red|x\(\)/);
      expect(error.message.length).toBeLessThan(260);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('names a registered platform by its product and site', () => {
    expect(registeredPlatformName('moodle', 'https://moodle.northfield.edu')).toBe(
      'Moodle (moodle.northfield.edu)',
    );
    expect(registeredPlatformName('canvas', 'https://canvas.instructure.com')).toBe(
      'Canvas (canvas.instructure.com)',
    );
    expect(registeredPlatformName('simulator', 'http://127.0.0.1:4000')).toBe(
      'Simulator (127.0.0.1:4000)',
    );
    expect(registeredPlatformName(null, 'https://lms.example.edu')).toBe('lms.example.edu');
  });

  it('refuses plain http outside development, and missing parameters', async () => {
    const error = await registrationError(
      registerWithPlatform(parseRegistrationRequest(registrationQuery()), {
        toolUrl: TOOL_URL,
        outbound: createOutbound({ restricted: true }),
      }),
    );
    expect(error.reason).toBe('insecure_url');
    expect(() => parseRegistrationRequest({})).toThrow(/paste it into the LMS/);
  });

  it('the closing page tells the platform to close the registration window', () => {
    const page = registrationClosePage();
    const nonce = /<script nonce="([^"]+)">/.exec(page.body)?.[1];
    expect(page.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(page.body).toContain("postMessage({subject:'org.imsglobal.lti.close'},'*')");
  });
});
