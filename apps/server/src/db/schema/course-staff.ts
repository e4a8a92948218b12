import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses } from './organizations.js';
import { users } from './users.js';

export const courseStaffRoleEnum = pgEnum('course_staff_role', [
  'INSTRUCTOR',
  'TEACHING_ASSISTANT',
]);

/**
 * Course staff (issue 28, decision 137): a person's role on one course, beside their global
 * role. Appointed by email (`user_id` null until that address first signs in, like a pending
 * enrollment) or by an LTI launch or roster sync (`user_id` from the start; the platform may
 * send no email). One row per person and course.
 */
export const courseStaff = pgTable(
  'course_staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Lower-cased; the key until the person signs in. */
    email: text('email'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The name given when appointed, shown until the account's own name is known. */
    fullname: text('fullname').notNull().default(''),
    role: courseStaffRoleEnum('role').notNull(),
    /** MANUAL (appointed on the course page) or LTI (a launch or a roster sync). */
    source: text('source').notNull().default('MANUAL'),
    appointedBy: uuid('appointed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_staff_course_email_idx')
      .on(t.courseId, t.email)
      .where(sql`${t.email} is not null`),
    uniqueIndex('course_staff_course_user_idx')
      .on(t.courseId, t.userId)
      .where(sql`${t.userId} is not null`),
    index('course_staff_user_idx').on(t.userId),
    index('course_staff_pending_email_idx')
      .on(t.email)
      .where(sql`${t.userId} is null`),
    check('course_staff_someone', sql`${t.email} is not null or ${t.userId} is not null`),
    check('course_staff_source', sql`${t.source} in ('MANUAL', 'LTI')`),
  ],
);

export type CourseStaffRow = typeof courseStaff.$inferSelect;
