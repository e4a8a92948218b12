import type { FastifyInstance } from 'fastify';

/** Join requests and invitations (SPEC §7, DESIGN §7). */
export async function teamRequestRoutes(_app: FastifyInstance) {}
