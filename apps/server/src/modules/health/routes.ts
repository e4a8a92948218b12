import type { FastifyInstance } from 'fastify';
import { detailedHealthSchema, envelope, healthSchema } from '@teamup/shared';
import { defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import type { HealthMonitor } from './monitor.js';
import { detailedHealth, readHealthStats } from './service.js';

const TAGS = ['health'];

export interface HealthRoutesOptions {
  monitor: HealthMonitor;
  /** Whether this process sends email (issue 26); the mail figures are judged only then. */
  mailEnabled?: boolean;
}

export async function healthRoutes(
  app: FastifyInstance,
  { monitor, mailEnabled = true }: HealthRoutesOptions,
) {
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
      summary:
        'Database (latency, pool, migrations), CSV jobs, process figures, each with its limit, and the overall status',
      response: { 200: envelope(detailedHealthSchema) },
    },
    handler: async (request) => {
      // The queue and migrations go with the session check (one round trip on PostgreSQL); a
      // failure of that statement is a figure (down), not an error.
      const stats = await signedInRead(request, (db) =>
        readHealthStats(db).catch((error: unknown) => {
          request.log.warn({ err: error }, 'health statistics unavailable');
          return null;
        }),
      );
      return { success: true as const, data: await detailedHealth(monitor, stats, mailEnabled) };
    },
  });
}
