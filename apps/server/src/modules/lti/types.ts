// Types and constants shared by the LTI 1.3 files (issue 28, decision 136).

/** A platform (an LMS registration) as the app stores it. It belongs to one organization. */
export interface LtiPlatform {
  id: string;
  organizationId: string;
  name: string;
  /** The platform's `iss`, exactly as its id_tokens carry it. */
  issuer: string;
  /** Our client id at the platform: the `aud` of its id_tokens. */
  clientId: string;
  /** The platform's OIDC authorization endpoint (where the login redirects). */
  authorizationUrl: string;
  /** The platform's OAuth 2 token endpoint (services such as NRPS). */
  tokenUrl: string;
  /** The platform's public keys. */
  jwksUrl: string;
  /** The deployments of Teamup at this platform that may launch. */
  deploymentIds: string[];
  /**
   * The `aud` of our client assertion when the platform wants something other than its token
   * URL (D2L does; dynamic registration gives it as `authorization_server`). Null: tokenUrl.
   */
  authTokenAudience?: string | null;
}

/** What a person is in a course, from the LIS roles of a launch or a membership. */
export type LtiContextRole = 'INSTRUCTOR' | 'TEACHING_ASSISTANT' | 'LEARNER';

export const LTI_VERSION = '1.3.0';
export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';

export const CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

export const NRPS_SCOPE =
  'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
export const NRPS_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';

export type LtiErrorCode =
  /** The platform's login request is unusable (unknown platform, bad parameters). */
  | 'LTI_LOGIN_INVALID'
  /** The launch's state is forged, expired, or from another browser. */
  | 'LTI_STATE_INVALID'
  /** The id_token fails a check of the LTI 1.3 / IMS Security Framework list. */
  | 'LTI_LAUNCH_INVALID'
  /** The platform's keys, token or membership service could not be used. */
  | 'LTI_SERVICE_FAILED'
  /** Dynamic registration failed. */
  | 'LTI_REGISTRATION_FAILED'
  /** The tool's own keys (LTI_PRIVATE_KEYS or the development file) are unusable. */
  | 'LTI_KEYS_INVALID';

/**
 * Every LTI failure. `message` is written for the person in front of the LMS (the launch
 * error page shows it as it is); `reason` is a short fixed word for logs and tests, so the
 * page never needs to say more than it should.
 */
export class LtiError extends Error {
  constructor(
    readonly code: LtiErrorCode,
    readonly reason: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LtiError';
  }
}

export type Fetch = typeof fetch;

/**
 * An HTTP answer described as data, so the protocol code stays free of Fastify: the route
 * copies status, headers and body onto its reply.
 */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}
