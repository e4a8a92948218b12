import type { FastifyInstance } from 'fastify';
import {
  communityActivityQuerySchema,
  communityProfileSchema,
  communityStatsSchema,
  communityStudentSchema,
  communityStudentsQuerySchema,
  envelope,
  paginated,
  profileActivityEntrySchema,
  skillSuggestionsQuerySchema,
  skillSuggestionsSchema,
  uuidParamSchema,
} from '@teamup/shared';
import { defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import {
  getCommunityProfile,
  getCommunityStats,
  listCommunityActivity,
  listCommunityStudents,
  suggestSkills,
} from './service.js';

const TAGS = ['community'];

/**
 * The community directory (issue 12, decision 105): open to every signed-in user; the service
 * decides whom each caller may see, and answers 404 (never 403) for anyone else.
 */
export async function communityRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/community/skills',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Skills used by the students I may see, by prefix, most used first',
      querystring: skillSuggestionsQuerySchema,
      response: { 200: envelope(skillSuggestionsSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) => suggestSkills(db, caller, request.query)),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/community/students',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary:
        'The students I may see, by name: search by name and skills, filter by one of my ' +
        'courses, looking for a team, without a team in that course',
      querystring: communityStudentsQuerySchema,
      response: { 200: envelope(paginated(communityStudentSchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listCommunityStudents(db, caller, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/community/students/:id',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: "A student's profile, courses in common and teams in them (404 when not visible)",
      params: uuidParamSchema,
      response: { 200: envelope(communityProfileSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        getCommunityProfile(db, caller, request.params.id),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/community/students/:id/stats',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: "A student's numbers over the courses I share with them",
      params: uuidParamSchema,
      response: { 200: envelope(communityStatsSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        getCommunityStats(db, caller, request.params.id),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/community/students/:id/activity',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary:
        "A student's activity in the courses I share with them, newest first (page and " +
        'limit, defaults 1 and 20)',
      params: uuidParamSchema,
      querystring: communityActivityQuerySchema,
      response: { 200: envelope(paginated(profileActivityEntrySchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listCommunityActivity(db, caller, request.params.id, request.query),
      ),
    }),
  });
}
