import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../src/lib/access-token.js';

const SECRET = 'access-token-test-secret-0123456789';
const tokens = createAccessTokens(SECRET, 900);
const claims = {
  userId: '6f1c1b8e-0d5e-4b8a-9c39-2f0f5f2d1a11',
  sessionId: 'a3e2c4d0-8c1f-4f0e-b7a2-5d9e6c3b2a10',
  role: 'STUDENT' as const,
  email: 'sam@example.edu',
};
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A token of our shape, signed with HS256 by hand, so single claims can be bent. */
function handMade(payload: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const h = b64({ alg: 'HS256', typ: 'JWT', ...header });
  const p = b64(payload);
  const sig = createHmac('sha256', SECRET).update(`${h}.${p}`).digest('base64url');
  return `${h}.${p}.${sig}`;
}

const now = () => Math.floor(Date.now() / 1000);
const good = () => ({
  sub: claims.userId,
  sid: claims.sessionId,
  role: 'STUDENT',
  email: claims.email,
  iss: 'teamup',
  aud: 'teamup-api',
  iat: now(),
  exp: now() + 60,
});

describe('access tokens', () => {
  it('verifies what it signed', async () => {
    const { token, expiresAt } = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual({ ...claims, expiresAt });
    expect(await tokens.verify(handMade(good()))).toMatchObject(claims);
  });

  it('accepts a token signed by a standard JWT library with the same key', async () => {
    const token = await new SignJWT({ sid: claims.sessionId, role: 'ORG_ADMIN', email: 'x@y.z' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer('teamup')
      .setAudience('teamup-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(token)).toMatchObject({ role: 'ORG_ADMIN' });
  });

  it.each([
    ['expired', { exp: now() - 1 }],
    ['no exp', { exp: undefined }],
    ['not yet valid', { nbf: now() + 60 }],
    ['another issuer', { iss: 'someone-else' }],
    ['another audience', { aud: 'other-api' }],
    ['an unknown role', { role: 'ROOT' }],
    ['no session', { sid: undefined }],
    ['no subject', { sub: undefined }],
  ])('refuses a token with %s', async (_, change) => {
    expect(await tokens.verify(handMade({ ...good(), ...change }))).toBeNull();
  });

  it('refuses tampering, other algorithms, other keys and garbage', async () => {
    const { token } = await tokens.sign(claims);
    const [h, , s] = token.split('.');
    const forged = `${h}.${b64({ ...good(), role: 'SUPERADMIN' })}.${s}`;
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(good())}.`)).toBeNull();
    expect(await tokens.verify(handMade(good(), { alg: 'HS512' }))).toBeNull();
    expect(await tokens.verify(handMade(good(), { crit: ['exp'] }))).toBeNull();
    const other = createAccessTokens('another-secret-another-secret-0000', 900);
    expect(await other.verify(token)).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c', `${h}.!!!.${s}`, `${token}.extra`]) {
      expect(await tokens.verify(junk)).toBeNull();
    }
  });
});
