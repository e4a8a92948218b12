import { SignJWT, jwtVerify } from 'jose';
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
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'sub'],
        });
        const { sub, sid, role, email, exp } = payload;
        if (
          typeof sub !== 'string' ||
          typeof sid !== 'string' ||
          typeof email !== 'string' ||
          typeof exp !== 'number' ||
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
      } catch {
        return null;
      }
    },
  };
}
