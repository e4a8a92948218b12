import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  classmateSchema,
  classmatesQuerySchema,
  envelope,
  lookingBodySchema,
  lookingSchema,
  myCourseSchema,
  paginated,
  paginationQuerySchema,
} from '@teamup/shared';
import { defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import { getMyCourse, listClassmates, listMyCourses, setLooking } from './student-service.js';

const TAGS = ['student'];
const courseParams = z.object({ courseId: z.uuid() });

/**
 * /student/my-courses, /student/courses/{courseId}[/students] (SPEC §7). Open to every
 * signed-in user: what they see is limited to their own enrollments, whatever their role.
 */
export async function enrollmentStudentRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/student/my-courses',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'My enrollments: nearest team-formation deadline first, archived courses last',
      querystring: paginationQuerySchema,
      response: { 200: envelope(paginated(myCourseSchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listMyCourses(db, caller.userId, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/student/courses/:courseId',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'One course I am enrolled in, with my enrollment',
      params: courseParams,
      response: { 200: envelope(myCourseSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        getMyCourse(db, caller.userId, request.params.courseId),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/student/courses/:courseId/students',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'The active classmates of a course I am actively enrolled in',
      params: courseParams,
      querystring: classmatesQuerySchema,
      response: { 200: envelope(paginated(classmateSchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listClassmates(db, caller, request.params.courseId, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/student/courses/:courseId/looking',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary:
        'Switch "looking for a team" on or off in a course I am actively enrolled in, without a team there, with an optional note',
      params: courseParams,
      body: lookingBodySchema,
      response: { 200: envelope(lookingSchema) },
    },
    handler: async (request) => {
      const data = await setLooking(
        app.db,
        requireAuth(request),
        request.params.courseId,
        request.body,
      );
      return {
        success: true as const,
        data,
        message: data.looking ? 'You are looking for a team here' : 'You are no longer looking',
      };
    },
  });
}
