import { z } from 'zod';
import { multiLineSchema, singleLineSchema } from './text.js';
import {
  COURSE_CODE_MAX,
  COURSE_TITLE_MAX,
  COURSE_TERM_MAX,
  COURSE_DESCRIPTION_MAX,
  TEAM_SIZE_LIMIT,
  COURSE_ARCHIVED_FILTERS,
} from './constants.js';
import { paginationQuerySchema } from './api.js';
import { dateTimeField, isDateInRange } from './dates.js';

const teamSize = z
  .number({ message: 'Enter a whole number' })
  .int('Enter a whole number')
  .min(1, 'At least 1')
  .max(TEAM_SIZE_LIMIT, `At most ${TEAM_SIZE_LIMIT}`);

const courseFields = {
  code: singleLineSchema()
    .min(1, 'Code is required')
    .max(COURSE_CODE_MAX)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'Letters, digits, spaces, dots, dashes, underscores'),
  title: singleLineSchema().min(1, 'Title is required').max(COURSE_TITLE_MAX),
  term: singleLineSchema().min(1, 'Term is required').max(COURSE_TERM_MAX),
  description: multiLineSchema().max(COURSE_DESCRIPTION_MAX),
  teamSizeMin: teamSize,
  teamSizeMax: teamSize,
  /** ISO 8601 with an offset; stored and returned in UTC. */
  teamFormationDeadline: dateTimeField(),
};

export const createCourseBodySchema = z
  .strictObject({
    organizationId: z.uuid(),
    ...courseFields,
    description: courseFields.description.default(''),
  })
  .superRefine((v, ctx) => {
    if (v.teamSizeMin > v.teamSizeMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['teamSizeMax'],
        message: 'Maximum team size must be at least the minimum',
      });
    }
    // Out of range already says what is wrong with it.
    const deadline = v.teamFormationDeadline;
    if (isDateInRange(deadline) && Date.parse(deadline) <= Date.now()) {
      ctx.addIssue({
        code: 'custom',
        path: ['teamFormationDeadline'],
        message: 'The deadline must be in the future',
      });
    }
  });
export type CreateCourseBody = z.input<typeof createCourseBodySchema>;

/** Any subset; min ≤ max is checked against the stored values on the server. */
export const updateCourseBodySchema = z
  .strictObject(courseFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' })
  .superRefine((v, ctx) => {
    if (
      v.teamSizeMin !== undefined &&
      v.teamSizeMax !== undefined &&
      v.teamSizeMin > v.teamSizeMax
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['teamSizeMax'],
        message: 'Maximum team size must be at least the minimum',
      });
    }
  });
export type UpdateCourseBody = z.infer<typeof updateCourseBodySchema>;

export const courseSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  code: z.string(),
  title: z.string(),
  term: z.string(),
  description: z.string(),
  teamSizeMin: z.number().int(),
  teamSizeMax: z.number().int(),
  teamFormationDeadline: z.string(),
  /** Set when the course was deleted (archived); nothing is lost. */
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  enrollmentCounts: z.object({
    active: z.number().int(),
    pending: z.number().int(),
    inactive: z.number().int(),
  }),
  /**
   * Issue 36: the course's sections (the enrollments' section, roster, manual add or LMS) with
   * their active students, by name; empty when no student has one.
   */
  sections: z.array(z.object({ name: z.string(), activeStudents: z.number().int() })),
});
export type Course = z.infer<typeof courseSchema>;

export const courseListQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  organizationId: z.uuid().optional(),
  /** `active` (default): not archived; `archived`: archived only; `all`: both. */
  archived: z.enum(COURSE_ARCHIVED_FILTERS).default('active'),
});
export type CourseListQuery = z.input<typeof courseListQuerySchema>;
