import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { SignJWT, importJWK, type JWK, type JWTPayload } from 'jose';
import { readOrCreateSecretFile } from '../../lib/secrets.js';
import { LtiError } from './types.js';

/**
 * The tool's own signing keys (decision 136): RS256, RSA of at least 2048 bits, each with a
 * `kid` that platforms use to pick the key from our JWKS.
 *
 * Production takes them from configuration, `LTI_PRIVATE_KEYS`: a JSON array, newest first,
 * whose entries are each either a PKCS#8 PEM string ("-----BEGIN PRIVATE KEY-----…", with
 * real line breaks or `\n`) or a private RSA JWK object ({ kty: "RSA", n, e, d, p, q, dp,
 * dq, qi, kid? }). The first entry signs; every entry is published in /lti/jwks. Rotation:
 * put the new key first and keep the old one second until every platform has fetched the new
 * JWKS (a day is plenty; platforms cache for minutes to hours), then drop the old one.
 * A key's `kid` is its RFC 7638 thumbprint unless the JWK names one.
 *
 * Development generates one key into `${DATA_DIR}/lti-keys.json` (same format, mode 0600).
 */
export const DEV_KEYS_FILE = 'lti-keys.json';
const MIN_MODULUS_BITS = 2048;

export interface ToolPrivateKey {
  kid: string;
  /** Private RSA JWK with kid, alg and use. */
  privateJwk: JWK;
  /** The public half, as published: kty, n, e, kid, alg, use. */
  publicJwk: JWK;
}

export interface JwksDocument {
  keys: JWK[];
}

export interface ToolKeys {
  /** The `kid` of the key that signs. */
  readonly kid: string;
  /** The public JWKS document served at /lti/jwks. */
  jwks(): JwksDocument;
  /**
   * Signs a JWT with the current key (RS256, header kid and typ JWT). Sets `iat` and, from
   * `expiresInSeconds`, `exp`, unless the claims carry them.
   */
  sign(claims: JWTPayload, options: { expiresInSeconds: number; now?: Date }): Promise<string>;
}

/** RFC 7638 thumbprint of an RSA public key: sha-256 of {"e","kty","n"} in that order. */
export function rsaThumbprint(jwk: { n?: string; e?: string }): string {
  const canonical = JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n });
  return createHash('sha256').update(canonical).digest('base64url');
}

function invalid(message: string): LtiError {
  return new LtiError('LTI_KEYS_INVALID', 'keys_invalid', message);
}

function toPrivateKey(entry: unknown, index: number): KeyObject {
  const where = `LTI_PRIVATE_KEYS[${index}]`;
  try {
    if (typeof entry === 'string') {
      return createPrivateKey(entry.replace(/\\n/g, '\n'));
    }
    if (entry && typeof entry === 'object') {
      return createPrivateKey({ key: entry as JWK & { kty: string }, format: 'jwk' });
    }
  } catch {
    throw invalid(`${where} is neither a PKCS#8 PEM private key nor a private RSA JWK`);
  }
  throw invalid(`${where} must be a PEM string or a JWK object`);
}

/**
 * Parses and checks the keys (the LTI_PRIVATE_KEYS format above, or the development file).
 * Synchronous so that configuration can check it at start-up and fail fast.
 */
export function parseToolPrivateKeys(text: string): ToolPrivateKey[] {
  let entries: unknown;
  try {
    entries = JSON.parse(text) as unknown;
  } catch {
    throw invalid('LTI_PRIVATE_KEYS is not JSON: expected an array of PEM strings or JWKs');
  }
  if (!Array.isArray(entries) || entries.length === 0) {
    throw invalid('LTI_PRIVATE_KEYS must be a non-empty JSON array (the first key signs)');
  }
  const keys = entries.map((entry: unknown, index) => {
    const key = toPrivateKey(entry, index);
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (key.asymmetricKeyType !== 'rsa' || bits < MIN_MODULUS_BITS) {
      throw invalid(
        `LTI_PRIVATE_KEYS[${index}] must be an RSA key of at least ${MIN_MODULUS_BITS} bits`,
      );
    }
    const publicBase = createPublicKey(key).export({ format: 'jwk' });
    const named =
      entry && typeof entry === 'object' && typeof (entry as JWK).kid === 'string'
        ? (entry as JWK).kid
        : undefined;
    const kid = named || rsaThumbprint(publicBase);
    const meta = { kid, alg: 'RS256', use: 'sig' };
    return {
      kid,
      privateJwk: { ...key.export({ format: 'jwk' }), ...meta },
      publicJwk: { kty: 'RSA', n: publicBase.n, e: publicBase.e, ...meta },
    };
  });
  const kids = new Set(keys.map((k) => k.kid));
  if (kids.size !== keys.length) throw invalid('LTI_PRIVATE_KEYS lists one key id twice');
  return keys;
}

/** A new RSA-2048 key in the file format (a JSON array of one private JWK). */
export function generateToolKeysFile(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: MIN_MODULUS_BITS });
  return JSON.stringify([privateKey.export({ format: 'jwk' })], null, 2);
}

export async function createToolKeys(keys: ToolPrivateKey[]): Promise<ToolKeys> {
  const signing = keys[0];
  if (!signing) throw invalid('no LTI signing key');
  const privateKey = await importJWK(signing.privateJwk, 'RS256');
  const published: JwksDocument = { keys: keys.map((k) => ({ ...k.publicJwk })) };
  return {
    kid: signing.kid,
    jwks: () => ({ keys: published.keys.map((k) => ({ ...k })) }),
    async sign(claims, { expiresInSeconds, now = new Date() }) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ iat, exp: iat + expiresInSeconds, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: signing.kid, typ: 'JWT' })
        .sign(privateKey);
    },
  };
}

// Generating an RSA key takes a moment and parsing a few: once per configuration.
const cache = new Map<string, Promise<ToolKeys>>();

/**
 * The tool's keys: from `privateKeys` (the LTI_PRIVATE_KEYS value) when given, else from the
 * development file in `dataDir`, created on first use.
 */
export function loadToolKeys(options: {
  dataDir: string;
  privateKeys?: string | undefined;
}): Promise<ToolKeys> {
  const cacheKey = options.privateKeys ? `env:${options.privateKeys}` : `dir:${options.dataDir}`;
  let pending = cache.get(cacheKey);
  if (!pending) {
    pending = (async () => {
      const text =
        options.privateKeys ??
        // Another process may create the file at the same moment: the first complete one wins.
        readOrCreateSecretFile(options.dataDir, DEV_KEYS_FILE, generateToolKeysFile);
      return createToolKeys(parseToolPrivateKeys(text));
    })();
    cache.set(cacheKey, pending);
    pending.catch(() => cache.delete(cacheKey));
  }
  return pending;
}
