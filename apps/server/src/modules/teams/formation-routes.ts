import type { FastifyInstance } from 'fastify';

/** Auto-placement for a course (issue 15, decision 115): preview and apply. Built by the formation work. */
export async function formationRoutes(_app: FastifyInstance) {}
