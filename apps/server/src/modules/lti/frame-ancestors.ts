// Who may frame the web app (issue 34 item 5, decision 142, superseding the framing part of
// decision 138): a document a launch opens may sit in that launch's platform's frame, and in no
// other site's; every other answer stays `frame-ancestors 'self'` with X-Frame-Options. Nothing
// one organization registers changes what another organization's users get (DESIGN §6, tenant
// rule).
//
// A launch names its platform twice: in the `frame` parameter of its redirect to /auth/lti,
// bound to the one-time code beside it (the landing document works without any cookie, where a
// browser keeps none in a cross-site frame), and in the `teamup_frame` cookie (the documents the
// frame loads afterwards: a reload, a full navigation). Both are signed with the server secret.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { isLoginCodeUnspent, LTI_LOGIN_CODE_TTL_SECONDS } from '../../lib/lti-login-code.js';
import { addVary } from '../../lib/vary.js';

export const FRAME_COOKIE = 'teamup_frame';
/** The query parameter of the launch's redirect that names its platform. */
export const FRAME_PARAM = 'frame';
/** The web app's path where a launch lands (the redirect of POST /lti/launch). */
const LANDING_PATH = '/auth/lti';

/** How long a platform's origins are believed (another process may have removed it). */
const CACHE_TTL_MS = 60_000;
/** Bounded, so cookies naming random ids cannot grow it. */
const CACHE_MAX = 1_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (secret: string, purpose: string, value: string) =>
  createHmac('sha256', `lti-frame:${purpose}:${secret}`).update(value).digest('base64url');

