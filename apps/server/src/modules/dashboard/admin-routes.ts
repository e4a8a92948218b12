import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_DASHBOARD_CSV_HEADER,
  adminDashboardQuerySchema,
  adminDashboardStatsSchema,
  envelope,
  type DashboardCourseStats,
} from '@teamup/shared';
import { COURSE_STAFF, defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { attachmentHeader, csvDocument } from '../../lib/csv-file.js';
import { getAdminDashboardStats } from './admin-service.js';

const TAGS = ['dashboard'];

const FILTERS_DESCRIPTION =
  'Filters: `organizationId` (one of mine; another answers 404) and `term` (exact). Non-archived courses of live organizations; removed enrollments are not counted.';

/** One CSV line of a course's figures, in the order of ADMIN_DASHBOARD_CSV_HEADER. */
function csvRow(c: DashboardCourseStats): (string | number)[] {
  return [
    c.organizationName,
    c.code,
    c.title,
    c.term,
    c.deadline,
    Math.trunc(c.secondsLeft / 3600),
    c.students.pending,
    c.students.active,
    c.students.inactive,
    c.placed,
    c.placedPercent ?? '',
    c.teamless,
    c.teams.total,
    c.teams.full,
    c.teams.open,
    c.teams.underMinimum,
    c.pendingJoinRequests,
    c.pendingInvitations,
  ];
}

/** The organization admin's formation dashboard (issue 13, decision 108). */
export async function adminDashboardRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/admin/dashboard/stats',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary:
        'Team formation in my courses: figures per course, progress day by day, what needs attention',
      description: [
        FILTERS_DESCRIPTION,
        'Progress: per course, the share of ACTIVE students in a team at the end of each UTC day, from the course’s creation or first enrollment (at most 120 days back) to today, reconstructed from the audit trail backwards from today’s figures.',
        'Attention, most urgent first: a deadline within 72 h with students teamless, a passed deadline with students teamless, failed CSV uploads (until a later upload of the course completes), teams under the minimum size, join requests waiting over 48 h.',
      ].join('\n\n'),
      querystring: adminDashboardQuerySchema,
      response: { 200: envelope(adminDashboardStatsSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        getAdminDashboardStats(db, caller, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/dashboard/stats.csv',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: 'The per-course figures of the formation dashboard as a CSV file',
      description: [
        FILTERS_DESCRIPTION,
        `Columns: ${ADMIN_DASHBOARD_CSV_HEADER.join(', ')}. Cells a spreadsheet would run as a formula are prefixed with a quote, as in the upload error report.`,
      ].join('\n\n'),
      querystring: adminDashboardQuerySchema,
      produces: ['text/csv'],
      response: { 200: z.string() },
    },
    handler: async (request, reply) => {
      const stats = await signedInRead(request, (db, caller) =>
        getAdminDashboardStats(db, caller, request.query, { progress: false }),
      );
      const day = stats.generatedAt.slice(0, 10);
      // A string with a non-JSON content type bypasses the JSON serializer.
      return reply
        .header('content-disposition', attachmentHeader(`team-formation-${day}.csv`))
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(csvDocument(ADMIN_DASHBOARD_CSV_HEADER, stats.courses.map(csvRow)));
    },
  });
}
