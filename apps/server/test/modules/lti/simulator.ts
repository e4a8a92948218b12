import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SignJWT,
  UnsecuredJWT,
  createLocalJWKSet,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  jwtVerify,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import type { LtiPlatform } from '../../../src/modules/lti/types.js';

/**
 * An LTI 1.3 platform for tests (issue 28): what Moodle or Canvas would do, per the IMS
 * specifications, on 127.0.0.1 with a port of its own.
 *
 * - `/jwks`: its public keys, with kid; `rotateKey()` switches to a new key.
 * - `/auth`: the OIDC authorization endpoint. It checks the tool's request and answers with
 *   the auto-submitting form that posts `id_token` and `state` to the tool's redirect URI, for
 *   the launch registered under the request's `login_hint` (see `loginParams`).
 * - `/token`: client credentials with a JWT assertion, verified against the tool's JWKS
 *   (`toolJwks` option, else GET toolBaseUrl/lti/jwks); issues bearer tokens.
 * - `/nrps/<context>/memberships`: NRPS 2.0 pages of `pageSize` (250) members, `Link: rel=next`.
 * - `/.well-known/openid-configuration` and `/register`: LTI Dynamic Registration.
 * - `/course?hint=…`: a course page that frames the tool's login and answers the LTI platform
 *   storage postMessages (`lti.put_data`, `lti.get_data`), for Playwright.
 * - `mintIdToken()`: id_tokens for unit tests, valid or broken in a chosen way.
 */

export const LIS = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  administrator: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator',
  teachingAssistant:
    'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  mentor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor',
  institutionInstructor: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor',
  systemAdministrator: 'http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator',
} as const;

const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

export interface SimulatorUser {
  sub: string;
  name?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  /** Null or absent: the platform does not share the address. */
  email?: string | null;
  roles: string[];
}

export interface SimulatorContext {
  id: string;
  title?: string;
  label?: string;
}

export interface SimulatorLaunch {
  user: SimulatorUser;
  context?: SimulatorContext;
  resourceLink?: { id: string; title?: string };
  /** Include the NRPS claim (default true). */
  nrps?: boolean;
  deploymentId?: string;
  /** Issue 36: the LIS claim (`course_section_sourcedid`), sent when given. */
  lis?: Record<string, unknown>;
}

export interface SimulatorMember {
  user_id: string;
  status?: 'Active' | 'Inactive' | 'Deleted';
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  roles: string[];
  /** Issue 36: a platform's section for the member (some send it, some in `message`). */
  lis_course_section_sourcedid?: string;
  message?: Record<string, unknown>[];
}

export type BrokenToken =
  | 'wrong-aud'
  | 'aud-array-without-azp'
  | 'expired'
  | 'iat-in-future'
  | 'alg-none'
  | 'hs256-with-public-key'
  | 'unknown-kid'
  | 'other-deployment'
  | 'wrong-issuer'
  | 'wrong-message-type'
  | 'no-context';

export interface MintOptions {
  launch?: SimulatorLaunch;
  nonce?: string;
  /** Claims to add or replace; `undefined` removes one. */
  claims?: Record<string, unknown>;
  broken?: BrokenToken;
}

export interface PlatformSimulatorOptions {
  /** The tool's origin, e.g. http://127.0.0.1:3000 (its /lti/launch is the redirect URI). */
  toolBaseUrl: string;
  clientId?: string;
  deploymentId?: string;
  /** The tool's public keys; default: fetched from toolBaseUrl/lti/jwks. */
  toolJwks?: () => Promise<JSONWebKeySet> | JSONWebKeySet;
  roster?: SimulatorMember[];
  pageSize?: number;
  /** The context launches use when they do not name one. */
  context?: SimulatorContext;
  tokenLifetimeSeconds?: number;
  /** The token dynamic registration expects (default: random, see `registrationToken`). */
  registrationToken?: string;
}

export interface SimulatorStats {
  jwksRequests: number;
  authRequests: number;
  tokenRequests: number;
  nrpsRequests: number;
  /** Registration requests the platform accepted, as sent. */
  registrations: Record<string, unknown>[];
}

