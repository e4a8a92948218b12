// The endpoints an LMS is configured with (issue 28, decision 138), outside /api/v1: the OIDC
// third-party initiated login, the launch, the tool's public keys and dynamic registration.
// They are public (the platform's signed tokens and our signed state are the credentials) and
// answer with small HTML pages a person understands, framed inside the LMS.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { escapeHtml, cspNonce, pageHeaders } from './http.js';
import {
  PLATFORM_TAKEN,
  registerWithPlatform,
  parseRegistrationRequest,
  registrationClosePage,
  registeredPlatformName,
} from './dynamic-registration.js';
import type { ToolKeys } from './keys.js';
import { FRAME_PARAM, launchFrameCookie, launchFrameToken } from './frame-ancestors.js';
import { createLaunchVerifier } from './launch.js';
import { applyLaunch, type LaunchDeps } from './launch-service.js';
import {
  checkLaunchState,
  clearLoginCookie,
  parseLoginRequest,
  startLogin,
  type LoginRequest,
} from './oidc-login.js';
import type { Outbound } from './outbound.js';
import type { PlatformKeyStore } from './platform-keys.js';
import { nonceStore, platformById, platformsByIssuer } from './store.js';
import { LtiError, type HttpAnswer } from './types.js';

export interface LtiRoutesOptions {
  keys: ToolKeys;
  platformKeys: PlatformKeyStore;
  /** The server secret: the login state and the registration links are signed under it. */
  secret: string;
  publicUrl: string;
  /** The guard of every request to a platform (decision 143): dynamic registration's. */
  outbound: Outbound;
  /** A platform was registered or removed: the web app's frame-ancestors change. */
  onPlatformsChanged: () => void;
  /** Who a launch is and where it places them (decision 141): composed in app.ts. */
  launch: LaunchDeps;
}

const STATUS: Record<LtiError['code'], number> = {
  LTI_LOGIN_INVALID: 400,
  LTI_STATE_INVALID: 401,
  LTI_LAUNCH_INVALID: 401,
  LTI_SERVICE_FAILED: 502,
  LTI_REGISTRATION_FAILED: 400,
  LTI_KEYS_INVALID: 500,
};

