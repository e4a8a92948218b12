import type { FastifyInstance } from 'fastify';
import { envelope, profileSchema, profileUpdateBodySchema } from '@teamup/shared';
import { defineRoute } from '../../lib/route.js';
import { requireAuth } from '../../plugins/auth.js';
import { unauthenticated } from '../../plugins/errors.js';
import { getProfile, updateProfile } from './service.js';

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
      const profile = await getProfile(app.db, requireAuth(request).userId);
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
}
