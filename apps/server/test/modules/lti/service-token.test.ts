import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createToolKeys,
  generateToolKeysFile,
  parseToolPrivateKeys,
  type ToolKeys,
} from '../../../src/modules/lti/keys.js';
import {
  buildClientAssertion,
  createServiceTokenClient,
} from '../../../src/modules/lti/service-token.js';
import { LtiError, NRPS_SCOPE, type LtiPlatform } from '../../../src/modules/lti/types.js';
import { TOOL_URL, testToolKeys } from './fixtures.js';
import { startPlatformSimulator, type PlatformSimulator } from './simulator.js';

let keys: ToolKeys;
let otherKeys: ToolKeys;
let sim: PlatformSimulator;
let strangerSim: PlatformSimulator;
let platform: LtiPlatform;

beforeAll(async () => {
  keys = await testToolKeys();
  otherKeys = await createToolKeys(parseToolPrivateKeys(generateToolKeysFile()));
  sim = await startPlatformSimulator({ toolBaseUrl: TOOL_URL, toolJwks: () => keys.jwks() });
  // A platform that holds another key for Teamup (say, one retired too early).
  strangerSim = await startPlatformSimulator({
    toolBaseUrl: TOOL_URL,
    toolJwks: () => otherKeys.jwks(),
  });
  platform = sim.platform();
});
afterAll(async () => {
  await sim.close();
  await strangerSim.close();
});

describe('service tokens (client credentials with a JWT assertion)', () => {
  it('the assertion: iss = sub = client id, aud = token URL, at most 5 minutes, jti, kid', async () => {
    const assertion = await buildClientAssertion(keys, platform);
    expect(decodeProtectedHeader(assertion)).toEqual({ alg: 'RS256', kid: keys.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(assertion, createLocalJWKSet(keys.jwks()), {
      issuer: platform.clientId,
      subject: platform.clientId,
      audience: platform.tokenUrl,
    });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    const other = await buildClientAssertion(keys, {
      ...platform,
      authTokenAudience: 'https://auth.example/token',
    });
    expect((await jwtVerify(other, createLocalJWKSet(keys.jwks()))).payload.aud).toBe(
      'https://auth.example/token',
    );
  });

  it('gets a token from the platform and reuses it until shortly before it expires', async () => {
    let clock = Date.now();
    const client = createServiceTokenClient({ keys, now: () => new Date(clock) });
    const before = sim.stats.tokenRequests;
    const token = await client.getToken(platform);
    expect(token).toMatch(/^[\w-]{20,}$/);
    // Concurrent callers share one request; later callers get the cached token.
    const [a, b] = await Promise.all([
      client.getToken(platform),
      client.getToken(platform, [NRPS_SCOPE]),
    ]);
    expect([a, b]).toEqual([token, token]);
    expect(sim.stats.tokenRequests - before).toBe(1);
    clock += 3600_000 - 30_000;
    const renewed = await client.getToken(platform);
    expect(renewed).not.toBe(token);
    expect(sim.stats.tokenRequests - before).toBe(2);
  });

  it('refused with a clear message when the platform does not hold our key', async () => {
    const client = createServiceTokenClient({ keys });
    const error = await client.getToken(strangerSim.platform()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LtiError);
    expect((error as LtiError).code).toBe('LTI_SERVICE_FAILED');
    expect((error as LtiError).reason).toBe('token_refused');
    expect((error as LtiError).message).toMatch(
      /^Simulated LMS refused Teamup's request for an access token \(invalid_client: client assertion not accepted: .*\)\. Check that the LMS has Teamup's client ID teamup-sim-client, its key set URL/,
    );
  });

  it('refused when the client id is not the one registered', async () => {
    const client = createServiceTokenClient({ keys });
    const error = await client
      .getToken({ ...platform, clientId: 'unknown-client' })
      .catch((e: unknown) => e);
    expect((error as LtiError).reason).toBe('token_refused');
  });

  it('an unreachable token endpoint is the one text of every network failure', async () => {
    const client = createServiceTokenClient({ keys, timeoutMs: 2_000 });
    const error = await client
      .getToken({ ...platform, tokenUrl: 'http://127.0.0.1:9/token' })
      .catch((e: unknown) => e);
    expect((error as LtiError).reason).toBe('unreachable');
    expect((error as LtiError).message).toBe(
      'Teamup could not reach the platform at that address.',
    );
  });
});
