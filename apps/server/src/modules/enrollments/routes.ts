import type { FastifyInstance } from 'fastify';

/** /admin/students, /admin/enrollment/*, /admin/course/{id}/students (SPEC §7). */
export async function enrollmentAdminRoutes(_app: FastifyInstance) {}
