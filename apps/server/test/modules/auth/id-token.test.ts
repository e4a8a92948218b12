import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, importJWK, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_ISSUER } from '../../../src/modules/auth/dev-idp.js';
import {
  TEST_GOOGLE_CLIENT_ID,
  buildTestApp,
  decodePayload,
  devCredential,
  getWorkerDb,
  googleIdToken,
  googleKeys,
  login,
  testConfig,
  unsignedToken,
} from '../../helper.js';
import { users } from '../../../src/db/schema/index.js';

async function expectRejected(app: FastifyInstance, credential: string) {
  const res = await login(app, credential);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({
    success: false,
    code: 'INVALID_TOKEN',
    message: 'Invalid Google credential',
  });
  expect(res.headers['set-cookie']).toBeUndefined();
}

async function expectNoUsers() {
  const { db } = await getWorkerDb();
  expect(await db.select().from(users)).toEqual([]);
}

describe('ID token verification: Google path (injected JWKS)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID, AUTH_DEV_LOGIN: false });
  });

  it('accepts a good token (control)', async () => {
    expect((await login(app, await googleIdToken())).statusCode).toBe(200);
  });

  it("keeps Google's name on one line, without markup or bidi overrides (decision 142)", async () => {
    const res = await login(
      app,
      await googleIdToken({
        claims: { name: '<b>Ada</b>\r\nLovelace\u202e', email: 'ada.name@example.edu' },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.fullname).toBe('Ada Lovelace');
  });

  it('rejects an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRejected(
      app,
      await googleIdToken({ claims: { iat: now - 7200, exp: now - 3600 } }),
    );
    await expectNoUsers();
  });

  it('rejects a token for another audience', async () => {
    await expectRejected(app, await googleIdToken({ claims: { aud: 'someone-else.apps' } }));
  });

  it('rejects a token from an unknown issuer', async () => {
    await expectRejected(app, await googleIdToken({ claims: { iss: 'https://evil.example' } }));
  });

  it('rejects an unsigned token (alg none)', async () => {
    const payload = decodePayload(await googleIdToken());
    await expectRejected(app, unsignedToken(payload));
  });

  it('rejects a token signed with another key', async () => {
    await expectRejected(app, await googleIdToken({ key: 'stranger' }));
  });

  it('rejects a token whose email is not verified', async () => {
    await expectRejected(app, await googleIdToken({ claims: { email_verified: false } }));
    await expectRejected(app, await googleIdToken({ omit: ['email_verified'] }));
  });

  it('rejects a token without subject or email', async () => {
    await expectRejected(app, await googleIdToken({ omit: ['sub'] }));
    await expectRejected(app, await googleIdToken({ omit: ['email'] }));
  });

  it('rejects a token signed with HS256 using the public key as secret', async () => {
    const { google } = await googleKeys();
    const payload = decodePayload(await googleIdToken());
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', kid: google.publicJwk.kid! })
      .sign(new TextEncoder().encode(JSON.stringify(google.publicJwk)));
    await expectRejected(app, token);
  });

  it('rejects garbage', async () => {
    await expectRejected(app, 'not-a-jwt');
    await expectRejected(app, 'a.b.c');
  });

  it('does not trust the development issuer when dev login is off', async () => {
    const devApp = await buildTestApp({ GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID });
    await expectRejected(app, await devCredential(devApp, 'dev@example.edu'));
  });
});

describe('ID token verification: development issuer', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  /** A dev IdP token with changed claims, signed with the dev key or a stranger's. */
  async function devLikeToken(claims: Record<string, unknown>, signer: 'dev' | 'stranger' = 'dev') {
    const good = decodePayload(await devCredential(app, 'dev@example.edu'));
    const stored = JSON.parse(
      readFileSync(join(testConfig().DATA_DIR, 'dev-idp-key.json'), 'utf8'),
    ) as { privateJwk: JWK };
    const jwk = signer === 'dev' ? stored.privateJwk : (await googleKeys()).stranger.privateJwk;
    return new SignJWT({ ...good, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: stored.privateJwk.kid! })
      .sign(await importJWK(jwk, 'RS256'));
  }

  it('accepts its own tokens (control)', async () => {
    expect((await login(app, await devCredential(app, 'dev@example.edu'))).statusCode).toBe(200);
  });

  it('accepts a re-signed copy with the dev key (control for the cases below)', async () => {
    expect((await login(app, await devLikeToken({}))).statusCode).toBe(200);
  });

  it('rejects an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRejected(app, await devLikeToken({ iat: now - 7200, exp: now - 3600 }));
  });

  it('rejects a token signed with another key', async () => {
    await expectRejected(app, await devLikeToken({}, 'stranger'));
  });

  it('rejects wrong audience, unknown issuer, alg none and unverified email', async () => {
    const good = decodePayload(await devCredential(app, 'dev@example.edu'));
    await expectRejected(app, unsignedToken(good));
    await expectRejected(app, await devLikeToken({ aud: 'other' }));
    await expectRejected(app, await devLikeToken({ iss: 'https://other-idp.example' }));
    await expectRejected(app, await devLikeToken({ email_verified: false }));
    expect(good.iss).toBe(DEV_ISSUER);
  });

  it('does not trust Google tokens when no GOOGLE_CLIENT_ID is configured', async () => {
    await expectRejected(app, await googleIdToken());
  });
});
