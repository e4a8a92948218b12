import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import {
  authConfigSchema,
  authUserSchema,
  envelope,
  googleLoginBodySchema,
  ltiLoginBodySchema,
  loginResponseSchema,
  refreshResponseSchema,
  sessionSchema,
  uuidParamSchema,
  type ActivatedEnrollment,
} from '@teamup/shared';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { eq, sql } from 'drizzle-orm';
import { notifyAccount } from '../../lib/account-notice.js';
import { linkPendingStaff } from '../../lib/course-staff.js';
import { redeemLoginCode } from '../../lib/lti-login-code.js';
import { defineRoute } from '../../lib/route.js';
import { signedInCheck, signedInRead } from '../../lib/signed-in-read.js';
import { AppError, notFound, unauthenticated } from '../../plugins/errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { authRateLimit, refuseCrossSite } from '../../plugins/security.js';
import { DEV_AUDIENCE_FALLBACK, loadDevIdp } from './dev-idp.js';
import { devRoutes } from './dev-routes.js';
import { identityRoutes } from './identity-routes.js';
import {
  createIdTokenVerifier,
  googleIssuer,
  idTokenAlreadyUsed,
  type TrustedIssuer,
} from './id-token.js';
import {
  clearRefreshCookie,
  hashRefreshToken,
  presentedRefreshToken,
  setRefreshCookie,
} from './refresh-token.js';
import * as service from './service.js';

export interface AuthRoutesOptions {
  config: Config;
  /** Stands in for Google's JWKS (tests run offline). */
  googleJwks?: JWTVerifyGetKey | undefined;
  /** Runs inside the sign-in transaction; composed in app.ts so auth does not import enrollments. */
  activatePendingEnrollments: (tx: Tx, user: UserRow) => Promise<ActivatedEnrollment[]>;
}

const TAGS = ['auth'];
const nullData = envelope(z.null());

