import { z } from 'zod';
import {
  HEADLINE_MAX,
  LINK_MAX,
  PROFILE_VISIBILITIES,
  SKILL_MAX,
  SKILL_TEXT_MAX,
} from './constants.js';
import { roleSchema } from './roles.js';

export const googleLoginBodySchema = z.strictObject({
  credential: z.string().min(1, 'credential is required').max(8192),
});
export type GoogleLoginBody = z.infer<typeof googleLoginBodySchema>;

export const devIdTokenBodySchema = z.strictObject({
  email: z.email().max(254),
  fullname: z.string().trim().min(1).max(120).optional(),
});
export type DevIdTokenBody = z.infer<typeof devIdTokenBodySchema>;

export const devIdTokenResponseSchema = z.object({ credential: z.string() });

export const devUserSchema = z.object({
  email: z.string(),
  fullname: z.string(),
  role: roleSchema,
});
export type DevUser = z.infer<typeof devUserSchema>;

/** The signed-in user as the web app stores it (SPEC §3: fullname, email, avatar, role, token, expiresAt). */
export const authUserSchema = z.object({
  id: z.uuid(),
  fullname: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
  /** Expiry of the access token, ISO 8601 UTC. */
  expiresAt: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const activatedEnrollmentSchema = z.object({
  enrollmentId: z.uuid(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  courseCode: z.string(),
  organizationName: z.string(),
});
export type ActivatedEnrollment = z.infer<typeof activatedEnrollmentSchema>;

export const loginResponseSchema = z.object({
  user: authUserSchema,
  token: z.string(),
  activatedEnrollments: z.array(activatedEnrollmentSchema),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshResponseSchema = z.object({
  token: z.string(),
  user: authUserSchema,
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const profileLinkSchema = z.strictObject({
  label: z.string().trim().min(1, 'Label is required').max(40),
  url: z.url({ protocol: /^https?$/, message: 'Enter a full http(s) address' }).max(500),
});
export type ProfileLink = z.infer<typeof profileLinkSchema>;

export const profileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullname: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
  bio: z.string(),
  headline: z.string(),
  skills: z.array(z.string()),
  links: z.array(profileLinkSchema),
  /** Who may see the profile (issue 12): students sharing an ACTIVE course, or the organizations. */
  profileVisibility: z.enum(PROFILE_VISIBILITIES),
  /** Whether other students see the email (teammates always do). */
  showEmail: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateBodySchema = z
  .strictObject({
    fullname: z.string().trim().min(1, 'Full name is required').max(120),
    avatar: z
      .url({ protocol: /^https?$/, message: 'Enter a full http(s) image address' })
      .max(1000)
      .nullable(),
    headline: z
      .string()
      .trim()
      .max(HEADLINE_MAX, `The headline is at most ${HEADLINE_MAX} characters`),
    bio: z.string().trim().max(1000, 'Bio is at most 1000 characters'),
    skills: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'A skill cannot be empty')
          .max(SKILL_TEXT_MAX, `A skill is at most ${SKILL_TEXT_MAX} characters`),
      )
      .max(SKILL_MAX, `At most ${SKILL_MAX} skills`)
      // The same skill twice, whatever its case, is one skill.
      .refine((v) => new Set(v.map((s) => s.toLowerCase())).size === v.length, {
        message: 'Each skill once',
      }),
    links: z.array(profileLinkSchema).max(LINK_MAX, `At most ${LINK_MAX} links`),
    profileVisibility: z.enum(PROFILE_VISIBILITIES),
    showEmail: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

export const sessionSchema = z.object({
  id: z.uuid(),
  userAgent: z.string().nullable(),
  /** A short human label derived from the user agent, e.g. "Chrome on Linux". */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const authConfigSchema = z.object({
  googleClientId: z.string().nullable(),
  devLogin: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  time: z.string(),
});

export const detailedHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
  }),
  memory: z.object({
    rssBytes: z.number(),
    heapUsedBytes: z.number(),
    heapTotalBytes: z.number(),
  }),
});
export type DetailedHealth = z.infer<typeof detailedHealthSchema>;
