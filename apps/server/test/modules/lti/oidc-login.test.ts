import { runInNewContext } from 'node:vm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLaunchState,
  clearLoginCookie,
  parseLoginRequest,
  startLogin,
  type LaunchStateInput,
  type LoginSettings,
} from '../../../src/modules/lti/oidc-login.js';
import { LtiError, type LtiPlatform } from '../../../src/modules/lti/types.js';
import { SECRET, TOOL_URL, cookiesFrom, loginSettings } from './fixtures.js';
import { LIS, startPlatformSimulator, type PlatformSimulator } from './simulator.js';

let sim: PlatformSimulator;
let platform: LtiPlatform;
const learner = { user: { sub: 'learner-9', roles: [LIS.learner] } };

beforeAll(async () => {
  sim = await startPlatformSimulator({ toolBaseUrl: TOOL_URL });
  platform = sim.platform();
});
afterAll(async () => {
  await sim.close();
});

const find = async (id: string) => (id === platform.id ? platform : null);

async function login(extra: Record<string, string> = {}, settings: LoginSettings = loginSettings) {
  const params = { ...sim.loginParams(learner), ...extra };
  return startLogin(parseLoginRequest(params), platform, settings);
}

async function stateError(promise: Promise<unknown>): Promise<LtiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LtiError);
  expect((error as LtiError).message).toMatch(/^[A-Z].*\.$/);
  return error as LtiError;
}

function input(partial: Partial<LaunchStateInput> & { state: string }): LaunchStateInput {
  return { cookies: {}, idToken: 'header.payload.signature', ...partial };
}

