import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Role } from '@teamup/shared';
import { sessions, users } from '../db/schema/index.js';
import type { AccessTokens } from '../lib/access-token.js';
import type { RouteAccess } from '../lib/route.js';
import { AppError, forbidden, unauthenticated } from './errors.js';

export interface AuthContext {
  userId: string;
  email: string;
  /** From the database, not the token, so a role change applies at once. */
  role: Role;
  /** Read with the session (like the role), so `GET /auth/session/me` needs no query of its own. */
  fullname: string;
  avatar: string | null;
  sessionId: string;
  /** Expiry of the access token that was presented. */
  tokenExpiresAt: Date;
}

export type AuthResult = { ok: true; auth: AuthContext } | { ok: false; error: AppError };

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access: RouteAccess;
  }
  interface FastifyRequest {
    /** Set by the access check on every non-public route; null on public routes. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** Every route registered so far and what it declared (tests walk this list). */
    readonly routeAccess: RouteAccessEntry[];
    /** Resolves the Bearer token of a request, for routes that accept it optionally. */
    authenticate(request: FastifyRequest): Promise<AuthResult>;
  }
}

const LAST_USED_RESOLUTION_MS = 60_000;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export interface AuthPluginOptions {
  accessTokens: AccessTokens;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthPluginOptions) => {
    const registered: RouteOptions[] = [];
    app.decorate('accessTokens', opts.accessTokens);
    app.decorateRequest('auth', null);
    // The route options object is kept, not copied: hooks of child scopes (docs, static) may
    // still fill in `config.access` after this hook has seen the route.
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    app.decorate('routeAccess', {
      getter: () =>
        registered.map((route) => ({
          method: Array.isArray(route.method) ? route.method.join(',') : route.method,
          url: route.url,
          access: (route.config as { access?: RouteAccess } | undefined)?.access,
        })),
    });

    // Prepared once, at first use: this runs on every signed-in call, and building the query
    // each time cost more than running it (bench:teams).
    const prepareSessionLookup = () =>
      app.db
        .select({
          revokedAt: sessions.revokedAt,
          expiresAt: sessions.expiresAt,
          lastUsedAt: sessions.lastUsedAt,
          email: users.email,
          role: users.role,
          fullname: users.fullname,
          avatar: users.avatar,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, sql.placeholder('sessionId')),
            eq(users.id, sql.placeholder('userId')),
          ),
        )
        .limit(1)
        .prepare('auth_session_lookup');
    let sessionLookup: ReturnType<typeof prepareSessionLookup> | undefined;

    async function authenticate(request: FastifyRequest): Promise<AuthResult> {
      const token = bearerToken(request);
      if (!token) return { ok: false, error: unauthenticated() };
      const claims = await app.accessTokens.verify(token);
      if (!claims) return { ok: false, error: unauthenticated('Invalid or expired access token') };

      // One query for the session and its user: a revoked session or a changed role is seen
      // on the very next request.
      sessionLookup ??= prepareSessionLookup();
      const [row] = await sessionLookup.execute({
        sessionId: claims.sessionId,
        userId: claims.userId,
      });

      if (!row) return { ok: false, error: unauthenticated('Session not found') };
      if (row.revokedAt) {
        return { ok: false, error: new AppError(401, 'SESSION_REVOKED', 'This session has ended') };
      }
      if (row.expiresAt.getTime() <= Date.now()) {
        return { ok: false, error: unauthenticated('Session expired') };
      }
      if (Date.now() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
        // At most one write a minute per session; the condition keeps parallel requests from
        // writing twice.
        await app.db
          .update(sessions)
          .set({ lastUsedAt: sql`now()` })
          .where(
            and(
              eq(sessions.id, claims.sessionId),
              lt(sessions.lastUsedAt, sql`now() - interval '1 minute'`),
            ),
          );
      }
      return {
        ok: true,
        auth: {
          userId: claims.userId,
          sessionId: claims.sessionId,
          email: row.email,
          role: row.role,
          fullname: row.fullname,
          avatar: row.avatar,
          tokenExpiresAt: claims.expiresAt,
        },
      };
    }
    app.decorate('authenticate', authenticate);

    // onRequest runs before the body is read: an unauthorised caller learns nothing about
    // the route's validation rules.
    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const access = (request.routeOptions.config as { access?: RouteAccess }).access;
      if (access === undefined) {
        throw new Error(
          `Route ${request.method} ${request.routeOptions.url ?? request.url} declares no access`,
        );
      }
      if (access === 'public') return;
      const result = await authenticate(request);
      if (!result.ok) throw result.error;
      if (access !== 'authenticated' && !access.includes(result.auth.role)) throw forbidden();
      request.auth = result.auth;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** For handlers of non-public routes, where the access check has already run. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
