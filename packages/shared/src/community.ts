// Community (issue 12): the directory of students, a student's public profile and its three
// calls, and skill suggestions. Who may see whom (decision 105):
// - a student sees themselves, students who share an ACTIVE course with them (both enrollments
//   ACTIVE, not removed, course not archived), and students whose profileVisibility is
//   ORGANIZATION and who are enrolled (not removed) in a course of an organization where the
//   viewer is enrolled too; anyone else answers 404, never 403;
// - an organization admin sees the students enrolled (not removed) in its organizations' courses;
// - a superadmin sees every student.
// Emails reach a student viewer only when the other student opted in (showEmail), is in the same
// live team, or is the viewer, and an organization admin's when the viewer is enrolled in their
// organization (decision 121); admins and superadmins see the emails of the students they see.
// Another student's course shows (on cards, in course filters and activity) only where that
// student is ACTIVE: their own status is the student's and the admins' to see.
import { z } from 'zod';
import { multiLineSchema, singleLineSchema } from './text.js';
import { paginationQuerySchema } from './api.js';
import { profileLinkSchema } from './auth.js';
import {
  HEADLINE_MAX,
  LOOKING_NOTE_MAX,
  PROFILE_VISIBILITIES,
  SKILL_TEXT_MAX,
} from './constants.js';
import { enrollmentStatusSchema } from './enrollments.js';

export const profileVisibilitySchema = z.enum(PROFILE_VISIBILITIES);
export type ProfileVisibility = z.infer<typeof profileVisibilitySchema>;

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/** GET /community/skills?q=: skills already used in the caller's organizations, by prefix. */
export const skillSuggestionsQuerySchema = z.object({
  q: z.string().trim().max(SKILL_TEXT_MAX).default(''),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export type SkillSuggestionsQuery = z.input<typeof skillSuggestionsQuerySchema>;

export const skillSuggestionSchema = z.object({
  /** As most students typed it. */
  skill: z.string(),
  /** How many students (the caller may see) list it. */
  count: z.number().int().min(0),
});
export const skillSuggestionsSchema = z.object({ items: z.array(skillSuggestionSchema) });
export type SkillSuggestions = z.infer<typeof skillSuggestionsSchema>;

/** GET /community/students. */
export const communityStudentsQuerySchema = paginationQuerySchema
  .extend({
    /** Part of the name (case-insensitive). */
    search: z.string().trim().max(200).optional(),
    /** Comma-separated skills; a student matches when they list every one (case-insensitive). */
    skills: z
      .string()
      .trim()
      .max(5 * (SKILL_TEXT_MAX + 1))
      .optional()
      .transform((v) =>
        v === undefined
          ? []
          : [...new Set(v.split(',').map((s) => s.trim().toLowerCase()))].filter(Boolean),
      )
      .refine((v) => v.length <= 5, { message: 'At most 5 skills' }),
    /** One of the caller's courses (for an admin: a course of their organizations). */
    courseId: z.uuid().optional(),
    /** Only students looking for a team (in courseId, or in any course the caller may see). */
    looking: flag,
    /** Only students without a team in courseId (requires courseId). */
    withoutTeam: flag,
  })
  .refine((v) => !v.withoutTeam || v.courseId !== undefined, {
    message: 'withoutTeam needs a courseId',
    path: ['withoutTeam'],
  });
export type CommunityStudentsQuery = z.input<typeof communityStudentsQuerySchema>;

/** A course the viewer and the student share, with the student's standing in it. */
export const sharedCourseSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  title: z.string(),
  /**
   * The student's own status, and admins', in full. To another student a course shows only
   * where the student is ACTIVE (decision 121): an admin's INACTIVE is not a classmate's news.
   */
  enrollmentStatus: enrollmentStatusSchema,
  lookingForTeam: z.boolean(),
  lookingNote: z.string(),
  /** The student's live team in that course. */
  team: z
    .object({
      id: z.uuid(),
      name: z.string(),
      memberCount: z.number().int(),
      maxSize: z.number().int(),
      isLeader: z.boolean(),
      /**
       * Whether the viewer may ask to join this team now (issue 24): the viewer is an ACTIVE
       * student of the course without a team there, the team takes requests and has a seat, the
       * deadline has not passed, and the viewer has no open request to it nor invitation from it.
       */
      canAskToJoin: z.boolean(),
    })
    .nullable(),
});
export type SharedCourse = z.infer<typeof sharedCourseSchema>;

/** "Invite to my team": the caller leads teamId, with a seat, and the student may be invited. */
export const inviteOptionSchema = z.object({
  courseId: z.uuid(),
  courseCode: z.string(),
  teamId: z.uuid(),
  teamName: z.string(),
});
export type InviteOption = z.infer<typeof inviteOptionSchema>;

export const communityStudentSchema = z.object({
  id: z.uuid(),
  fullname: z.string(),
  /** Null unless the viewer may see it (see the rule above). */
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  headline: z.string(),
  /** As the student typed them. */
  skills: z.array(z.string()),
  /** Those of `skills` the viewer searched for or that the viewer's teams want. */
  highlightedSkills: z.array(z.string()),
  /** For a student viewer: the courses both share; for an admin, the student's courses in the admin's organizations; for a superadmin, all. */
  courses: z.array(sharedCourseSchema),
  inviteOptions: z.array(inviteOptionSchema),
});
export type CommunityStudent = z.infer<typeof communityStudentSchema>;

/** GET /community/students/{id}. */
export const communityProfileSchema = communityStudentSchema.extend({
  bio: z.string(),
  links: z.array(profileLinkSchema),
  /** Whether this is the viewer's own profile. */
  isSelf: z.boolean(),
  memberSince: z.string(),
});
export type CommunityProfile = z.infer<typeof communityProfileSchema>;

/** GET /community/students/{id}/stats: counted over the courses in `courses` of the profile. */
export const communityStatsSchema = z.object({
  coursesInCommon: z.number().int().min(0),
  teams: z.number().int().min(0),
  leading: z.number().int().min(0),
  lookingIn: z.number().int().min(0),
  skills: z.number().int().min(0),
});
export type CommunityStats = z.infer<typeof communityStatsSchema>;

/** GET /community/students/{id}/activity: page and limit, like the own profile's activity. */
export const communityActivityQuerySchema = paginationQuerySchema;

/**
 * PUT /student/courses/{courseId}/looking. A note left out keeps the current one (switching off
 * clears nothing, so switching on again brings the note back); '' clears it.
 */
export const lookingBodySchema = z.strictObject({
  looking: z.boolean(),
  note: multiLineSchema()
    .max(LOOKING_NOTE_MAX, `The note is at most ${LOOKING_NOTE_MAX} characters`)
    .optional(),
});
export type LookingBody = z.input<typeof lookingBodySchema>;

export const lookingSchema = z.object({
  courseId: z.uuid(),
  looking: z.boolean(),
  note: z.string(),
});
export type Looking = z.infer<typeof lookingSchema>;

export const headlineSchema = singleLineSchema().max(
  HEADLINE_MAX,
  `The headline is at most ${HEADLINE_MAX} characters`,
);
