// The organization admin's formation dashboard (issue 13, decision 108): GET /admin/dashboard/stats
// and its CSV, GET /admin/dashboard/stats.csv. Scoped to the caller's organizations (a superadmin:
// every live organization); non-archived courses of live organizations only. Removed enrollments
// are never counted. Days are UTC.
import { z } from 'zod';
import { COURSE_TERM_MAX } from './constants.js';

/** Both calls take the same optional filters; an organization not the caller's answers 404. */
export const adminDashboardQuerySchema = z.object({
  organizationId: z.uuid().optional(),
  term: z.string().trim().min(1).max(COURSE_TERM_MAX).optional(),
});
export type AdminDashboardQuery = z.infer<typeof adminDashboardQuerySchema>;

/** How far back the progress curve goes, at most (days, today included). */
export const FORMATION_PROGRESS_MAX_DAYS = 120;
/** A deadline this close (hours) with students still teamless needs attention. */
export const ATTENTION_DEADLINE_HOURS = 72;
/** A join request unanswered this long (hours) needs attention. */
export const ATTENTION_REQUEST_HOURS = 48;
/** An open survey closing this soon (hours) with students who have not submitted (issue 35). */
export const ATTENTION_SURVEY_HOURS = 72;

export const dashboardCourseStatsSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  title: z.string(),
  term: z.string(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  teamSizeMin: z.number().int(),
  teamSizeMax: z.number().int(),
  /** ISO 8601 UTC. */
  deadline: z.string(),
  /** Seconds until the deadline at the time of the answer; negative once it has passed. */
  secondsLeft: z.number().int(),
  /** Enrollments by status (removed ones not counted). */
  students: z.object({
    pending: z.number().int().min(0),
    active: z.number().int().min(0),
    inactive: z.number().int().min(0),
  }),
  /** ACTIVE students who are members of a live team of the course. */
  placed: z.number().int().min(0),
  /** placed / active × 100, one decimal; null when there is no active student. */
  placedPercent: z.number().nullable(),
  /** ACTIVE students in no team. */
  teamless: z.number().int().min(0),
  /** Live teams: full (no seat left), open (a seat left), under the course's minimum size. */
  teams: z.object({
    total: z.number().int().min(0),
    full: z.number().int().min(0),
    open: z.number().int().min(0),
    underMinimum: z.number().int().min(0),
  }),
  pendingJoinRequests: z.number().int().min(0),
  pendingInvitations: z.number().int().min(0),
});
export type DashboardCourseStats = z.infer<typeof dashboardCourseStatsSchema>;

export const formationPointSchema = z.object({
  /** YYYY-MM-DD (UTC), the state at the end of that day (today: now). */
  day: z.string(),
  active: z.number().int().min(0),
  placed: z.number().int().min(0),
  /** placed / active × 100, one decimal; null when there is no active student. */
  percent: z.number().nullable(),
});
export type FormationPoint = z.infer<typeof formationPointSchema>;

export const courseProgressSchema = z.object({
  courseId: z.uuid(),
  code: z.string(),
  points: z.array(formationPointSchema),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

export const ATTENTION_KINDS = [
  'DEADLINE_SOON',
  'DEADLINE_PASSED',
  // Issue 35: the survey closes soon and some have not submitted; the survey closed and some
  // students are still without a team (placement is next).
  'SURVEY_CLOSING',
  'PLACEMENT_WAITING',
  'FAILED_UPLOADS',
  'TEAMS_UNDER_MINIMUM',
  'STALE_JOIN_REQUESTS',
] as const;
export const attentionKindSchema = z.enum(ATTENTION_KINDS);
export type AttentionKind = z.infer<typeof attentionKindSchema>;

export const attentionItemSchema = z.object({
  kind: attentionKindSchema,
  courseId: z.uuid(),
  courseCode: z.string(),
  courseTitle: z.string(),
  organizationName: z.string(),
  /**
   * What is counted: teamless students (deadline kinds, PLACEMENT_WAITING), active students who
   * have not submitted the survey (SURVEY_CLOSING), failed uploads, teams under the minimum,
   * join requests waiting for more than 48 h.
   */
  count: z.number().int().min(1),
  /**
   * The time the item is about (ISO 8601 UTC): the deadline, the survey's closing (survey and
   * placement kinds), the latest failed upload, the oldest waiting request; null for teams
   * under the minimum.
   */
  at: z.string().nullable(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

export const adminDashboardStatsSchema = z.object({
  /** ISO 8601 UTC: when the figures were taken. */
  generatedAt: z.string(),
  /** What the filters may choose from: the caller's organizations, and the terms of their courses. */
  filters: z.object({
    organizations: z.array(z.object({ id: z.uuid(), name: z.string() })),
    terms: z.array(z.string()),
  }),
  /** By organization name, then course code. */
  courses: z.array(dashboardCourseStatsSchema),
  /** One series per course, in the order of `courses`. */
  progress: z.array(courseProgressSchema),
  /** Most urgent first (decision 108). */
  attention: z.array(attentionItemSchema),
});
export type AdminDashboardStats = z.infer<typeof adminDashboardStatsSchema>;

/** The columns of GET /admin/dashboard/stats.csv, in order. */
export const ADMIN_DASHBOARD_CSV_HEADER = [
  'organization',
  'code',
  'title',
  'term',
  'deadline',
  'hoursLeft',
  'pending',
  'active',
  'inactive',
  'placed',
  'placedPercent',
  'teamless',
  'teams',
  'teamsFull',
  'teamsOpen',
  'teamsUnderMinimum',
  'pendingJoinRequests',
  'pendingInvitations',
] as const;
