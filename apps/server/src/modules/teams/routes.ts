import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminAddMemberBodySchema,
  allTeamsQuerySchema,
  courseTeamsQuerySchema,
  createTeamBodySchema,
  envelope,
  myTeamsSchema,
  paginated,
  paginationQuerySchema,
  teamAuditEntrySchema,
  teamDetailSchema,
  teamSummarySchema,
  updateTeamBodySchema,
  uuidParamSchema,
} from '@teamup/shared';
import { defineRoute, COURSE_STAFF } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { callerScope, courseInScope } from '../../lib/org-scope.js';
import { requireAuth } from '../../plugins/auth.js';
import { adminAddMember, teamInScope } from './admin-members.js';
import {
  getTeamDetail,
  listAllTeams,
  listCourseTeams,
  listTeamAudit,
  myTeams,
} from './team-queries.js';
import { createTeam, disband, leaveTeam, removeTeamMember, updateTeam } from './teams-service.js';

const TAGS = ['teams'];
const courseParams = z.object({ courseId: z.uuid() });
const memberParams = z.object({ teamId: z.uuid(), memberId: z.uuid() });
const detailEnvelope = envelope(teamDetailSchema);

/**
 * Teams, members, disband, admin member changes and the audit log (SPEC §7, DESIGN §7).
 * Student routes are open to every signed-in user: the services decide per team (enrolled
 * student, member, leader, admin of the course) and answer 404 outside the team's course.
 * Changes commit first; the answer is then read fresh, as the caller now sees the team.
 */
export async function teamRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/student/courses/:courseId/teams',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Create a team in my course; I become its leader and first member',
      params: courseParams,
      body: createTeamBodySchema,
      response: { 201: detailEnvelope },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const id = await app.db.transaction((tx) =>
        createTeam(tx, auth, request.params.courseId, request.body),
      );
      const team = await getTeamDetail(app.db, auth, id);
      reply.status(201);
      return { success: true as const, data: team, message: `${team.name} created` };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/student/courses/:courseId/teams',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: "A course's live teams by name, with open seats and my relation to each",
      params: courseParams,
      querystring: courseTeamsQuerySchema,
      response: { 200: envelope(paginated(teamSummarySchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listCourseTeams(db, caller, request.params.courseId, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/student/teams',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Live teams of all my courses, by course then name',
      querystring: allTeamsQuerySchema,
      response: { 200: envelope(paginated(teamSummarySchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) => listAllTeams(db, caller, request.query)),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/student/me/teams',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'My teams and my pending join requests, across courses',
      response: { 200: envelope(myTeamsSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) => myTeams(db, caller)),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/student/teams/:id',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'A team with its course, members and what I can do with it',
      params: uuidParamSchema,
      response: { 200: detailEnvelope },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        getTeamDetail(db, caller, request.params.id),
      ),
    }),
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/student/teams/:id',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary:
        'Edit a team (leader or course admin); the size limit stays between the member count and the course maximum',
      params: uuidParamSchema,
      body: updateTeamBodySchema,
      response: { 200: detailEnvelope },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const changed = await app.db.transaction((tx) =>
        updateTeam(tx, auth, request.params.id, request.body),
      );
      const team = await getTeamDetail(app.db, auth, request.params.id);
      return {
        success: true as const,
        data: team,
        message: changed ? `${team.name} updated` : 'Nothing to change',
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/student/teams/:id/disband',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Disband a team (leader before the deadline, course admin any time)',
      params: uuidParamSchema,
      response: { 200: detailEnvelope },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const name = await app.db.transaction((tx) => disband(tx, auth, request.params.id));
      return {
        success: true as const,
        data: await getTeamDetail(app.db, auth, request.params.id),
        message: `${name} has been disbanded`,
      };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/student/teams/:teamId/members/:memberId',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary:
        'Remove a member, by user id (leader, not themselves, before the deadline; course admin any time)',
      params: memberParams,
      response: { 200: detailEnvelope },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const { teamId, memberId } = request.params;
      const { teamName, disbanded } = await app.db.transaction((tx) =>
        removeTeamMember(tx, auth, teamId, memberId),
      );
      return {
        success: true as const,
        data: await getTeamDetail(app.db, auth, teamId),
        message: disbanded
          ? `Member removed; ${teamName} had no members left and was disbanded`
          : `Member removed from ${teamName}`,
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/student/teams/:id/leave',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary:
        'Leave a team; a leaving leader hands over to the longest-standing member, the last member disbands it',
      params: uuidParamSchema,
      response: { 200: detailEnvelope },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const { teamName, disbanded } = await app.db.transaction((tx) =>
        leaveTeam(tx, auth, request.params.id),
      );
      return {
        success: true as const,
        data: await getTeamDetail(app.db, auth, request.params.id),
        message: disbanded
          ? `You left ${teamName}; you were its last member, so it was disbanded`
          : `You left ${teamName}`,
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/student/teams/:id/audit-logs',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: "A team's history, newest first (its current members and the course's admins)",
      params: uuidParamSchema,
      querystring: paginationQuerySchema,
      response: { 200: envelope(paginated(teamAuditEntrySchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listTeamAudit(db, caller, request.params.id, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/teams/:id/members',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary:
        'Put a student with an active enrollment into a team, moving them from their current team (any time)',
      params: uuidParamSchema,
      body: adminAddMemberBodySchema,
      response: { 200: detailEnvelope },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const { teamName, movedFrom } = await app.db.transaction((tx) =>
        adminAddMember(tx, auth, request.params.id, request.body.userId),
      );
      return {
        success: true as const,
        data: await getTeamDetail(app.db, auth, request.params.id),
        message: movedFrom
          ? `Student moved from ${movedFrom.name} to ${teamName}`
          : `Student added to ${teamName}`,
      };
    },
  });

  // The course admin page's Teams section for the course's staff too (issue 35): the student
  // routes above answer 404 to anyone not enrolled, so staff read and change teams here.
  defineRoute(app, {
    method: 'GET',
    url: '/admin/courses/:courseId/teams',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: "A course's live teams by name, for its admins and staff",
      params: courseParams,
      querystring: courseTeamsQuerySchema,
      response: { 200: envelope(paginated(teamSummarySchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, async (db, caller) => {
        await courseInScope(db, await callerScope(db, caller), request.params.courseId);
        return listCourseTeams(db, caller, request.params.courseId, request.query);
      }),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/teams/:id',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: 'A team with its members, for the admins and staff of its course',
      params: uuidParamSchema,
      response: { 200: detailEnvelope },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, async (db, caller) => {
        await teamInScope(db, caller, request.params.id);
        return getTeamDetail(db, caller, request.params.id);
      }),
    }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/admin/teams/:teamId/members/:memberId',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary:
        'Remove a member from a team (admins and staff of its course, any time); the last one disbands it',
      params: memberParams,
      response: { 200: detailEnvelope },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const { teamId, memberId } = request.params;
      await teamInScope(app.db, auth, teamId);
      const { teamName, disbanded } = await app.db.transaction((tx) =>
        removeTeamMember(tx, auth, teamId, memberId),
      );
      return {
        success: true as const,
        data: await getTeamDetail(app.db, auth, teamId),
        message: disbanded
          ? `Member removed; ${teamName} had no members left and was disbanded`
          : `Member removed from ${teamName}`,
      };
    },
  });
}
