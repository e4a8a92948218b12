import type { FastifyInstance } from 'fastify';

/** Teams, members, disband, admin member changes and the audit log (SPEC §7, DESIGN §7). */
export async function teamRoutes(_app: FastifyInstance) {}
