import { createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { importJWK, type CryptoKey, type JWK, type KeyObject } from 'jose';
import { readOrCreateSecretFile } from '../../lib/secrets.js';

/**
 * The development LMS's signing key (RS256, RSA-2048), generated once into
 * `${DATA_DIR}/dev-lms-key.json` (mode 0600) as the tool's and the development sign-in's keys
 * are. Kept on disk rather than in memory so that every process on one DATA_DIR signs with the
 * same key (a launch may be signed by one process and checked by another, which fetched the
 * JWKS from a third), and a restart does not leave the tool holding a JWKS that no longer
 * matches. Deleting DATA_DIR replaces it, with the rest of the development secrets.
 */
export const DEV_LMS_KEY_FILE = 'dev-lms-key.json';

export interface DevLmsKey {
  kid: string;
  privateKey: CryptoKey | KeyObject | Uint8Array;
  /** The public half as published: kty, n, e, kid, alg, use. */
  publicJwk: JWK;
}

function generate(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify(
    { kid: `dev-lms-${randomUUID()}`, privateJwk: privateKey.export({ format: 'jwk' }) },
    null,
    2,
  );
}

// Read and imported once per data directory (every test app of a worker shares one).
const cache = new Map<string, Promise<DevLmsKey>>();

export function loadDevLmsKey(dataDir: string): Promise<DevLmsKey> {
  let pending = cache.get(dataDir);
  if (!pending) {
    pending = (async () => {
      const stored = JSON.parse(readOrCreateSecretFile(dataDir, DEV_LMS_KEY_FILE, generate)) as {
        kid: string;
        privateJwk: JWK;
      };
      const pub = createPublicKey({
        key: stored.privateJwk as JWK & { kty: string },
        format: 'jwk',
      }).export({ format: 'jwk' });
      return {
        kid: stored.kid,
        privateKey: await importJWK(stored.privateJwk, 'RS256'),
        publicJwk: { kty: 'RSA', n: pub.n, e: pub.e, kid: stored.kid, alg: 'RS256', use: 'sig' },
      };
    })();
    cache.set(dataDir, pending);
    pending.catch(() => cache.delete(dataDir));
  }
  return pending;
}
