import { pgTable, text, uuid } from 'drizzle-orm/pg-core';

// Tables as they were before 0026 added columns (issue 26: email): written into a database at
// an earlier migration, where the current schema's inserts would name columns that do not
// exist yet. Only the columns those tests write.
export const organizationsBefore0026 = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
});

export const usersBefore0026 = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  fullname: text('fullname').notNull(),
  role: text('role').$type<'STUDENT' | 'ORG_ADMIN' | 'SUPERADMIN'>().notNull().default('STUDENT'),
});