describe('OIDC login: the redirect to the platform', () => {
  it('a 302 to the authorization endpoint with every parameter LTI requires', async () => {
    const result = await login();
    expect(result.answer.status).toBe(302);
    const location = new URL(result.answer.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(platform.authorizationUrl);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toEqual({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.clientId,
      redirect_uri: `${TOOL_URL}/lti/launch`,
      login_hint: expect.stringMatching(/^hint-/),
      lti_message_hint: expect.any(String),
      state: result.state,
      nonce: result.nonce,
    });
    // At least 128 bits of randomness (32 bytes, base64url).
    expect(result.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The state carries only hashes and lives at most 10 minutes.
    const claims = decodeJwt(result.state);
    expect(claims.exp! - claims.iat!).toBe(600);
    expect(JSON.stringify(claims)).not.toContain(result.nonce);
    expect(claims.pid).toBe(platform.id);
  });

  it('on http://127.0.0.1 the binding cookie is a plain Lax cookie for the launch path', async () => {
    const result = await login();
    const cookie = result.answer.headers['set-cookie']!;
    expect(cookie).toMatch(
      /^lti_login_[\w-]+=[\w-]{43}; Path=\/lti\/launch; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    expect(cookie).not.toMatch(/Secure/);
  });

  it('on https the cookie is SameSite=None; Secure; Partitioned, so it works in an LMS iframe', async () => {
    const httpsTool = 'https://teamup.example.edu';
    const params = { ...sim.loginParams(learner), target_link_uri: `${httpsTool}/lti/launch` };
    const result = await startLogin(parseLoginRequest(params), platform, {
      secret: SECRET,
      toolUrl: httpsTool,
    });
    expect(result.answer.headers['set-cookie']).toMatch(
      /; Path=\/lti\/launch; Max-Age=600; Secure; HttpOnly; SameSite=None; Partitioned$/,
    );
    expect(new URL(result.authorizationUrl).searchParams.get('redirect_uri')).toBe(
      `${httpsTool}/lti/launch`,
    );
    expect(clearLoginCookie('abc', httpsTool)).toBe(
      'lti_login_abc=; Path=/lti/launch; Max-Age=0; Secure; HttpOnly; SameSite=None; Partitioned',
    );
  });

  it('no lti_message_hint is invented when the platform sent none', async () => {
    const params = sim.loginParams(learner);
    delete params.lti_message_hint;
    const result = await startLogin(parseLoginRequest(params), platform, loginSettings);
    expect(new URL(result.authorizationUrl).searchParams.has('lti_message_hint')).toBe(false);
  });

  it.each([
    [{ client_id: 'someone-else' }, 'login_client'],
    [{ lti_deployment_id: 'not-registered' }, 'login_deployment'],
    [{ target_link_uri: 'https://evil.example/steal' }, 'login_target'],
    [{ target_link_uri: 'not a url' }, 'login_target'],
    [{ iss: 'https://other-lms.example.edu' }, 'login_issuer'],
  ])('refuses %j', async (extra, reason) => {
    const error = await stateError(login(extra));
    expect(error.code).toBe('LTI_LOGIN_INVALID');
    expect(error.reason).toBe(reason);
  });

  it('refuses a login request without the required parameters', () => {
    expect(() => parseLoginRequest({ iss: sim.issuer })).toThrow(LtiError);
    expect(() => parseLoginRequest({ iss: sim.issuer, login_hint: 'x' })).toThrow(
      /without the information/,
    );
  });
});

describe('OIDC login: the state at launch', () => {
  it('the browser that logged in is recognised by its cookie', async () => {
    const result = await login();
    const check = await checkLaunchState(
      input({ state: result.state, cookies: cookiesFrom(result.answer.headers['set-cookie']) }),
      loginSettings,
      find,
    );
    expect(check.kind).toBe('bound');
    if (check.kind !== 'bound') return;
    expect(check.platform).toBe(platform);
    expect(check.state).toMatchObject({
      platformId: platform.id,
      boundBy: 'cookie',
      storageTarget: null,
    });
  });

  it('refuses a state from another browser (no cookie for this login)', async () => {
    const attacker = await login();
    const victim = await login();
    const error = await stateError(
      checkLaunchState(
        input({ state: attacker.state, cookies: cookiesFrom(victim.answer.headers['set-cookie']) }),
        loginSettings,
        find,
      ),
    );
    expect(error.code).toBe('LTI_STATE_INVALID');
    expect(error.reason).toBe('binding_missing');
  });

  it('refuses a cookie of the right name with another value', async () => {
    const result = await login();
    const [name] = Object.keys(cookiesFrom(result.answer.headers['set-cookie']));
    const error = await stateError(
      checkLaunchState(
        input({ state: result.state, cookies: { [name!]: 'x'.repeat(43) } }),
        loginSettings,
        find,
      ),
    );
    expect(error.reason).toBe('binding_mismatch');
    expect(error.message).toMatch(/another browser/);
  });

  it('refuses an expired state', async () => {
    const result = await login();
    const later: LoginSettings = {
      ...loginSettings,
      now: () => new Date(Date.now() + 11 * 60_000),
    };
    const error = await stateError(
      checkLaunchState(
        input({ state: result.state, cookies: cookiesFrom(result.answer.headers['set-cookie']) }),
        later,
        find,
      ),
    );
    expect(error.reason).toBe('state_expired');
    expect(error.message).toMatch(/took too long/);
  });

  it('refuses a tampered state, one signed with another secret, and garbage', async () => {
    const result = await login();
    const cookies = cookiesFrom(result.answer.headers['set-cookie']);
    const [header, payload, signature] = result.state.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const changed = Buffer.from(JSON.stringify({ ...claims, pid: 'another-platform' })).toString(
      'base64url',
    );
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    for (const state of [`${header}.${changed}.${signature}`, forged, 'garbage', '']) {
      const error = await stateError(
        checkLaunchState(input({ state, cookies }), loginSettings, find),
      );
      expect(error.reason).toBe('state_invalid');
    }
  });

  it('refuses a state whose platform was removed since the login', async () => {
    const result = await login();
    const error = await stateError(
      checkLaunchState(
        input({ state: result.state, cookies: cookiesFrom(result.answer.headers['set-cookie']) }),
        loginSettings,
        async () => null,
      ),
    );
    expect(error.reason).toBe('platform_gone');
  });
});

// The two small pages run here in a sandbox with a fake platform window, so their scripts are
// exercised as well as built.
interface FakePlatform {
  origin: string;
  respond(message: Record<string, unknown>): Record<string, unknown> | null;
}

function runPage(html: string, fake: FakePlatform) {
  const script = /<script nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
  const data = /<script type="application\/json" id="lti-data">([\s\S]*?)<\/script>/.exec(
    html,
  )?.[1];
  const listeners: ((event: unknown) => void)[] = [];
  const timers: (() => void)[] = [];
  const sent: { message: Record<string, unknown>; targetOrigin: string }[] = [];
  const page = { replacedWith: null as string | null, submitted: false };
  const form = {
    elements: { lti_storage_binding: { value: '' } },
    submit: () => {
      page.submitted = true;
    },
  };
  const elements: Record<string, unknown> = {
    'lti-data': { textContent: data },
    'lti-form': form,
    'lti-failed': { hidden: true },
    'lti-wait': { hidden: false },
  };
  const parent = {
    frames: {} as Record<string, unknown>,
    postMessage(message: Record<string, unknown>, targetOrigin: string) {
      sent.push({ message, targetOrigin });
      const reply = fake.respond(message);
      if (reply) for (const l of listeners) l({ origin: fake.origin, data: reply, source: parent });
    },
  };
  const window = {
    parent,
    opener: null,
    addEventListener: (_type: string, listener: (event: unknown) => void) =>
      listeners.push(listener),
    location: { replace: (url: string) => (page.replacedWith = url) },
  };
  runInNewContext(script![2]!, {
    window,
    document: { getElementById: (id: string) => elements[id] },
    setTimeout: (fn: () => void) => timers.push(fn),
  });
  return {
    nonce: script![1],
    sent,
    page,
    form,
    failed: elements['lti-failed'] as { hidden: boolean },
    runTimers: () => timers.splice(0).forEach((fn) => fn()),
  };
}

describe('OIDC login without cookies: the LTI platform storage (postMessage)', () => {
  const storage = new Map<string, unknown>();
  const honestPlatform = (origin: string): FakePlatform => ({
    origin,
    respond(message) {
      if (message.subject === 'lti.put_data') {
        storage.set(String(message.key), message.value);
        return {
          subject: 'lti.put_data.response',
          message_id: message.message_id,
          key: message.key,
        };
      }
      if (message.subject === 'lti.get_data') {
        return storage.has(String(message.key))
          ? {
              subject: 'lti.get_data.response',
              message_id: message.message_id,
              value: storage.get(String(message.key)),
            }
          : {
              subject: 'lti.get_data.response',
              message_id: message.message_id,
              error: { code: 'bad_request' },
            };
      }
      return null;
    },
  });

  async function storageLogin() {
    const params = sim.loginParams(learner, { storage: true });
    return startLogin(parseLoginRequest(params), platform, loginSettings);
  }

  it('the login page stores the binding with the platform, then goes to the platform', async () => {
    const result = await storageLogin();
    expect(result.answer.status).toBe(200);
    const csp = result.answer.headers['content-security-policy']!;
    const run = runPage(result.answer.body, honestPlatform(sim.url));
    expect(csp).toContain(`script-src 'nonce-${run.nonce}'`);
    expect(csp).toContain("default-src 'none'");
    // The cookie is set too: whichever the browser keeps will serve.
    expect(result.answer.headers['set-cookie']).toMatch(/^lti_login_/);
    expect(run.sent).toEqual([
      {
        message: {
          subject: 'lti.put_data',
          message_id: expect.any(String),
          key: expect.stringMatching(/^state_/),
          value: expect.any(String),
        },
        targetOrigin: sim.url,
      },
    ]);
    expect(run.page.replacedWith).toBe(result.authorizationUrl);
  });

  it('the launch without cookie reads the binding back and posts again; the server accepts it from our page only', async () => {
    storage.clear();
    const result = await storageLogin();
    runPage(result.answer.body, honestPlatform(sim.url));

    const first = await checkLaunchState(
      input({ state: result.state, idToken: 'a.b.c' }),
      loginSettings,
      find,
    );
    expect(first.kind).toBe('check-platform-storage');
    if (first.kind !== 'check-platform-storage') return;
    expect(first.answer.headers['content-security-policy']).toContain(`form-action ${TOOL_URL}`);
    expect(first.answer.headers['referrer-policy']).toBe('same-origin');
    expect(first.answer.body).toContain('name="id_token" value="a.b.c"');
    const run = runPage(first.answer.body, honestPlatform(sim.url));
    expect(run.page.submitted).toBe(true);
    const binding = run.form.elements.lti_storage_binding.value;
    expect(binding).toMatch(/^[\w-]{43}$/);

    const fromOurPage = await checkLaunchState(
      input({ state: result.state, storageBinding: binding, origin: TOOL_URL }),
      loginSettings,
      find,
    );
    expect(fromOurPage.kind === 'bound' && fromOurPage.state.boundBy).toBe('platform-storage');
    const fetchMetadata = await checkLaunchState(
      input({ state: result.state, storageBinding: binding, secFetchSite: 'same-origin' }),
      loginSettings,
      find,
    );
    expect(fetchMetadata.kind).toBe('bound');

    // A value posted from elsewhere proves nothing: an attacker knows their own value.
    for (const forged of [
      { storageBinding: binding, origin: 'https://evil.example', secFetchSite: 'cross-site' },
      { storageBinding: binding },
      { storageBinding: 'x'.repeat(43), origin: TOOL_URL },
    ]) {
      const error = await stateError(
        checkLaunchState(input({ state: result.state, ...forged }), loginSettings, find),
      );
      expect(error.reason).toBe('binding_mismatch');
    }
  });

  it('the launch page ignores answers from another origin and says what to do', async () => {
    storage.clear();
    const result = await storageLogin();
    runPage(result.answer.body, honestPlatform(sim.url));
    const first = await checkLaunchState(input({ state: result.state }), loginSettings, find);
    if (first.kind !== 'check-platform-storage') throw new Error('expected the storage page');
    const run = runPage(first.answer.body, honestPlatform('https://evil.example'));
    expect(run.page.submitted).toBe(false);
    run.runTimers();
    expect(run.failed.hidden).toBe(false);
    expect(run.page.submitted).toBe(false);
  });

  it('the launch page gives up when the platform has no value (another browser)', async () => {
    storage.clear();
    const result = await storageLogin();
    // The login page never ran in this browser: nothing was stored.
    const first = await checkLaunchState(input({ state: result.state }), loginSettings, find);
    if (first.kind !== 'check-platform-storage') throw new Error('expected the storage page');
    const run = runPage(first.answer.body, honestPlatform(sim.url));
    expect(run.failed.hidden).toBe(false);
    expect(run.page.submitted).toBe(false);
  });

  it('the login page still goes on when the platform does not answer', async () => {
    const result = await storageLogin();
    const run = runPage(result.answer.body, { origin: sim.url, respond: () => null });
    expect(run.page.replacedWith).toBeNull();
    run.runTimers();
    expect(run.page.replacedWith).toBe(result.authorizationUrl);
  });
});
