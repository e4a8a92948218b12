import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { cspNonce, escapeHtml, jsonForScript, pageHeaders } from './http.js';
import { LtiError, type HttpAnswer, type LtiPlatform } from './types.js';

/**
 * The OIDC third-party initiated login of LTI 1.3, and the state that binds a launch to the
 * browser that started it.
 *
 * The server keeps nothing between login and launch. The state is a short HS256 JWT (a key
 * derived from the server secret, so it can never pass for an access token) carrying the
 * platform id, the sha-256 of the nonce, the sha-256 of a random browser-binding value and an
 * expiry of at most 10 minutes. The binding value itself reaches the launch by one of two
 * ways:
 * - a cookie named after the login (several tabs can log in at once): `SameSite=None;
 *   Secure; Partitioned` on HTTPS, so it works inside an LMS iframe where the browser keeps
 *   partitioned cookies; a plain `SameSite=Lax` cookie on http://127.0.0.1 (a simulator on
 *   another port of 127.0.0.1 is the same site);
 * - without any cookie, the platform's storage (LTI Client Side postMessages,
 *   `lti_storage_target`): the login page stores the value with the platform by
 *   `lti.put_data`, and the launch answers first with a page that reads it back with
 *   `lti.get_data` and posts the launch again with the value. That second post is accepted
 *   only from our own page (Origin or Sec-Fetch-Site), because anyone can post a value they
 *   know; only our page, in the browser that logged in, can read it from the platform.
 * The nonce is claimed once in the database at launch (launch.ts).
 */

export const STATE_TTL_SECONDS = 600;
const STATE_AUDIENCE = 'teamup:lti-state';
const COOKIE_PREFIX = 'lti_login_';
/** How long the pages wait for the platform's answer to a postMessage. */
const STORAGE_TIMEOUT_MS = 2_000;

