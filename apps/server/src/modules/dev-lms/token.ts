import { randomUUID } from 'node:crypto';
import { SignJWT, createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { DEV_LMS, devLmsUrls } from '../../db/seed-lti.js';
import type { DevLmsKey } from './keys.js';

/**
 * The development LMS's OAuth 2 token endpoint for LTI Advantage services (IMS Security
 * Framework 1.0 §4.1): client credentials, the client authenticated by a JWT assertion
 * (RFC 7523) that the tool signs and that is checked here against the tool's public keys. The
 * access token is itself a JWT signed by the LMS (RFC 9068), so the roster endpoint checks it
 * without any stored state and any process can serve either.
 */

export const NRPS_SCOPE =
  'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const SUPPORTED_SCOPES = new Set([NRPS_SCOPE]);
const ACCESS_TOKEN_SECONDS = 3600;
/** The longest-lived assertion accepted (the spec suggests five minutes). */
const MAX_ASSERTION_SECONDS = 300;

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Assertion ids already used, until they expire. Per process: the development LMS is a
 * development convenience, and a replay across two processes would still need a stolen
 * assertion less than five minutes old.
 */
export function createAssertionLedger(max = 10_000) {
  const used = new Map<string, number>();
  return {
    /** True the first time `jti` is seen before it expires. */
    claim(jti: string, expiresAtMs: number, now = Date.now()): boolean {
      for (const [id, until] of used) if (until < now) used.delete(id);
      if (used.has(jti)) return false;
      if (used.size >= max) used.delete(used.keys().next().value!);
      used.set(jti, expiresAtMs);
      return true;
    },
  };
}
export type AssertionLedger = ReturnType<typeof createAssertionLedger>;

const oauthError = (status: number, error: string, description: string): TokenAnswer => ({
  status,
  body: { error, error_description: description },
});

export async function issueAccessToken(
  form: Record<string, string>,
  deps: {
    key: DevLmsKey;
    publicUrl: string;
    /** The tool's public keys (its /lti/jwks), read in the same process. */
    toolJwks: () => JSONWebKeySet;
    ledger: AssertionLedger;
  },
): Promise<TokenAnswer> {
  const urls = devLmsUrls(deps.publicUrl);
  if (form.grant_type !== 'client_credentials') {
    return oauthError(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
  }
  if (form.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') {
    return oauthError(
      400,
      'invalid_request',
      'client_assertion_type must be urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    );
  }
  try {
    const { payload } = await jwtVerify(
      form.client_assertion ?? '',
      createLocalJWKSet(deps.toolJwks()),
      {
        algorithms: ['RS256'],
        issuer: DEV_LMS.clientId,
        subject: DEV_LMS.clientId,
        audience: urls.tokenUrl,
        requiredClaims: ['exp', 'iat', 'jti'],
        maxTokenAge: `${MAX_ASSERTION_SECONDS}s`,
        clockTolerance: 30,
      },
    );
    if (payload.exp! - payload.iat! > MAX_ASSERTION_SECONDS) {
      throw new Error(`the assertion lives longer than ${MAX_ASSERTION_SECONDS} s`);
    }
    if (!deps.ledger.claim(payload.jti!, payload.exp! * 1000)) {
      throw new Error('the assertion was used before');
    }
  } catch (error) {
    return oauthError(
      401,
      'invalid_client',
      `The client assertion was not accepted: ${error instanceof Error ? error.message : 'invalid'}`,
    );
  }
  const asked = (form.scope ?? '').split(' ').filter(Boolean);
  const granted = asked.filter((s) => SUPPORTED_SCOPES.has(s));
  if (granted.length === 0) {
    return oauthError(
      400,
      'invalid_scope',
      `This LMS grants only ${[...SUPPORTED_SCOPES].join(' ')}`,
    );
  }
  const accessToken = await new SignJWT({ scope: granted.join(' '), client_id: DEV_LMS.clientId })
    .setProtectedHeader({ alg: 'RS256', kid: deps.key.kid, typ: 'at+jwt' })
    .setIssuer(urls.issuer)
    .setAudience(urls.issuer)
    .setSubject(DEV_LMS.clientId)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(deps.key.privateKey);
  return {
    status: 200,
    body: {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: granted.join(' '),
    },
  };
}

/** The scopes of a bearer token this LMS issued, or null when it is not one (or expired). */
export async function bearerScopes(
  authorization: string | undefined,
  deps: { key: DevLmsKey; publicUrl: string },
): Promise<string[] | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) return null;
  const { issuer } = devLmsUrls(deps.publicUrl);
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: [deps.key.publicJwk] }), {
      algorithms: ['RS256'],
      issuer,
      audience: issuer,
      typ: 'at+jwt',
    });
    return typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
  } catch {
    return null;
  }
}
