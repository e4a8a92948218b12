import type { FastifyInstance } from 'fastify';

/** /courses/*: organization admins run their courses (SPEC §7). */
export async function courseRoutes(_app: FastifyInstance) {}
