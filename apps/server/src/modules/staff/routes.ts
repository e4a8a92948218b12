import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  appointCourseStaffBodySchema,
  courseStaffListSchema,
  courseStaffMemberSchema,
  courseStaffParamsSchema,
  envelope,
  teachingCoursesSchema,
} from '@teamup/shared';
import { ADMIN_ROLES, COURSE_STAFF, defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import { appointStaff, listStaff, removeStaff, teachingCourses } from './service.js';

const TAGS = ['staff'];
const courseParams = z.object({ courseId: z.uuid() });

/**
 * Course staff (issue 28, decision 137). The course's admins and staff see who teaches it; the
 * organization's admins appoint and remove staff; anyone signed in sees the courses they teach.
 * Another organization's course answers 404 to an admin, 403 to another course's staff.
 */
export async function staffRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/admin/courses/:courseId/staff',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: "The course's instructors and teaching assistants",
      description:
        'Instructors first, then by name. PENDING: appointed by email, not signed in yet.',
      params: courseParams,
      response: { 200: envelope(courseStaffListSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listStaff(db, caller, request.params.courseId),
      ),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/courses/:courseId/staff',
    config: { access: ADMIN_ROLES },
    schema: {
      tags: TAGS,
      summary: 'Appoint an instructor or teaching assistant by email, or change their role',
      description: [
        'An address with an account is staff at once; otherwise the appointment waits (PENDING) for its first sign-in. 201 when appointed, 200 when the role of someone already on the staff changed.',
        '409 ALREADY_STAFF (the same role), ENROLLED_AS_STUDENT (a student of this course), STAFF_LIMIT.',
      ].join('\n\n'),
      params: courseParams,
      body: appointCourseStaffBodySchema,
      response: { 200: envelope(courseStaffMemberSchema), 201: envelope(courseStaffMemberSchema) },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { member, created } = await app.db.transaction((tx) =>
        appointStaff(tx, auth, request.params.courseId, request.body),
      );
      reply.code(created ? 201 : 200);
      return {
        success: true as const,
        data: member,
        message: created
          ? member.status === 'PENDING'
            ? `${member.email} is appointed; they are staff from their first sign-in`
            : `${member.fullname || member.email} is appointed`
          : 'Role changed',
      };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/admin/courses/:courseId/staff/:staffId',
    config: { access: ADMIN_ROLES },
    schema: {
      tags: TAGS,
      summary: 'Remove someone from the course staff',
      description:
        'They keep their account and any enrollment; they lose the course’s admin pages.',
      params: courseStaffParamsSchema,
      response: { 200: envelope(courseStaffMemberSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const member = await app.db.transaction((tx) =>
        removeStaff(tx, auth, request.params.courseId, request.params.staffId),
      );
      return { success: true as const, data: member, message: 'Removed from the staff' };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/staff/courses',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'The courses I teach (Courses I teach)',
      description:
        'Courses of live organizations where the caller is an instructor or a teaching assistant; an empty list for everyone else.',
      response: { 200: envelope(teachingCoursesSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) => teachingCourses(db, caller.userId)),
    }),
  });
}
