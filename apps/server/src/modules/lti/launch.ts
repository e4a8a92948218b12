import { createHash } from 'node:crypto';
import { LIS_CLAIM, sectionOfLis } from './section.js';
import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { importedName, singleLineText } from '@teamup/shared';
import type { VerifiedLoginState } from './oidc-login.js';
import { sha256 } from './oidc-login.js';
import type { PlatformKeyStore } from './platform-keys.js';
import { mapLisRoles } from './roles.js';
import {
  CLAIM,
  LTI_VERSION,
  LtiError,
  RESOURCE_LINK_REQUEST,
  type LtiContextRole,
  type LtiPlatform,
} from './types.js';

export { mapLisRoles } from './roles.js';

/**
 * Validation of an LTI 1.3 resource link launch (LTI Core 1.3 §5.1, IMS Security Framework
 * 1.0 §5.1.3): the platform's signature (RS256 only), `iss`, `aud`/`azp`, `exp`/`iat`, the
 * nonce (matching the login's state, then claimed once), the deployment, message type and
 * version, and the claims Teamup needs (sub, roles, context, resource link).
 */

/** The app's single-use record of nonces (a table with a unique key and an expiry). */
export interface NonceStore {
  /**
   * Records the nonce as used until `expiresAt`. True when this call recorded it; false when
   * it was already there (a replayed launch). Must be atomic across processes, e.g.
   * `INSERT … ON CONFLICT DO NOTHING RETURNING`.
   */
  claimNonce(issuer: string, nonce: string, expiresAt: Date): Promise<boolean>;
}

export interface LtiLaunch {
  issuer: string;
  clientId: string;
  deploymentId: string;
  /** The person at the platform: (issuer, sub) identifies them. */
  sub: string;
  /** Lower-cased; null when the platform does not share it (or it is not an address). */
  email: string | null;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  /** The roles claim as sent (full URIs). */
  roles: string[];
  /** What the person is in this course (roles.ts). */
  contextRole: LtiContextRole | null;
  context: { id: string; title: string | null; label: string | null };
  resourceLink: { id: string; title: string | null };
  /** The Names and Role Provisioning Service of this context, when the platform offers it. */
  nrps: { url: string; versions: string[] } | null;
  /** Issue 36: the launching user's course section (the LIS claim), or null. */
  section: string | null;
  targetLinkUri: string;
  /** sha-256 of the issuer and the token's signed part (as the Google sign-in's replay key). */
  replayKey: string;
  /** The token's exp. */
  expiresAt: Date;
}

export interface LaunchVerifierOptions {
  platformKeys: PlatformKeyStore;
  nonces: NonceStore;
  /** Seconds of clock difference allowed with the platform. Default 60. */
  clockToleranceSeconds?: number;
  now?: () => Date;
}

export interface LaunchInput {
  idToken: string;
  /** The platform the verified state named (checkLaunchState). */
  platform: LtiPlatform;
  /** The verified, browser-bound state of this launch. */
  loginState: VerifiedLoginState;
}

/** The same construction as the Google sign-in's replay key (decision 082). */
export function launchReplayKey(issuer: string, token: string): string {
  const signed = token.slice(0, token.lastIndexOf('.'));
  return createHash('sha256').update(issuer).update('\n').update(signed).digest('hex');
}

function refuse(reason: string, message: string, cause?: unknown): LtiError {
  return new LtiError('LTI_LAUNCH_INVALID', reason, message, { cause });
}

const AGAIN = 'Go back to your course in the LMS and open Teamup again.';
const ASK_ADMIN = 'Ask your LMS administrator to check the Teamup tool settings.';

// Text a platform may leave out or send empty; stored on one line, bounded (decision 142). A
// person's name also loses any markup: nobody can be asked to send it again.
const optionalText = (max: number, clean: (value: string) => string = singleLineText) =>
  z
    .unknown()
    .optional()
    .transform((v) => {
      const text = typeof v === 'string' ? clean(v).slice(0, max).trim() : '';
      return text || null;
    });

const emailSchema = z.email();

