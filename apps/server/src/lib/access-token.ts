import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { ROLES, type Role } from '@teamup/shared';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
  email: string;
}

export interface VerifiedAccessToken extends AccessClaims {
  expiresAt: Date;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }>;
  /** Null for anything that is not a live token of ours; the reason does not matter to callers. */
  verify(token: string): Promise<VerifiedAccessToken | null>;
}

const ISSUER = 'teamup';
const AUDIENCE = 'teamup-api';

/**
 * Access tokens are short-lived HS256 JWTs. They are not trusted alone: the auth plugin also
 * loads the session they name, so revocation and role changes apply at once.
 */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      const now = Math.floor(Date.now() / 1000);
      const exp = now + ttlSeconds;
      const token = await new SignJWT({
        sid: claims.sessionId,
        role: claims.role,
        email: claims.email,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    // Verification runs on every API call, so it is done with node:crypto directly: a
    // synchronous HMAC is several times cheaper than WebCrypto's. Only our own shape is
    // accepted: exactly HS256, a valid signature, our issuer and audience, an unexpired exp.
    async verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [header, payload, signature] = parts as [string, string, string];
      const head = decodeJson(header);
      if (!head || head.alg !== 'HS256' || head.crit !== undefined) return null;
      const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

      const claims = decodeJson(payload);
      if (!claims) return null;
      const { sub, sid, role, email, exp, nbf, iss, aud } = claims;
      const now = Math.floor(Date.now() / 1000);
      if (
        iss !== ISSUER ||
        !(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE))) ||
        typeof exp !== 'number' ||
        exp <= now ||
        (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) ||
        typeof sub !== 'string' ||
        typeof sid !== 'string' ||
        typeof email !== 'string' ||
        !ROLES.includes(role as Role)
      ) {
        return null;
      }
      return {
        userId: sub,
        sessionId: sid,
        role: role as Role,
        email,
        expiresAt: new Date(exp * 1000),
      };
    },
  };
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
