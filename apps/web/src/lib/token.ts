/** SPEC §9: a token without an exp claim is treated as living this long. */
export const DEFAULT_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type TokenValidation = {
  valid: boolean;
  /** ISO 8601 expiry, or null when the token could not be decoded. */
  expiresAt: string | null;
};

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the payload of a JWT without verifying it: the server verifies, the client only needs exp. */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §5: a token is valid only if it decodes and its expiry lies in the future; with no exp
 * claim the expiry defaults to 24 h from now (decision 031).
 */
export function validateToken(token: string | null | undefined, now = Date.now()): TokenValidation {
  if (!token) return { valid: false, expiresAt: null };
  const payload = decodeTokenPayload(token);
  if (!payload) return { valid: false, expiresAt: null };
  const { exp } = payload;
  if (exp !== undefined && (typeof exp !== 'number' || !Number.isFinite(exp))) {
    return { valid: false, expiresAt: null };
  }
  const expiresAtMs = typeof exp === 'number' ? exp * 1000 : now + DEFAULT_TOKEN_LIFETIME_MS;
  return { valid: expiresAtMs > now, expiresAt: new Date(expiresAtMs).toISOString() };
}
