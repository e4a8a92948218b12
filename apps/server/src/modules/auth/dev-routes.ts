import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  devIdTokenBodySchema,
  devIdTokenResponseSchema,
  devUserSchema,
  envelope,
} from '@teamup/shared';
import type { Config } from '../../config.js';
import { defineRoute } from '../../lib/route.js';
import { authRateLimit } from '../../plugins/security.js';
import type { DevIdp } from './dev-idp.js';
import { listDevUsers } from './service.js';

const TAGS = ['dev'];

/** The development identity provider: only registered when AUTH_DEV_LOGIN is on. */
export async function devRoutes(app: FastifyInstance, opts: { config: Config; devIdp: DevIdp }) {
  defineRoute(app, {
    method: 'POST',
    url: '/dev/id-token',
    config: { access: 'public', rateLimit: authRateLimit(opts.config) },
    schema: {
      tags: TAGS,
      summary: 'Issue a development ID token for any email (development only)',
      body: devIdTokenBodySchema,
      response: { 200: envelope(devIdTokenResponseSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: { credential: await opts.devIdp.sign(request.body) },
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/dev/users',
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Users for the "Sign in as…" picker (development only)',
      response: { 200: envelope(z.array(devUserSchema)) },
    },
    handler: async () => ({ success: true as const, data: await listDevUsers(app.db) }),
  });
}
