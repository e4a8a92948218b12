import type { FastifyInstance } from 'fastify';

/** The organization admin's formation dashboard calls (issue 13). */
export async function adminDashboardRoutes(_app: FastifyInstance) {}
