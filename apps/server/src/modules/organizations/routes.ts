import type { FastifyInstance } from 'fastify';

/** /organizations/*: superadmin and organization-admin calls (SPEC §7). */
export async function organizationRoutes(_app: FastifyInstance) {}
