// The LTI module's database reads and writes (issue 28, decision 138): platforms, nonces.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import type { NonceStore } from './launch.js';
import type { LtiPlatform } from './types.js';

export const PLATFORM_COLUMNS = sql`p.id, p.organization_id as "organizationId", p.name,
  p.issuer, p.client_id as "clientId", p.authorization_url as "authorizationUrl",
  p.token_url as "tokenUrl", p.jwks_url as "jwksUrl",
  p.auth_token_audience as "authTokenAudience", p.deployment_ids as "deploymentIds"`;

/** The platforms of live organizations with this issuer (and client id, when given). */
export async function platformsByIssuer(
  db: DbOrTx,
  issuer: string,
  clientId?: string,
): Promise<LtiPlatform[]> {
  return queryRows<LtiPlatform>(
    db,
    sql`select ${PLATFORM_COLUMNS} from lti_platforms p
      join organizations o on o.id = p.organization_id and o.deleted_at is null
      where p.issuer = ${issuer} ${clientId ? sql`and p.client_id = ${clientId}` : sql``}
      order by p.created_at, p.id limit 2`,
  );
}

export async function platformById(db: DbOrTx, id: string): Promise<LtiPlatform | null> {
  const [row] = await queryRows<LtiPlatform>(
    db,
    sql`select ${PLATFORM_COLUMNS} from lti_platforms p
      join organizations o on o.id = p.organization_id and o.deleted_at is null
      where p.id = ${id}`,
  );
  return row ?? null;
}

/** Nonces claimed in the database: one INSERT … ON CONFLICT DO NOTHING decides. */
export function nonceStore(db: DbOrTx): NonceStore {
  return {
    async claimNonce(issuer, nonce, expiresAt) {
      const rows = await queryRows<{ nonce: string }>(
        db,
        sql`insert into lti_nonces (issuer, nonce, expires_at)
          values (${issuer}, ${nonce}, ${expiresAt.toISOString()}::timestamptz)
          on conflict do nothing returning nonce`,
      );
      return rows.length > 0;
    },
  };
}

/** Forgets nonces and login codes that can no longer be used (a few minutes past expiry). */
export async function pruneLtiLeftovers(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from lti_nonces where expires_at < now() - interval '5 minutes'`);
  await db.execute(
    sql`delete from lti_login_codes where expires_at < now() - interval '5 minutes'`,
  );
}
