import type { FastifyInstance } from 'fastify';
import {
  analyticsOverviewSchema,
  analyticsUsageQuerySchema,
  envelope,
  usageAnalyticsSchema,
} from '@teamup/shared';
import { defineRoute } from '../../lib/route.js';
import { signedInCheck } from '../../lib/signed-in-read.js';
import { getAnalyticsOverview, getUsageAnalytics } from './service.js';

const TAGS = ['analytics'];

/**
 * System Analytics and the superadmin's home (issue 13, decision 109). Each call is one
 * statement that aggregates whole tables over a range: it runs on a pooled connection after the
 * session check, not on a read lane, where it would hold up the short reads queued behind it
 * (decision 104).
 */
export async function analyticsRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/analytics/overview',
    config: { access: ['SUPERADMIN'] },
    schema: {
      tags: TAGS,
      summary:
        'Totals (users by role, organizations, courses, teams, enrollments) and what needs ' +
        'attention across organizations: recent failed CSV uploads, courses past their ' +
        'deadline with active students teamless',
      response: { 200: envelope(analyticsOverviewSchema) },
    },
    handler: async (request) => {
      await signedInCheck(request);
      return { success: true as const, data: await getAnalyticsOverview(app.db) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/analytics/usage',
    config: { access: ['SUPERADMIN'] },
    schema: {
      tags: TAGS,
      summary:
        'Usage over the last 7, 30 or 90 days (UTC): sign-ins and active users per day, new ' +
        'users per week, teams formed per day, CSV uploads per week with rows and failure ' +
        'rate, for everyone or one organization; the most and least active organizations',
      querystring: analyticsUsageQuerySchema,
      response: { 200: envelope(usageAnalyticsSchema) },
    },
    handler: async (request) => {
      await signedInCheck(request);
      return { success: true as const, data: await getUsageAnalytics(app.db, request.query) };
    },
  });
}
