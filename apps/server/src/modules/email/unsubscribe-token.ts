// Unsubscribe links (issue 26, RFC 8058, decision 133): a token names the user, what to turn
// off (a notification kind, or DIGEST for a digest's link) and when it stops working, signed
// with an HMAC keyed by a secret derived from the server's token-signing key. No session is
// needed to use it, and nothing about the user can be learnt from it beyond their id.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  EMAIL_UNSUBSCRIBE_TOKEN_DAYS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@teamup/shared';

export type UnsubscribeTarget = NotificationKind | 'DIGEST';

export interface UnsubscribeClaims {
  userId: string;
  target: UnsubscribeTarget;
}

export interface UnsubscribeTokens {
  sign(claims: UnsubscribeClaims, now?: Date): string;
  /** The claims, or null for a token that is forged, malformed or expired. */
  verify(token: string, now?: Date): UnsubscribeClaims | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TARGETS = new Set<string>([...NOTIFICATION_KINDS, 'DIGEST']);

export function createUnsubscribeTokens(signingSecret: string): UnsubscribeTokens {
  // Its own key: a token of one kind can never pass as another (sessions, refresh tokens).
  const key = createHmac('sha256', signingSecret).update('teamup email unsubscribe v1').digest();
  const mac = (payload: string) =>
    createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);
  return {
    sign({ userId, target }, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + EMAIL_UNSUBSCRIBE_TOKEN_DAYS * 86_400;
      const payload = `${userId}.${target}.${expires}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(token, now = new Date()) {
      const parts = token.split('.');
      if (parts.length !== 4) return null;
      const [userId, target, expires, signature] = parts as [string, string, string, string];
      const expected = Buffer.from(mac(`${userId}.${target}.${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (!UUID.test(userId) || !TARGETS.has(target) || !/^\d{1,12}$/.test(expires)) return null;
      if (Number(expires) * 1000 < now.getTime()) return null;
      return { userId, target: target as UnsubscribeTarget };
    },
  };
}
