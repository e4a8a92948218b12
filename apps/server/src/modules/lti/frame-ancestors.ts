// Inside the LMS (issue 28, decision 138): the web app's pages may be framed by the registered
// platforms' sites, and by nobody else. Helmet's policy says `frame-ancestors 'self'`; the
// pages' answers get the platforms' origins added (and no X-Frame-Options, which cannot name
// them). The list is read at start and again whenever a platform is registered or removed.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

export interface FrameAncestors {
  /** The CSP with the platforms' origins among its frame ancestors. */
  rewrite(csp: string): string;
  refresh(): void;
}

export function createFrameAncestors(db: DbOrTx, log: FastifyBaseLogger): FrameAncestors {
  let origins: string[] = [];
  const load = async () => {
    const rows = await queryRows<{ issuer: string; authorization_url: string }>(
      db,
      sql`select p.issuer, p.authorization_url from lti_platforms p
        join organizations o on o.id = p.organization_id and o.deleted_at is null`,
    );
    const found = new Set<string>();
    for (const row of rows) {
      for (const url of [row.authorization_url, row.issuer]) {
        try {
          const { origin, protocol } = new URL(url);
          if (protocol === 'https:' || protocol === 'http:') found.add(origin);
        } catch {
          // An issuer need not be a URL.
        }
      }
    }
    origins = [...found].sort();
  };
  const refresh = () => {
    load().catch((error: unknown) => log.error({ err: error }, 'LTI frame ancestors'));
  };
  refresh();
  return {
    rewrite: (csp) =>
      origins.length === 0
        ? csp
        : csp.replace(/frame-ancestors 'self'/, `frame-ancestors 'self' ${origins.join(' ')}`),
    refresh,
  };
}
