import type { FastifyInstance } from 'fastify';

/** GET /metrics in the Prometheus text format (issue 13). */
export async function metricsRoutes(_app: FastifyInstance) {}
