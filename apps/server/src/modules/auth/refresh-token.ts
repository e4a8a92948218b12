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

export function setRefreshCookie(
  reply: FastifyReply,
  config: Pick<Config, 'PUBLIC_URL' | 'REFRESH_TOKEN_TTL'>,
  token: string,
): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    ...cookieOptions(config),
    maxAge: config.REFRESH_TOKEN_TTL,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: Pick<Config, 'PUBLIC_URL'>): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}
