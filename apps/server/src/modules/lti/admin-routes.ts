import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  envelope,
  ltiContextLinkBodySchema,
  ltiContextLinkResultSchema,
  ltiContextListSchema,
  ltiContextQuerySchema,
  ltiPlatformBodySchema,
  ltiPlatformListSchema,
  ltiPlatformSchema,
  ltiPlatformUpdateSchema,
  ltiSyncBodySchema,
  ltiSyncResultSchema,
  ltiToolConfigSchema,
  ltiToolQuerySchema,
} from '@teamup/shared';
import { ADMIN_ROLES, COURSE_STAFF, defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  createPlatform,
  deletePlatform,
  listPlatforms,
  toolConfig,
  updatePlatform,
} from './admin-service.js';
import { linkContext, listContexts } from './context-service.js';
import type { RosterSync } from './sync-service.js';

const TAGS = ['lti'];

export interface LtiAdminRoutesOptions {
  publicUrl: string;
  secret: string;
  /** Production: platform URLs must be https (decision 143). */
  httpsOnly: boolean;
  onPlatformsChanged: () => void;
  sync: RosterSync;
}

/**
 * LTI 1.3 in the API (issue 28, decision 138): an organization's admins register the LMS
 * platforms that may launch Teamup and read the values to paste into the LMS; a course's staff
 * sync its roster from the LMS (NRPS). Another organization's platform answers 404.
 */
export async function ltiAdminRoutes(app: FastifyInstance, opts: LtiAdminRoutesOptions) {
  const settings = { publicUrl: opts.publicUrl, httpsOnly: opts.httpsOnly };
  defineRoute(app, {
    method: 'GET',
    url: '/admin/lti/platforms',
    config: { access: ADMIN_ROLES },
    schema: {
      tags: TAGS,
      summary: 'The LMS platforms registered for my organizations',
      description:
        'Each with its own login URL (loginUrl), for an LMS that omits client_id at login (decision 143).',
      response: { 200: envelope(ltiPlatformListSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) => listPlatforms(db, caller, settings)),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/lti/platforms',
    config: { access: ADMIN_ROLES },
    schema: {
      tags: TAGS,
      summary: 'Register an LMS platform by hand (for LMSs without dynamic registration)',
      description:
        'organizationId is needed only by an admin of several organizations. In production every URL must be https (400, per field). 409 PLATFORM_TAKEN when the issuer and client ID cannot be registered (registered already, in this organization or another: the answer does not say which).',
      body: ltiPlatformBodySchema,
      response: { 201: envelope(ltiPlatformSchema) },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const platform = await app.db.transaction((tx) =>
        createPlatform(tx, auth, request.body, settings),
      );
      opts.onPlatformsChanged();
      reply.code(201);
      return { success: true as const, data: platform, message: 'Platform registered' };
    },
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/admin/lti/platforms/:id',
    config: { access: ADMIN_ROLES },
    schema: {
      tags: TAGS,
      summary: "Change a platform's name, endpoints or deployment IDs; its courses stay linked",
      description:
        'The issuer and client ID are the registration itself and do not change (register the other pair instead). Launches of a deployment ID no longer listed are refused. In production every URL must be https (400, per field). Another organization: 404.',
      params: z.object({ id: z.uuid() }),
      body: ltiPlatformUpdateSchema,
      response: { 200: envelope(ltiPlatformSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const platform = await app.db.transaction((tx) =>
        updatePlatform(tx, auth, request.params.id, request.body, settings),
      );
      opts.onPlatformsChanged();
      return { success: true as const, data: platform, message: 'Platform updated' };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/admin/lti/platforms/:id',
    config: { access: ADMIN_ROLES },
    schema: {
      tags: TAGS,
      summary: 'Remove an LMS platform: its launches stop; its courses and people stay',
      params: z.object({ id: z.uuid() }),
      response: { 200: envelope(ltiPlatformSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const platform = await app.db.transaction((tx) =>
        deletePlatform(tx, auth, request.params.id, settings),
      );
      opts.onPlatformsChanged();
      return { success: true as const, data: platform, message: 'Platform removed' };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/lti/tool',
    config: { access: ADMIN_ROLES },
    schema: {
      tags: TAGS,
      summary: 'The values to paste into an LMS, and the dynamic registration URL',
      description:
        'The registration URL is for one organization (organizationId, needed by an admin of several) and valid 7 days.',
      querystring: ltiToolQuerySchema,
      response: { 200: envelope(ltiToolConfigSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        toolConfig(db, caller, request.query.organizationId, opts),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/lti/contexts',
    config: { access: ADMIN_ROLES },
    schema: {
      tags: TAGS,
      summary: 'The LMS courses that opened Teamup, and the course each is linked to',
      description:
        'Of every organization I run, or of organizationId only. Another organization: 404.',
      querystring: ltiContextQuerySchema,
      response: { 200: envelope(ltiContextListSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listContexts(db, caller, request.query.organizationId),
      ),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/lti/contexts/:id',
    config: { access: ADMIN_ROLES },
    schema: {
      tags: TAGS,
      summary: 'Link an LMS course to an existing course of its organization instead',
      description: [
        "Launches and roster syncs of the LMS course go to `courseId` from now on. The LMS's students and staff of the course it was linked to come along; that course is archived when nothing but launches happened in it (no team, survey, or enrollment or staff added otherwise), else it stays, no longer linked.",
        '404 for an LMS course or a course outside my organizations (or of another organization than the LMS course); 409 COURSE_LINKED when the course is linked to another LMS course, COURSE_ARCHIVED when it is archived. Linking to the course it is linked to already changes nothing.',
      ].join('\n\n'),
      params: z.object({ id: z.uuid() }),
      body: ltiContextLinkBodySchema,
      response: { 200: envelope(ltiContextLinkResultSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const result = await app.db.transaction((tx) =>
        linkContext(tx, auth, request.params.id, request.body.courseId),
      );
      return { success: true as const, data: result, message: 'LMS course linked' };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/courses/:courseId/lti/sync',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: "Sync the course's roster from the LMS (Names and Role Provisioning Service)",
      description: [
        '`preview: true` reads the LMS roster and says what would change, changing nothing. Otherwise: new learners become enrollments (ACTIVE when they have launched Teamup, else PENDING by email), learners gone from the LMS become INACTIVE (leaving their team), staff roles follow the LMS. Every change is audited and notified as a CSV import is.',
        '409 NO_LMS_ROSTER: the course is not linked to an LMS course with a roster service; 502 when the LMS cannot be read.',
      ].join('\n\n'),
      params: z.object({ courseId: z.uuid() }),
      body: ltiSyncBodySchema,
      response: { 200: envelope(ltiSyncResultSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const result = await opts.sync(auth, request.params.courseId, request.body.preview);
      return {
        success: true as const,
        data: result,
        message: result.applied ? 'Roster synced' : 'What a sync would change',
      };
    },
  });
}
