import type { FastifyInstance } from 'fastify';
import {
  adminStudentsQuerySchema,
  courseRosterQuerySchema,
  enrollmentDetailSchema,
  enrollmentSchema,
  enrollmentStatusBodySchema,
  envelope,
  manualAddBodySchema,
  paginated,
  uuidParamSchema,
} from '@teamup/shared';
import { defineRoute, COURSE_STAFF } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import * as service from './service.js';

const TAGS = ['enrollments'];

/** "; Maya Chen left Byte Club (now disbanded)" when the change took the student out of a team. */
function leftTeamNote(
  enrollment: { fullname: string },
  leftTeam: { name: string; disbanded: boolean } | null,
): string {
  if (!leftTeam) return '';
  return `; ${enrollment.fullname} left ${leftTeam.name}${leftTeam.disbanded ? ' (now disbanded)' : ''}`;
}

export interface EnrollmentAdminRoutesOptions {
  /** What ending an enrollment does to the student's team; composed in app.ts. */
  teamRelease: service.TeamRelease;
}

/** /admin/students, /admin/enrollment/*, /admin/course/{id}/students (SPEC §7). */
export async function enrollmentAdminRoutes(
  app: FastifyInstance,
  opts: EnrollmentAdminRoutesOptions,
) {
  defineRoute(app, {
    method: 'GET',
    url: '/admin/students',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: 'Enrollments across my organizations, by name then email',
      querystring: adminStudentsQuerySchema,
      response: { 200: envelope(paginated(enrollmentSchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        service.listEnrollments(db, caller, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/course/:id/students',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: "A course's roster (archived courses included)",
      params: uuidParamSchema,
      querystring: courseRosterQuerySchema,
      response: { 200: envelope(paginated(enrollmentSchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        service.listCourseRoster(db, caller, request.params.id, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/students/manual-add',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary:
        'Enroll one student by email: ACTIVE if they have an account, else PENDING until they sign in',
      body: manualAddBodySchema,
      response: { 201: envelope(enrollmentSchema) },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { enrollment, restored } = await app.db.transaction((tx) =>
        service.manualAdd(tx, auth, request.body),
      );
      reply.status(201);
      return {
        success: true as const,
        data: enrollment,
        message: restored
          ? `${enrollment.email} is enrolled in ${enrollment.courseCode} again`
          : `${enrollment.email} enrolled in ${enrollment.courseCode}`,
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/enrollment/:id',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: 'An enrollment with its history, newest first',
      params: uuidParamSchema,
      response: { 200: envelope(enrollmentDetailSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        service.getEnrollmentDetail(db, caller, request.params.id),
      ),
    }),
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/admin/enrollment/:id/status',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary:
        'Switch an enrollment between ACTIVE and INACTIVE (going INACTIVE takes the student out of their team in the course)',
      params: uuidParamSchema,
      body: enrollmentStatusBodySchema,
      response: { 200: envelope(enrollmentSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const { enrollment, changed, leftTeam } = await app.db.transaction((tx) =>
        service.changeStatus(tx, auth, opts.teamRelease, request.params.id, request.body.status),
      );
      return {
        success: true as const,
        data: enrollment,
        message: changed
          ? `Enrollment is now ${enrollment.status}${leftTeamNote(enrollment, leftTeam)}`
          : 'Nothing to change',
      };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/admin/enrollment/:id/remove',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary:
        'Remove an enrollment (kept for the record; adding the email again restores it without a team seat); the student leaves their team in the course',
      params: uuidParamSchema,
      response: { 200: envelope(enrollmentSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const { enrollment, leftTeam } = await app.db.transaction((tx) =>
        service.removeEnrollment(tx, auth, opts.teamRelease, request.params.id),
      );
      return {
        success: true as const,
        data: enrollment,
        message: `${enrollment.email} removed from ${enrollment.courseCode}${leftTeamNote(enrollment, leftTeam)}`,
      };
    },
  });
}
