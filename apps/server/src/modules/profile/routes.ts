import type { FastifyInstance } from 'fastify';
import {
  envelope,
  paginated,
  profileActivityEntrySchema,
  profileActivityQuerySchema,
  profileSchema,
  profileStatsSchema,
  profileUpdateBodySchema,
} from '@teamup/shared';
import { defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import { unauthenticated } from '../../plugins/errors.js';
import { listProfileActivity } from './activity.js';
import { getProfile, updateProfile } from './service.js';
import { getProfileStats } from './stats.js';

const TAGS = ['profile'];

export async function profileRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/auth/profile',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: "The signed-in user's profile",
      response: { 200: envelope(profileSchema) },
    },
    handler: async (request) => {
      const profile = await signedInRead(request, (db, caller) => getProfile(db, caller.userId));
      if (!profile) throw unauthenticated();
      return { success: true as const, data: profile };
    },
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/auth/profile/update',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: "Update the signed-in user's profile (any subset of the fields)",
      body: profileUpdateBodySchema,
      response: { 200: envelope(profileSchema) },
    },
    handler: async (request) => {
      const profile = await updateProfile(app.db, requireAuth(request).userId, request.body);
      if (!profile) throw unauthenticated();
      return { success: true as const, data: profile, message: 'Profile updated' };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/profile/stats',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary:
        "The signed-in user's numbers: enrollments by status, teams, pending requests and " +
        'invitations, and for organization admins their organizations, courses and students',
      response: { 200: envelope(profileStatsSchema) },
    },
    handler: async (request) => {
      const stats = await signedInRead(request, (db, caller) => getProfileStats(db, caller.userId));
      if (!stats) throw unauthenticated();
      return { success: true as const, data: stats };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/profile/activity',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary:
        "The signed-in user's activity, newest first: what they did and what was done " +
        'about them (page and limit, defaults 1 and 20)',
      querystring: profileActivityQuerySchema,
      response: { 200: envelope(paginated(profileActivityEntrySchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listProfileActivity(db, caller, request.query),
      ),
    }),
  });
}
