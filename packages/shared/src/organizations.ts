import { z } from 'zod';
import { multiLineSchema, personNameSchema, singleLineSchema } from './text.js';
import { ORG_NAME_MAX, ORG_SLUG_MAX, ORG_DESCRIPTION_MAX } from './constants.js';
import { paginationQuerySchema } from './api.js';
import { roleSchema } from './roles.js';

/** Emails are compared lower-cased (DESIGN §5): every email input is trimmed and lowered. */
export const emailInputSchema = z
  .string()
  .trim()
  .max(254)
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const orgSlugSchema = z
  .string()
  .trim()
  .min(2, 'At least 2 characters')
  .max(ORG_SLUG_MAX)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and single hyphens only');

const orgFields = {
  name: singleLineSchema().min(1, 'Name is required').max(ORG_NAME_MAX),
  slug: orgSlugSchema,
  description: multiLineSchema().max(ORG_DESCRIPTION_MAX),
};

export const createOrganizationBodySchema = z.strictObject({
  ...orgFields,
  description: orgFields.description.default(''),
});
export type CreateOrganizationBody = z.input<typeof createOrganizationBodySchema>;

export const updateOrganizationBodySchema = z
  .strictObject(orgFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;

export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set when a superadmin deleted it; the data is kept and can be restored. */
  deletedAt: z.string().nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationSummarySchema = organizationSchema.extend({
  adminCount: z.number().int(),
  courseCount: z.number().int(),
  /** Distinct students with a non-removed enrollment in one of its courses. */
  studentCount: z.number().int(),
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

export const organizationAdminSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  fullname: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
  appointedAt: z.string(),
  /** False for an admin appointed by email who has not signed in yet. */
  hasSignedIn: z.boolean(),
});
export type OrganizationAdmin = z.infer<typeof organizationAdminSchema>;

export const organizationDetailSchema = organizationSummarySchema.extend({
  admins: z.array(organizationAdminSchema),
  /**
   * The email domains it owns (issue 34, decision 141): its LMS platforms vouch for emails
   * inside them only. Set by a superadmin.
   */
  domains: z.array(z.string()),
});
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;

export const organizationListQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  /** Superadmin list only: also show deleted organizations. */
  includeDeleted: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type OrganizationListQuery = z.input<typeof organizationListQuerySchema>;

export const appointAdminBodySchema = z.strictObject({
  email: emailInputSchema,
  /** Used only when the email has no account yet; the person can change it in their profile. */
  fullname: personNameSchema(120).optional(),
});
export type AppointAdminBody = z.input<typeof appointAdminBodySchema>;

export const removeAdminQuerySchema = z.strictObject({ userId: z.uuid() });

export const directoryUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullname: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** Organizations this user administers. */
  organizations: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type DirectoryUser = z.infer<typeof directoryUserSchema>;

export const userDirectoryQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  role: roleSchema.optional(),
});
export type UserDirectoryQuery = z.input<typeof userDirectoryQuerySchema>;
