import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { readOrCreateSecretFile } from '../../lib/secrets.js';
import type { TrustedIssuer } from './id-token.js';

/**
 * The development identity provider (AUTH_DEV_LOGIN). A fixed issuer rather than one built
 * from PUBLIC_URL keeps tokens valid when the port changes; it never matches Google's.
 */
export const DEV_ISSUER = 'https://dev-idp.teamup.local';
export const DEV_AUDIENCE_FALLBACK = 'teamup-dev-client';
const TOKEN_LIFETIME_SECONDS = 10 * 60;

interface StoredKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

export interface DevIdp {
  issuer: TrustedIssuer;
  sign(input: { email: string; fullname?: string | undefined }): Promise<string>;
}

/** A stable, opaque subject per email, like Google's `sub`. */
export function devSubject(email: string): string {
  return `dev|${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;
}

// Generating an RSA key takes a moment; the file is read once per data directory.
const cache = new Map<string, Promise<StoredKey>>();

async function loadKey(dataDir: string): Promise<StoredKey> {
  const file = 'dev-idp-key.json';
  let generated = '';
  if (!existsSync(join(dataDir, file))) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomUUID();
    const stored: StoredKey = {
      kid,
      privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' },
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
    };
    generated = JSON.stringify(stored, null, 2);
  }
  // Another process may have written the file meanwhile: the first complete file wins.
  const text = readOrCreateSecretFile(dataDir, file, () => generated);
  return JSON.parse(text) as StoredKey;
}

export async function loadDevIdp(dataDir: string, audience: string): Promise<DevIdp> {
  let pending = cache.get(dataDir);
  if (!pending) {
    pending = loadKey(dataDir);
    cache.set(dataDir, pending);
    pending.catch(() => cache.delete(dataDir));
  }
  const key = await pending;
  const privateKey = await importJWK(key.privateJwk, 'RS256');
  return {
    issuer: {
      issuers: [DEV_ISSUER],
      audience,
      jwks: createLocalJWKSet({ keys: [key.publicJwk] }),
    },
    async sign({ email, fullname }) {
      const normalized = email.toLowerCase();
      return (
        new SignJWT({
          email: normalized,
          email_verified: true,
          ...(fullname ? { name: fullname } : {}),
          picture: null,
        })
          .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
          .setIssuer(DEV_ISSUER)
          .setAudience(audience)
          .setSubject(devSubject(normalized))
          .setIssuedAt()
          // Two tokens for one email in the same second would otherwise be the same bytes, and
          // a token signs in once (decision 082).
          .setJti(randomUUID())
          .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
          .sign(privateKey)
      );
    },
  };
}
