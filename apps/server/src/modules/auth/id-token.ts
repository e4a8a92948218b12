import { createHash } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { importedName } from '@teamup/shared';
import { AppError } from '../../plugins/errors.js';

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

/** An identity provider whose ID tokens we accept. */
export interface TrustedIssuer {
  issuers: string[];
  audience: string;
  jwks: JWTVerifyGetKey;
}

/** What a verified ID token tells us about the person signing in. */
export interface VerifiedIdentity {
  issuer: string;
  sub: string;
  /** Lower-cased. */
  email: string;
  name: string | null;
  picture: string | null;
  /**
   * What makes this credential single-use (decision 082): a sha-256 of the issuer and the
   * token's signed part. Never the whole token: the last character of an RS256 signature
   * carries spare bits, so a copy with that character changed still verifies.
   */
  replayKey: string;
  /** The token's `exp`: until then it must be remembered as used. */
  expiresAt: Date;
}

/**
 * The replay key of a token (see VerifiedIdentity.replayKey). The header and payload are
 * exactly the bytes the signature covers: two tokens with the same ones are one credential,
 * and no re-encoded copy of a token escapes its key.
 */
export function idTokenReplayKey(issuer: string, token: string): string {
  const signed = token.slice(0, token.lastIndexOf('.'));
  return createHash('sha256').update(issuer).update('\n').update(signed).digest('hex');
}

export function googleIssuer(clientId: string, jwks?: JWTVerifyGetKey): TrustedIssuer {
  return {
    issuers: GOOGLE_ISSUERS,
    audience: clientId,
    // jose fetches and caches Google's keys on first use, and refetches on an unknown kid.
    jwks: jwks ?? createRemoteJWKSet(new URL(GOOGLE_JWKS_URL)),
  };
}

const emailSchema = z.email();

export const invalidCredential = () =>
  new AppError(401, 'INVALID_TOKEN', 'Invalid Google credential');

/**
 * A genuine token that already signed someone in. Same status and code as any bad token (the
 * login page shows "Login Failed" with this message), but saying what to do about it.
 */
export const idTokenAlreadyUsed = () =>
  new AppError(
    401,
    'INVALID_TOKEN',
    'This Google credential was already used to sign in. Please sign in again.',
  );

/**
 * The one verification path for every issuer (Google and the development identity
 * provider): pick the issuer by the unverified `iss`, then let jose check signature, issuer,
 * audience, algorithm and expiry against that issuer's keys. Any failure is the same 401, so
 * a caller cannot probe which check failed.
 */
export function createIdTokenVerifier(trusted: TrustedIssuer[]) {
  return async function verifyIdToken(token: string): Promise<VerifiedIdentity> {
    let iss: unknown;
    try {
      iss = decodeJwt(token).iss;
    } catch {
      throw invalidCredential();
    }
    const issuer = trusted.find((t) => typeof iss === 'string' && t.issuers.includes(iss));
    if (!issuer) throw invalidCredential();
    try {
      const { payload } = await jwtVerify(token, issuer.jwks, {
        issuer: issuer.issuers,
        audience: issuer.audience,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const { sub, email, email_verified: emailVerified, name, picture, exp } = payload;
      if (emailVerified !== true) throw new Error('email not verified');
      if (typeof sub !== 'string' || sub.length === 0) throw new Error('no subject');
      if (typeof email !== 'string' || !emailSchema.safeParse(email).success) {
        throw new Error('no email');
      }
      const issuerName = payload.iss as string;
      return {
        issuer: issuerName,
        sub,
        email: email.toLowerCase(),
        // Google's name is another's words like an LMS's: one line, no markup (decision 142).
        name: typeof name === 'string' && importedName(name) ? importedName(name) : null,
        picture: typeof picture === 'string' && /^https:\/\//.test(picture) ? picture : null,
        replayKey: idTokenReplayKey(issuerName, token),
        // `exp` is a required claim that jose has checked to be a number in the future.
        expiresAt: new Date(exp! * 1000),
      };
    } catch {
      throw invalidCredential();
    }
  };
}

export type VerifyIdToken = ReturnType<typeof createIdTokenVerifier>;