const claimsSchema = z.object({
  sub: z.string().trim().min(1).max(255),
  name: optionalText(255, importedName),
  given_name: optionalText(255, importedName),
  family_name: optionalText(255, importedName),
  email: z
    .unknown()
    .optional()
    .transform((v) =>
      typeof v === 'string' && emailSchema.safeParse(v.trim()).success
        ? v.trim().toLowerCase()
        : null,
    ),
  [CLAIM.targetLinkUri]: z.string().min(1).max(2048),
  [CLAIM.roles]: z.array(z.string().max(512)).max(100),
  [CLAIM.context]: z.object({
    id: z.string().trim().min(1).max(255),
    title: optionalText(255),
    label: optionalText(255),
  }),
  [CLAIM.resourceLink]: z.object({
    id: z.string().trim().min(1).max(255),
    title: optionalText(255),
  }),
  [CLAIM.nrps]: z
    .object({
      context_memberships_url: z.url({ protocol: /^https?$/ }),
      service_versions: z.array(z.string()).min(1),
    })
    .optional(),
});

/** What a person reads when a required claim is missing or malformed, per claim. */
const CLAIM_MESSAGES: Record<string, [string, string]> = {
  sub: ['no_subject', `The launch did not say who you are (no user id). ${ASK_ADMIN}`],
  [CLAIM.targetLinkUri]: ['no_target_link', `The launch did not say what to open. ${ASK_ADMIN}`],
  [CLAIM.roles]: [
    'no_roles',
    `The launch did not say what your role in the course is. ${ASK_ADMIN}`,
  ],
  [CLAIM.context]: [
    'no_context',
    'The launch did not say which course it came from. Open Teamup from inside a course.',
  ],
  [CLAIM.resourceLink]: ['no_resource_link', `The launch did not name its link. ${ASK_ADMIN}`],
  [CLAIM.nrps]: ['bad_nrps_claim', `The launch's roster service is malformed. ${ASK_ADMIN}`],
};

/** Maps jose's failures to what a person can act on. */
function explainVerifyError(error: unknown): LtiError {
  if (error instanceof LtiError) return error;
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return refuse(
      'bad_algorithm',
      `The launch was not signed the way LTI requires (RS256). ${ASK_ADMIN}`,
      error,
    );
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return refuse(
      'unknown_key',
      `The launch was signed with a key the LMS does not publish. ${ASK_ADMIN}`,
      error,
    );
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return refuse('bad_signature', `The launch's signature is not valid. ${AGAIN}`, error);
  }
  if (error instanceof errors.JWTExpired) {
    return refuse('expired', `The launch has expired. ${AGAIN}`, error);
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') {
      return refuse(
        'wrong_issuer',
        `The launch came from an LMS other than the one registered. ${ASK_ADMIN}`,
        error,
      );
    }
    if (error.claim === 'aud') {
      return refuse(
        'wrong_audience',
        `The launch was meant for another tool (its audience is not Teamup's client ID). ${ASK_ADMIN}`,
        error,
      );
    }
    if (error.claim === 'nbf') {
      return refuse(
        'not_yet_valid',
        `The launch is not valid yet; check the clocks. ${AGAIN}`,
        error,
      );
    }
    return refuse(
      `missing_${error.claim}`,
      `The launch is missing its "${error.claim}" claim. ${ASK_ADMIN}`,
      error,
    );
  }
  return refuse('malformed', `The launch could not be read. ${AGAIN}`, error);
}

