import type { FastifyInstance } from 'fastify';

/** System Analytics and the superadmin's home (issue 13). */
export async function analyticsRoutes(_app: FastifyInstance) {}
