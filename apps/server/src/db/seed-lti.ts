// The demo's LMS (issue 28): the development LMS the server serves at /dev/lms when the
// development sign-in is on (modules/dev-lms) is registered as an LTI 1.3 platform of Northfield
// University, and its course "CS301" is already linked to the seeded CS301, with its roster
// service, so a first launch lands on a course full of teams and "Sync roster" has something to
// read. Its URLs are the server's own, so they follow PUBLIC_URL: a start on another address
// moves them there.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/** The registration of the development LMS in Teamup, as an organization admin would type it. */
export const DEV_LMS = {
  name: 'Teamup development LMS',
  organizationSlug: 'northfield',
  clientId: 'teamup-dev',
  deploymentId: 'dev-deployment-1',
  /** The LMS course linked to a seeded course (the other LMS courses are not). */
  linkedContext: {
    id: 'dev-lms-cs301',
    courseCode: 'CS301',
    label: 'CS301',
    title: 'Software Engineering Project',
  },
} as const;

/** The development LMS's addresses on the server at `publicUrl` (PUBLIC_URL). */
export function devLmsUrls(publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  const base = `${origin}/dev/lms`;
  return {
    origin,
    issuer: base,
    page: base,
    authorizationUrl: `${base}/auth`,
    tokenUrl: `${base}/token`,
    jwksUrl: `${base}/jwks`,
    membershipsUrl: (contextId: string) => `${base}/nrps/${encodeURIComponent(contextId)}`,
  };
}

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => {
  const r = result as Rows<T>;
  return Array.isArray(r) ? r : r.rows;
};

/**
 * The platform (found by its client id in the demo organization) and its linked context, when
 * missing: put back like a deleted demo account. When present, only their URLs are moved to
 * `publicUrl`. Nothing without the demo organization; no link without its CS301.
 */
export async function seedDemoLti(db: DbOrTx, publicUrl: string): Promise<void> {
  const urls = devLmsUrls(publicUrl);
  const [org] = rowsOf<{ id: string; admin_id: string | null }>(
    await db.execute(sql`select o.id, (select oa.user_id from organization_admins oa
        where oa.organization_id = o.id order by oa.created_at limit 1) as admin_id
      from organizations o where o.slug = ${DEV_LMS.organizationSlug} and o.deleted_at is null`),
  );
  if (!org) return;
  const deployments = `{${DEV_LMS.deploymentId}}`;
  const [existing] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from lti_platforms
      where organization_id = ${org.id} and client_id = ${DEV_LMS.clientId}
      order by created_at, id limit 1`),
  );
  let platformId = existing?.id;
  if (platformId) {
    // Unless another registration already has the new issuer (the unique key would refuse).
    await db.execute(sql`update lti_platforms p set issuer = ${urls.issuer},
        authorization_url = ${urls.authorizationUrl}, token_url = ${urls.tokenUrl},
        jwks_url = ${urls.jwksUrl}, updated_at = now()
      where p.id = ${platformId} and p.issuer <> ${urls.issuer}
        and not exists (select 1 from lti_platforms q
          where q.issuer = ${urls.issuer} and q.client_id = p.client_id and q.id <> p.id)`);
  } else {
    const [created] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into lti_platforms (organization_id, name, issuer, client_id,
          authorization_url, token_url, jwks_url, deployment_ids, registered_by, created_by)
        values (${org.id}, ${DEV_LMS.name}, ${urls.issuer}, ${DEV_LMS.clientId},
          ${urls.authorizationUrl}, ${urls.tokenUrl}, ${urls.jwksUrl}, ${deployments}::text[],
          'MANUAL', ${org.admin_id})
        on conflict (issuer, client_id) do nothing
        returning id`),
    );
    // Another organization registered these very URLs: the demo leaves that alone.
    if (!created) return;
    platformId = created.id;
  }
  const context = DEV_LMS.linkedContext;
  // A context already linked elsewhere, or CS301 linked to another LMS course: left as it is.
  await db.execute(sql`insert into lti_contexts (platform_id, context_id, course_id,
      deployment_id, title, label, memberships_url)
    select ${platformId}, ${context.id}, c.id, ${DEV_LMS.deploymentId}, ${context.title},
      ${context.label}, ${urls.membershipsUrl(context.id)}
    from courses c where c.organization_id = ${org.id} and c.code = ${context.courseCode}
    on conflict do nothing`);
  // Launches keep the roster address up to date; a sync before any launch needs it moved too.
  await db.execute(sql`update lti_contexts
    set memberships_url = ${urls.membershipsUrl('')} || context_id, updated_at = now()
    where platform_id = ${platformId}
      and memberships_url is distinct from ${urls.membershipsUrl('')} || context_id`);
}
