import { z } from 'zod';
import { singleLineSchema } from './text.js';

// LTI 1.3 (issue 28, decisions 136 and 138): the platforms (LMS registrations) of an
// organization, the values an LMS administrator pastes, the launch's code exchange and the
// roster sync.

const httpsUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ message: 'Enter a full URL (https://…)' }))
  .refine((v) => /^https?:\/\//.test(v), { message: 'Enter an http or https URL' });

export const ltiPlatformBodySchema = z.strictObject({
  /** Needed only when the caller administers more than one organization. */
  organizationId: z.uuid().optional(),
  name: singleLineSchema().min(1, 'Name is required').max(120),
  issuer: z.string().trim().min(1, 'Issuer is required').max(500),
  clientId: z.string().trim().min(1, 'Client ID is required').max(255),
  authorizationUrl: httpsUrl,
  tokenUrl: httpsUrl,
  jwksUrl: httpsUrl,
  deploymentIds: z
    .array(z.string().trim().min(1).max(255))
    .min(1, 'At least one deployment ID')
    .max(50),
});
export type LtiPlatformBody = z.input<typeof ltiPlatformBodySchema>;

/**
 * What may change of a registered platform: not its issuer and client ID, which are who it is
 * (another pair is another registration). Adding a deployment ID keeps its courses linked.
 */
export const ltiPlatformUpdateSchema = ltiPlatformBodySchema
  .pick({ name: true, authorizationUrl: true, tokenUrl: true, jwksUrl: true, deploymentIds: true })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type LtiPlatformUpdate = z.input<typeof ltiPlatformUpdateSchema>;

export const ltiPlatformSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  authorizationUrl: z.string(),
  tokenUrl: z.string(),
  jwksUrl: z.string(),
  deploymentIds: z.array(z.string()),
  registeredBy: z.enum(['MANUAL', 'DYNAMIC']),
  courses: z.number().int(),
  createdAt: z.string(),
  /**
   * This registration's own login initiation URL (/lti/login/{id}): for an LMS that omits
   * client_id at login, so another registration of the same issuer is never taken for it.
   */
  loginUrl: z.string(),
});
export type LtiPlatformView = z.infer<typeof ltiPlatformSchema>;

export const ltiPlatformListSchema = z.object({ items: z.array(ltiPlatformSchema) });

/** What an LMS administrator pastes into the LMS (the platform page shows them). */
export const ltiToolConfigSchema = z.object({
  loginUrl: z.string(),
  launchUrl: z.string(),
  redirectUris: z.array(z.string()),
  jwksUrl: z.string(),
  domain: z.string(),
  /** LTI Dynamic Registration: one URL for this organization (valid 7 days). */
  registrationUrl: z.string(),
  registrationExpiresAt: z.string(),
  /** Canvas's developer key JSON, ready to paste. */
  canvasJson: z.string(),
});
export type LtiToolConfig = z.infer<typeof ltiToolConfigSchema>;

export const ltiToolQuerySchema = z.object({ organizationId: z.uuid().optional() });

export const ltiLoginBodySchema = z.strictObject({
  code: z.string().trim().min(20).max(200),
  /**
   * The app runs inside the LMS's frame: over https the session's refresh cookie is then the
   * partitioned one a cross-site frame keeps (decision 139).
   */
  framed: z.boolean().default(false),
});

/** One change a roster sync makes (or would make). */
export const ltiSyncChangeSchema = z.object({
  kind: z.enum(['ENROLL', 'REACTIVATE', 'DEACTIVATE', 'STAFF', 'STAFF_REMOVED']),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(['INSTRUCTOR', 'TEACHING_ASSISTANT', 'LEARNER']).nullable(),
});
export type LtiSyncChange = z.infer<typeof ltiSyncChangeSchema>;

export const ltiSyncResultSchema = z.object({
  /** False for a preview: nothing was changed. */
  applied: z.boolean(),
  members: z.number().int(),
  enrolled: z.number().int(),
  reactivated: z.number().int(),
  deactivated: z.number().int(),
  staffChanged: z.number().int(),
  unchanged: z.number().int(),
  changes: z.array(ltiSyncChangeSchema),
  lastSyncedAt: z.string().nullable(),
});
export type LtiSyncResult = z.infer<typeof ltiSyncResultSchema>;

export const ltiSyncBodySchema = z.strictObject({
  /** True: report what would change, change nothing (the preview before the first sync). */
  preview: z.boolean().default(false),
});

/** A course of the LMS (an LTI context) and the Teamup course it is linked to. */
export const ltiContextSchema = z.object({
  id: z.uuid(),
  platformId: z.uuid(),
  platformName: z.string(),
  organizationId: z.uuid(),
  /** The LMS's own id of its course. */
  contextId: z.string(),
  title: z.string(),
  label: z.string(),
  course: z.object({ id: z.uuid(), code: z.string(), title: z.string(), archived: z.boolean() }),
  /** Whether a launch gave its roster service (Sync roster works). */
  hasRoster: z.boolean(),
  lastSyncedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type LtiContextView = z.infer<typeof ltiContextSchema>;

export const ltiContextListSchema = z.object({ items: z.array(ltiContextSchema) });

export const ltiContextQuerySchema = z.object({ organizationId: z.uuid().optional() });

/** Link an LMS course to an existing course of its organization instead of the one it has. */
export const ltiContextLinkBodySchema = z.strictObject({ courseId: z.uuid() });
export type LtiContextLinkBody = z.infer<typeof ltiContextLinkBodySchema>;

export const ltiContextLinkResultSchema = z.object({
  context: ltiContextSchema,
  /** The course it was linked to before (null when it was linked to this course already). */
  former: z
    .object({ id: z.uuid(), code: z.string(), title: z.string(), archived: z.boolean() })
    .nullable(),
  /** The LMS's students and staff of the former course, now in this one too. */
  carriedOver: z.object({ students: z.number().int(), staff: z.number().int() }),
});
export type LtiContextLinkResult = z.infer<typeof ltiContextLinkResultSchema>;
