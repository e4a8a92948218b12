import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  HEALTH_INACTIVE_DAYS,
  HEALTH_UNANSWERED_HOURS,
  NUDGE_INTERVAL_HOURS,
  courseHealthSchema,
  envelope,
  nudgeResultSchema,
  teamHistorySchema,
  teamsExportQuerySchema,
  uuidParamSchema,
} from '@teamup/shared';
import { defineRoute, COURSE_STAFF } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import { exportTeams } from './course-health-export.js';
import { myTeamHistory, studentTeamHistory } from './course-health-history.js';
import { getCourseHealth, nudgeTeam } from './course-health-service.js';

const TAGS = ['teams'];
const courseParams = z.object({ courseId: z.uuid() });
const studentParams = z.object({ courseId: z.uuid(), userId: z.uuid() });

/** Team health and nudges, the LMS export with ?at=, and team histories (issue 15, decision 118). */
export async function courseHealthRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/admin/courses/:courseId/health',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: "The course's live teams that need attention, most flags first",
      description: [
        `Flags: UNDER_MINIMUM (fewer members than the course minimum), REQUESTS_UNANSWERED (a join request pending over ${HEALTH_UNANSWERED_HOURS} h), INACTIVE (no member signed in or used Teamup on any of the last ${HEALTH_INACTIVE_DAYS} UTC days), CLOSED_WHILE_SHORT (closed to requests while under the minimum). Each with a sentence saying what to do.`,
        "A course outside the caller's organizations answers 404.",
      ].join('\n\n'),
      params: courseParams,
      response: { 200: envelope(courseHealthSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        getCourseHealth(db, caller, request.params.courseId),
      ),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/teams/:id/nudge',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: 'Notify every member of a flagged team of what to do, in one sentence',
      description: `409 NOTHING_TO_NUDGE when the team has no flag, NUDGE_TOO_SOON within ${NUDGE_INTERVAL_HOURS} h of the last nudge, TEAM_DISBANDED or COURSE_ARCHIVED. Another organization's team answers 404.`,
      params: uuidParamSchema,
      response: { 200: envelope(nudgeResultSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const data = await app.db.transaction((tx) => nudgeTeam(tx, auth, request.params.id));
      return {
        success: true as const,
        data,
        message: `Nudge sent to ${data.notified} ${data.notified === 1 ? 'member' : 'members'}`,
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/courses/:courseId/teams.csv',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: "The course's teams as a CSV file for an LMS group import, today or at a moment",
      description: [
        '`format`: teamup (team, member, email, student_id, leader, joined_at; the default), canvas (name, login_id, user_id, group_name: a group set\'s "Import groups") or moodle (username, email, course1, group1: "Upload users"). See the README, "Exporting teams to your LMS".',
        "`at` (ISO 8601 with an offset): the teams as they were then, from the membership periods; later than now answers 400, before the course had teams gives the header only. Team names are today's.",
        'Cells a spreadsheet would run as a formula are prefixed with a quote.',
      ].join('\n\n'),
      params: courseParams,
      querystring: teamsExportQuerySchema,
      produces: ['text/csv'],
      response: { 200: z.string() },
    },
    handler: async (request, reply) => {
      const file = await signedInRead(request, (db, caller) =>
        exportTeams(db, caller, request.params.courseId, request.query),
      );
      // A string with a non-JSON content type bypasses the JSON serializer.
      return reply
        .header('content-disposition', file.contentDisposition)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(file.body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/student/courses/:courseId/team-history',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'My teams in a course I am enrolled in, oldest first, with when and why I left',
      params: courseParams,
      response: { 200: envelope(teamHistorySchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        myTeamHistory(db, caller.userId, request.params.courseId),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/courses/:courseId/students/:userId/team-history',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: "A student's teams in a course of mine, oldest first, with when and why they left",
      params: studentParams,
      response: { 200: envelope(teamHistorySchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        studentTeamHistory(db, caller, request.params.courseId, request.params.userId),
      ),
    }),
  });
}
