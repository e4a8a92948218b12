import type { FastifyInstance } from 'fastify';

/** /student/my-courses, /student/courses/{courseId}[/students] (SPEC §7). */
export async function enrollmentStudentRoutes(_app: FastifyInstance) {}
