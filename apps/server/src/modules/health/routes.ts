import type { FastifyInstance } from 'fastify';
import { detailedHealthSchema, envelope, healthSchema } from '@teamup/shared';
import { defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { detailedHealth } from './service.js';

const TAGS = ['health'];

export async function healthRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/healthcheck',
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Liveness: the process answers',
      response: { 200: envelope(healthSchema) },
    },
    handler: async () => ({
      success: true as const,
      data: { status: 'ok' as const, time: new Date().toISOString() },
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/healthcheck/detailed',
    config: { access: ['SUPERADMIN'] },
    schema: {
      tags: TAGS,
      summary: 'Database reachability and latency, uptime, memory, version',
      response: { 200: envelope(detailedHealthSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, () => detailedHealth(app.dbHandle)),
    }),
  });
}
