import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CSV_UPLOAD_STATUSES, type CsvRowError } from '@teamup/shared';
import { courses, organizations } from './organizations.js';
import { users } from './users.js';

export const csvUploadStatusEnum = pgEnum('csv_upload_status', CSV_UPLOAD_STATUSES);

/**
 * A roster upload and its job. The decoded file is kept in the row, so any server process can
 * claim the job (FOR UPDATE SKIP LOCKED) and a restarted one can take it up again.
 */
export const csvUploads = pgTable(
  'csv_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    content: text('content').notNull(),
    status: csvUploadStatusEnum('status').notNull().default('QUEUED'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    pendingCount: integer('pending_count').notNull().default(0),
    alreadyEnrolledCount: integer('already_enrolled_count').notNull().default(0),
    reactivatedCount: integer('reactivated_count').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    errors: jsonb('errors')
      .$type<CsvRowError[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    failureMessage: text('failure_message'),
    attempts: integer('attempts').notNull().default(0),
    /** While PROCESSING: when the claiming process's lease runs out (it renews it). */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('csv_uploads_status_idx').on(t.status, t.createdAt),
    index('csv_uploads_course_idx').on(t.courseId, t.createdAt),
    index('csv_uploads_org_idx').on(t.organizationId, t.createdAt),
  ],
);

export type CsvUploadRow = typeof csvUploads.$inferSelect;
