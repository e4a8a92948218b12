// Organization admins manage their LMS registrations (issue 28, decision 138): list, register
// by hand, remove; and read the values to paste into the LMS.
import { sql } from 'drizzle-orm';
import type {
  LtiPlatformBody,
  LtiPlatformUpdate,
  LtiPlatformView,
  LtiToolConfig,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { iso } from '../../lib/admin-course-sql.js';
import { recordAudit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { adminScope, assertInScope, type Caller } from '../../lib/org-scope.js';
import { badRequest, conflict, notFound } from '../../plugins/errors.js';
import { PLATFORM_TAKEN } from './dynamic-registration.js';
import { toolUrls } from './oidc-login.js';
import { registrationToken } from './routes.js';

/** What the platform pages need of the server's configuration. */
export interface PlatformSettings {
  /** PUBLIC_URL: each platform's own login URL is under it. */
  publicUrl: string;
  /** Production: platform URLs must be https (decision 143). */
  httpsOnly: boolean;
}

type RawView = Omit<LtiPlatformView, 'loginUrl'>;

/** The view with the platform's own login URL (decision 143). */
const withLoginUrl = (view: RawView, settings: PlatformSettings): LtiPlatformView => ({
  ...view,
  loginUrl: toolUrls(settings.publicUrl).loginFor(view.id),
});

const URL_FIELDS = ['issuer', 'authorizationUrl', 'tokenUrl', 'jwksUrl'] as const;

/**
 * Plain http in production is refused field by field. The issuer is one too when it is an http
 * URL (LTI 1.3 makes it an https URL; the form takes any text so an unusual one still fits).
 */
function assertHttps(
  body: Partial<Record<(typeof URL_FIELDS)[number], string>>,
  settings: PlatformSettings,
) {
  if (!settings.httpsOnly) return;
  const issues = URL_FIELDS.filter((field) => /^\s*http:/i.test(body[field] ?? '')).map(
    (field) => ({ path: field, message: 'Enter an https URL: plain http is for development only' }),
  );
  if (issues.length > 0) throw badRequest('The request is not valid', issues);
}

const VIEW = sql`json_build_object('id', p.id, 'organizationId', p.organization_id,
  'organizationName', o.name, 'name', p.name, 'issuer', p.issuer, 'clientId', p.client_id,
  'authorizationUrl', p.authorization_url, 'tokenUrl', p.token_url, 'jwksUrl', p.jwks_url,
  'deploymentIds', to_json(p.deployment_ids), 'registeredBy', p.registered_by,
  'courses', (select count(*) from lti_contexts x where x.platform_id = p.id)::int,
  'createdAt', ${iso(sql`p.created_at`)})`;

export async function listPlatforms(
  db: DbOrTx,
  caller: Caller,
  settings: PlatformSettings,
): Promise<{ items: LtiPlatformView[] }> {
  const scope = await adminScope(db, caller);
  const [row] = await queryRows<{ items: RawView[] | null }>(
    db,
    sql`select json_agg(${VIEW} order by o.name, p.name, p.id) as items
      from lti_platforms p join organizations o on o.id = p.organization_id
      where o.deleted_at is null and ${
        scope.all
          ? sql`true`
          : scope.organizationIds.length === 0
            ? sql`false`
            : sql`p.organization_id in (${sql.join(
                scope.organizationIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
      }`,
  );
  return { items: (row?.items ?? []).map((view) => withLoginUrl(view, settings)) };
}

/** The organization a body or query names, or the caller's only one. */
async function organizationOf(db: DbOrTx, caller: Caller, named: string | undefined) {
  const scope = await adminScope(db, caller);
  if (named) {
    assertInScope(scope, named);
    return named;
  }
  if (!scope.all && scope.organizationIds.length === 1) return scope.organizationIds[0]!;
  throw badRequest('The request is not valid', [
    { path: 'organizationId', message: 'Choose the organization' },
  ]);
}

export async function createPlatform(
  tx: DbOrTx,
  caller: Caller,
  body: LtiPlatformBody,
  settings: PlatformSettings,
): Promise<LtiPlatformView> {
  assertHttps(body, settings);
  const organizationId = await organizationOf(tx, caller, body.organizationId);
  let id: string;
  try {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into lti_platforms (organization_id, name, issuer, client_id,
          authorization_url, token_url, jwks_url, deployment_ids, created_by)
        values (${organizationId}, ${body.name}, ${body.issuer}, ${body.clientId},
          ${body.authorizationUrl}, ${body.tokenUrl}, ${body.jwksUrl},
          ${deploymentArray(body.deploymentIds)}, ${caller.userId})
        returning id`,
    );
    id = row!.id;
  } catch (error) {
    // One answer whether this organization or another holds the pair (decision 143).
    if (isUniqueViolation(error, 'lti_platforms_issuer_client_idx')) {
      throw conflict('PLATFORM_TAKEN', PLATFORM_TAKEN);
    }
    throw error;
  }
  await recordAudit(tx, {
    action: 'LTI_PLATFORM_REGISTERED',
    actorId: caller.userId,
    organizationId,
    data: { name: body.name, issuer: body.issuer, clientId: body.clientId },
  });
  return withLoginUrl((await platformView(tx, id))!, settings);
}

async function platformView(db: DbOrTx, id: string): Promise<RawView | null> {
  const [row] = await queryRows<{ v: RawView }>(
    db,
    sql`select ${VIEW} as v from lti_platforms p join organizations o on o.id = p.organization_id
      where p.id = ${id}`,
  );
  return row?.v ?? null;
}

/** A text[] literal of the deployment ids, trimmed, each once. */
const deploymentArray = (ids: string[]) =>
  sql`${`{${[...new Set(ids.map((d) => d.trim()))].map((d) => JSON.stringify(d)).join(',')}}`}::text[]`;

/**
 * Changes a platform's name, endpoints or deployment IDs; its courses stay linked. Launches of a
 * deployment no longer listed are refused from then on.
 */
export async function updatePlatform(
  tx: DbOrTx,
  caller: Caller,
  id: string,
  body: LtiPlatformUpdate,
  settings: PlatformSettings,
): Promise<LtiPlatformView> {
  const scope = await adminScope(tx, caller);
  const [current] = await queryRows<{ organization_id: string }>(
    tx,
    sql`select p.organization_id from lti_platforms p
      join organizations o on o.id = p.organization_id
      where p.id = ${id} and o.deleted_at is null for update of p`,
  );
  if (!current) throw notFound('Platform not found');
  try {
    assertInScope(scope, current.organization_id);
  } catch {
    throw notFound('Platform not found');
  }
  assertHttps(body, settings);
  const sets = [
    body.name !== undefined && sql`name = ${body.name}`,
    body.authorizationUrl !== undefined && sql`authorization_url = ${body.authorizationUrl}`,
    body.tokenUrl !== undefined && sql`token_url = ${body.tokenUrl}`,
    body.jwksUrl !== undefined && sql`jwks_url = ${body.jwksUrl}`,
    body.deploymentIds !== undefined &&
      sql`deployment_ids = ${deploymentArray(body.deploymentIds)}`,
  ].filter((s): s is ReturnType<typeof sql> => s !== false);
  await tx.execute(
    sql`update lti_platforms set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`,
  );
  await recordAudit(tx, {
    action: 'LTI_PLATFORM_UPDATED',
    actorId: caller.userId,
    organizationId: current.organization_id,
    data: { changed: Object.keys(body) },
  });
  return withLoginUrl((await platformView(tx, id))!, settings);
}

/** Removing a platform stops its launches; its courses and people stay. */
export async function deletePlatform(
  tx: DbOrTx,
  caller: Caller,
  id: string,
  settings: PlatformSettings,
): Promise<LtiPlatformView> {
  const scope = await adminScope(tx, caller);
  const view = await platformView(tx, id);
  if (!view) throw notFound('Platform not found');
  try {
    assertInScope(scope, view.organizationId);
  } catch {
    throw notFound('Platform not found');
  }
  await tx.execute(sql`delete from lti_platforms where id = ${id}`);
  await recordAudit(tx, {
    action: 'LTI_PLATFORM_REMOVED',
    actorId: caller.userId,
    organizationId: view.organizationId,
    data: { name: view.name, issuer: view.issuer, clientId: view.clientId },
  });
  return withLoginUrl(view, settings);
}

export const REGISTRATION_LINK_DAYS = 7;

/** The values to paste into the LMS, and this organization's dynamic registration URL. */
export async function toolConfig(
  db: DbOrTx,
  caller: Caller,
  organizationId: string | undefined,
  settings: { publicUrl: string; secret: string },
): Promise<LtiToolConfig> {
  const orgId = await organizationOf(db, caller, organizationId);
  const urls = toolUrls(settings.publicUrl);
  const expiresAt = new Date(Date.now() + REGISTRATION_LINK_DAYS * 86_400_000);
  const registration = new URL(urls.register);
  registration.searchParams.set('t', registrationToken(settings.secret, orgId, expiresAt));
  const domain = new URL(settings.publicUrl).host;
  const canvas = {
    title: 'Teamup',
    description: 'Form and join course teams',
    oidc_initiation_url: urls.login,
    target_link_uri: urls.launch,
    public_jwk_url: urls.jwks,
    scopes: ['https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly'],
    extensions: [
      {
        domain,
        tool_id: 'teamup',
        platform: 'canvas.instructure.com',
        privacy_level: 'public',
        settings: {
          text: 'Teamup',
          placements: [
            {
              placement: 'course_navigation',
              message_type: 'LtiResourceLinkRequest',
              target_link_uri: urls.launch,
              text: 'Teamup',
              windowTarget: '_blank',
            },
          ],
        },
      },
    ],
    custom_fields: {},
  };
  return {
    loginUrl: urls.login,
    launchUrl: urls.launch,
    redirectUris: [urls.launch],
    jwksUrl: urls.jwks,
    domain,
    registrationUrl: registration.toString(),
    registrationExpiresAt: expiresAt.toISOString(),
    canvasJson: JSON.stringify(canvas, null, 2),
  };
}