function sameMac(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const codeDigest = (code: string) => createHash('sha256').update(code).digest('base64url');

/**
 * The Set-Cookie of a successful launch naming its platform. Over https it is partitioned
 * (CHIPS, as the framed refresh cookie of decision 139): it lives in the jar of the LMS's
 * top-level site, so only documents loaded under that site carry it, and a Teamup tab of its own
 * never does. Over plain http (development, where the development LMS frames Teamup from the same
 * site) it is `SameSite=Lax`. A browser-session cookie: each launch sets it again.
 */
export function launchFrameCookie(secret: string, platformId: string, publicUrl: string): string {
  const https = new URL(publicUrl).protocol === 'https:';
  const attributes = https
    ? ['Secure', 'HttpOnly', 'SameSite=None', 'Partitioned']
    : ['HttpOnly', 'SameSite=Lax'];
  const value = `${platformId}.${mac(secret, 'cookie', platformId)}`;
  return [`${FRAME_COOKIE}=${value}`, 'Path=/', ...attributes].join('; ');
}

/** The `frame` parameter of the launch's redirect: its platform, bound to its one-time code. */
export function launchFrameToken(
  secret: string,
  platformId: string,
  code: string,
  now = Date.now(),
): string {
  const exp = Math.floor(now / 1000) + LTI_LOGIN_CODE_TTL_SECONDS;
  const payload = `${platformId}.${exp}`;
  return `${payload}.${mac(secret, 'landing', `${payload}.${codeDigest(code)}`)}`;
}

/** The platform a `teamup_frame` cookie names, when the server signed it. */
export function platformOfFrameCookie(secret: string, value: string | undefined): string | null {
  const [platformId, given, extra] = (value ?? '').split('.');
  if (!platformId || !given || extra !== undefined || !UUID.test(platformId)) return null;
  return sameMac(given, mac(secret, 'cookie', platformId)) ? platformId : null;
}

/** The platform a landing's `frame` parameter names, when it is the server's, for this code, and fresh. */
export function platformOfFrameToken(
  secret: string,
  token: string | undefined,
  code: string | undefined,
  now = Date.now(),
): string | null {
  if (!token || !code) return null;
  const [platformId, exp, given, extra] = token.split('.');
  if (!platformId || !exp || !given || extra !== undefined) return null;
  if (!UUID.test(platformId) || !/^\d{1,12}$/.test(exp)) return null;
  if (Number(exp) * 1000 < now) return null;
  const expected = mac(secret, 'landing', `${platformId}.${exp}.${codeDigest(code)}`);
  return sameMac(given, expected) ? platformId : null;
}

export interface FrameAncestors {
  /**
   * Sets the framing headers of a web app document: `frame-ancestors 'self'` plus the origins of
   * the platform the request's launch names, and no X-Frame-Options (it cannot name them); else
   * the policy stays `'self'` with X-Frame-Options.
   */
  apply(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The web origins of a live platform (of an organization not deleted); null for none. */
  originsOf(platformId: string): Promise<string[] | null>;
  /** A platform was registered, changed or removed: forget what was cached. */
  refresh(): void;
}

export function createFrameAncestors(
  db: DbOrTx,
  log: FastifyBaseLogger,
  settings: { secret: string },
): FrameAncestors {
  const cache = new Map<string, { origins: string[] | null; at: number }>();

  const load = async (platformId: string): Promise<string[] | null> => {
    const rows = await queryRows<{ issuer: string; authorization_url: string }>(
      db,
      sql`select p.issuer, p.authorization_url from lti_platforms p
        join organizations o on o.id = p.organization_id and o.deleted_at is null
        where p.id = ${platformId}::uuid`,
    );
    const row = rows[0];
    if (!row) return null;
    const found = new Set<string>();
    for (const url of [row.authorization_url, row.issuer]) {
      try {
        const { origin, protocol } = new URL(url);
        if (protocol === 'https:' || protocol === 'http:') found.add(origin);
      } catch {
        // An issuer need not be a URL.
      }
    }
    return [...found].sort();
  };

  const originsOf = async (platformId: string): Promise<string[] | null> => {
    if (!UUID.test(platformId)) return null;
    const cached = cache.get(platformId);
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.origins;
    const origins = await load(platformId);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(platformId, { origins, at: Date.now() });
    return origins;
  };

  /** The platform whose launch opened this document, if any. */
  const launchPlatform = async (request: FastifyRequest): Promise<string | null> => {
    const path = request.url.split('?', 1)[0];
    if (path === LANDING_PATH) {
      const query = new URLSearchParams(request.url.slice(path.length + 1));
      const code = query.get('code') ?? undefined;
      const fromToken = platformOfFrameToken(
        settings.secret,
        query.get(FRAME_PARAM) ?? undefined,
        code,
      );
      // The landing that will spend the code: a code already used opens nothing.
      if (fromToken && code && (await isLoginCodeUnspent(db, code))) return fromToken;
    }
    return platformOfFrameCookie(settings.secret, request.cookies?.[FRAME_COOKIE]);
  };

  return {
    async apply(request, reply) {
      // What decides the answer, for any cache between.
      addVary(reply, 'Cookie');
      addVary(reply, 'Sec-Fetch-Dest');
      // A browser that says where the document goes: only a frame needs more than 'self'.
      const dest = request.headers['sec-fetch-dest'];
      if (dest !== undefined && dest !== 'iframe' && dest !== 'frame') return;
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp !== 'string' || !/frame-ancestors 'self'(;|$)/.test(csp)) return;
      let origins: string[] | null = null;
      try {
        const platformId = await launchPlatform(request);
        origins = platformId ? await originsOf(platformId) : null;
      } catch (error) {
        // The page still goes out, framed by Teamup only.
        log.error({ err: error }, 'LTI frame ancestors');
        return;
      }
      if (!origins || origins.length === 0) return;
      reply.header(
        'content-security-policy',
        csp.replace(/frame-ancestors 'self'(?=;|$)/, `frame-ancestors 'self' ${origins.join(' ')}`),
      );
      reply.removeHeader('x-frame-options');
    },
    originsOf,
    refresh: () => cache.clear(),
  };
}