export function createLaunchVerifier(options: LaunchVerifierOptions) {
  const tolerance = options.clockToleranceSeconds ?? 60;
  const now = options.now ?? (() => new Date());

  return async function verifyLaunch(input: LaunchInput): Promise<LtiLaunch> {
    const { idToken, platform, loginState } = input;
    if (loginState.platformId !== platform.id) {
      throw refuse('platform_mismatch', `The launch does not match its sign-in. ${AGAIN}`);
    }
    // Refuse `alg: none` and HMAC before looking for any key: the header decides nothing else.
    let alg: unknown;
    try {
      alg = decodeProtectedHeader(idToken).alg;
    } catch (error) {
      throw refuse('malformed', `The launch could not be read. ${AGAIN}`, error);
    }
    if (alg !== 'RS256') {
      throw refuse(
        'bad_algorithm',
        `The launch was not signed the way LTI requires (RS256). ${ASK_ADMIN}`,
      );
    }

    const current = now();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, options.platformKeys.keyFor(platform.jwksUrl), {
        algorithms: ['RS256'],
        issuer: platform.issuer,
        audience: platform.clientId,
        clockTolerance: tolerance,
        currentDate: current,
        requiredClaims: ['exp', 'iat', 'nonce'],
      }));
    } catch (error) {
      throw explainVerifyError(error);
    }

    const nowSeconds = Math.floor(current.getTime() / 1000);
    if (typeof payload.iat !== 'number' || payload.iat > nowSeconds + tolerance) {
      throw refuse(
        'issued_in_future',
        `The launch claims to be issued in the future; check the clocks. ${AGAIN}`,
      );
    }
    // Several audiences: the one it was issued to must be named, and be us (OIDC Core 3.1.3.7).
    const aud = payload.aud;
    if (Array.isArray(aud) && aud.length > 1 && payload.azp === undefined) {
      throw refuse(
        'no_azp',
        `The launch names several audiences but not which one it is for. ${ASK_ADMIN}`,
      );
    }
    if (payload.azp !== undefined && payload.azp !== platform.clientId) {
      throw refuse('wrong_azp', `The launch was issued to another tool (azp). ${ASK_ADMIN}`);
    }

    if (payload[CLAIM.messageType] !== RESOURCE_LINK_REQUEST) {
      throw refuse(
        'wrong_message_type',
        `The LMS sent a kind of launch Teamup does not handle (only resource links). ${ASK_ADMIN}`,
      );
    }
    if (payload[CLAIM.version] !== LTI_VERSION) {
      throw refuse('wrong_version', `The launch is not LTI 1.3.0. ${ASK_ADMIN}`);
    }
    const deploymentId = payload[CLAIM.deploymentId];
    if (typeof deploymentId !== 'string' || !platform.deploymentIds.includes(deploymentId)) {
      throw refuse(
        'unknown_deployment',
        'The launch came from a deployment this platform has not registered. Ask your organization admin to add it to the platform in Teamup.',
      );
    }

    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success) {
      const key = String(parsed.error.issues[0]?.path[0] ?? '');
      const [reason, message] = CLAIM_MESSAGES[key] ?? [
        'malformed',
        `The launch could not be read. ${AGAIN}`,
      ];
      throw refuse(reason, message, parsed.error);
    }
    const claims = parsed.data;

    // The nonce must be the one this browser's login sent, and be used only once.
    const nonce = payload.nonce;
    if (typeof nonce !== 'string' || nonce.length === 0 || sha256(nonce) !== loginState.nonceHash) {
      throw refuse('nonce_mismatch', `The launch does not match its sign-in. ${AGAIN}`);
    }
    // jose checked exp is a number in the future.
    const expiresAt = new Date(payload.exp! * 1000);
    if (!(await options.nonces.claimNonce(platform.issuer, nonce, expiresAt))) {
      throw refuse('replayed', `This launch was already used. ${AGAIN}`);
    }

    const roles = claims[CLAIM.roles];
    const nrps = claims[CLAIM.nrps];
    const given = claims.given_name;
    const family = claims.family_name;
    return {
      issuer: platform.issuer,
      clientId: platform.clientId,
      deploymentId,
      sub: claims.sub,
      email: claims.email,
      name: claims.name ?? ([given, family].filter(Boolean).join(' ') || null),
      givenName: given,
      familyName: family,
      roles,
      contextRole: mapLisRoles(roles),
      context: claims[CLAIM.context],
      resourceLink: claims[CLAIM.resourceLink],
      nrps: nrps ? { url: nrps.context_memberships_url, versions: nrps.service_versions } : null,
      section: sectionOfLis((payload as Record<string, unknown>)[LIS_CLAIM]),
      targetLinkUri: claims[CLAIM.targetLinkUri],
      replayKey: launchReplayKey(platform.issuer, idToken),
      expiresAt,
    };
  };
}

export type VerifyLaunch = ReturnType<typeof createLaunchVerifier>;
