import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { courses } from './organizations.js';
import { users } from './users.js';

/**
 * A course's team formation survey (issue 27, decision 135): one per course. The questions are
 * checked by `surveyQuestionsSchema` (@teamup/shared) before they are stored; `version` is the
 * optimistic concurrency token a PUT names.
 */
export const courseSurveys = pgTable('course_surveys', {
  courseId: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  questions: jsonb('questions')
    .$type<unknown[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** Both or neither (the PUT's rule); DRAFT without them. */
  opensAt: timestamp('opens_at', { withTimezone: true }),
  closesAt: timestamp('closes_at', { withTimezone: true }),
  /** When SURVEY_OPENED went to the students: set once, by the PUT or the survey job. */
  openedAt: timestamp('opened_at', { withTimezone: true }),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * A student's answers (by question id), saved as they go; `submitted_at` is set by the first
 * submit and kept. Read only by the course's admins and the student.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] })],
);

/**
 * SURVEY_CLOSING reminders sent: one row per course, closing time and hours before it (48 or
 * 24), claimed by insert in the statement that writes the reminders, so however many processes
 * run the survey job each reminder goes once (and again if the closing time moves).
 */
export const surveyReminders = pgTable(
  'survey_reminders',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    hours: integer('hours').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.closesAt, t.hours] })],
);
