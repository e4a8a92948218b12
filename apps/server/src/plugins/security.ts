import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config.js';
import { markRoutesPublic } from './docs.js';
import { AppError } from './errors.js';

// Google Identity Services (the sign-in button) loads a script, a stylesheet and an iframe
// from accounts.google.com/gsi; these are the sources Google documents for a CSP.
const GSI = 'https://accounts.google.com/gsi/';

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const { config } = opts;
    const https = config.PUBLIC_URL.startsWith('https://');
    await app.register(helmet, {
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
