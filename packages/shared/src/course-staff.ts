import { z } from 'zod';
import { emailInputSchema } from './organizations.js';

// Course staff (issue 28, decision 137): per-course roles beside the global ones. An instructor
// may do for their course everything an organization admin does; a teaching assistant the same
// without the course's settings, deletion and restore. Organization admins appoint staff by
// email; an appointment waits (PENDING) until that address first signs in.

export const COURSE_STAFF_ROLES = ['INSTRUCTOR', 'TEACHING_ASSISTANT'] as const;
export const courseStaffRoleSchema = z.enum(COURSE_STAFF_ROLES);
export type CourseStaffRole = z.infer<typeof courseStaffRoleSchema>;

export const COURSE_STAFF_ROLE_LABELS: Record<CourseStaffRole, string> = {
  INSTRUCTOR: 'Instructor',
  TEACHING_ASSISTANT: 'Teaching assistant',
};

/** How many staff one course may have (appointments and LTI together). */
export const COURSE_STAFF_MAX = 50;

export const courseStaffSourceSchema = z.enum(['MANUAL', 'LTI']);
export type CourseStaffSource = z.infer<typeof courseStaffSourceSchema>;

export const courseStaffMemberSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  role: courseStaffRoleSchema,
  /** PENDING until the address signs in for the first time. */
  status: z.enum(['PENDING', 'ACTIVE']),
  email: z.string().nullable(),
  userId: z.uuid().nullable(),
  /** The account's name once known, else the name given when appointed (may be empty). */
  fullname: z.string(),
  avatar: z.string().nullable(),
  source: courseStaffSourceSchema,
  createdAt: z.string(),
});
export type CourseStaffMember = z.infer<typeof courseStaffMemberSchema>;

export const courseStaffListSchema = z.object({ items: z.array(courseStaffMemberSchema) });
export type CourseStaffList = z.infer<typeof courseStaffListSchema>;

export const appointCourseStaffBodySchema = z.strictObject({
  email: emailInputSchema,
  role: courseStaffRoleSchema,
});
export type AppointCourseStaffBody = z.input<typeof appointCourseStaffBodySchema>;

export const courseStaffParamsSchema = z.object({ courseId: z.uuid(), staffId: z.uuid() });

/** A course the caller teaches, for "Courses I teach". */
export const teachingCourseSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  title: z.string(),
  term: z.string(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  role: courseStaffRoleSchema,
  archived: z.boolean(),
  activeStudents: z.number().int(),
  teams: z.number().int(),
  studentsWithoutTeam: z.number().int(),
});
export type TeachingCourse = z.infer<typeof teachingCourseSchema>;

export const teachingCoursesSchema = z.object({ items: z.array(teachingCourseSchema) });
export type TeachingCourses = z.infer<typeof teachingCoursesSchema>;
