import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { UNREACHABLE, parseJson, platformRequest } from './http.js';
import { defaultOutbound, type Outbound } from './outbound.js';
import { LtiError } from './types.js';

/**
 * Platforms' public keys, fetched from their JWKS URL and cached per URL.
 *
 * Why not jose's createRemoteJWKSet: its cooldown is per key-set object and it does not
 * promise what rotation needs here, that a launch signed with an unknown `kid` causes exactly
 * one refetch, shared by every launch waiting on it, and at most one per cooldown per URL
 * however many forged tokens arrive. So the fetching is ours and jose only matches keys.
 */
export interface PlatformKeyStoreOptions {
  /** The outbound guard every platform request goes through (outbound.ts). */
  outbound?: Outbound;
  /** Least time between two refetches of one URL caused by an unknown kid. Default 30 s. */
  refetchCooldownMs?: number;
  /** Keys older than this are refreshed before use. Default 10 minutes. */
  maxAgeMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

export interface PlatformKeyStore {
  /** A key resolver for jose's jwtVerify, for the platform whose JWKS is at `jwksUrl`. */
  keyFor(jwksUrl: string): JWTVerifyGetKey;
  /** How many times `jwksUrl` was fetched (tests and metrics). */
  fetchCount(jwksUrl: string): number;
}

const jwksSchema = z.object({
  keys: z.array(z.object({ kty: z.string() }).loose()).max(100),
});

interface Entry {
  resolve: JWTVerifyGetKey | null;
  fetchedAt: number;
  /** When an unknown kid last caused a refetch (the cooldown counts from there). */
  lastRefetchAt: number;
  pending: Promise<void> | null;
  fetches: number;
}

export function createPlatformKeyStore(options: PlatformKeyStoreOptions = {}): PlatformKeyStore {
  const outbound = options.outbound ?? defaultOutbound();
  const cooldown = options.refetchCooldownMs ?? 30_000;
  const maxAge = options.maxAgeMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  function entryFor(url: string): Entry {
    let entry = entries.get(url);
    if (!entry) {
      entry = {
        resolve: null,
        fetchedAt: 0,
        lastRefetchAt: -Infinity,
        pending: null,
        fetches: 0,
      };
      entries.set(url, entry);
    }
    return entry;
  }

  async function download(url: string): Promise<JSONWebKeySet> {
    const response = await platformRequest(
      outbound,
      url,
      { headers: { accept: 'application/json' } },
      {
        code: 'LTI_SERVICE_FAILED',
        what: 'its public keys',
        timeoutMs: options.timeoutMs,
        accept: (status) => status === 200,
      },
    );
    const parsed = jwksSchema.safeParse(parseJson(response.text));
    if (!parsed.success) {
      outbound.log?.warn({ outbound: 'jwks_invalid' }, 'LMS key set unreadable');
      throw new LtiError('LTI_SERVICE_FAILED', 'jwks_invalid', UNREACHABLE);
    }
    return parsed.data as JSONWebKeySet;
  }

  /** One fetch at a time per URL; everyone who asks meanwhile waits for the same one. */
  function refresh(url: string, entry: Entry): Promise<void> {
    if (entry.pending) return entry.pending;
    entry.fetches += 1;
    entry.pending = download(url)
      .then((jwks) => {
        entry.resolve = createLocalJWKSet(jwks);
        entry.fetchedAt = now();
      })
      .finally(() => {
        entry.pending = null;
      });
    return entry.pending;
  }

  return {
    keyFor(url) {
      return async (header, token) => {
        const entry = entryFor(url);
        if (!entry.resolve) {
          await refresh(url, entry);
        } else if (now() - entry.fetchedAt > maxAge) {
          // Stale keys are still better than none if the platform is briefly down.
          await refresh(url, entry).catch(() => undefined);
        }
        const tried = entry.resolve;
        if (!tried) throw new errors.JWKSNoMatchingKey();
        try {
          return await tried(header, token);
        } catch (error) {
          if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
          // An unknown kid: the platform may have rotated its key. Refetch once, unless a
          // refetch is under way (wait for it), another one already brought new keys (use
          // them), or one started within the cooldown (refuse).
          if (entry.pending) {
            await entry.pending.catch(() => undefined);
          } else if (entry.resolve === tried) {
            if (now() - entry.lastRefetchAt < cooldown) throw error;
            entry.lastRefetchAt = now();
            await refresh(url, entry);
          }
          return (entry.resolve ?? tried)(header, token);
        }
      };
    },
    fetchCount(url) {
      return entries.get(url)?.fetches ?? 0;
    },
  };
}
