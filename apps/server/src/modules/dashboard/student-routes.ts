import type { FastifyInstance } from 'fastify';

/** The student dashboard's calls (issue 13). */
export async function studentDashboardRoutes(_app: FastifyInstance) {}
