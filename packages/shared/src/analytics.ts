// System Analytics (issue 13, decision 109): the superadmin's home (`GET /analytics/overview`)
// and the usage figures over a range of days (`GET /analytics/usage`). SUPERADMIN only. Days are
// UTC dates (YYYY-MM-DD); weeks start on Monday (ISO weeks) and are cut to the range.
import { z } from 'zod';

/** The ranges the usage call accepts, in days, ending today (UTC). */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;
/** How many organizations each of the most and least active lists holds at most. */
export const ANALYTICS_RANKING_SIZE = 5;
/** How many items each needs-attention list holds at most (its total says how many there are). */
export const ATTENTION_LIST_MAX = 10;
/** How far back a failed CSV upload still needs attention. */
export const FAILED_UPLOAD_ATTENTION_DAYS = 7;

/** GET /analytics/usage?range=7|30|90&organizationId= */
export const analyticsUsageQuerySchema = z.object({
  range: z
    .enum(['7', '30', '90'])
    .default('30')
    .transform((v) => Number(v) as AnalyticsRange),
  /** The figures of one organization's people only (404 when unknown or deleted). */
  organizationId: z.uuid().optional(),
});
export type AnalyticsUsageQuery = z.input<typeof analyticsUsageQuerySchema>;

const count = z.number().int().min(0);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const analyticsOrganizationRefSchema = z.object({ id: z.uuid(), name: z.string() });
export const analyticsCourseRefSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  title: z.string(),
});

export const usageDaySchema = z.object({
  day,
  /** Sign-ins that day (a user signing in twice counts twice). */
  signIns: count,
  /** Distinct users who used Teamup that day (signed in or made a signed-in call). */
  activeUsers: count,
  /** Teams created that day (disbanded since or not). */
  teamsFormed: count,
});
export type UsageDay = z.infer<typeof usageDaySchema>;

export const usageWeekSchema = z.object({
  /** The Monday that starts the week. */
  weekStart: day,
  /** The part of the week inside the range (the first and last weeks may be cut). */
  from: day,
  to: day,
  newUsers: count,
  csvUploads: count,
  csvFailed: count,
  /** Rows read by the week's uploads. */
  csvRowsProcessed: count,
  /** Failed uploads ÷ finished (completed or failed) uploads, 0 to 1; null when none finished. */
  csvFailureRate: z.number().min(0).max(1).nullable(),
});
export type UsageWeek = z.infer<typeof usageWeekSchema>;

export const usageTotalsSchema = z.object({
  signIns: count,
  /** Distinct users active on at least one day of the range (not the sum of the days). */
  activeUsers: count,
  newUsers: count,
  teamsFormed: count,
  csvUploads: count,
  csvFailed: count,
  csvRowsProcessed: count,
  csvFailureRate: z.number().min(0).max(1).nullable(),
});
export type UsageTotals = z.infer<typeof usageTotalsSchema>;

/**
 * An organization's activity over the range. Its people: users enrolled (not removed) in any of
 * its courses, and its admins. Active: those of them active on at least one day of the range.
 */
export const organizationActivitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  people: count,
  activeUsers: count,
  signIns: count,
});
export type OrganizationActivity = z.infer<typeof organizationActivitySchema>;

export const usageAnalyticsSchema = z.object({
  range: z.number().int(),
  from: day,
  to: day,
  /** The organization filter, when one was given. */
  organization: analyticsOrganizationRefSchema.nullable(),
  days: z.array(usageDaySchema),
  weeks: z.array(usageWeekSchema),
  totals: usageTotalsSchema,
  /**
   * How fresh today's figures are (ISO 8601 UTC): when they were rolled up (at most about two
   * minutes before), or the time of the call when they were computed live. Past days are final.
   */
  todayAsOf: z.string(),
  /**
   * Over every live organization whatever the filter: most active users first, and the least
   * active of the others (so an organization is never in both lists).
   */
  mostActive: z.array(organizationActivitySchema),
  leastActive: z.array(organizationActivitySchema),
});
export type UsageAnalytics = z.infer<typeof usageAnalyticsSchema>;

export const failedUploadAttentionSchema = z.object({
  uploadId: z.uuid(),
  fileName: z.string(),
  failureMessage: z.string().nullable(),
  /** When it failed (finished), ISO 8601 UTC. */
  failedAt: z.string(),
  organization: analyticsOrganizationRefSchema,
  course: analyticsCourseRefSchema,
});
export type FailedUploadAttention = z.infer<typeof failedUploadAttentionSchema>;

export const teamlessCourseAttentionSchema = z.object({
  course: analyticsCourseRefSchema,
  organization: analyticsOrganizationRefSchema,
  deadline: z.string(),
  /** ACTIVE students (not removed, signed in) without a team in the course. */
  teamlessStudents: count,
  activeStudents: count,
});
export type TeamlessCourseAttention = z.infer<typeof teamlessCourseAttentionSchema>;

export const analyticsOverviewSchema = z.object({
  /**
   * Accounts. Issue 35: `students`, `instructors` and `teachingAssistants` count people by what
   * they are in the courses of live organizations (a person enrolled in one course and teaching
   * another counts in both): students are accounts enrolled (not removed) in a course, the other
   * two its staff. `orgAdmins` and `superadmins` count the global roles.
   */
  users: z.object({
    total: count,
    students: count,
    instructors: count,
    teachingAssistants: count,
    orgAdmins: count,
    superadmins: count,
  }),
  /** Live organizations; deleted ones apart. */
  organizations: z.object({ active: count, deleted: count }),
  /** Courses of live organizations. */
  courses: z.object({ active: count, archived: count }),
  /** Live (not disbanded) teams of live organizations' courses. */
  teams: count,
  /** Enrollments (not removed) in live organizations' courses, by status. */
  enrollments: z.object({
    total: count,
    active: count,
    pending: count,
    inactive: count,
  }),
  attention: z.object({
    /** FAILED uploads of the last FAILED_UPLOAD_ATTENTION_DAYS days, newest first. */
    failedUploads: z.object({ total: count, items: z.array(failedUploadAttentionSchema) }),
    /** Live courses past their deadline with ACTIVE students teamless, most teamless first. */
    teamlessPastDeadline: z.object({
      total: count,
      items: z.array(teamlessCourseAttentionSchema),
    }),
  }),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;
