import type { FastifyInstance } from 'fastify';

/** The team notice board (SPEC §7). */
export async function teamNoticeRoutes(_app: FastifyInstance) {}
