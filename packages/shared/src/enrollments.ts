import { z } from 'zod';
import { personNameSchema, singleLineSchema } from './text.js';
import { ENROLLMENT_STATUSES, SECTION_MAX } from './constants.js';
import { paginationQuerySchema } from './api.js';
import { emailInputSchema } from './organizations.js';

/**
 * A course section as typed or imported (issue 36, decision 154): one line, at most 60
 * characters; empty means none (null).
 */
export const sectionInputSchema = singleLineSchema().max(
  SECTION_MAX,
  `A section has at most ${SECTION_MAX} characters`,
);

/** One section of a course and its active students (issue 36). */
export const courseSectionSchema = z.object({ name: z.string(), activeStudents: z.number().int() });
export type CourseSection = z.infer<typeof courseSectionSchema>;

export const enrollmentStatusSchema = z.enum(ENROLLMENT_STATUSES);
export type EnrollmentStatus = z.infer<typeof enrollmentStatusSchema>;

/** LTI: enrolled by an LMS launch or roster sync (issue 28). */
export const ENROLLMENT_SOURCES = ['MANUAL', 'CSV', 'LTI'] as const;
export const enrollmentSourceSchema = z.enum(ENROLLMENT_SOURCES);
export type EnrollmentSource = z.infer<typeof enrollmentSourceSchema>;

export const teamRefSchema = z.object({ id: z.uuid(), name: z.string() });

/** An enrollment as organization admins see it. */
export const enrollmentSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseCode: z.string(),
  courseTitle: z.string(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  email: z.string(),
  fullname: z.string(),
  studentId: z.string().nullable(),
  /** Issue 36: the student's course section (roster, manual add or LMS), or null. */
  section: z.string().nullable(),
  userId: z.uuid().nullable(),
  status: enrollmentStatusSchema,
  source: enrollmentSourceSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  activatedAt: z.string().nullable(),
  /** The student's team in this course, once teams exist. */
  team: teamRefSchema.nullable(),
  /**
   * Issue 26: the student's address refused email for good (a 5xx reply); no email is sent to
   * it until the student says on their profile that their mailbox works again.
   */
  emailUndeliverable: z.boolean(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

export const ENROLLMENT_EVENT_ACTIONS = [
  'ENROLLED',
  'ACTIVATED',
  'STATUS_CHANGED',
  'REMOVED',
  'RESTORED',
] as const;

export const enrollmentEventSchema = z.object({
  id: z.uuid(),
  action: z.string(),
  /** Null for changes the system made (the student's first sign-in). */
  actor: z.object({ id: z.uuid(), fullname: z.string(), email: z.string() }).nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type EnrollmentEvent = z.infer<typeof enrollmentEventSchema>;

export const enrollmentDetailSchema = enrollmentSchema.extend({
  history: z.array(enrollmentEventSchema),
});
export type EnrollmentDetail = z.infer<typeof enrollmentDetailSchema>;

export const adminStudentsQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  organizationId: z.uuid().optional(),
  courseId: z.uuid().optional(),
  status: enrollmentStatusSchema.optional(),
});
export type AdminStudentsQuery = z.input<typeof adminStudentsQuerySchema>;

export const courseRosterQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  status: enrollmentStatusSchema.optional(),
  /** Issue 36: only the students of this section (exact, as the roster shows it). */
  section: z.string().trim().min(1).max(SECTION_MAX).optional(),
});
export type CourseRosterQuery = z.input<typeof courseRosterQuerySchema>;

export const manualAddBodySchema = z.strictObject({
  courseId: z.uuid(),
  email: emailInputSchema,
  fullname: personNameSchema(120),
  /** Issue 36: the student's course section; empty or omitted: none. */
  section: sectionInputSchema.optional(),
});
export type ManualAddBody = z.input<typeof manualAddBodySchema>;

export const enrollmentStatusBodySchema = z.strictObject({
  status: z.enum(['ACTIVE', 'INACTIVE']),
});
export type EnrollmentStatusBody = z.infer<typeof enrollmentStatusBodySchema>;

/** A course as its enrolled student sees it. */
export const myCourseSchema = z.object({
  enrollmentId: z.uuid(),
  status: enrollmentStatusSchema,
  enrolledAt: z.string(),
  activatedAt: z.string().nullable(),
  course: z.object({
    id: z.uuid(),
    code: z.string(),
    title: z.string(),
    term: z.string(),
    description: z.string(),
    teamSizeMin: z.number().int(),
    teamSizeMax: z.number().int(),
    teamFormationDeadline: z.string(),
    archivedAt: z.string().nullable(),
    organization: z.object({ id: z.uuid(), name: z.string() }),
  }),
  /** The student's live team in this course, or null before they have one. */
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** "Looking for a team" here (issue 12): switched off by itself on joining a team. */
  lookingForTeam: z.boolean(),
  lookingNote: z.string(),
});
export type MyCourse = z.infer<typeof myCourseSchema>;

export const classmateSchema = z.object({
  userId: z.uuid(),
  fullname: z.string(),
  /** Null unless the caller may see it (issue 12: teammates, or the classmate opted in). */
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  headline: z.string(),
  skills: z.array(z.string()),
  /** Looking for a team in this course (their enrollment's flag), with their note. */
  lookingForTeam: z.boolean(),
  lookingNote: z.string(),
  /**
   * Those of their skills that the team the caller leads in this course wants (empty when the
   * caller leads none): the course page lists the best matches first.
   */
  matchedSkills: z.array(z.string()),
  /** Their live team in this course, if any. */
  team: teamRefSchema.nullable(),
  /**
   * Whether the team the caller leads in this course has a pending invitation to them (false when
   * the caller leads no team): the course page marks them invited without reading the team's
   * invitations in a second round (decision 093).
   */
  invitedByMyTeam: z.boolean(),
});
export type Classmate = z.infer<typeof classmateSchema>;

export const classmatesQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  /** Only classmates looking for a team in this course. */
  looking: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /**
   * name (default): by name. match: for a leader, the classmates whose skills the team wants
   * most first (looking ones first among equals), then by name.
   */
  sort: z.enum(['name', 'match']).default('name'),
  /** Only classmates who are in no team of the course (whom a leader can invite). */
  withoutTeam: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /**
   * Only classmates who are in a team of the course: the course page's classmates section, whose
   * teamless classmates are listed under Teams (issue 24). With withoutTeam too: none.
   */
  inTeam: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type ClassmatesQuery = z.input<typeof classmatesQuerySchema>;
