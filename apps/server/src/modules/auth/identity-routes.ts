// The profile's linked LMS accounts (issue 34, decision 141): list, link by the person, unlink.
// Registered by authRoutes, whose Google verification and session start the link reuses.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  envelope,
  linkedIdentitiesSchema,
  linkIdentityBodySchema,
  loginResponseSchema,
  uuidParamSchema,
} from '@teamup/shared';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import type { UserRow } from '../../db/schema/index.js';
import { defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import type { VerifiedIdentity } from './id-token.js';
import { idTokenAlreadyUsed } from './id-token.js';
import {
  assertLmsOnly,
  checkLink,
  linkRefusedError,
  listLinkedIdentities,
  mergeLmsOnlyAccount,
  recordRefusedLink,
  unlinkIdentity,
  type LinkCheck,
} from './linked-identities.js';
import { presentedRefreshToken } from './refresh-token.js';
import * as service from './service.js';

const TAGS = ['profile'];

export interface IdentityRoutesDeps<S> {
  superadminEmails: readonly string[];
  verifyIdToken: (credential: string) => Promise<VerifiedIdentity>;
  /** The Google sign-in's claims and session (auth/routes.ts). */
  openSession: (tx: Tx, request: FastifyRequest, user: UserRow) => Promise<S>;
  /** Its tokens, the refresh cookie of the kind the LMS-only session had. */
  issueTokens: (
    reply: FastifyReply,
    signedIn: S,
    framed: boolean,
  ) => Promise<z.infer<typeof loginResponseSchema>>;
  /** Tells the account's owner, by email, that an LMS account now opens it (or no longer). */
  notify: (
    tx: Tx,
    userId: string,
    kind: 'LMS_ACCOUNT_LINKED' | 'LMS_ACCOUNT_UNLINKED',
    data: { platforms: string[] },
    organizationId: string | null,
  ) => Promise<void>;
}

class RefusedLink extends Error {
  constructor(
    readonly check: Extract<LinkCheck, { ok: false }>,
    readonly targetUserId: string,
  ) {
    super(check.message);
  }
}

export async function identityRoutes<S>(app: FastifyInstance, deps: IdentityRoutesDeps<S>) {
  defineRoute(app, {
    method: 'GET',
    url: '/profile/identities',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'The LMS accounts that open my account',
      description:
        '`lmsOnly` is true for an account only an LMS opens (its email was outside the organization\'s domains): "Link to my Teamup account" (POST /profile/identities/link) makes it the person\'s Teamup account.',
      response: { 200: envelope(linkedIdentitiesSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) => listLinkedIdentities(db, caller.userId)),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/profile/identities/link',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Link this LMS-only account to my Teamup account (signed in with Google here)',
      description:
        "The caller is signed in by an LMS launch to an LMS-only account and sends a Google (or development) ID token of their Teamup account, as the login page does. The LMS accounts and every course place of the LMS-only account move to the Teamup account, which is signed in (the answer is the Google sign-in's), and the LMS-only account is deleted. 409 NOT_LMS_ONLY for an account with a sign-in of its own; 403 LINK_REFUSED for a superadmin account (never opened from an LMS); 409 LINK_CONFLICT when both accounts take part in a course with teams, answers or requests. Each link and refusal is audited and listed on the organization's LMS page; the account's owner gets an email.",
      body: linkIdentityBodySchema,
      response: { 200: envelope(loginResponseSchema) },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const identity = await deps.verifyIdToken(request.body.credential);
      const { framed } = presentedRefreshToken(request.cookies);
      let signedIn: S;
      try {
        signedIn = await app.db.transaction(async (tx) => {
          await assertLmsOnly(tx, auth.userId);
          if (!(await service.claimIdToken(tx, identity))) throw idTokenAlreadyUsed();
          const target = await service.upsertUserFromIdentity(tx, identity, deps.superadminEmails);
          const account = {
            id: target.id,
            email: target.email,
            fullname: target.fullname,
            role: target.role,
            google_sub: target.googleSub,
          };
          const check = await checkLink(tx, auth.userId, account, deps.superadminEmails);
          if (!check.ok) throw new RefusedLink(check, target.id);
          // The Google sign-in's own claims first, so a course waiting for the address counts.
          const opened = await deps.openSession(tx, request, target);
          const recheck = await checkLink(tx, auth.userId, account, deps.superadminEmails);
          if (!recheck.ok) throw new RefusedLink(recheck, target.id);
          const merged = await mergeLmsOnlyAccount(tx, auth.userId, account);
          await deps.notify(
            tx,
            target.id,
            'LMS_ACCOUNT_LINKED',
            { platforms: merged.platforms },
            merged.organizationIds[0] ?? null,
          );
          return opened;
        });
      } catch (error) {
        if (!(error instanceof RefusedLink)) throw error;
        // The link's transaction rolled back; its refusal is kept on its own.
        const [known] = await queryRows<{ id: string }>(
          app.db,
          sql`select id from users where id = ${error.targetUserId}`,
        );
        await recordRefusedLink(app.db, auth.userId, known?.id ?? null, error.check.reason);
        throw linkRefusedError(error.check);
      }
      return {
        success: true as const,
        message: 'Linked: your LMS now opens your Teamup account.',
        data: await deps.issueTokens(reply, signedIn, framed),
      };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/profile/identities/:id',
    config: { access: 'authenticated' },
    schema: {
      tags: TAGS,
      summary: 'Unlink an LMS account from my account',
      description:
        "The LMS account stops opening this account; its next launch opens a separate LMS-only account. The course places stay here. 409 LAST_SIGN_IN for an LMS-only account (it would have no way in); 404 for an identity that is not the caller's.",
      params: uuidParamSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      await app.db.transaction(async (tx) => {
        const unlinked = await unlinkIdentity(tx, auth.userId, request.params.id);
        await deps.notify(
          tx,
          auth.userId,
          'LMS_ACCOUNT_UNLINKED',
          { platforms: [unlinked.platform] },
          unlinked.organizationId,
        );
      });
      return { success: true as const, data: null, message: 'Unlinked' };
    },
  });
}