export const loginRequestSchema = z.object({
  iss: z.string().trim().min(1).max(2048),
  login_hint: z.string().min(1).max(2048),
  target_link_uri: z.string().min(1).max(2048),
  lti_message_hint: z.string().max(4096).optional(),
  client_id: z.string().trim().min(1).max(255).optional(),
  lti_deployment_id: z.string().trim().min(1).max(255).optional(),
  lti_storage_target: z.string().trim().min(1).max(255).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Where our routes are, from the public origin (PUBLIC_URL). */
export function toolUrls(toolUrl: string) {
  const origin = new URL(toolUrl).origin;
  return {
    origin,
    /** The shared login URL: the platform is found by `iss` and `client_id`. */
    login: `${origin}/lti/login`,
    /**
     * A registration's own login URL (decision 143): it names the platform, so a login without
     * `client_id` (optional in LTI 1.3 §5.1.1) is never mistaken for another registration of
     * the same issuer.
     */
    loginFor: (platformId: string) => `${origin}/lti/login/${platformId}`,
    launch: `${origin}/lti/launch`,
    jwks: `${origin}/lti/jwks`,
    register: `${origin}/lti/register`,
  };
}

export interface LoginSettings {
  /** The server secret (JWT_SECRET or the generated one); the state key is derived from it. */
  secret: string;
  /** Our public origin (PUBLIC_URL). */
  toolUrl: string;
  now?: () => Date;
  /** At most STATE_TTL_SECONDS. */
  stateTtlSeconds?: number;
}

/**
 * The origin the platform's storage frame answers from. The spec says: the origin of the
 * platform's OIDC authorization endpoint. (Canvas serves storage from the institution's own
 * domain instead; a registration can give it then.)
 */
export function platformStorageOrigin(platform: Pick<LtiPlatform, 'authorizationUrl'>): string {
  return new URL(platform.authorizationUrl).origin;
}

function loginInvalid(reason: string, message: string): LtiError {
  return new LtiError('LTI_LOGIN_INVALID', reason, message);
}

/** Validates the platform's login request (query of a GET or form of a POST). */
export function parseLoginRequest(params: unknown): LoginRequest {
  const parsed = loginRequestSchema.safeParse(params);
  if (!parsed.success) {
    throw loginInvalid(
      'login_params',
      'The LMS started the sign-in without the information LTI requires. Ask your LMS administrator to check the Teamup tool settings.',
    );
  }
  return parsed.data;
}

function stateKey(secret: string): Uint8Array {
  return createHmac('sha256', secret).update('teamup lti login state v1').digest();
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

function random(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function loginCookieName(loginId: string): string {
  return `${COOKIE_PREFIX}${loginId}`;
}

function bindingCookie(
  name: string,
  value: string,
  toolUrl: string,
  maxAge: number,
  path: string,
): string {
  const https = new URL(toolUrl).protocol === 'https:';
  const attributes = https
    ? ['Secure', 'HttpOnly', 'SameSite=None', 'Partitioned']
    : ['HttpOnly', 'SameSite=Lax'];
  return [`${name}=${value}`, `Path=${path}`, `Max-Age=${maxAge}`, ...attributes].join('; ');
}

/** The Set-Cookie that removes a login's cookie once its launch is done. */
export function clearLoginCookie(loginId: string, toolUrl: string): string {
  return bindingCookie(
    loginCookieName(loginId),
    '',
    toolUrl,
    0,
    new URL(toolUrls(toolUrl).launch).pathname,
  );
}

export interface LoginResult {
  /** What to answer the browser: a 302 to the platform, or the platform-storage page. */
  answer: HttpAnswer;
  /** The platform URL the browser goes to next. */
  authorizationUrl: string;
  state: string;
  nonce: string;
}

/**
 * Answers the platform's login request for a platform the caller found by `iss` and
 * `client_id` (when the request has one). Checks that the request fits that registration
 * and that `target_link_uri` is ours, then sends the browser to the platform's authorization
 * endpoint with a fresh state and nonce.
 */
export async function startLogin(
  request: LoginRequest,
  platform: LtiPlatform,
  settings: LoginSettings,
): Promise<LoginResult> {
  const urls = toolUrls(settings.toolUrl);
  if (request.iss !== platform.issuer) {
    throw loginInvalid('login_issuer', 'The LMS that started the sign-in is not registered.');
  }
  if (request.client_id !== undefined && request.client_id !== platform.clientId) {
    throw loginInvalid(
      'login_client',
      'The LMS started the sign-in for a client ID Teamup does not know.',
    );
  }
  if (
    request.lti_deployment_id !== undefined &&
    !platform.deploymentIds.includes(request.lti_deployment_id)
  ) {
    throw loginInvalid(
      'login_deployment',
      'The launch came from a deployment this platform has not registered. Ask your organization admin to add it to the platform in Teamup.',
    );
  }
  let target: URL | null = null;
  try {
    target = new URL(request.target_link_uri);
  } catch {
    target = null;
  }
  if (!target || target.origin !== urls.origin) {
    throw loginInvalid(
      'login_target',
      'The LMS asked to open an address that is not Teamup. Ask your LMS administrator to check the tool URL.',
    );
  }

  const nowDate = settings.now?.() ?? new Date();
  const ttl = Math.min(settings.stateTtlSeconds ?? STATE_TTL_SECONDS, STATE_TTL_SECONDS);
  const nonce = random();
  const binding = random();
  const loginId = random(12);
  const iat = Math.floor(nowDate.getTime() / 1000);
  const state = await new SignJWT({
    pid: platform.id,
    nh: sha256(nonce),
    bh: sha256(binding),
    ...(request.lti_storage_target ? { st: request.lti_storage_target } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(STATE_AUDIENCE)
    .setJti(loginId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttl)
    .sign(stateKey(settings.secret));

  const auth = new URL(platform.authorizationUrl);
  const params: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: urls.launch,
    login_hint: request.login_hint,
    state,
    nonce,
    ...(request.lti_message_hint !== undefined
      ? { lti_message_hint: request.lti_message_hint }
      : {}),
  };
  for (const [key, value] of Object.entries(params)) auth.searchParams.set(key, value);
  const authorizationUrl = auth.toString();

  const cookie = bindingCookie(
    loginCookieName(loginId),
    binding,
    settings.toolUrl,
    ttl,
    new URL(urls.launch).pathname,
  );
  if (!request.lti_storage_target) {
    return {
      answer: {
        status: 302,
        headers: { location: authorizationUrl, 'set-cookie': cookie, 'cache-control': 'no-store' },
        body: '',
      },
      authorizationUrl,
      state,
      nonce,
    };
  }
  // Cookie and platform storage both: whichever survives the browser's rules serves.
  const scriptNonce = cspNonce();
  const config = {
    target: request.lti_storage_target,
    origin: platformStorageOrigin(platform),
    key: storageKey(loginId),
    value: binding,
    next: authorizationUrl,
    timeoutMs: STORAGE_TIMEOUT_MS,
  };
  return {
    answer: {
      status: 200,
      headers: { ...pageHeaders(scriptNonce), 'set-cookie': cookie },
      body: page('Signing in to Teamup…', '', config, PUT_SCRIPT, scriptNonce),
    },
    authorizationUrl,
    state,
    nonce,
  };
}

function storageKey(loginId: string): string {
  return `state_${loginId}`;
}

// The page scripts read their data from a JSON block, so the only inline code is constant.
// Both accept the `org.imsglobal.`-prefixed subjects some platforms still answer with.
const FRAME = `var c=JSON.parse(document.getElementById('lti-data').textContent);
var p=window.parent!==window?window.parent:window.opener;
var t=null;try{t=c.target==='_parent'?p:p&&p.frames[c.target];}catch(e){t=null;}
var id='m'+Math.random().toString(36).slice(2);
function ok(d,s){return d&&typeof d==='object'&&d.message_id===id&&(d.subject===s||d.subject==='org.imsglobal.'+s);}`;

const PUT_SCRIPT = `${FRAME}
var done=false;function go(){if(done)return;done=true;window.location.replace(c.next);}
window.addEventListener('message',function(e){if(e.origin===c.origin&&ok(e.data,'lti.put_data.response'))go();});
if(t){t.postMessage({subject:'lti.put_data',message_id:id,key:c.key,value:c.value},c.origin);}
setTimeout(go,t?c.timeoutMs:0);`;

const GET_SCRIPT = `${FRAME}
var done=false;function fail(){if(done)return;done=true;document.getElementById('lti-failed').hidden=false;document.getElementById('lti-wait').hidden=true;}
window.addEventListener('message',function(e){
if(done||e.origin!==c.origin||!ok(e.data,'lti.get_data.response'))return;
if(e.data.error||typeof e.data.value!=='string'){fail();return;}
done=true;var f=document.getElementById('lti-form');f.elements.lti_storage_binding.value=e.data.value;f.submit();});
if(t){t.postMessage({subject:'lti.get_data',message_id:id,key:c.key},c.origin);setTimeout(fail,c.timeoutMs);}else{fail();}`;

function page(
  title: string,
  extra: string,
  data: unknown,
  script: string,
  scriptNonce: string,
): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><p id="lti-wait">${escapeHtml(title)}</p>${extra}
<script type="application/json" id="lti-data">${jsonForScript(data)}</script>
<script nonce="${scriptNonce}">${script}</script></body></html>`;
}

export interface VerifiedLoginState {
  /** The login's id (the state's jti); names its cookie and its platform-storage key. */
  id: string;
  platformId: string;
  /** sha-256 (base64url) of the nonce sent to the platform. */
  nonceHash: string;
  storageTarget: string | null;
  expiresAt: Date;
  /** How the browser proved it started the login. */
  boundBy: 'cookie' | 'platform-storage';
}

export interface LaunchStateInput {
  /** The `state` form field of the launch. */
  state: string;
  /** The request's cookies (name → value), e.g. Fastify's `request.cookies`. */
  cookies: Record<string, string | undefined>;
  /** The `lti_storage_binding` form field, present on the post from our storage page. */
  storageBinding?: string | undefined;
  /** The request's `Origin` and `Sec-Fetch-Site` headers. */
  origin?: string | undefined;
  secFetchSite?: string | undefined;
  /** The launch's `id_token`, needed only to build the storage page. */
  idToken: string;
}

export type LaunchStateCheck =
  | { kind: 'bound'; state: VerifiedLoginState; platform: LtiPlatform }
  /** Answer with this page; it posts the launch again once the platform gave the value. */
  | { kind: 'check-platform-storage'; answer: HttpAnswer };

function stateInvalid(reason: string, message: string): LtiError {
  return new LtiError('LTI_STATE_INVALID', reason, message);
}

const AGAIN = 'Go back to your course in the LMS and open Teamup again.';

const statePayload = z.object({
  pid: z.string().min(1),
  nh: z.string().min(1),
  bh: z.string().min(1),
  st: z.string().optional(),
  jti: z.string().min(1),
  exp: z.number(),
});

/**
 * Checks the launch's state: our signature, not expired, and made in this browser. Throws an
 * LtiError LTI_STATE_INVALID otherwise. When the login used platform storage and this post
 * carries neither a matching cookie nor the stored value, the answer is the page that fetches
 * the value from the platform.
 */
export async function checkLaunchState(
  input: LaunchStateInput,
  settings: LoginSettings,
  /** The app's lookup of a platform by its id (the one the login put in the state). */
  findPlatform: (platformId: string) => Promise<LtiPlatform | null>,
): Promise<LaunchStateCheck> {
  const urls = toolUrls(settings.toolUrl);
  let claims: z.infer<typeof statePayload>;
  try {
    const { payload } = await jwtVerify(input.state, stateKey(settings.secret), {
      algorithms: ['HS256'],
      audience: STATE_AUDIENCE,
      requiredClaims: ['exp', 'jti'],
      currentDate: settings.now?.(),
    });
    claims = statePayload.parse(payload);
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw stateInvalid(
        'state_expired',
        `The sign-in took too long (more than 10 minutes). ${AGAIN}`,
      );
    }
    throw stateInvalid('state_invalid', `This launch did not come from a Teamup sign-in. ${AGAIN}`);
  }
  const platform = await findPlatform(claims.pid);
  if (!platform) {
    throw stateInvalid(
      'platform_gone',
      'The LMS this launch came from is no longer registered in Teamup. Ask your organization admin.',
    );
  }
  const verified = (boundBy: VerifiedLoginState['boundBy']): LaunchStateCheck => ({
    kind: 'bound',
    platform,
    state: {
      id: claims.jti,
      platformId: claims.pid,
      nonceHash: claims.nh,
      storageTarget: claims.st ?? null,
      expiresAt: new Date(claims.exp * 1000),
      boundBy,
    },
  });

  const cookie = input.cookies[loginCookieName(claims.jti)];
  if (cookie && sameHash(sha256(cookie), claims.bh)) return verified('cookie');

  if (input.storageBinding !== undefined) {
    const fromOurPage =
      input.secFetchSite === 'same-origin' ||
      (input.origin !== undefined && input.origin === urls.origin);
    if (fromOurPage && sameHash(sha256(input.storageBinding), claims.bh)) {
      return verified('platform-storage');
    }
    throw stateInvalid('binding_mismatch', `This launch was started in another browser. ${AGAIN}`);
  }

  if (claims.st) {
    const scriptNonce = cspNonce();
    const config = {
      target: claims.st,
      origin: platformStorageOrigin(platform),
      key: storageKey(claims.jti),
      timeoutMs: STORAGE_TIMEOUT_MS,
    };
    const form = `<form id="lti-form" method="post" action="${escapeHtml(urls.launch)}">
<input type="hidden" name="id_token" value="${escapeHtml(input.idToken)}">
<input type="hidden" name="state" value="${escapeHtml(input.state)}">
<input type="hidden" name="lti_storage_binding" value=""></form>
<p id="lti-failed" hidden>Teamup could not confirm that this launch started in this browser. ${AGAIN}</p>`;
    return {
      kind: 'check-platform-storage',
      answer: {
        status: 200,
        headers: pageHeaders(scriptNonce, urls.origin),
        body: page('Opening Teamup…', form, config, GET_SCRIPT, scriptNonce),
      },
    };
  }
  throw stateInvalid(
    cookie ? 'binding_mismatch' : 'binding_missing',
    cookie
      ? `This launch was started in another browser. ${AGAIN}`
      : `Teamup could not confirm that this launch started in this browser (cookies may be blocked). ${AGAIN}`,
  );
}
