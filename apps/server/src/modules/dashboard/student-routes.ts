import type { FastifyInstance } from 'fastify';
import {
  envelope,
  noticesSeenSchema,
  studentDashboardSchema,
  uuidParamSchema,
} from '@teamup/shared';
import { defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import { getStudentDashboard, markNoticesSeen } from './student-service.js';

const TAGS = ['dashboard'];

/**
 * The student dashboard's calls (issue 13, decision 107). The dashboard is the student's home
 * and only theirs (admins and superadmins have their own), so other roles get 403. Marking a
 * board seen is a team call: any signed-in member, 404 for everyone else.
 */
export async function studentDashboardRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/student/dashboard',
    config: { access: ['STUDENT'] },
    schema: {
      tags: TAGS,
      summary:
        'What needs me (invitations, join requests to my teams, my requests, courses where I ' +
        'have no team with next steps, teams with unseen notices), my courses and my teams',
      response: { 200: envelope(studentDashboardSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) => getStudentDashboard(db, caller)),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/student/teams/:id/notices/seen',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: "I have seen my team's notices as of now (members; 404 for anyone else)",
      params: uuidParamSchema,
      response: { 200: envelope(noticesSeenSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await markNoticesSeen(app.db, requireAuth(request), request.params.id),
    }),
  });
}
