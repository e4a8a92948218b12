import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createNoticeBodySchema,
  envelope,
  noticeSchema,
  paginated,
  paginationQuerySchema,
  updateNoticeBodySchema,
  uuidParamSchema,
} from '@teamup/shared';
import { defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import { deleteNotice, listNotices, postNotice, updateNotice } from './notices-service.js';

const TAGS = ['teams'];
const noticeEnvelope = envelope(noticeSchema);

/**
 * The team notice board (SPEC §7): members post and read, the course's admins read, the
 * author or the leader edits and deletes. Per-team rules live in the service.
 */
export async function teamNoticeRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/student/teams/:id/notices',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: "Post on my team's notice board (members)",
      params: uuidParamSchema,
      body: createNoticeBodySchema,
      response: { 201: noticeEnvelope },
    },
    handler: async (request, reply) => {
      const data = await postNotice(app.db, requireAuth(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, data, message: 'Notice posted' });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/student/teams/:id/notices',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: "A team's notice board (members and course admins): pinned first, then newest",
      params: uuidParamSchema,
      querystring: paginationQuerySchema,
      response: { 200: envelope(paginated(noticeSchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        listNotices(db, caller, request.params.id, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/student/notices/:id',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Edit or pin a notice (its author or the team leader)',
      params: uuidParamSchema,
      body: updateNoticeBodySchema,
      response: { 200: noticeEnvelope },
    },
    handler: async (request) => ({
      success: true as const,
      data: await updateNotice(app.db, requireAuth(request), request.params.id, request.body),
      message: 'Notice updated',
    }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/student/notices/:id',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Delete a notice (its author or the team leader)',
      params: uuidParamSchema,
      response: { 200: envelope(z.object({ id: z.uuid() })) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await deleteNotice(app.db, requireAuth(request), request.params.id),
      message: 'Notice deleted',
    }),
  });
}
