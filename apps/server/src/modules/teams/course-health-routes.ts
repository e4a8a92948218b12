import type { FastifyInstance } from 'fastify';

/** Team health and nudges, the LMS export with ?at=, and team histories (issue 15, decision 115). */
export async function courseHealthRoutes(_app: FastifyInstance) {}
