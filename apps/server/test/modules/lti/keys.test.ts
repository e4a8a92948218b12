import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculateJwkThumbprint, createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEV_KEYS_FILE,
  createToolKeys,
  generateToolKeysFile,
  loadToolKeys,
  parseToolPrivateKeys,
} from '../../../src/modules/lti/keys.js';
import { LtiError } from '../../../src/modules/lti/types.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function pem(bits = 2048): string {
  return generateKeyPairSync('rsa', { modulusLength: bits })
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
}

function expectKeysError(text: string, message: RegExp) {
  let caught: unknown;
  try {
    parseToolPrivateKeys(text);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(LtiError);
  expect((caught as LtiError).code).toBe('LTI_KEYS_INVALID');
  expect((caught as LtiError).message).toMatch(message);
}

describe('tool keys', () => {
  it('reads PEM and JWK entries; the kid is the RFC 7638 thumbprint', async () => {
    const jwkEntry = JSON.parse(generateToolKeysFile())[0];
    const keys = parseToolPrivateKeys(JSON.stringify([pem().replace(/\n/g, '\\n'), jwkEntry]));
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key.kid).toBe(await calculateJwkThumbprint(key.publicJwk));
      expect(key.publicJwk).toEqual({
        kty: 'RSA',
        n: expect.any(String),
        e: 'AQAB',
        kid: key.kid,
        alg: 'RS256',
        use: 'sig',
      });
    }
  });

  it('keeps a kid the JWK names', () => {
    const [jwk] = JSON.parse(generateToolKeysFile());
    const [key] = parseToolPrivateKeys(JSON.stringify([{ ...jwk, kid: 'teamup-2025-01' }]));
    expect(key!.kid).toBe('teamup-2025-01');
  });

  it('refuses what is not a usable RS256 signing key, naming the entry', () => {
    expectKeysError('not json', /not JSON/);
    expectKeysError('[]', /non-empty JSON array/);
    expectKeysError(
      '["-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----"]',
      /LTI_PRIVATE_KEYS\[0\]/,
    );
    expectKeysError(
      JSON.stringify([pem(2048), pem(1024)]),
      /\[1\] must be an RSA key of at least 2048 bits/,
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    expectKeysError(JSON.stringify([ec]), /must be an RSA key/);
    const [jwk] = JSON.parse(generateToolKeysFile());
    const { d: _d, ...publicOnly } = jwk;
    expectKeysError(JSON.stringify([publicOnly]), /LTI_PRIVATE_KEYS\[0\]/);
    expectKeysError(JSON.stringify([jwk, jwk]), /one key id twice/);
  });

  it('rotation: the first key signs, every key is published, only public parts', async () => {
    const text = JSON.stringify([pem(), pem()]);
    const parsed = parseToolPrivateKeys(text);
    const keys = await createToolKeys(parsed);
    const jwks = keys.jwks();
    expect(jwks.keys.map((k) => k.kid)).toEqual(parsed.map((k) => k.kid));
    for (const key of jwks.keys) {
      expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    }
    const token = await keys.sign({ iss: 'teamup', aud: 'x' }, { expiresInSeconds: 60 });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: parsed[0]!.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { audience: 'x' });
    expect(payload.exp! - payload.iat!).toBe(60);
    // The retiring key (second) still verifies what it signed before the rotation.
    const old = await createToolKeys([parsed[1]!]);
    const earlier = await old.sign({ aud: 'x' }, { expiresInSeconds: 60 });
    await expect(
      jwtVerify(earlier, createLocalJWKSet(jwks), { audience: 'x' }),
    ).resolves.toBeTruthy();
  });

  it('development: generated once into DATA_DIR with mode 0600, then reused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lti-keys-'));
    dirs.push(dataDir);
    const first = await loadToolKeys({ dataDir });
    const file = join(dataDir, DEV_KEYS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const onDisk = parseToolPrivateKeys(readFileSync(file, 'utf8'));
    expect(onDisk.map((k) => k.kid)).toEqual([first.kid]);
    expect(first.jwks().keys).toHaveLength(1);
    expect((await loadToolKeys({ dataDir })).kid).toBe(first.kid);
  });

  it('configuration wins over the development file', async () => {
    const text = JSON.stringify([pem()]);
    const [expected] = parseToolPrivateKeys(text);
    const keys = await loadToolKeys({ dataDir: '/nonexistent/never-written', privateKeys: text });
    expect(keys.kid).toBe(expected!.kid);
  });
});
