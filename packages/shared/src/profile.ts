import { z } from 'zod';
import { paginationQuerySchema } from './api.js';
import { personSchema } from './teams.js';

const countSchema = z.number().int().min(0);

/**
 * GET /auth/profile/stats: the numbers a user's own profile shows (decision 072). Every count
 * leaves out what the user can no longer see: removed enrollments, deleted organizations,
 * disbanded teams.
 */
export const profileStatsSchema = z.object({
  /**
   * The user's enrollments by status. A signed-in user has no PENDING ones: PENDING means
   * "not signed in yet", and the first sign-in activates them.
   */
  enrollments: z.object({
    total: countSchema,
    active: countSchema,
    inactive: countSchema,
  }),
  teams: z.object({
    /** Teams the user is a member of now (leaders included). */
    joined: countSchema,
    /** Of those, the ones the user leads. */
    leading: countSchema,
  }),
  /** Join requests the user sent that await the leader's answer. */
  pendingJoinRequests: countSchema,
  /** Invitations the user received and has not answered yet. */
  pendingInvitations: countSchema,
  /** Only for users who administer at least one organization; null otherwise. */
  administration: z
    .object({
      organizations: countSchema,
      /** Courses of those organizations that are not archived. */
      courses: countSchema,
      /** Distinct students (by email) enrolled in those courses. */
      students: countSchema,
    })
    .nullable(),
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;

/** SPEC §7: page and limit, defaults 1 and 20. */
export const profileActivityQuerySchema = paginationQuerySchema;
export type ProfileActivityQuery = z.input<typeof profileActivityQuerySchema>;

/**
 * One entry of GET /auth/profile/activity: an audit event the user took part in, as the one
 * who acted or the one it was about, with the names of what it concerned.
 */
export const profileActivityEntrySchema = z.object({
  id: z.uuid(),
  /** The audit action, e.g. TEAM_CREATED, MEMBER_JOINED, ENROLLED, STATUS_CHANGED. */
  action: z.string(),
  /** Null when the system acted (a first sign-in activating an enrollment). */
  actor: personSchema.nullable(),
  /** The user the event was about, when it was about someone. */
  target: personSchema.nullable(),
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  course: z.object({ id: z.uuid(), code: z.string(), title: z.string() }).nullable(),
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type ProfileActivityEntry = z.infer<typeof profileActivityEntrySchema>;
