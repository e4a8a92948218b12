// The organization's LMS page lists every link, unlink and refused link of its platforms'
// identities (issue 34, decision 141): an organization admin sees who an LMS account opened
// and what Teamup refused, newest first.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  envelope,
  LINK_REFUSAL_TEXTS,
  LTI_LINK_EVENT_ACTIONS,
  ltiLinkEventListSchema,
  paginationQuerySchema,
  type LtiLinkEvent,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { iso } from '../../lib/admin-course-sql.js';
import { adminScope, inScope, type Caller } from '../../lib/org-scope.js';
import { ADMIN_ROLES, defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { notFound } from '../../plugins/errors.js';

export const ltiLinkEventQuerySchema = paginationQuerySchema.extend({
  organizationId: z.uuid().optional(),
});

const ACTIONS = sql.join(
  LTI_LINK_EVENT_ACTIONS.map((a) => sql`${a}`),
  sql`, `,
);

export async function listLinkEvents(
  db: DbOrTx,
  caller: Caller,
  query: z.output<typeof ltiLinkEventQuerySchema>,
) {
  const scope = await adminScope(db, caller);
  if (query.organizationId && !inScope(scope, query.organizationId)) {
    throw notFound('Organization not found');
  }
  const ids = scope.all ? null : scope.organizationIds;
  const empty = { items: [], page: query.page, limit: query.limit, total: 0 };
  if (ids && ids.length === 0) return empty;
  const where = sql`a.action in (${ACTIONS})
    and ${query.organizationId ? sql`a.organization_id = ${query.organizationId}` : sql`true`}
    and ${
      ids
        ? sql`a.organization_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql`a.organization_id is not null`
    }`;
  const [rows, [count]] = await Promise.all([
    queryRows<LtiLinkEvent & { reasonCode: string | null }>(
      db,
      sql`select a.id, a.action, ${iso(sql`a.created_at`)} as at,
          a.data->>'platform' as "platformName", t.fullname,
          a.data->>'lmsEmail' as "lmsEmail", coalesce(a.data->>'via', '') as via,
          a.data->>'reason' as "reasonCode"
        from audit_events a left join users t on t.id = a.target_user_id
        where ${where}
        order by a.created_at desc, a.id
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_events a where ${where}`),
  ]);
  return {
    items: rows.map(({ reasonCode, ...row }) => ({
      ...row,
      reason: reasonCode
        ? (LINK_REFUSAL_TEXTS[reasonCode as keyof typeof LINK_REFUSAL_TEXTS] ?? reasonCode)
        : null,
    })),
    page: query.page,
    limit: query.limit,
    total: count?.n ?? 0,
  };
}

export async function ltiLinkEventRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/admin/lti/link-events',
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['lti'],
      summary: "Links, unlinks and refused links of the organization's LMS accounts",
      description:
        'Of every organization I run, or of organizationId only (another organization: 404). Newest first.',
      querystring: ltiLinkEventQuerySchema,
      response: { 200: envelope(ltiLinkEventListSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) => listLinkEvents(db, caller, request.query)),
    }),
  });
}
