import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  envelope,
  formationApplyBodySchema,
  formationApplyResultSchema,
  formationEvaluateBodySchema,
  formationEvaluationSchema,
  formationOptionsSchema,
  formationProposalSchema,
} from '@teamup/shared';
import { defineRoute, COURSE_STAFF } from '../../lib/route.js';
import { requireAuth } from '../../plugins/auth.js';
import { applyFormation, previewFormation } from './formation-service.js';
import { evaluateFormation } from './formation-evaluate.js';

const TAGS = ['teams'];
const courseParams = z.object({ courseId: z.uuid() });

/** Auto-placement for a course (issue 15, decisions 115, 116): preview and apply. */
export async function formationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/admin/courses/:courseId/formation/preview',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary:
        "Propose placing the course's teamless students (changes nothing; the same course, options and seed give the same proposal)",
      params: courseParams,
      body: formationOptionsSchema,
      response: { 200: envelope(formationProposalSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const data = await previewFormation(app.db, auth, request.params.courseId, request.body);
      return { success: true as const, data };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/courses/:courseId/formation/apply',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary:
        'Apply a proposal as the admin left it, in one transaction (409 STALE_PROPOSAL when the course changed since the preview, or for a seed other than the preview one)',
      params: courseParams,
      body: formationApplyBodySchema,
      response: { 200: envelope(formationApplyResultSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const data = await app.db.transaction((tx) =>
        applyFormation(tx, auth, request.params.courseId, request.body),
      );
      const teams = data.createdTeams.length;
      return {
        success: true as const,
        data,
        message: `${data.placed} ${data.placed === 1 ? 'student' : 'students'} placed${teams ? `, ${teams} new ${teams === 1 ? 'team' : 'teams'}` : ''}`,
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/courses/:courseId/formation/evaluate',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary:
        'Score a proposal as the admin edited it, as the preview scores its own (changes nothing; 409 STALE_PROPOSAL when the course changed since the preview, 400 for placements apply would refuse)',
      params: courseParams,
      body: formationEvaluateBodySchema,
      response: { 200: envelope(formationEvaluationSchema) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const data = await evaluateFormation(app.db, auth, request.params.courseId, request.body);
      return { success: true as const, data };
    },
  });
}
