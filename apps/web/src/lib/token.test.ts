import { createToken } from '@/testing/data';
import { DEFAULT_TOKEN_LIFETIME_MS, validateToken } from './token';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');

describe('validateToken', () => {
  it('accepts a token whose exp lies in the future and reports that expiry', () => {
    const exp = NOW / 1000 + 900;
    expect(validateToken(createToken({ exp }), NOW)).toEqual({
      valid: true,
      expiresAt: new Date(exp * 1000).toISOString(),
    });
  });

  it('gives a token without exp a 24 hour lifetime', () => {
    const result = validateToken(createToken({ exp: null }), NOW);
    expect(DEFAULT_TOKEN_LIFETIME_MS).toBe(24 * 60 * 60 * 1000);
    expect(result).toEqual({
      valid: true,
      expiresAt: new Date(NOW + DEFAULT_TOKEN_LIFETIME_MS).toISOString(),
    });
  });

  it('rejects an expired token', () => {
    const result = validateToken(createToken({ exp: NOW / 1000 - 1 }), NOW);
    expect(result.valid).toBe(false);
  });

  it('rejects a token whose exp is exactly now', () => {
    expect(validateToken(createToken({ exp: NOW / 1000 }), NOW).valid).toBe(false);
  });

  it.each([
    ['an empty string', ''],
    ['a non-JWT string', 'not-a-token'],
    ['a payload that is not base64url JSON', 'aaa.%%%%.ccc'],
    ['a payload that is JSON but not an object', `h.${btoa('42')}.s`],
    ['a non-numeric exp', `h.${btoa(JSON.stringify({ exp: 'soon' }))}.s`],
  ])('rejects %s', (_label, token) => {
    expect(validateToken(token, NOW)).toEqual({ valid: false, expiresAt: null });
  });

  it('rejects a missing token', () => {
    expect(validateToken(null, NOW)).toEqual({ valid: false, expiresAt: null });
  });
});
