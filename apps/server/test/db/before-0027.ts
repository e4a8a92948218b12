import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Tables as they were before 0027 added columns (issue 27: teams.project), for tests that write
// into a database at an earlier migration, where the current schema's inserts would name a
// column that does not exist yet. Only the columns those tests write.
export const teamsBefore0027 = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  courseId: uuid('course_id').notNull(),
  name: text('name').notNull(),
  leaderId: uuid('leader_id'),
  maxSize: integer('max_size').notNull(),
  createdBy: uuid('created_by'),
  disbandedAt: timestamp('disbanded_at', { withTimezone: true }),
});
