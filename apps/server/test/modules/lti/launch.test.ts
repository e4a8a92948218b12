import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLaunchVerifier, type LtiLaunch } from '../../../src/modules/lti/launch.js';
import { sha256, type VerifiedLoginState } from '../../../src/modules/lti/oidc-login.js';
import { createPlatformKeyStore } from '../../../src/modules/lti/platform-keys.js';
import { LtiError, type LtiPlatform } from '../../../src/modules/lti/types.js';
import { boundState, memoryNonceStore, runLogin, TOOL_URL } from './fixtures.js';
import {
  LIS,
  startPlatformSimulator,
  type BrokenToken,
  type MintOptions,
  type PlatformSimulator,
  type SimulatorLaunch,
} from './simulator.js';

let sim: PlatformSimulator;
let platform: LtiPlatform;

beforeAll(async () => {
  sim = await startPlatformSimulator({ toolBaseUrl: TOOL_URL });
  platform = sim.platform();
});
afterAll(async () => {
  await sim.close();
});

function setup(options: { now?: () => number } = {}) {
  const platformKeys = createPlatformKeyStore(options.now ? { now: options.now } : {});
  const nonces = memoryNonceStore();
  const verify = createLaunchVerifier({ platformKeys, nonces });
  return { platformKeys, nonces, verify };
}

function stateFor(nonce: string, p: LtiPlatform = platform): VerifiedLoginState {
  return {
    id: 'login-1',
    platformId: p.id,
    nonceHash: sha256(nonce),
    storageTarget: null,
    expiresAt: new Date(Date.now() + 600_000),
    boundBy: 'cookie',
  };
}

/** A minted token and the login state it belongs to. */
async function minted(options: MintOptions = {}) {
  const nonce = options.nonce ?? randomBytes(16).toString('hex');
  return { idToken: await sim.mintIdToken({ ...options, nonce }), loginState: stateFor(nonce) };
}

async function refusal(promise: Promise<unknown>): Promise<LtiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LtiError);
  const lti = error as LtiError;
  expect(lti.code).toBe('LTI_LAUNCH_INVALID');
  // A sentence a person can read: no internals, no "undefined".
  expect(lti.message).toMatch(/^[A-Z].*\.$/);
  expect(lti.message).not.toMatch(/undefined|null|Error:/);
  return lti;
}

const instructor: SimulatorLaunch = {
  user: {
    sub: 'instr-1',
    name: 'Ada Instructor',
    givenName: 'Ada',
    familyName: 'Instructor',
    email: 'Ada.Instructor@Example.edu',
    roles: [LIS.instructor, LIS.institutionInstructor],
  },
  context: { id: 'ctx-42', title: 'Distributed Systems', label: 'CS 451' },
  resourceLink: { id: 'rl-7', title: 'Project teams' },
};