function sessionMeta(request: FastifyRequest, ttlSeconds: number) {
  return {
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip ?? null,
    ttlSeconds,
  };
}

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const { config } = opts;
  const trusted: TrustedIssuer[] = [];
  if (config.GOOGLE_CLIENT_ID) trusted.push(googleIssuer(config.GOOGLE_CLIENT_ID, opts.googleJwks));
  if (config.AUTH_DEV_LOGIN) {
    const devIdp = await loadDevIdp(
      config.DATA_DIR,
      config.GOOGLE_CLIENT_ID ?? DEV_AUDIENCE_FALLBACK,
    );
    trusted.push(devIdp.issuer);
    // Registered only when on: with dev login off, /dev/* does not exist at all.
    await app.register(devRoutes, { config, devIdp });
  }
  const verifyIdToken = createIdTokenVerifier(trusted);
  const rateLimit = authRateLimit(config);
  // The routes that read the refresh cookie answer Teamup's own pages only (decision 142).
  const crossSiteRefused = refuseCrossSite(config);
  // Refreshing is keyed by the refresh cookie, not by address: a campus NAT puts a whole class
  // behind one IP, and their background refreshes must not share one budget (decision 071).
  // A request without a cookie (answered 401 at once) falls back to the address.
  const refreshRateLimit = {
    ...rateLimit,
    keyGenerator: (request: FastifyRequest) => {
      const { token: presented } = presentedRefreshToken(request.cookies);
      return presented ? `refresh:${hashRefreshToken(presented)}` : `ip:${request.ip}`;
    },
  };

  /**
   * What every sign-in does once it knows who signs in, in its transaction: enrollments and
   * staff appointments waiting for the address become theirs, and a session opens.
   */
  const openSignedInSession = async (
    tx: Tx,
    request: FastifyRequest,
    user: UserRow,
    /**
     * Google vouched for the address. An LMS's one-time code does not: what its launch may
     * claim by email it claimed in the launch, for its own organization only (decision 141).
     */
    claimByEmail = true,
  ) => {
    const activatedEnrollments = claimByEmail
      ? await opts.activatePendingEnrollments(tx, user)
      : [];
    // Appointments to a course's staff waiting for this address (issue 28).
    if (claimByEmail) await linkPendingStaff(tx, user);
    const session = await service.openSession(
      tx,
      user.id,
      sessionMeta(request, config.REFRESH_TOKEN_TTL),
    );
    return { user, activatedEnrollments, ...session };
  };

  /** The access token of a session just opened; its refresh token goes into the cookie. */
  const issueTokens = async (
    reply: FastifyReply,
    signedIn: Awaited<ReturnType<typeof openSignedInSession>>,
    framed = false,
  ) => {
    const { token, expiresAt } = await app.accessTokens.sign({
      userId: signedIn.user.id,
      sessionId: signedIn.sessionId,
      role: signedIn.user.role,
      email: signedIn.user.email,
    });
    const kind = setRefreshCookie(reply, config, signedIn.refreshToken, framed);
    // A sign-in replaces the browser's session: a cookie of the other kind it may still hold is
    // an older session's. Where the LMS and Teamup share a site, the frame and a Teamup tab share
    // a cookie jar, and that cookie would otherwise be refreshed in place of this one (decision
    // 139). Elsewhere the browser keeps the two apart and ignores the clearing.
    clearRefreshCookie(reply, config, kind === 'framed' ? 'strict' : 'framed');
    return {
      user: service.toAuthUser(signedIn.user, expiresAt),
      token,
      activatedEnrollments: signedIn.activatedEnrollments,
    };
  };

  // The profile's linked LMS accounts (decision 141): the link signs in with Google here.
  await identityRoutes(app, {
    superadminEmails: config.SUPERADMIN_EMAILS,
    verifyIdToken,
    openSession: (tx, request, user) => openSignedInSession(tx, request, user),
    issueTokens: (reply, signedIn, framed) => issueTokens(reply, signedIn, framed),
    notify: notifyAccount,
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/config',
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: 'How the login page should offer sign-in',
      response: { 200: envelope(authConfigSchema) },
    },
    handler: async () => ({
      success: true as const,
      data: { googleClientId: config.GOOGLE_CLIENT_ID ?? null, devLogin: config.AUTH_DEV_LOGIN },
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/auth/login/google',
    config: { access: 'public', rateLimit },
    schema: {
      tags: TAGS,
      summary: 'Sign in with a Google (or development) ID token',
      body: googleLoginBodySchema,
      response: { 200: envelope(loginResponseSchema) },
    },
    handler: async (request, reply) => {
      const identity = await verifyIdToken(request.body.credential);
      const signedIn = await app.db.transaction(async (tx) => {
        // First, so a replay changes nothing; in this transaction, so a sign-in that fails
        // later does not use the token up (decision 082).
        if (!(await service.claimIdToken(tx, identity))) {
          request.log.warn('ID token replayed: sign-in refused');
          throw idTokenAlreadyUsed();
        }
        const user = await service.upsertUserFromIdentity(tx, identity, config.SUPERADMIN_EMAILS);
        return openSignedInSession(tx, request, user);
      });
      // Housekeeping, outside the sign-in: a failure here must not undo it.
      await service
        .pruneUsedIdTokens(app.db)
        .catch((error: unknown) =>
          request.log.warn({ err: error }, 'pruning used ID tokens failed'),
        );
      return {
        success: true as const,
        message: 'Google login successful!',
        data: await issueTokens(reply, signedIn),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/auth/login/lti',
    config: { access: 'public', rateLimit },
    schema: {
      tags: TAGS,
      summary: 'Sign in with the one-time code of an LTI launch',
      description:
        "The LMS launch (POST /lti/launch) redirects the browser to the web app with a code: single use, valid 60 s. The answer is the Google sign-in's, plus `target`, the page to land on (the course page of a learner, the course's admin page of its staff). 401 INVALID_TOKEN for an unknown, used or expired code.",
      body: ltiLoginBodySchema,
      response: { 200: envelope(loginResponseSchema.extend({ target: z.string() })) },
    },
    handler: async (request, reply) => {
      const signedIn = await app.db.transaction(async (tx) => {
        const redeemed = await redeemLoginCode(tx, request.body.code);
        if (!redeemed) {
          throw new AppError(
            401,
            'INVALID_TOKEN',
            'This sign-in link has expired or was already used. Open Teamup again from your course in the LMS.',
          );
        }
        const [user] = await tx
          .update(users)
          .set({ lastSignInAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(users.id, redeemed.userId))
          .returning();
        return {
          ...(await openSignedInSession(tx, request, user!, false)),
          target: redeemed.target,
        };
      });
      return {
        success: true as const,
        message: 'LMS login successful!',
        data: {
          // Inside the LMS's frame the session needs the partitioned cookie (decision 139).
          ...(await issueTokens(reply, signedIn, request.body.framed)),
          target: signedIn.target,
        },
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/refresh-token',
    config: { access: 'public', rateLimit: refreshRateLimit },
    // Before the rate limit, so another site's requests do not spend the cookie's budget.
    onRequest: crossSiteRefused,
    schema: {
      tags: TAGS,
      summary: 'Exchange the refresh cookie for a new access token (rotates the cookie)',
      response: { 200: envelope(refreshResponseSchema) },
    },
    handler: async (request, reply) => {
      const { token: presented, framed } = presentedRefreshToken(request.cookies);
      if (!presented) {
        clearRefreshCookie(reply, config);
        throw unauthenticated('No refresh token');
      }
      const result = await service.rotateRefreshToken(app.db, presented, config.REFRESH_TOKEN_TTL);
      if (result.kind !== 'rotated') {
        clearRefreshCookie(reply, config, framed ? 'framed' : 'strict');
        if (result.kind === 'reused') {
          request.log.warn('refresh token reused: session revoked');
          throw new AppError(
            401,
            'REFRESH_TOKEN_REUSED',
            'This refresh token was already used; the session has been ended. Please sign in again.',
          );
        }
        throw unauthenticated('Invalid or expired refresh token');
      }
      const { token, expiresAt } = await app.accessTokens.sign({
        userId: result.user.id,
        sessionId: result.sessionId,
        role: result.user.role,
        email: result.user.email,
      });
      // The cookie it came in: a session inside an LMS's frame stays in its partitioned one.
      setRefreshCookie(reply, config, result.refreshToken, framed);
      return {
        success: true as const,
        data: { token, user: service.toAuthUser(result.user, expiresAt) },
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/auth/logout',
    // Public so that a client whose access token already expired can still end its session.
    config: { access: 'public' },
    onRequest: crossSiteRefused,
    schema: {
      tags: TAGS,
      summary: 'End the current session (by Bearer token, else by refresh cookie)',
      response: { 200: nullData },
    },
    handler: async (request, reply) => {
      const auth = await app.authenticate(request);
      const { token: presented } = presentedRefreshToken(request.cookies);
      const sessionId = auth.ok
        ? auth.auth.sessionId
        : presented
          ? await service.findSessionIdByRefreshToken(app.db, presented)
          : null;
      if (sessionId) await service.revokeSession(app.db, sessionId, 'logout');
      clearRefreshCookie(reply, config);
      return { success: true as const, data: null, message: 'Logged out' };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/session/me',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'The signed-in user',
      response: { 200: envelope(authUserSchema) },
    },
    // Answered from the access check's session-and-user lookup (one round trip): it ran on
    // this request, so a revoked session is refused and a changed name, avatar or role shows.
    handler: async (request) => {
      const auth = await signedInCheck(request);
      return {
        success: true as const,
        data: service.toAuthUser({ ...auth, id: auth.userId }, auth.tokenExpiresAt),
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/session',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'The current session',
      response: { 200: envelope(sessionSchema) },
    },
    handler: async (request) => {
      const session = await signedInRead(request, (db, caller) =>
        service.getSession(db, caller.sessionId),
      );
      if (!session) throw unauthenticated();
      return { success: true as const, data: session };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/session/all',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: "The signed-in user's active sessions, most recently used first",
      response: { 200: envelope(z.array(sessionSchema)) },
    },
    handler: async (request) => {
      return {
        success: true as const,
        data: await signedInRead(request, (db, caller) =>
          service.listLiveSessions(db, caller.userId, caller.sessionId),
        ),
      };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/auth/session/:id',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Revoke one of my sessions',
      params: uuidParamSchema,
      response: { 200: nullData },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      // Someone else's session is "not found", not "forbidden": ids reveal nothing.
      const revoked = await service.revokeOwnSession(app.db, auth.userId, request.params.id);
      if (!revoked) throw notFound('Session not found');
      if (request.params.id === auth.sessionId) clearRefreshCookie(reply, config);
      return { success: true as const, data: null, message: 'Session revoked' };
    },
  });
}
