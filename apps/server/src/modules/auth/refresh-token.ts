import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';

export const REFRESH_COOKIE = 'teamup_refresh';
/** The cookie only travels to the auth routes: refresh and logout. */
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

/** 32 random bytes; only the hash is stored, so a database leak yields no usable token. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function cookieOptions(config: Pick<Config, 'PUBLIC_URL'>) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: REFRESH_COOKIE_PATH,
    secure: config.PUBLIC_URL.startsWith('https://'),
  };
}

/**
 * The refresh cookie of a session opened inside an LMS's frame (decision 139): a cross-site
 * frame neither stores nor sends a SameSite=Strict cookie, so this one is SameSite=None and
 * Partitioned (CHIPS): the browser keeps it for the LMS's site only, and no page of another site
 * can send it. Secure, so over https only.
 */
export const FRAMED_REFRESH_COOKIE = 'teamup_refresh_framed';

const framedCookieOptions = {
  httpOnly: true,
  sameSite: 'none' as const,
  secure: true,
  partitioned: true,
  path: REFRESH_COOKIE_PATH,
};

/** Whether a framed sign-in gets the partitioned cookie: over https (decision 139). */
export function framedCookies(config: Pick<Config, 'PUBLIC_URL'>): boolean {
  return config.PUBLIC_URL.startsWith('https://');
}

/** The refresh token a request carries, and whether it came in the framed cookie. */
export function presentedRefreshToken(cookies: Record<string, string | undefined>): {
  token: string | undefined;
  framed: boolean;
} {
  const framed = cookies[FRAMED_REFRESH_COOKIE];
  if (framed) return { token: framed, framed: true };
  return { token: cookies[REFRESH_COOKIE], framed: false };
}

/**
 * Sets the session's refresh cookie: the framed one for a session opened (and so refreshed)
 * inside an LMS's frame when served over https, else the SameSite=Strict one. Answers which.
 */
export function setRefreshCookie(
  reply: FastifyReply,
  config: Pick<Config, 'PUBLIC_URL' | 'REFRESH_TOKEN_TTL'>,
  token: string,
  framed = false,
): 'strict' | 'framed' {
  if (framed && framedCookies(config)) {
    reply.setCookie(FRAMED_REFRESH_COOKIE, token, {
      ...framedCookieOptions,
      maxAge: config.REFRESH_TOKEN_TTL,
    });
    return 'framed';
  }
  reply.setCookie(REFRESH_COOKIE, token, {
    ...cookieOptions(config),
    maxAge: config.REFRESH_TOKEN_TTL,
  });
  return 'strict';
}

/** Removes the refresh cookie (both kinds unless told which). */
export function clearRefreshCookie(
  reply: FastifyReply,
  config: Pick<Config, 'PUBLIC_URL'>,
  which: 'strict' | 'framed' | 'both' = 'both',
): void {
  if (which !== 'framed') reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
  if (which !== 'strict' && framedCookies(config)) {
    reply.clearCookie(FRAMED_REFRESH_COOKIE, framedCookieOptions);
  }
}
