import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config.js';
import { markRoutesPublic } from './docs.js';
import { AppError } from './errors.js';
import { addVary } from '../lib/vary.js';

// Google Identity Services (the sign-in button) loads a script, a stylesheet and an iframe
// from accounts.google.com/gsi; these are the sources Google documents for a CSP.
const GSI = 'https://accounts.google.com/gsi/';

/**
 * The security headers of answers that leave before any hook ran: a malformed URL, a too long
 * path parameter (frameworkErrors) and what Node's HTTP parser refuses (431, 414, 408, 400).
 * Such an answer is a small JSON error, so its policy is stricter than the app's: it loads
 * nothing and is framed by nobody.
 */
export function edgeSecurityHeaders(config: Pick<Config, 'PUBLIC_URL'>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(config.PUBLIC_URL.startsWith('https://')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

/** The CORS headers the cors plugin would send to `origin`, for answers sent before it runs. */
export function edgeCorsHeaders(
  config: Pick<Config, 'PUBLIC_URL'>,
  origin: string | undefined,
): Record<string, string> {
  const allowed = new URL(config.PUBLIC_URL).origin;
  if (origin !== allowed) return { vary: 'Origin' };
  return {
    'access-control-allow-origin': allowed,
    'access-control-allow-credentials': 'true',
    vary: 'Origin',
  };
}

/** The helmet settings of the app's answers (the edge answers above have their own). */
export function helmetOptions(config: Pick<Config, 'PUBLIC_URL'>): FastifyHelmetOptions {
  const https = config.PUBLIC_URL.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        frameSrc: [GSI],
        connectSrc: ["'self'", GSI],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'https:'],
        // On plain http (local use) upgrading would send every asset to a https port that
        // does not exist.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // The Google sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Google's button checks the origin that embeds it; `no-referrer` would hide it.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https,
  };
}

/**
 * The headers helmet sets with these settings, taken once by running it on one request of a
 * throwaway instance. They depend on the settings only (no nonces), and @fastify/helmet would
 * otherwise rebuild its middleware, parsing the CSP again, on every request.
 */
export async function helmetHeaders(
  config: Pick<Config, 'PUBLIC_URL'>,
): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  let headers: Record<string, string> = {};
  try {
    await probe.register(helmet, helmetOptions(config));
    // Added after helmet's own onRequest hooks, so it sees what they set.
    probe.addHook('onRequest', async (_request, reply) => {
      headers = Object.fromEntries(
        Object.entries(reply.raw.getHeaders()).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : String(value),
        ]),
      );
    });
    probe.get('/', async () => null);
    await probe.inject({ method: 'GET', url: '/' });
  } finally {
    await probe.close();
  }
  if (!headers['content-security-policy']) throw new Error('helmet set no security headers');
  return headers;
}

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const { config } = opts;
    const securityHeaders = await helmetHeaders(config);
    // Every answer that passes the hooks (401, 403, 404 and errors included) carries them.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(securityHeaders);
      done();
    });

    // The CORS preflight route (`OPTIONS *`) is registered by the plugin itself; answering a
    // preflight reveals nothing, so it is public.
    app.addHook('onRoute', (route) => {
      if (route.method === 'OPTIONS' && route.url === '*') markRoutesPublic(route);
    });
    await app.register(cors, {
      // A list, not a string: a string is sent back to every origin, a list only to members.
      origin: [new URL(config.PUBLIC_URL).origin],
      credentials: true,
    });

    // API answers may be personal (they depend on the Bearer token): no cache keeps them, and
    // a cache that did would key them by the token. The web app's files are not touched.
    app.addHook('onSend', async (request, reply, payload) => {
      const path = request.url.split('?', 1)[0] ?? '';
      const type = String(reply.getHeader('content-type') ?? '');
      if (!path.startsWith('/api/') || !type.startsWith('application/json')) return payload;
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      addVary(reply, 'Authorization');
      return payload;
    });

    // Limits are opted into per route (sign-in, refresh, dev tokens) with `config.rateLimit`.
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new AppError(429, 'RATE_LIMITED', `Too many requests; try again in ${context.after}`),
    });
  },
  { name: 'security', dependencies: ['errors'] },
);

/** Route config for the routes that hand out credentials. */
export function authRateLimit(config: Pick<Config, 'AUTH_RATE_LIMIT_MAX'>) {
  return { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: '1 minute' };
}

/**
 * The onRequest hook of the routes a cookie authenticates (the refresh and the logout, which
 * read the refresh cookie): a request another site's page made is refused with 403
 * CROSS_SITE_REQUEST before the cookie is read (decision 142). Fetch Metadata first: the
 * browser's `Sec-Fetch-Site` says `same-origin` for the web app's own calls, framed in an LMS
 * or not (the framed app is a Teamup document, so its calls are same-origin), and `none` for
 * one the person typed; any other value passes only with an Origin of PUBLIC_URL (the web app
 * served from another origin than the API). A browser without Fetch Metadata is judged by its
 * Origin alone. A request with neither header is no browser's cross-site request (curl, a
 * server) and passes: what it could do it can do with the cookie in hand anyway.
 */
export function refuseCrossSite(config: Pick<Config, 'PUBLIC_URL'>) {
  const own = new URL(config.PUBLIC_URL).origin;
  return async (request: FastifyRequest): Promise<void> => {
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    if (site === 'same-origin' || site === 'none') return;
    if (site === undefined && origin === undefined) return;
    if (origin === own) return;
    throw new AppError(
      403,
      'CROSS_SITE_REQUEST',
      "This request came from another site's page; Teamup accepts it from its own pages only.",
    );
  };
}
