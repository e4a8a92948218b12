import { z } from 'zod';
import { multiLineSchema, personNameSchema, singleLineSchema } from './text.js';
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
  fullname: personNameSchema(120).optional(),
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
  label: singleLineSchema().min(1, 'Label is required').max(40),
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
    fullname: personNameSchema(120),
    avatar: z
      .url({ protocol: /^https?$/, message: 'Enter a full http(s) image address' })
      .max(1000)
      .nullable(),
    headline: singleLineSchema().max(
      HEADLINE_MAX,
      `The headline is at most ${HEADLINE_MAX} characters`,
    ),
    bio: multiLineSchema().max(1000, 'Bio is at most 1000 characters'),
    skills: z
      .array(
        singleLineSchema()
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

/** ok; degraded: some figure is past its limit; down: the database does not answer. */
export const healthStatusSchema = z.enum(['ok', 'degraded', 'down']);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

/**
 * A figure judged against its limit: above `degradedAbove` (in the figure's own unit) it is
 * degraded and so is the whole. A null value (not measured) is judged ok, except the database
 * latency, which is down when the database does not answer. The limits are in the answer so the
 * page shows each next to its figure.
 */
export const healthCheckSchema = z.object({
  value: z.number().nullable(),
  degradedAbove: z.number(),
  status: healthStatusSchema,
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const detailedHealthSchema = z.object({
  /** The worst status of any figure below; down when the database is unreachable. */
  status: healthStatusSchema,
  /** When the figures were taken (ISO time). */
  checkedAt: z.string(),
  /** apps/server/package.json's version. */
  version: z.string(),
  /** The build's git commit (GIT_COMMIT or SOURCE_COMMIT, else .git/HEAD), null when unknown. */
  commit: z.string().nullable(),
  uptimeSeconds: z.number(),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    /** This call's round trip (`select 1`), null when the database did not answer. */
    latencyMs: z.number().nullable(),
    /** The same round trip, judged. */
    latency: healthCheckSchema,
    /** p99 of the round trips of the last `windowSeconds` (periodic probe and calls). */
    latencyP99: healthCheckSchema.extend({ samples: z.number(), windowSeconds: z.number() }),
    /** Connections; null on PGlite (in process, not pooled). */
    pool: z
      .object({
        max: z.number(),
        inUse: z.number(),
        idle: z.number(),
        /** Queries waiting for a connection, judged. */
        waiting: healthCheckSchema,
        /** The read lanes (decision 104): open of `size`, and queries in flight on them. */
        readLanes: z.object({ size: z.number(), open: z.number(), inFlight: z.number() }),
      })
      .nullable(),
    migrations: z.object({
      applied: z.number(),
      /** Entries of drizzle/meta/_journal.json this build ships. */
      expected: z.number(),
      /** The tag of the newest applied migration, null when none or not in the journal. */
      latest: z.string().nullable(),
      /** expected − applied, judged (any pending migration degrades). */
      pending: healthCheckSchema,
    }),
  }),
  csvJobs: z.object({
    queued: z.number(),
    processing: z.number(),
    /** Seconds the oldest QUEUED job has waited, judged; null when none waits. */
    oldestWaitingSeconds: healthCheckSchema,
    /** Jobs that ended FAILED in the last 24 hours, judged. */
    failedLast24h: healthCheckSchema,
    /**
     * The PROCESSING job whose lease ends last: its upload, the claim (attempt number, the
     * lease's fencing token) and the seconds left (negative: its process died and the lease ran
     * out, judged by `overdue`). Null when no job is being processed. A lease names no process.
     */
    lease: z
      .object({
        uploadId: z.uuid(),
        attempt: z.number(),
        expiresInSeconds: z.number().nullable(),
      })
      .nullable(),
    /** Seconds the most overdue lease has run out (0 when none), judged. */
    leaseOverdueSeconds: healthCheckSchema,
  }),
  /** The email outbox (issue 26). */
  mail: z.object({
    /** Whether this process sends email (false: production without SMTP_URL). */
    enabled: z.boolean(),
    /** Waiting to be sent now (PENDING), and waiting for a digest (HELD). */
    pending: z.number(),
    held: z.number(),
    /** Seconds the oldest PENDING email has waited, judged; null when none waits. */
    oldestPendingSeconds: healthCheckSchema,
    sentLast24h: z.number(),
    /** Emails given up in the last 24 hours (a 5xx, or 24 h of temporary failures), judged. */
    failedLast24h: healthCheckSchema,
    /** Addresses that refused mail for good (their users get no email until they say on /profile that it works again). */
    undeliverableAddresses: z.number(),
  }),
  memory: z.object({
    rssBytes: z.number(),
    heapUsedBytes: z.number(),
    /** The heap V8 holds now; it grows as needed up to heapLimitBytes. */
    heapTotalBytes: z.number(),
    /** V8's heap limit: heapUsedPercent is heap used of this (issue 35). */
    heapLimitBytes: z.number(),
  }),
  process: z.object({
    /** RSS in MiB, judged. */
    rssMb: healthCheckSchema,
    /** Heap used as a percentage of V8's heap limit, judged. */
    heapUsedPercent: healthCheckSchema,
    /** p99 of the event loop's delay over the last minute (ms), judged. */
    eventLoopDelayP99Ms: healthCheckSchema,
    /** Responses of the last 60 seconds. */
    requestsPerMinute: z.number(),
    /** 5xx responses of the last 60 seconds, judged. */
    serverErrorsPerMinute: healthCheckSchema,
  }),
});
export type DetailedHealth = z.infer<typeof detailedHealthSchema>;
