import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { parseJson, platformRequest, quote } from './http.js';
import type { ToolKeys } from './keys.js';
import { defaultOutbound, type Outbound } from './outbound.js';
import { LtiError, NRPS_SCOPE, type LtiPlatform } from './types.js';

/**
 * Access tokens for LTI Advantage services: OAuth 2 client credentials with a signed JWT
 * assertion (RFC 7523, IMS Security Framework 1.0 §4.1). Tokens are cached in memory until a
 * minute before they expire; that is a cache only, any process can get its own.
 */

const ASSERTION_LIFETIME_SECONDS = 300;
/** Used when the platform does not say how long its token lives. */
const DEFAULT_TOKEN_SECONDS = 300;

const tokenResponseSchema = z.object({
  access_token: z.string().min(1).max(8192),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer'),
  expires_in: z.coerce.number().positive().optional(),
  scope: z.string().optional(),
});

const oauthErrorSchema = z.object({
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** The client assertion: iss = sub = our client id, aud = the token endpoint (or its audience). */
export function buildClientAssertion(
  keys: ToolKeys,
  platform: Pick<LtiPlatform, 'clientId' | 'tokenUrl' | 'authTokenAudience'>,
  now: Date = new Date(),
): Promise<string> {
  return keys.sign(
    {
      iss: platform.clientId,
      sub: platform.clientId,
      aud: platform.authTokenAudience || platform.tokenUrl,
      jti: randomUUID(),
    },
    { expiresInSeconds: ASSERTION_LIFETIME_SECONDS, now },
  );
}

export interface ServiceTokenClientOptions {
  keys: ToolKeys;
  /** The outbound guard every platform request goes through (outbound.ts). */
  outbound?: Outbound;
  /** The cache's clock (tests); assertions always carry the real time. */
  now?: () => Date;
  timeoutMs?: number;
}

export interface ServiceTokenClient {
  /** The guard its requests go through; the services called with its tokens use it too. */
  readonly outbound: Outbound;
  /** A bearer token for these scopes (default: NRPS read), from the cache when still good. */
  getToken(platform: LtiPlatform, scopes?: string[]): Promise<string>;
  /** Forgets a token the platform refused (a 401 from a service). */
  invalidate(platform: LtiPlatform, scopes?: string[]): void;
}

interface Cached {
  token: string;
  refreshAt: number;
}

export function createServiceTokenClient(options: ServiceTokenClientOptions): ServiceTokenClient {
  const outbound = options.outbound ?? defaultOutbound();
  const now = options.now ?? (() => new Date());
  const cache = new Map<string, Cached>();
  const pending = new Map<string, Promise<string>>();

  const keyOf = (platform: LtiPlatform, scopes: string[]) =>
    JSON.stringify([platform.tokenUrl, platform.clientId, [...scopes].sort()]);

  async function request(platform: LtiPlatform, scopes: string[], key: string): Promise<string> {
    const assertion = await buildClientAssertion(options.keys, platform);
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: scopes.join(' '),
    });
    const response = await platformRequest(
      outbound,
      platform.tokenUrl,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: body.toString(),
      },
      { code: 'LTI_SERVICE_FAILED', what: 'an access token', timeoutMs: options.timeoutMs },
    );
    const json = parseJson(response.text);
    if (response.status >= 400 && response.status < 500) {
      const oauth = oauthErrorSchema.safeParse(json);
      const said = oauth.success
        ? [quote(oauth.data.error, 60), quote(oauth.data.error_description)]
            .filter(Boolean)
            .join(': ')
        : '';
      throw new LtiError(
        'LTI_SERVICE_FAILED',
        'token_refused',
        `${platform.name} refused Teamup's request for an access token${said ? ` (${said})` : ''}. ` +
          `Check that the LMS has Teamup's client ID ${platform.clientId}, its key set URL, and the roster service enabled.`,
      );
    }
    const parsed = tokenResponseSchema.safeParse(json);
    if (response.status !== 200 || !parsed.success) {
      throw new LtiError(
        'LTI_SERVICE_FAILED',
        'token_unusable',
        `${platform.name} did not give Teamup an access token. Try again later.`,
      );
    }
    const lifetime = parsed.data.expires_in ?? DEFAULT_TOKEN_SECONDS;
    // Renew a minute early (or at half-life for short tokens) so no call carries a dying token.
    const margin = Math.min(60, lifetime / 2);
    cache.set(key, {
      token: parsed.data.access_token,
      refreshAt: now().getTime() + (lifetime - margin) * 1000,
    });
    return parsed.data.access_token;
  }

  return {
    outbound,
    async getToken(platform, scopes = [NRPS_SCOPE]) {
      const key = keyOf(platform, scopes);
      const cached = cache.get(key);
      if (cached && now().getTime() < cached.refreshAt) return cached.token;
      let inFlight = pending.get(key);
      if (!inFlight) {
        inFlight = request(platform, scopes, key).finally(() => pending.delete(key));
        pending.set(key, inFlight);
      }
      return inFlight;
    },
    invalidate(platform, scopes = [NRPS_SCOPE]) {
      cache.delete(keyOf(platform, scopes));
    },
  };
}