describe('LTI launch: the whole login and launch against the simulator', () => {
  it('an instructor: every field of the launch', async () => {
    const { verify, nonces } = setup();
    const run = await runLogin(sim, platform, instructor);
    expect(run.formAction).toBe(`${TOOL_URL}/lti/launch`);
    const { state, platform: found } = await boundState([platform], run);
    const launch = await verify({ idToken: run.idToken, platform: found, loginState: state });
    expect(launch).toEqual<LtiLaunch>({
      issuer: sim.issuer,
      clientId: sim.clientId,
      deploymentId: sim.deploymentId,
      sub: 'instr-1',
      email: 'ada.instructor@example.edu',
      name: 'Ada Instructor',
      givenName: 'Ada',
      familyName: 'Instructor',
      roles: [LIS.instructor, LIS.institutionInstructor],
      contextRole: 'INSTRUCTOR',
      context: { id: 'ctx-42', title: 'Distributed Systems', label: 'CS 451' },
      resourceLink: { id: 'rl-7', title: 'Project teams' },
      nrps: { url: sim.membershipsUrl('ctx-42'), versions: ['2.0'] },
      section: null,
      targetLinkUri: `${TOOL_URL}/lti/launch`,
      replayKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      expiresAt: expect.any(Date),
    });
    expect(launch.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(nonces.claims).toBe(1);
  });

  it.each([
    ['a teaching assistant', [LIS.instructor, LIS.teachingAssistant], 'TEACHING_ASSISTANT'],
    ['a learner', [LIS.learner], 'LEARNER'],
    ['a context administrator', [LIS.administrator], 'INSTRUCTOR'],
    ['a mentor (no course role)', [LIS.mentor], null],
    ['a system administrator only', [LIS.systemAdministrator], null],
  ] as const)('%s', async (_label, roles, expected) => {
    const { verify } = setup();
    const run = await runLogin(sim, platform, {
      user: { sub: `u-${roles.length}`, roles: [...roles] },
    });
    const { state } = await boundState([platform], run);
    const launch = await verify({ idToken: run.idToken, platform, loginState: state });
    expect(launch.contextRole).toBe(expected);
    // The platform shared neither name nor email.
    expect(launch.email).toBeNull();
    expect(launch.name).toBeNull();
  });

  it('a launch without the roster service claim, and a name built from its parts', async () => {
    const { verify } = setup();
    const { idToken, loginState } = await minted({
      launch: {
        user: {
          sub: 's-1',
          givenName: 'Grace',
          familyName: 'Hopper',
          email: 'not an email',
          roles: [LIS.learner],
        },
        nrps: false,
      },
    });
    const launch = await verify({ idToken, platform, loginState });
    expect(launch.nrps).toBeNull();
    expect(launch.name).toBe('Grace Hopper');
    expect(launch.email).toBeNull();
  });

  it('accepts several audiences when azp names us', async () => {
    const { verify } = setup();
    const { idToken, loginState } = await minted({
      claims: { aud: [sim.clientId, 'another'], azp: sim.clientId },
    });
    await expect(verify({ idToken, platform, loginState })).resolves.toMatchObject({
      sub: 'learner-1',
    });
  });
});

describe('LTI launch: refusals', () => {
  it('a replayed id_token', async () => {
    const { verify } = setup();
    const { idToken, loginState } = await minted();
    await verify({ idToken, platform, loginState });
    const error = await refusal(verify({ idToken, platform, loginState }));
    expect(error.reason).toBe('replayed');
    expect(error.message).toMatch(/already used/);
  });

  it.each<[BrokenToken, string, RegExp]>([
    ['wrong-aud', 'wrong_audience', /meant for another tool/],
    ['aud-array-without-azp', 'no_azp', /several audiences/],
    ['other-deployment', 'unknown_deployment', /deployment this platform has not registered/],
    ['expired', 'expired', /expired/],
    ['iat-in-future', 'issued_in_future', /future/],
    ['alg-none', 'bad_algorithm', /RS256/],
    ['hs256-with-public-key', 'bad_algorithm', /RS256/],
    ['wrong-issuer', 'wrong_issuer', /other than the one registered/],
    ['wrong-message-type', 'wrong_message_type', /only resource links/],
    ['no-context', 'no_context', /which course/],
  ])('%s', async (broken, reason, message) => {
    const { verify, nonces } = setup();
    const { idToken, loginState } = await minted({ broken });
    const error = await refusal(verify({ idToken, platform, loginState }));
    expect(error.reason).toBe(reason);
    expect(error.message).toMatch(message);
    // A refused launch never uses up its nonce.
    expect(nonces.claims).toBe(0);
  });

  it('an azp that is not us', async () => {
    const { verify } = setup();
    const { idToken, loginState } = await minted({ claims: { azp: 'another-tool' } });
    expect((await refusal(verify({ idToken, platform, loginState }))).reason).toBe('wrong_azp');
  });

  it('a wrong LTI version, and a missing sub or roles claim', async () => {
    const { verify } = setup();
    for (const [claims, reason] of [
      [{ 'https://purl.imsglobal.org/spec/lti/claim/version': '1.1' }, 'wrong_version'],
      [{ sub: undefined }, 'no_subject'],
      [{ 'https://purl.imsglobal.org/spec/lti/claim/roles': undefined }, 'no_roles'],
      [{ nonce: undefined }, 'missing_nonce'],
    ] as const) {
      const { idToken, loginState } = await minted({ claims });
      expect((await refusal(verify({ idToken, platform, loginState }))).reason).toBe(reason);
    }
  });

  it('alg none and HS256 are refused without fetching any key', async () => {
    const { verify, platformKeys } = setup();
    for (const broken of ['alg-none', 'hs256-with-public-key'] as const) {
      const { idToken, loginState } = await minted({ broken });
      await refusal(verify({ idToken, platform, loginState }));
    }
    expect(platformKeys.fetchCount(platform.jwksUrl)).toBe(0);
  });

  it('a nonce that is not the one this browser sent', async () => {
    const { verify, nonces } = setup();
    const { idToken } = await minted();
    const error = await refusal(
      verify({ idToken, platform, loginState: stateFor('another-nonce') }),
    );
    expect(error.reason).toBe('nonce_mismatch');
    expect(nonces.claims).toBe(0);
  });

  it('a state made for another platform', async () => {
    const { verify } = setup();
    const other = sim.platform();
    const nonce = 'n-1';
    const idToken = await sim.mintIdToken({ nonce });
    const error = await refusal(verify({ idToken, platform, loginState: stateFor(nonce, other) }));
    expect(error.reason).toBe('platform_mismatch');
  });

  it('a deployment the platform has since removed', async () => {
    const { verify } = setup();
    const { idToken, loginState } = await minted();
    const error = await refusal(
      verify({ idToken, platform: { ...platform, deploymentIds: ['another'] }, loginState }),
    );
    expect(error.reason).toBe('unknown_deployment');
  });
});

describe('LTI launch: platform key rotation by kid', () => {
  it('an unknown kid causes exactly one JWKS refetch, even under concurrent launches, then refusal', async () => {
    const { verify, platformKeys } = setup();
    const first = await minted();
    await verify({ idToken: first.idToken, platform, loginState: first.loginState });
    expect(platformKeys.fetchCount(platform.jwksUrl)).toBe(1);
    const before = sim.stats.jwksRequests;

    const forged = await Promise.all(
      Array.from({ length: 8 }, () => minted({ broken: 'unknown-kid' })),
    );
    const errors = await Promise.all(forged.map((t) => refusal(verify({ ...t, platform }))));
    expect(errors.map((e) => e.reason)).toEqual(Array(8).fill('unknown_key'));
    expect(platformKeys.fetchCount(platform.jwksUrl)).toBe(2);
    expect(sim.stats.jwksRequests - before).toBe(1);

    // Within the cooldown another unknown kid is refused without asking the platform again.
    const again = await minted({ broken: 'unknown-kid' });
    expect((await refusal(verify({ ...again, platform }))).reason).toBe('unknown_key');
    expect(sim.stats.jwksRequests - before).toBe(1);
  });

  it('a rotated platform key is accepted after that one refetch', async () => {
    const { verify, platformKeys } = setup();
    const first = await minted();
    await verify({ idToken: first.idToken, platform, loginState: first.loginState });
    await sim.rotateKey({ keepOld: true });

    const launches = await Promise.all(Array.from({ length: 6 }, () => minted()));
    const results = await Promise.all(launches.map((t) => verify({ ...t, platform })));
    expect(results).toHaveLength(6);
    expect(platformKeys.fetchCount(platform.jwksUrl)).toBe(2);
  });

  it('after the cooldown an unknown kid may cause one more refetch', async () => {
    let clock = Date.now();
    const { verify, platformKeys } = setup({ now: () => clock });
    const first = await minted();
    await verify({ idToken: first.idToken, platform, loginState: first.loginState });
    const forged = await minted({ broken: 'unknown-kid' });
    await refusal(verify({ ...forged, platform }));
    expect(platformKeys.fetchCount(platform.jwksUrl)).toBe(2);
    clock += 31_000;
    const later = await minted({ broken: 'unknown-kid' });
    await refusal(verify({ ...later, platform }));
    expect(platformKeys.fetchCount(platform.jwksUrl)).toBe(3);
  });

  it('a platform whose keys cannot be fetched gives a clear error', async () => {
    const { verify } = setup();
    const { idToken, loginState } = await minted();
    const broken = { ...platform, jwksUrl: `${sim.url}/missing-jwks` };
    const error = await verify({ idToken, platform: broken, loginState }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LtiError);
    expect((error as LtiError).code).toBe('LTI_SERVICE_FAILED');
    // The one text of every failed platform request: the status stays in the server log.
    expect((error as LtiError).message).toBe(
      'Teamup could not reach the platform at that address.',
    );
  });
});
