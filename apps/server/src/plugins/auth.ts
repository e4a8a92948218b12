import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import type { CourseStaffRole, Role } from '@teamup/shared';
import { sessions, userActivityDays, users } from '../db/schema/index.js';
import type { DbOrTx } from '../db/client.js';
import { fastPrepared } from '../db/fast-prepared.js';
import type { AccessTokens, VerifiedAccessToken } from '../lib/access-token.js';
import { isCourseStaffAnywhere } from '../lib/course-staff.js';
import { isStaffAccess, type RouteAccess } from '../lib/route.js';
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
  /**
   * On a route its staff may call (issue 28): the staff level it admits, which the scope
   * checks use to count the caller's courses; null elsewhere.
   */
  courseStaff?: CourseStaffRole | null;
}

export type AuthResult = { ok: true; auth: AuthContext } | { ok: false; error: AppError };

/**
 * A signed-in read whose session check is deferred (decision 096): the token is valid and its
 * role is allowed, but the session has not been looked up yet. `signedInRead` runs the lookup
 * together with the read; the gate (an onSend hook) runs it for any answer that did not.
 */
export interface DeferredCheck {
  claims: VerifiedAccessToken;
  access: RouteAccess;
  /** The check once started: resolves with the checked context or rejects with the refusal. */
  outcome: Promise<AuthContext> | null;
}

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
    /**
     * Set by the access check on every non-public route once it has passed; null on public
     * routes and, on a deferred read, until the check has run.
     */
    auth: AuthContext | null;
    /** Set on a signed-in GET (or HEAD) whose session check waits for the read (decision 096). */
    deferredCheck: DeferredCheck | null;
  }
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** Every route registered so far and what it declared (tests walk this list). */
    readonly routeAccess: RouteAccessEntry[];
    /** Resolves the Bearer token of a request, for routes that accept it optionally. */
    authenticate(request: FastifyRequest): Promise<AuthResult>;
  }
}

/** A row of the session-and-user lookup. */
export interface SessionRow {
  revokedAt: Date | null;
  expiresAt: Date;
  lastUsedAt: Date;
  email: string;
  role: Role;
  fullname: string;
  avatar: string | null;
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

// Prepared once per database handle (the pool, or one pooled connection of a signed-in read),
// at first use: this runs on every signed-in call, and building the query each time cost more
// than running it (bench:teams). Its rows are mapped by a compiled mapper (db/fast-prepared.ts).
const prepareSessionLookup = (db: DbOrTx) =>
  fastPrepared(
    db
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
        and(eq(sessions.id, sql.placeholder('sessionId')), eq(users.id, sql.placeholder('userId'))),
      )
      .limit(1)
      .prepare('auth_session_lookup'),
  );
const sessionLookups = new WeakMap<DbOrTx, ReturnType<typeof prepareSessionLookup>>();

/**
 * One query for the session and its user: a revoked session or a changed role is seen on the
 * very next request. The query is handed to the driver before this returns (so a caller can
 * put more queries behind it on the same connection).
 */
export function lookupSession(db: DbOrTx, claims: VerifiedAccessToken): Promise<SessionRow[]> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup.execute({ sessionId: claims.sessionId, userId: claims.userId });
}

/**
 * The rules every signed-in call passes, on the lookup's row: the session exists, is not
 * revoked, has not expired; `touch` says the last-used time is due (at most once a minute).
 */
