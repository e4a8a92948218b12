import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  courseListQuerySchema,
  courseSchema,
  createCourseBodySchema,
  envelope,
  paginated,
  updateCourseBodySchema,
  uuidParamSchema,
  type Role,
} from '@teamup/shared';
import { defineRoute, COURSE_STAFF, COURSE_INSTRUCTORS } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  archiveCourse,
  createCourse,
  getCourse,
  listCourses,
  listOrganizationCourses,
  restoreCourse,
  updateCourse,
} from './service.js';

const TAGS = ['courses'];
const ADMINS: readonly Role[] = ['ORG_ADMIN', 'SUPERADMIN'];
const courseEnvelope = envelope(courseSchema);
const courseListEnvelope = envelope(paginated(courseSchema));

/** /courses/*: organization admins run the courses of their organizations (SPEC §7). */
export async function courseRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/courses',
    config: { access: ADMINS },
    schema: {
      tags: TAGS,
      summary: 'Create a course in one of my organizations',
      body: createCourseBodySchema,
      response: { 201: courseEnvelope },
    },
    handler: async (request, reply) => {
      const course = await createCourse(app.db, requireAuth(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: course, message: 'Course created' });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/courses',
    config: { access: ADMINS },
    schema: {
      tags: TAGS,
      summary: 'Courses of all my organizations (search, organization and archived filters)',
      querystring: courseListQuerySchema,
      response: { 200: courseListEnvelope },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) => listCourses(db, caller, request.query)),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/courses/organization/:orgId/courses',
    config: { access: ADMINS },
    schema: {
      tags: TAGS,
      summary: "One organization's courses",
      params: z.object({ orgId: z.uuid() }),
      querystring: courseListQuerySchema.omit({ organizationId: true }),
      response: { 200: courseListEnvelope },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listOrganizationCourses(db, caller, request.params.orgId, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/courses/:id',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: 'A course, archived or not',
      params: uuidParamSchema,
      response: { 200: courseEnvelope },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) => getCourse(db, caller, request.params.id)),
    }),
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/courses/:id/update',
    config: { access: COURSE_INSTRUCTORS },
    schema: {
      tags: TAGS,
      summary: "Edit any subset of a course's fields (not while archived)",
      params: uuidParamSchema,
      body: updateCourseBodySchema,
      response: { 200: courseEnvelope },
    },
    handler: async (request) => ({
      success: true as const,
      data: await updateCourse(app.db, requireAuth(request), request.params.id, request.body),
      message: 'Course updated',
    }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/courses/:id',
    config: { access: COURSE_INSTRUCTORS },
    schema: {
      tags: TAGS,
      summary: 'Archive a course (nothing is lost; it can be restored)',
      params: uuidParamSchema,
      response: { 200: courseEnvelope },
    },
    handler: async (request) => ({
      success: true as const,
      data: await archiveCourse(app.db, requireAuth(request), request.params.id),
      message: 'Course archived',
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/courses/:id/restore',
    config: { access: COURSE_INSTRUCTORS },
    schema: {
      tags: TAGS,
      summary: 'Bring an archived course back',
      params: uuidParamSchema,
      response: { 200: courseEnvelope },
    },
    handler: async (request) => ({
      success: true as const,
      data: await restoreCourse(app.db, requireAuth(request), request.params.id),
      message: 'Course restored',
    }),
  });
}
