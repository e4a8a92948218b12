// The development LMS (issue 28): a small LTI 1.3 platform the server serves at /dev/lms while
// the development sign-in (AUTH_DEV_LOGIN) is on, so anyone running Teamup locally can try a
// launch without an LMS. The demo seed registers it as a platform of Northfield University
// (db/seed-lti.ts). It follows the IMS specifications from the platform's side:
// - GET /dev/lms: the LMS's page, its courses and a launch per person; a launch points the
//   page's iframe at the tool's /lti/login (third-party initiated login) and answers the
//   tool's platform-storage messages;
// - GET|POST /dev/lms/auth: the OIDC authorization endpoint, answering with the form that
//   posts the id_token to the tool;
// - GET /dev/lms/jwks: the LMS's public key;
// - POST /dev/lms/token: client credentials with the tool's JWT assertion;
// - GET /dev/lms/nrps/{contextId}: the course's roster (NRPS 2.0).
// Nothing is stored between requests: any process can answer any of them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { checkAuthorizationRequest, signIdToken } from './authorize.js';
import { lmsCourse } from './directory.js';
import { loadDevLmsKey } from './keys.js';
import { NRPS_MEDIA_TYPE, acceptsMembership, membershipPage } from './memberships.js';
import { autoPostPage, lmsPage, refusalPage, type Page } from './pages.js';
import { NRPS_SCOPE, bearerScopes, createAssertionLedger, issueAccessToken } from './token.js';

export interface DevLmsOptions {
  /** The server's PUBLIC_URL: the LMS's issuer and the tool it launches are both there. */
  publicUrl: string;
  /** Where the LMS's key is kept (DATA_DIR). */
  dataDir: string;
  /** The tool's public keys (what /lti/jwks serves), to check its client assertions. */
  toolJwks: () => JSONWebKeySet;
}

function sendPage(reply: FastifyReply, page: Page) {
  reply.code(page.status);
  // The page's own policy says who may frame it.
  reply.removeHeader('x-frame-options');
  reply.headers(page.headers);
  return reply.send(page.body);
}

function sendJson(
  reply: FastifyReply,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  reply.code(status);
  reply.headers({ 'content-type': 'application/json; charset=utf-8', ...headers });
  return reply.send(JSON.stringify(body));
}

/** A form body (POST) or the query string (GET), as one record of strings. */
function paramsOf(request: FastifyRequest): Record<string, string> {
  const source = (request.method === 'POST' ? request.body : request.query) ?? {};
  return Object.fromEntries(
    Object.entries(source as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

export async function devLmsRoutes(app: FastifyInstance, opts: DevLmsOptions) {
  const key = await loadDevLmsKey(opts.dataDir);
  const ledger = createAssertionLedger();
  const { publicUrl } = opts;

  // The tool posts forms to the token endpoint (and may to the authorization endpoint).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const route = { config: { access: 'public' as const }, schema: { hide: true, tags: ['dev'] } };

  app.route({
    ...route,
    method: 'GET',
    url: '/dev/lms',
    handler: async (_request, reply) => sendPage(reply, lmsPage(publicUrl)),
  });

  app.route({
    ...route,
    method: ['GET', 'POST'],
    url: '/dev/lms/auth',
    handler: async (request, reply) => {
      const params = paramsOf(request);
      const checked = checkAuthorizationRequest(params, publicUrl);
      if (!checked.ok) {
        request.log.warn({ devLms: checked.problems }, 'development LMS refused a launch');
        return sendPage(reply, refusalPage(checked.problems));
      }
      const idToken = await signIdToken(key, publicUrl, {
        course: checked.course,
        member: checked.member,
        nonce: params.nonce!,
      });
      return sendPage(
        reply,
        autoPostPage(checked.redirectUri, { id_token: idToken, state: checked.state }),
      );
    },
  });

  app.route({
    ...route,
    method: 'GET',
    url: '/dev/lms/jwks',
    handler: async (_request, reply) =>
      sendJson(reply, 200, { keys: [key.publicJwk] }, { 'cache-control': 'public, max-age=60' }),
  });

  app.route({
    ...route,
    method: 'POST',
    url: '/dev/lms/token',
    handler: async (request, reply) => {
      const answer = await issueAccessToken(paramsOf(request), {
        key,
        publicUrl,
        toolJwks: opts.toolJwks,
        ledger,
      });
      return sendJson(reply, answer.status, answer.body, {
        'cache-control': 'no-store',
        pragma: 'no-cache',
      });
    },
  });

  app.route({
    ...route,
    method: 'GET',
    url: '/dev/lms/nrps/:contextId',
    handler: async (request, reply) => {
      const scopes = await bearerScopes(request.headers.authorization, { key, publicUrl });
      if (!scopes || !scopes.includes(NRPS_SCOPE)) {
        return sendJson(
          reply,
          401,
          {
            error: 'invalid_token',
            error_description: 'A bearer token of this LMS with the roster scope is required.',
          },
          { 'www-authenticate': 'Bearer error="invalid_token"', 'cache-control': 'no-store' },
        );
      }
      const course = lmsCourse((request.params as { contextId: string }).contextId);
      if (!course) {
        return sendJson(reply, 404, { error: 'not_found', error_description: 'No such course.' });
      }
      if (!acceptsMembership(request.headers.accept)) {
        return sendJson(reply, 406, {
          error: 'not_acceptable',
          error_description: `Ask for ${NRPS_MEDIA_TYPE}.`,
        });
      }
      const page = membershipPage(course, publicUrl, request.query as Record<string, string>);
      return sendJson(reply, 200, page.container, {
        'content-type': NRPS_MEDIA_TYPE,
        'cache-control': 'no-store',
        ...(page.next ? { link: `<${page.next}>; rel="next"` } : {}),
      });
    },
  });
}
