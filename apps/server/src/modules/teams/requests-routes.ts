import type { FastifyInstance } from 'fastify';
import {
  applyBodySchema,
  decideBodySchema,
  envelope,
  invitationSchema,
  inviteBodySchema,
  joinRequestSchema,
  joinRequestsQuerySchema,
  paginated,
  REPEAT_FILINGS_MAX,
  REPEAT_FILINGS_WINDOW_MINUTES,
  uuidParamSchema,
} from '@teamup/shared';
import { defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  acceptInvitation,
  cancelInvitation,
  inviteToTeam,
  listMyInvitations,
  listTeamInvitations,
  rejectInvitation,
} from './invitations-service.js';
import {
  acceptJoinRequest,
  applyToTeam,
  listTeamJoinRequests,
  rejectJoinRequest,
  withdrawJoinRequest,
} from './requests-service.js';

const TAGS = ['teams'];
const requestEnvelope = envelope(joinRequestSchema);
const invitationEnvelope = envelope(invitationSchema);
// Deciding needs no body (Fastify hands the schema null then); a reason is optional.
const optionalDecideBody = decideBodySchema.nullish();

/**
 * Join requests and invitations (SPEC §7, DESIGN §7). Every signed-in user may call them; the
 * services decide per team (leader, applicant, invitee, admin of the course) and answer 404
 * to anyone outside the team's course.
 */
/** `askLimit`: the config's TEAM_ASK_LIMIT (decision 122). */
export async function teamRequestRoutes(
  app: FastifyInstance,
  { askLimit = REPEAT_FILINGS_MAX }: { askLimit?: number } = {},
) {
  // ---- Join requests

  defineRoute(app, {
    method: 'POST',
    url: '/student/teams/:id/join-requests',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary:
        'Ask to join a team of my course, with an optional message (a full team puts it on its waitlist)',
      description: `At most ${askLimit} requests per student and team in any ${REPEAT_FILINGS_WINDOW_MINUTES} minutes: the next answers 429 JOIN_REQUEST_THROTTLED with Retry-After (seconds). A request withdrawn before the leader read its notification takes that notification back.`,
      params: uuidParamSchema,
      body: applyBodySchema,
      response: { 201: requestEnvelope },
    },
    handler: async (request, reply) => {
      const data = await applyToTeam(
        app.db,
        requireAuth(request),
        request.params.id,
        request.body,
        askLimit,
      );
      return reply.status(201).send({
        success: true as const,
        data,
        // A full team files it on its waitlist (issue 15).
        message:
          data.status === 'WAITLISTED'
            ? `${data.teamName} is full; you are number ${data.waitlistPosition ?? 1} on its waitlist`
            : `Your request to join ${data.teamName} was sent`,
      });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/student/teams/:id/join-requests',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary:
        "A team's join requests (leader or course admin); PENDING unless status is given, WAITLISTED in queue order",
      params: uuidParamSchema,
      querystring: joinRequestsQuerySchema,
      response: { 200: envelope(paginated(joinRequestSchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listTeamJoinRequests(db, caller, request.params.id, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/student/join-requests/:id/withdraw',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Withdraw my pending or waitlisted join request',
      params: uuidParamSchema,
      response: { 200: requestEnvelope },
    },
    handler: async (request) => {
      const data = await withdrawJoinRequest(app.db, requireAuth(request), request.params.id);
      return {
        success: true as const,
        data,
        message: `Your request to join ${data.teamName} was withdrawn`,
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/student/join-requests/:id/accept',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Accept a join request (team leader): the student joins the team',
      params: uuidParamSchema,
      body: optionalDecideBody,
      response: { 200: requestEnvelope },
    },
    handler: async (request) => {
      const data = await acceptJoinRequest(
        app.db,
        requireAuth(request),
        request.params.id,
        request.body ?? {},
      );
      return {
        success: true as const,
        data,
        message: `${data.applicant.fullname} joined ${data.teamName}`,
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/student/join-requests/:id/reject',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Reject a join request (team leader), with an optional reason',
      params: uuidParamSchema,
      body: optionalDecideBody,
      response: { 200: requestEnvelope },
    },
    handler: async (request) => {
      const data = await rejectJoinRequest(
        app.db,
        requireAuth(request),
        request.params.id,
        request.body ?? {},
      );
      return {
        success: true as const,
        data,
        message: `The request of ${data.applicant.fullname} was rejected`,
      };
    },
  });

  // ---- Invitations

  defineRoute(app, {
    method: 'POST',
    url: '/student/teams/:id/invite',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Invite an active classmate without a team (team leader)',
      description: `At most ${askLimit} invitations per team and student in any ${REPEAT_FILINGS_WINDOW_MINUTES} minutes: the next answers 429 INVITATION_THROTTLED with Retry-After (seconds). An invitation cancelled before the invitee read its notification takes that notification back.`,
      params: uuidParamSchema,
      body: inviteBodySchema,
      response: { 201: invitationEnvelope },
    },
    handler: async (request, reply) => {
      const data = await inviteToTeam(
        app.db,
        requireAuth(request),
        request.params.id,
        request.body,
        askLimit,
      );
      return reply.status(201).send({
        success: true as const,
        data,
        message: `${data.invitee.fullname} was invited to ${data.teamName}`,
      });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/student/teams/:id/invitations',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: "A team's invitations (leader or course admin); PENDING unless status is given",
      params: uuidParamSchema,
      querystring: joinRequestsQuerySchema,
      response: { 200: envelope(paginated(invitationSchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listTeamInvitations(db, caller, request.params.id, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/student/me/invitations',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'My invitations, newest first; PENDING unless status is given',
      querystring: joinRequestsQuerySchema,
      response: { 200: envelope(paginated(invitationSchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listMyInvitations(db, caller, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/student/invitations/:id/accept',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Accept an invitation (the invitee): I join the team',
      params: uuidParamSchema,
      response: { 200: invitationEnvelope },
    },
    handler: async (request) => {
      const data = await acceptInvitation(app.db, requireAuth(request), request.params.id);
      return { success: true as const, data, message: `You joined ${data.teamName}` };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/student/invitations/:id/reject',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Reject an invitation (the invitee)',
      params: uuidParamSchema,
      response: { 200: invitationEnvelope },
    },
    handler: async (request) => {
      const data = await rejectInvitation(app.db, requireAuth(request), request.params.id);
      return {
        success: true as const,
        data,
        message: `You declined the invitation to ${data.teamName}`,
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/student/invitations/:id/cancel',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Cancel a pending invitation (team leader)',
      params: uuidParamSchema,
      response: { 200: invitationEnvelope },
    },
    handler: async (request) => {
      const data = await cancelInvitation(app.db, requireAuth(request), request.params.id);
      return {
        success: true as const,
        data,
        message: `The invitation of ${data.invitee.fullname} was cancelled`,
      };
    },
  });
}