interface Key {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  spki: string;
}

async function newKey(prefix: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `${prefix}-${randomUUID()}`;
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
    spki: await exportSPKI(publicKey),
  };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The fields of an auto-submitting form page (the /auth answer), for tests that follow it. */
export function parseAutoPostForm(html: string): {
  action: string;
  fields: Record<string, string>;
} {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*name="([^"]*)"[^>]*value="([^"]*)"/g)) {
    fields[m[1]!] = unescapeHtml(m[2]!);
  }
  return { action: unescapeHtml(action), fields };
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A roster of `size` members: one instructor, two teaching assistants, the rest learners. */
export function makeRoster(size: number): SimulatorMember[] {
  return Array.from({ length: size }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    const roles =
      i === 0 ? [LIS.instructor] : i <= 2 ? [LIS.instructor, LIS.teachingAssistant] : [LIS.learner];
    return {
      user_id: `user-${n}`,
      status: 'Active' as const,
      name: `Person ${n}`,
      given_name: 'Person',
      family_name: n,
      email: `person${n}@example.edu`,
      roles,
    };
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) {
  send(res, status, JSON.stringify(value), { ...headers, 'content-type': 'application/json' });
}

export async function startPlatformSimulator(options: PlatformSimulatorOptions) {
  const toolOrigin = new URL(options.toolBaseUrl).origin;
  const clientId = options.clientId ?? 'teamup-sim-client';
  const deploymentId = options.deploymentId ?? 'sim-deployment-1';
  const pageSize = options.pageSize ?? 250;
  const tokenLifetime = options.tokenLifetimeSeconds ?? 3600;
  const defaultContext: SimulatorContext = options.context ?? {
    id: 'course-101',
    title: 'Software Engineering',
    label: 'SE101',
  };
  let registrationToken = options.registrationToken ?? randomBytes(16).toString('hex');

  let current = await newKey('sim');
  let published: Key[] = [current];
  const unpublished = await newKey('unpublished');
  let roster: SimulatorMember[] = options.roster ?? [];
  const launches = new Map<string, SimulatorLaunch>();
  const accessTokens = new Map<string, { expiresAt: number; scope: string[] }>();
  const usedAssertionIds = new Set<string>();
  const stats: SimulatorStats = {
    jwksRequests: 0,
    authRequests: 0,
    tokenRequests: 0,
    nrpsRequests: 0,
    registrations: [],
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, error instanceof Error ? error.message : 'error');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const issuer = url;
  const endpoints = {
    authorizationUrl: `${url}/auth`,
    tokenUrl: `${url}/token`,
    jwksUrl: `${url}/jwks`,
    openidConfigurationUrl: `${url}/.well-known/openid-configuration`,
    registrationEndpoint: `${url}/register`,
  };
  const membershipsUrl = (contextId: string) =>
    `${url}/nrps/${encodeURIComponent(contextId)}/memberships`;

  async function toolJwks(): Promise<JSONWebKeySet> {
    if (options.toolJwks) return options.toolJwks();
    const response = await fetch(`${toolOrigin}/lti/jwks`);
    return (await response.json()) as JSONWebKeySet;
  }

  function launchClaims(launch: SimulatorLaunch, nonce: string): Record<string, unknown> {
    const context = launch.context ?? defaultContext;
    const { user } = launch;
    return {
      iss: issuer,
      aud: clientId,
      sub: user.sub,
      nonce,
      ...(user.name != null ? { name: user.name } : {}),
      ...(user.givenName != null ? { given_name: user.givenName } : {}),
      ...(user.familyName != null ? { family_name: user.familyName } : {}),
      ...(user.email != null ? { email: user.email } : {}),
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiResourceLinkRequest',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id':
        launch.deploymentId ?? deploymentId,
      'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': `${toolOrigin}/lti/launch`,
      'https://purl.imsglobal.org/spec/lti/claim/resource_link': launch.resourceLink ?? {
        id: `link-${context.id}`,
        title: 'Teams',
      },
      'https://purl.imsglobal.org/spec/lti/claim/roles': user.roles,
      'https://purl.imsglobal.org/spec/lti/claim/context': {
        id: context.id,
        ...(context.title !== undefined ? { title: context.title } : {}),
        ...(context.label !== undefined ? { label: context.label } : {}),
        type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
      },
      'https://purl.imsglobal.org/spec/lti/claim/tool_platform': {
        guid: 'sim-platform',
        name: 'Platform simulator',
        product_family_code: 'simulator',
      },
      ...(launch.lis ? { 'https://purl.imsglobal.org/spec/lti/claim/lis': launch.lis } : {}),
      ...(launch.nrps === false
        ? {}
        : {
            'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
              context_memberships_url: membershipsUrl(context.id),
              service_versions: ['2.0'],
            },
          }),
    };
  }

  async function mintIdToken(mint: MintOptions = {}): Promise<string> {
    const launch = mint.launch ?? {
      user: { sub: 'learner-1', name: 'Lee Learner', roles: [LIS.learner] },
    };
    const claims: Record<string, unknown> = {
      ...launchClaims(launch, mint.nonce ?? randomBytes(16).toString('hex')),
    };
    const nowSeconds = Math.floor(Date.now() / 1000);
    claims.iat = nowSeconds;
    claims.exp = nowSeconds + 300;
    switch (mint.broken) {
      case 'wrong-aud':
        claims.aud = 'some-other-tool';
        break;
      case 'aud-array-without-azp':
        claims.aud = [clientId, 'some-other-tool'];
        break;
      case 'expired':
        claims.iat = nowSeconds - 3600;
        claims.exp = nowSeconds - 600;
        break;
      case 'iat-in-future':
        claims.iat = nowSeconds + 600;
        claims.exp = nowSeconds + 900;
        break;
      case 'other-deployment':
        claims['https://purl.imsglobal.org/spec/lti/claim/deployment_id'] = 'not-registered';
        break;
      case 'wrong-issuer':
        claims.iss = 'https://other-lms.example.edu';
        break;
      case 'wrong-message-type':
        claims['https://purl.imsglobal.org/spec/lti/claim/message_type'] = 'LtiDeepLinkingRequest';
        break;
      case 'no-context':
        delete claims['https://purl.imsglobal.org/spec/lti/claim/context'];
        break;
      default:
        break;
    }
    for (const [name, value] of Object.entries(mint.claims ?? {})) {
      if (value === undefined) delete claims[name];
      else claims[name] = value;
    }
    if (mint.broken === 'alg-none') return new UnsecuredJWT(claims).encode();
    if (mint.broken === 'hs256-with-public-key') {
      // The old algorithm-confusion attack: the platform's public key used as an HMAC secret.
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid: current.kid, typ: 'JWT' })
        .sign(new TextEncoder().encode(current.spki));
    }
    const key = mint.broken === 'unknown-kid' ? unpublished : current;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .sign(key.privateKey);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const requestUrl = new URL(req.url ?? '/', url);
    const path = requestUrl.pathname;

    if (req.method === 'GET' && path === '/jwks') {
      stats.jwksRequests += 1;
      return sendJson(res, 200, { keys: published.map((k) => k.publicJwk) });
    }

    if (path === '/auth' && (req.method === 'GET' || req.method === 'POST')) {
      stats.authRequests += 1;
      const params =
        req.method === 'POST' ? new URLSearchParams(await readBody(req)) : requestUrl.searchParams;
      const get = (name: string) => params.get(name) ?? '';
      const problems = [
        get('scope') === 'openid' ? null : 'scope must be openid',
        get('response_type') === 'id_token' ? null : 'response_type must be id_token',
        get('response_mode') === 'form_post' ? null : 'response_mode must be form_post',
        get('prompt') === 'none' ? null : 'prompt must be none',
        get('client_id') === clientId ? null : 'unknown client_id',
        get('redirect_uri') === `${toolOrigin}/lti/launch` ? null : 'redirect_uri not registered',
        get('nonce') ? null : 'nonce missing',
        get('state') ? null : 'state missing',
        launches.has(get('login_hint')) ? null : 'unknown login_hint',
      ].filter(Boolean);
      if (problems.length > 0) return send(res, 400, `invalid_request: ${problems.join('; ')}`);
      const launch = launches.get(get('login_hint'))!;
      const idToken = await mintIdToken({ launch, nonce: get('nonce') });
      const html = `<!doctype html><html><body>
<form id="f" method="post" action="${escapeHtml(get('redirect_uri'))}">
<input type="hidden" name="id_token" value="${escapeHtml(idToken)}">
<input type="hidden" name="state" value="${escapeHtml(get('state'))}">
<noscript><button type="submit">Continue</button></noscript>
</form><script>document.getElementById('f').submit();</script></body></html>`;
      return send(res, 200, html, { 'content-type': 'text/html; charset=utf-8' });
    }

    if (req.method === 'POST' && path === '/token') {
      stats.tokenRequests += 1;
      const form = new URLSearchParams(await readBody(req));
      if (form.get('grant_type') !== 'client_credentials') {
        return sendJson(res, 400, { error: 'unsupported_grant_type' });
      }
      if (
        form.get('client_assertion_type') !==
        'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
      ) {
        return sendJson(res, 400, {
          error: 'invalid_request',
          error_description: 'client_assertion_type',
        });
      }
      try {
        const { payload } = await jwtVerify(
          form.get('client_assertion') ?? '',
          createLocalJWKSet(await toolJwks()),
          {
            algorithms: ['RS256'],
            issuer: clientId,
            subject: clientId,
            audience: endpoints.tokenUrl,
            requiredClaims: ['exp', 'iat', 'jti'],
            maxTokenAge: '5m',
          },
        );
        if (payload.exp! - payload.iat! > 300) throw new Error('assertion lives too long');
        if (usedAssertionIds.has(payload.jti!)) throw new Error('assertion replayed');
        usedAssertionIds.add(payload.jti!);
      } catch (error) {
        return sendJson(res, 401, {
          error: 'invalid_client',
          error_description: `client assertion not accepted: ${error instanceof Error ? error.message : 'invalid'}`,
        });
      }
      const scope = (form.get('scope') ?? '').split(' ').filter(Boolean);
      if (scope.length === 0 || scope.some((s) => s !== NRPS_SCOPE)) {
        return sendJson(res, 400, { error: 'invalid_scope' });
      }
      const token = randomBytes(24).toString('base64url');
      accessTokens.set(token, { expiresAt: Date.now() + tokenLifetime * 1000, scope });
      return sendJson(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: tokenLifetime,
        scope: scope.join(' '),
      });
    }

    const nrps = /^\/nrps\/([^/]+)\/memberships$/.exec(path);
    if (req.method === 'GET' && nrps) {
      stats.nrpsRequests += 1;
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const grant = accessTokens.get(bearer);
      if (!grant || grant.expiresAt < Date.now() || !grant.scope.includes(NRPS_SCOPE)) {
        return sendJson(res, 401, { error: 'invalid_token' });
      }
      if (
        !(req.headers.accept ?? '').includes(
          'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
        )
      ) {
        return send(res, 406, 'not acceptable');
      }
      const contextId = decodeURIComponent(nrps[1]!);
      const page = Math.max(1, Number(requestUrl.searchParams.get('page') ?? '1') || 1);
      const members = roster.slice((page - 1) * pageSize, page * pageSize);
      const headers: Record<string, string> = {};
      if (page * pageSize < roster.length) {
        headers.link = `<${membershipsUrl(contextId)}?page=${page + 1}>; rel="next"`;
      }
      return sendJson(
        res,
        200,
        {
          id: `${membershipsUrl(contextId)}?page=${page}`,
          context: { id: contextId, title: defaultContext.title, label: defaultContext.label },
          members,
        },
        { ...headers, 'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' },
      );
    }

    if (req.method === 'GET' && path === '/.well-known/openid-configuration') {
      if (req.headers.authorization !== `Bearer ${registrationToken}`) {
        return sendJson(res, 401, { error: 'invalid_token' });
      }
      return sendJson(res, 200, {
        issuer,
        authorization_endpoint: endpoints.authorizationUrl,
        token_endpoint: endpoints.tokenUrl,
        token_endpoint_auth_methods_supported: ['private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: ['RS256'],
        jwks_uri: endpoints.jwksUrl,
        registration_endpoint: endpoints.registrationEndpoint,
        scopes_supported: ['openid', NRPS_SCOPE],
        response_types_supported: ['id_token'],
        subject_types_supported: ['public', 'pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        claims_supported: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
        'https://purl.imsglobal.org/spec/lti-platform-configuration': {
          product_family_code: 'simulator',
          version: '1.0',
          messages_supported: [{ type: 'LtiResourceLinkRequest' }],
        },
      });
    }

    if (req.method === 'POST' && path === '/register') {
      if (req.headers.authorization !== `Bearer ${registrationToken}`) {
        return sendJson(res, 401, { error: 'invalid_token' });
      }
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      const config = body[TOOL_CONFIGURATION] as Record<string, unknown> | undefined;
      const problems = [
        body.application_type === 'web' ? null : 'application_type',
        JSON.stringify(body.response_types) === '["id_token"]' ? null : 'response_types',
        Array.isArray(body.grant_types) &&
        body.grant_types.includes('implicit') &&
        body.grant_types.includes('client_credentials')
          ? null
          : 'grant_types',
        typeof body.initiate_login_uri === 'string' ? null : 'initiate_login_uri',
        Array.isArray(body.redirect_uris) && body.redirect_uris.length > 0 ? null : 'redirect_uris',
        typeof body.jwks_uri === 'string' ? null : 'jwks_uri',
        body.token_endpoint_auth_method === 'private_key_jwt' ? null : 'token_endpoint_auth_method',
        config && typeof config.domain === 'string' ? null : 'domain',
        config && typeof config.target_link_uri === 'string' ? null : 'target_link_uri',
        config && Array.isArray(config.messages) ? null : 'messages',
      ].filter(Boolean);
      if (problems.length > 0) {
        return sendJson(res, 400, {
          error: 'invalid_client_metadata',
          error_description: problems.join(', '),
        });
      }
      // The registration token is single use.
      registrationToken = randomBytes(16).toString('hex');
      stats.registrations.push(body);
      const newClientId = `sim-client-${stats.registrations.length}`;
      const scope = typeof body.scope === 'string' ? body.scope : '';
      return sendJson(res, 200, {
        ...body,
        client_id: newClientId,
        scope,
        [TOOL_CONFIGURATION]: { ...config, deployment_id: `sim-deployment-${newClientId}` },
      });
    }

    if (req.method === 'GET' && path === '/course') {
      const hint = requestUrl.searchParams.get('hint') ?? '';
      const login = new URL(`${toolOrigin}/lti/login`);
      for (const [k, v] of Object.entries(loginParamsFor(hint, true))) login.searchParams.set(k, v);
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title></head>
<body><h1>Course in the simulated LMS</h1>
<iframe title="Teamup" name="tool" src="${escapeHtml(login.toString())}" style="width:100%;height:80vh;border:0"></iframe>
<script>
var store = {};
var toolOrigin = ${JSON.stringify(toolOrigin)};
window.addEventListener('message', function (e) {
  var d = e.data;
  if (e.origin !== toolOrigin || !d || typeof d !== 'object') return;
  var reply = { message_id: d.message_id };
  if (d.subject === 'lti.capabilities') {
    reply.subject = 'lti.capabilities.response';
    reply.supported_messages = [{ subject: 'lti.put_data' }, { subject: 'lti.get_data' }];
  } else if (d.subject === 'lti.put_data') {
    store[d.key] = d.value;
    reply.subject = 'lti.put_data.response'; reply.key = d.key; reply.value = d.value;
  } else if (d.subject === 'lti.get_data') {
    reply.subject = 'lti.get_data.response'; reply.key = d.key;
    if (Object.prototype.hasOwnProperty.call(store, d.key)) reply.value = store[d.key];
    else reply.error = { code: 'bad_request', message: 'no value stored for this key' };
  } else { return; }
  e.source.postMessage(reply, e.origin);
});
</script></body></html>`;
      return send(res, 200, html, { 'content-type': 'text/html; charset=utf-8' });
    }

    return send(res, 404, 'not found');
  }

  function registerLaunch(launch: SimulatorLaunch): string {
    const hint = `hint-${randomUUID()}`;
    launches.set(hint, launch);
    return hint;
  }

  function loginParamsFor(hint: string, storage: boolean): Record<string, string> {
    const launch = launches.get(hint);
    return {
      iss: issuer,
      login_hint: hint,
      target_link_uri: `${toolOrigin}/lti/launch`,
      lti_message_hint: `link-${(launch?.context ?? defaultContext).id}`,
      client_id: clientId,
      lti_deployment_id: launch?.deploymentId ?? deploymentId,
      ...(storage ? { lti_storage_target: '_parent' } : {}),
    };
  }

  return {
    url,
    issuer,
    clientId,
    deploymentId,
    ...endpoints,
    stats,
    membershipsUrl,
    /** Current registration token for dynamic registration (single use). */
    get registrationToken() {
      return registrationToken;
    },
    /** The tool's /lti/register URL as the LMS would open it. */
    registrationStartUrl(toolRegisterUrl = `${toolOrigin}/lti/register`): string {
      const start = new URL(toolRegisterUrl);
      start.searchParams.set('openid_configuration', endpoints.openidConfigurationUrl);
      start.searchParams.set('registration_token', registrationToken);
      return start.toString();
    },
    /** This platform as the tool stores it. */
    platform(overrides: Partial<LtiPlatform> = {}): LtiPlatform {
      return {
        id: randomUUID(),
        organizationId: randomUUID(),
        name: 'Simulated LMS',
        issuer,
        clientId,
        authorizationUrl: endpoints.authorizationUrl,
        tokenUrl: endpoints.tokenUrl,
        jwksUrl: endpoints.jwksUrl,
        deploymentIds: [deploymentId],
        authTokenAudience: null,
        ...overrides,
      };
    },
    /**
     * Registers a launch and returns the login request the platform sends the tool for it
     * (third-party initiated login); `storage` adds `lti_storage_target=_parent`.
     */
    loginParams(launch: SimulatorLaunch, { storage = false } = {}): Record<string, string> {
      return loginParamsFor(registerLaunch(launch), storage);
    },
    /** The tool's login URL (GET) for a launch. */
    loginUrl(launch: SimulatorLaunch, { storage = false } = {}): string {
      const login = new URL(`${toolOrigin}/lti/login`);
      for (const [k, v] of Object.entries(loginParamsFor(registerLaunch(launch), storage))) {
        login.searchParams.set(k, v);
      }
      return login.toString();
    },
    /** A course page of this platform that frames the tool for a launch (Playwright). */
    coursePageUrl(launch: SimulatorLaunch): string {
      return `${url}/course?hint=${encodeURIComponent(registerLaunch(launch))}`;
    },
    mintIdToken,
    /** Signs with a new key from now on; `keepOld` keeps publishing the previous one. */
    async rotateKey({ keepOld = false } = {}): Promise<string> {
      const next = await newKey('sim');
      published = keepOld ? [next, current] : [next];
      current = next;
      return next.kid;
    },
    get currentKid() {
      return current.kid;
    },
    setRoster(members: SimulatorMember[]) {
      roster = members;
    },
    /** Makes every access token issued so far invalid (services answer 401). */
    revokeAccessTokens() {
      accessTokens.clear();
    },
    close(): Promise<void> {
      return new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}

export type PlatformSimulator = Awaited<ReturnType<typeof startPlatformSimulator>>;
