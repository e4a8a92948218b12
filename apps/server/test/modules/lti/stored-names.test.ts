// Issue 34 item 10 (decision 142): the names and titles an LMS sends, in a launch or its roster,
// arrive on one line, without control characters, and a person's name without markup.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolKeys } from '../../../src/modules/lti/keys.js';
import { createLaunchVerifier } from '../../../src/modules/lti/launch.js';
import { readMembership } from '../../../src/modules/lti/nrps.js';
import { sha256 } from '../../../src/modules/lti/oidc-login.js';
import { createPlatformKeyStore } from '../../../src/modules/lti/platform-keys.js';
import { createServiceTokenClient } from '../../../src/modules/lti/service-token.js';
import type { LtiPlatform } from '../../../src/modules/lti/types.js';
import { memoryNonceStore, TOOL_URL, testToolKeys } from './fixtures.js';
import { LIS, startPlatformSimulator, type PlatformSimulator } from './simulator.js';

let keys: ToolKeys;
let sim: PlatformSimulator;
let platform: LtiPlatform;

beforeAll(async () => {
  keys = await testToolKeys();
  sim = await startPlatformSimulator({ toolBaseUrl: TOOL_URL, toolJwks: () => keys.jwks() });
  platform = sim.platform();
});
afterAll(async () => {
  await sim.close();
});

describe('names from an LMS', () => {
  it('a launch: line breaks, tabs and controls become one space, tags go', async () => {
    const verify = createLaunchVerifier({
      platformKeys: createPlatformKeyStore(),
      nonces: memoryNonceStore(),
    });
    const nonce = randomBytes(16).toString('hex');
    const idToken = await sim.mintIdToken({
      nonce,
      launch: {
        user: {
          sub: 'names-1',
          name: 'Ada\r\n<b>Lovelace</b>\u0007',
          givenName: '\tAda\u0085',
          familyName: '<script>Lovelace</script>',
          email: null,
          roles: [LIS.learner],
        },
        context: { id: 'ctx-names', title: 'Distributed\r\nSystems', label: 'CS\t451\u009b' },
        resourceLink: { id: 'rl-names', title: 'Project\nteams' },
      },
    });
    const launch = await verify({
      idToken,
      platform,
      loginState: {
        id: 'login-names',
        platformId: platform.id,
        nonceHash: sha256(nonce),
        storageTarget: null,
        expiresAt: new Date(Date.now() + 600_000),
        boundBy: 'cookie',
      },
    });
    expect(launch.name).toBe('Ada Lovelace');
    expect(launch.givenName).toBe('Ada');
    expect(launch.familyName).toBe('Lovelace');
    // Titles keep what they say, on one line.
    expect(launch.context).toEqual({
      id: 'ctx-names',
      title: 'Distributed Systems',
      label: 'CS 451',
    });
    expect(launch.resourceLink).toEqual({ id: 'rl-names', title: 'Project teams' });
  });

  it('a name of nothing but markup or controls is no name', async () => {
    const verify = createLaunchVerifier({
      platformKeys: createPlatformKeyStore(),
      nonces: memoryNonceStore(),
    });
    const nonce = randomBytes(16).toString('hex');
    const idToken = await sim.mintIdToken({
      nonce,
      launch: {
        user: { sub: 'names-2', name: '<img src=x>\r\n', email: null, roles: [LIS.learner] },
        context: { id: 'ctx-names-2' },
      },
    });
    const launch = await verify({
      idToken,
      platform,
      loginState: {
        id: 'login-names-2',
        platformId: platform.id,
        nonceHash: sha256(nonce),
        storageTarget: null,
        expiresAt: new Date(Date.now() + 600_000),
        boundBy: 'cookie',
      },
    });
    expect(launch.name).toBeNull();
  });

  it('a roster: every member name on one line, without markup', async () => {
    sim.setRoster([
      {
        user_id: 'm-1',
        name: 'Grace\r\nHopper',
        given_name: 'Grace\u0000',
        family_name: '<u>Hopper</u>',
        roles: [LIS.learner],
      },
      { user_id: 'm-2', given_name: 'Alan\t', family_name: 'Turing\u2028', roles: [LIS.learner] },
    ]);
    const membership = await readMembership({
      url: sim.membershipsUrl('ctx-roster'),
      platform,
      tokens: createServiceTokenClient({ keys }),
    });
    const byId = new Map(membership.members.map((m) => [m.userId, m]));
    expect(byId.get('m-1')).toMatchObject({
      name: 'Grace Hopper',
      givenName: 'Grace',
      familyName: 'Hopper',
    });
    expect(byId.get('m-2')).toMatchObject({
      name: 'Alan Turing',
      givenName: 'Alan',
      familyName: 'Turing',
    });
  });
});