/** The page that says, in plain words, why Teamup cannot open. */
export function ltiErrorPage(status: number, message: string): HttpAnswer {
  const nonce = cspNonce();
  return {
    status,
    headers: pageHeaders(nonce),
    body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Teamup could not open</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}h1{font-size:1.4rem}</style>
</head><body><main><h1>Teamup could not open</h1><p>${escapeHtml(message)}</p></main></body></html>`,
  };
}

function send(reply: FastifyReply, answer: HttpAnswer) {
  reply.code(answer.status);
  // The page's own policy replaces the app's (it sits in the LMS's frame).
  reply.removeHeader('x-frame-options');
  reply.headers(answer.headers);
  return reply.send(answer.body);
}

/** A form body (the platform's posts) or the query string, as one record of strings. */
function paramsOf(request: FastifyRequest): Record<string, string> {
  const source = (request.method === 'POST' ? request.body : request.query) ?? {};
  return Object.fromEntries(
    Object.entries(source as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

/** Signed registration links (the platform page's "one URL"): organization and expiry. */
export function registrationToken(secret: string, organizationId: string, expiresAt: Date) {
  const payload = `${organizationId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  const mac = createHmac('sha256', `lti-registration:${secret}`)
    .update(payload)
    .digest('base64url');
  return `${payload}.${mac}`;
}

function registrationOrganization(secret: string, token: string | undefined): string | null {
  const [organizationId, exp, mac] = (token ?? '').split('.');
  if (!organizationId || !exp || !mac || !/^\d+$/.test(exp)) return null;
  const expected = createHmac('sha256', `lti-registration:${secret}`)
    .update(`${organizationId}.${exp}`)
    .digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(exp) * 1000 < Date.now()) return null;
  return organizationId;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function liveOrganization(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from organizations where id = ${id}::uuid and deleted_at is null`,
  );
  return rows.length > 0;
}

export async function ltiRoutes(app: FastifyInstance, opts: LtiRoutesOptions) {
  const settings = { secret: opts.secret, toolUrl: opts.publicUrl };
  const verifyLaunch = createLaunchVerifier({
    platformKeys: opts.platformKeys,
    nonces: nonceStore(app.db),
  });

  // The platform posts forms; only these routes read them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const fail = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (error instanceof LtiError) {
      request.log.warn({ lti: error.reason, code: error.code }, 'LTI refused');
      return send(reply, ltiErrorPage(STATUS[error.code], error.message));
    }
    request.log.error({ err: error }, 'LTI failed');
    return send(
      reply,
      ltiErrorPage(500, 'Something went wrong on our side. Try again in a minute from your LMS.'),
    );
  };

  const hidden = { hide: true, tags: ['lti'] };

  /** The one registration a shared login is for: by `iss`, and `client_id` when sent. */
  const onlyPlatform = async (params: LoginRequest) => {
    const platforms = await platformsByIssuer(app.db, params.iss, params.client_id);
    if (platforms.length === 0) {
      throw new LtiError(
        'LTI_LOGIN_INVALID',
        'unknown_platform',
        'This LMS is not registered in Teamup. Ask your organization admin to register it.',
      );
    }
    if (platforms.length > 1) {
      // Never one picked at random: it may be another organization's (decision 143).
      throw new LtiError(
        'LTI_LOGIN_INVALID',
        'ambiguous_platform',
        "The LMS did not say which Teamup registration this sign-in is for (it sent no client ID). Ask your LMS administrator to set Teamup's login URL to the platform's own login URL, which the LMS page of your organization in Teamup shows under the platform.",
      );
    }
    return platforms[0]!;
  };

  const login = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const params = parseLoginRequest(paramsOf(request));
      const { answer } = await startLogin(params, await onlyPlatform(params), settings);
      return send(reply, answer);
    } catch (error) {
      return fail(request, reply, error);
    }
  };
  app.route({
    method: ['GET', 'POST'],
    url: '/lti/login',
    config: { access: 'public' },
    schema: hidden,
    handler: login,
  });

  // A registration's own login URL: the platform is the one it names. An id Teamup does not
  // know (a dynamic registration merged into the earlier one of the same issuer and client ID)
  // is looked up as the shared URL does, which anyone may call anyway.
  const loginFor = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const params = parseLoginRequest(paramsOf(request));
      const { platformId } = request.params as { platformId: string };
      const named = UUID.test(platformId) ? await platformById(app.db, platformId) : null;
      const platform = named ?? (await onlyPlatform(params));
      const { answer } = await startLogin(params, platform, settings);
      return send(reply, answer);
    } catch (error) {
      return fail(request, reply, error);
    }
  };
  app.route({
    method: ['GET', 'POST'],
    url: '/lti/login/:platformId',
    config: { access: 'public' },
    schema: hidden,
    handler: loginFor,
  });

  app.route({
    method: 'POST',
    url: '/lti/launch',
    config: { access: 'public' },
    schema: hidden,
    handler: async (request, reply) => {
      try {
        const params = paramsOf(request);
        const idToken = params.id_token ?? '';
        if (!params.state || !idToken) {
          throw new LtiError(
            'LTI_LAUNCH_INVALID',
            'missing_fields',
            'The LMS did not send a launch Teamup can read. Open Teamup again from your course.',
          );
        }
        const checked = await checkLaunchState(
          {
            state: params.state,
            cookies: request.cookies,
            storageBinding: params.lti_storage_binding,
            origin: request.headers.origin,
            secFetchSite: request.headers['sec-fetch-site'] as string | undefined,
            idToken,
          },
          settings,
          (id) => platformById(app.db, id),
        );
        if (checked.kind === 'check-platform-storage') return send(reply, checked.answer);
        const launch = await verifyLaunch({
          idToken,
          platform: checked.platform,
          loginState: checked.state,
        });
        const outcome = await app.db.transaction((tx) =>
          applyLaunch(tx, checked.platform, launch, opts.launch),
        );
        request.log.info(
          { lti: 'launch', role: outcome.role, courseCreated: outcome.courseCreated },
          'LTI launch',
        );
        if (outcome.courseCreated) opts.onPlatformsChanged();
        const to = new URL('/auth/lti', opts.publicUrl);
        to.searchParams.set('code', outcome.code);
        // The documents this launch opens may sit in its platform's frame (decision 142).
        const platformId = checked.platform.id;
        to.searchParams.set(FRAME_PARAM, launchFrameToken(opts.secret, platformId, outcome.code));
        reply.header('set-cookie', clearLoginCookie(checked.state.id, opts.publicUrl));
        reply.header('set-cookie', launchFrameCookie(opts.secret, platformId, opts.publicUrl));
        reply.header('cache-control', 'no-store');
        return reply.redirect(to.toString(), 303);
      } catch (error) {
        return fail(request, reply, error);
      }
    },
  });

  app.route({
    method: 'GET',
    url: '/lti/jwks',
    config: { access: 'public' },
    schema: hidden,
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      reply.header('access-control-allow-origin', '*');
      return opts.keys.jwks();
    },
  });

  app.route({
    method: 'GET',
    url: '/lti/register',
    config: { access: 'public' },
    schema: hidden,
    handler: async (request, reply) => {
      try {
        const params = paramsOf(request);
        const organizationId = registrationOrganization(opts.secret, params.t);
        if (!organizationId || !(await liveOrganization(app.db, organizationId))) {
          throw new LtiError(
            'LTI_REGISTRATION_FAILED',
            'bad_registration_link',
            'This registration link is not valid or has expired. Copy a fresh one from the LMS page of your organization in Teamup.',
          );
        }
        const request_ = parseRegistrationRequest(params);
        // The platform's id is chosen first: the platform is told its own login URL.
        const platformId = randomUUID();
        const registered = await registerWithPlatform(request_, {
          toolUrl: opts.publicUrl,
          outbound: opts.outbound,
          platformId,
        });
        const stored = await queryRows<{ id: string }>(
          app.db,
          sql`insert into lti_platforms (id, organization_id, name, issuer,
            client_id, authorization_url, token_url, jwks_url, auth_token_audience,
            deployment_ids, registered_by)
          values (${platformId}, ${organizationId}, ${registeredPlatformName(registered.productFamilyCode, registered.issuer)},
            ${registered.issuer}, ${registered.clientId}, ${registered.authorizationUrl},
            ${registered.tokenUrl}, ${registered.jwksUrl}, ${registered.authTokenAudience},
            ${`{${registered.deploymentIds.map((d) => JSON.stringify(d)).join(',')}}`}::text[],
            'DYNAMIC')
          on conflict (issuer, client_id) do update set
            deployment_ids = (select array(select distinct unnest(lti_platforms.deployment_ids || excluded.deployment_ids))),
            updated_at = now()
          where lti_platforms.organization_id = excluded.organization_id
          returning id`,
        );
        if (stored.length === 0) {
          // Another organization's registration: answered as the form answers (decision 143).
          throw new LtiError('LTI_REGISTRATION_FAILED', 'platform_taken', PLATFORM_TAKEN);
        }
        opts.onPlatformsChanged();
        return send(reply, registrationClosePage());
      } catch (error) {
        return fail(request, reply, error);
      }
    },
  });
}
