// Who someone is (issue 34, decision 141): organizations own email domains, an LMS vouches for
// an email only inside its organization's domains, and anything else is linked by the person.
import { z } from 'zod';
import { googleLoginBodySchema } from './auth.js';

/** At most this many domains per organization. */
export const ORGANIZATION_DOMAINS_MAX = 20;

/**
 * An email domain an organization owns: lower-cased DNS labels with at least one dot
 * (`northfield.edu`, `student.northfield.edu`). A subdomain is its own entry: owning
 * `northfield.edu` does not vouch for `cs.northfield.edu`.
 */
export const emailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'A domain has at most 253 characters')
  .regex(
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
    'Enter a domain such as northfield.edu (no @, no https://)',
  );

export const organizationDomainsBodySchema = z.strictObject({
  domains: z
    .array(emailDomainSchema)
    .max(ORGANIZATION_DOMAINS_MAX, `At most ${ORGANIZATION_DOMAINS_MAX} domains`)
    .refine((list) => new Set(list).size === list.length, {
      message: 'Each domain once',
    }),
});
export type OrganizationDomainsBody = z.input<typeof organizationDomainsBodySchema>;

export const organizationDomainsSchema = z.object({
  organizationId: z.uuid(),
  domains: z.array(z.string()),
});
export type OrganizationDomains = z.infer<typeof organizationDomainsSchema>;

/** How an LMS identity came to open its account. */
export const LTI_LINK_SOURCES = [
  /** The launch started a new LMS-only account. */
  'NEW',
  /** The platform vouched for an email inside its organization's domains. */
  'VOUCHED_EMAIL',
  /** The person linked it, signed in on both sides. */
  'PERSON',
] as const;
export type LtiLinkSource = (typeof LTI_LINK_SOURCES)[number];

/** One LMS identity that opens the signed-in account (the profile lists them). */
export const linkedIdentitySchema = z.object({
  id: z.uuid(),
  platformName: z.string(),
  organizationName: z.string(),
  /** The email the LMS sent, as it sent it (vouched or not). */
  lmsEmail: z.string().nullable(),
  source: z.enum(LTI_LINK_SOURCES),
  linkedAt: z.string(),
  lastLaunchAt: z.string(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;

export const linkedIdentitiesSchema = z.object({
  /**
   * True for an account only an LMS opens (no Google sign-in, no address of its own): it can be
   * linked to the person's Teamup account.
   */
  lmsOnly: z.boolean(),
  /** Whether the account has a Google sign-in. */
  google: z.boolean(),
  items: z.array(linkedIdentitySchema),
});
export type LinkedIdentities = z.infer<typeof linkedIdentitiesSchema>;

/** "Link to my Teamup account": the Google (or development) ID token of the Teamup account. */
export const linkIdentityBodySchema = googleLoginBodySchema;
export type LinkIdentityBody = z.infer<typeof linkIdentityBodySchema>;

/** Why a launch or a person could not open an account (decision 141), in words. */
export const LINK_REFUSAL_TEXTS = {
  OUTSIDE_DOMAINS:
    "The LMS's email is outside the organization's email domains, so it cannot open an account",
  SUPERADMIN: 'A Teamup superadmin account is never opened from an LMS',
  OTHER_ORGANIZATION_ADMIN: 'The account administers another organization',
  OTHER_ORGANIZATION_STAFF: "The account teaches in another organization's course",
  LINK_CONFLICT: 'Both accounts take part in the same course',
} as const;
export type LinkRefusalReason = keyof typeof LINK_REFUSAL_TEXTS;

/** One link, unlink or refused link, as the organization's LMS page lists them. */
export const LTI_LINK_EVENT_ACTIONS = [
  'LTI_IDENTITY_LINKED',
  'LTI_IDENTITY_UNLINKED',
  'LTI_LINK_REFUSED',
] as const;
export type LtiLinkEventAction = (typeof LTI_LINK_EVENT_ACTIONS)[number];

export const ltiLinkEventSchema = z.object({
  id: z.uuid(),
  action: z.enum(LTI_LINK_EVENT_ACTIONS),
  at: z.string(),
  platformName: z.string().nullable(),
  /** The account's name (the organization's admins see who). */
  fullname: z.string().nullable(),
  /** The email the LMS sent. */
  lmsEmail: z.string().nullable(),
  /** LAUNCH_EMAIL (a launch's email) | PERSON (the person, linking or unlinking) | GOOGLE_SIGN_IN (detached at a first Google sign-in) */
  via: z.string(),
  /** Why a link was refused, in words. */
  reason: z.string().nullable(),
});
export type LtiLinkEvent = z.infer<typeof ltiLinkEventSchema>;

export const ltiLinkEventListSchema = z.object({
  items: z.array(ltiLinkEventSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
