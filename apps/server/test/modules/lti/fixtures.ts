import {
  createToolKeys,
  generateToolKeysFile,
  parseToolPrivateKeys,
  type ToolKeys,
} from '../../../src/modules/lti/keys.js';
import type { NonceStore } from '../../../src/modules/lti/launch.js';
import {
  checkLaunchState,
  parseLoginRequest,
  startLogin,
  type LoginSettings,
} from '../../../src/modules/lti/oidc-login.js';
import type { LtiPlatform } from '../../../src/modules/lti/types.js';
import { parseAutoPostForm, type PlatformSimulator, type SimulatorLaunch } from './simulator.js';

// The tool's address in these tests: nothing listens there, the protocol code only needs it.
export const TOOL_URL = 'http://127.0.0.1:3999';
export const SECRET = 'a-server-secret-of-at-least-thirty-two-characters';
export const loginSettings: LoginSettings = { secret: SECRET, toolUrl: TOOL_URL };

let toolKeys: Promise<ToolKeys> | null = null;
/** One tool key pair for the whole file (RSA generation takes a moment). */
export function testToolKeys(): Promise<ToolKeys> {
  toolKeys ??= createToolKeys(parseToolPrivateKeys(generateToolKeysFile()));
  return toolKeys;
}

/** The nonce table of the app, in memory: claimed once per issuer and nonce. */
export function memoryNonceStore(): NonceStore & { claims: number } {
  const used = new Set<string>();
  return {
    claims: 0,
    async claimNonce(issuer, nonce) {
      this.claims += 1;
      const key = `${issuer}\n${nonce}`;
      if (used.has(key)) return false;
      used.add(key);
      return true;
    },
  };
}

/** A browser's cookie jar, from the Set-Cookie of a login answer. */
export function cookiesFrom(setCookie: string | undefined): Record<string, string> {
  if (!setCookie) return {};
  const [pair = ''] = setCookie.split(';');
  const index = pair.indexOf('=');
  return { [pair.slice(0, index)]: pair.slice(index + 1) };
}

/**
 * The browser's part of a launch, without a browser: the platform's login request to the
 * tool, the tool's redirect to the platform's /auth, and the form the platform posts back.
 */
export async function runLogin(
  sim: PlatformSimulator,
  platform: LtiPlatform,
  launch: SimulatorLaunch,
) {
  const request = parseLoginRequest(sim.loginParams(launch));
  const login = await startLogin(request, platform, loginSettings);
  const auth = await fetch(login.authorizationUrl);
  if (auth.status !== 200) throw new Error(`platform refused the login: ${await auth.text()}`);
  const form = parseAutoPostForm(await auth.text());
  return {
    login,
    cookies: cookiesFrom(login.answer.headers['set-cookie']),
    formAction: form.action,
    idToken: form.fields.id_token ?? '',
    state: form.fields.state ?? '',
  };
}

/** The launch's state check as the route does it, expecting the browser to be bound. */
export async function boundState(
  platforms: LtiPlatform[],
  input: { state: string; idToken: string; cookies: Record<string, string> },
) {
  const check = await checkLaunchState(
    input,
    loginSettings,
    async (id) => platforms.find((p) => p.id === id) ?? null,
  );
  if (check.kind !== 'bound') throw new Error('expected a bound state');
  return check;
}