export function judgeSession(
  row: SessionRow | undefined,
  claims: VerifiedAccessToken,
): { ok: true; auth: AuthContext; touch: boolean } | { ok: false; error: AppError } {
  if (!row) return { ok: false, error: unauthenticated('Session not found') };
  if (row.revokedAt) {
    return { ok: false, error: new AppError(401, 'SESSION_REVOKED', 'This session has ended') };
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    return { ok: false, error: unauthenticated('Session expired') };
  }
  return {
    ok: true,
    touch: Date.now() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS,
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

/**
 * At most one write a minute per session; the condition keeps parallel requests from writing
 * twice. The same statement records that the user was active today (user_activity_days, System
 * Analytics), so the record costs no extra round trip.
 */
export async function touchSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.execute(sql`
    with touched as (
      update ${sessions} set last_used_at = now()
      where id = ${sessionId} and last_used_at < now() - interval '1 minute'
      returning user_id)
    insert into ${userActivityDays} (day, user_id)
    select (now() at time zone 'UTC')::date, user_id from touched
    on conflict do nothing`);
}

/** Whether a route's access admits a role (the route is not public). */
export function admits(access: RouteAccess, role: Role): boolean {
  if (access === 'authenticated') return true;
  if (access === 'public') return false;
  return isStaffAccess(access) ? access.roles.includes(role) : access.includes(role);
}

/** The checked context with the route's staff level, for the scope checks. */
function withStaffLevel(auth: AuthContext, access: RouteAccess): AuthContext {
  return { ...auth, courseStaff: isStaffAccess(access) ? access.courseStaff : null };
}

/** Reads whose session check may wait for the read: GET and its HEAD. */
const DEFERRABLE = new Set(['GET', 'HEAD']);

/**
 * Starts the deferred check of a request with a standalone lookup on `db` (the gate, PGlite,
 * or a second read of the same request) unless it has started already. The outcome is
 * recorded on the request, so the check runs once and every later reader sees its result.
 */
export function runDeferredCheck(
  request: FastifyRequest,
  check: DeferredCheck,
  db: DbOrTx,
): Promise<AuthContext> {
  check.outcome ??= settleCheck(
    request,
    check,
    lookupSession(db, check.claims).then((rows) => rows[0]),
    db,
  );
  return check.outcome;
}

/**
 * Applies the rules and the route's role list to a lookup's row; on success sets
 * `request.auth`. The returned promise is observed (a refusal never goes unhandled).
 */
export function settleCheck(
  request: FastifyRequest,
  check: DeferredCheck,
  row: Promise<SessionRow | undefined>,
  db: DbOrTx,
): Promise<AuthContext> {
  const outcome = row.then(async (found) => {
    const judged = judgeSession(found, check.claims);
    if (!judged.ok) throw judged.error;
    if (judged.touch) await touchSession(db, check.claims.sessionId);
    if (!admits(check.access, judged.auth.role)) throw forbidden();
    request.auth = withStaffLevel(judged.auth, check.access);
    return request.auth;
  });
  outcome.catch(() => undefined);
  return outcome;
}

/** The error envelope of a refusal the gate puts in place of an answer. */
function refusalBody(error: unknown): { status: number; body: string } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: JSON.stringify({ success: false, message: error.message, code: error.code }),
    };
  }
  return {
    status: 500,
    body: JSON.stringify({
      success: false,
      message: 'Internal server error',
      code: 'INTERNAL_ERROR',
    }),
  };
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthPluginOptions) => {
    const registered: RouteOptions[] = [];
    app.decorate('accessTokens', opts.accessTokens);
    app.decorateRequest('auth', null);
    app.decorateRequest('deferredCheck', null);
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

    async function verifiedClaims(
      request: FastifyRequest,
    ): Promise<{ ok: true; claims: VerifiedAccessToken } | { ok: false; error: AppError }> {
      const token = bearerToken(request);
      if (!token) return { ok: false, error: unauthenticated() };
      const claims = await app.accessTokens.verify(token);
      if (!claims) return { ok: false, error: unauthenticated('Invalid or expired access token') };
      return { ok: true, claims };
    }

    async function authenticate(request: FastifyRequest): Promise<AuthResult> {
      const verified = await verifiedClaims(request);
      if (!verified.ok) return verified;
      const [row] = await lookupSession(app.db, verified.claims);
      const judged = judgeSession(row, verified.claims);
      if (!judged.ok) return judged;
      if (judged.touch) await touchSession(app.db, verified.claims.sessionId);
      return { ok: true, auth: judged.auth };
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
      if (DEFERRABLE.has(request.method)) {
        // A read: the token is checked here (CPU only); the session lookup goes out with the
        // read (signedInRead) or, at the latest, before the answer leaves (the gate below).
        // A token whose role the route refuses is looked up at once, so that 401 (no live
        // session) and 403 (a live session of another role) stay what they were.
        const verified = await verifiedClaims(request);
        if (!verified.ok) throw verified.error;
        if (admits(access, verified.claims.role)) {
          request.deferredCheck = { claims: verified.claims, access, outcome: null };
          return;
        }
      }
      const result = await authenticate(request);
      if (!result.ok) throw result.error;
      // A course's staff pass on a route that admits them; which course is the service's check.
      const staffPass =
        !admits(access, result.auth.role) &&
        isStaffAccess(access) &&
        (await isCourseStaffAnywhere(app.db, result.auth.userId, access.courseStaff));
      if (!admits(access, result.auth.role) && !staffPass) throw forbidden();
      request.auth = withStaffLevel(result.auth, access);
    });

    // The gate: no answer of a deferred read leaves before its session check has passed,
    // whatever produced it (the handler, a validation error, a handler that never called
    // signedInRead, the serializer). A failed check replaces the answer with its refusal;
    // the headers set so far (security headers) stay.
    app.addHook('onSend', async (request, reply, payload) => {
      const check = request.deferredCheck;
      if (!check) return payload;
      try {
        await runDeferredCheck(request, check, app.db);
        return payload;
      } catch (error) {
        if (!(error instanceof AppError)) {
          request.log.error({ err: error }, 'session check failed');
        }
        const refusal = refusalBody(error);
        reply.code(refusal.status);
        reply.removeHeader('content-disposition');
        reply.header('content-type', 'application/json; charset=utf-8');
        reply.header('cache-control', 'no-store');
        const vary = String(reply.getHeader('vary') ?? '');
        if (!/(^|,)\s*authorization\s*(,|$)/i.test(vary)) {
          reply.header('vary', vary ? `${vary}, Authorization` : 'Authorization');
        }
        return refusal.body;
      }
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/**
 * For handlers of non-public routes, where the access check has already run. On a deferred
 * read before its check (a handler that did not go through signedInRead) it throws a server
 * error rather than hand out unchecked claims; the gate still refuses a dead session.
 */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (request.auth) return request.auth;
  if (request.deferredCheck) {
    throw new Error(
      `requireAuth before the session check on ${request.method} ${request.routeOptions.url ?? request.url}: read through signedInRead`,
    );
  }
  throw unauthenticated();
}
