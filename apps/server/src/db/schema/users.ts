import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES, type ProfileLink } from '@teamup/shared';

export const roleEnum = pgEnum('role', ROLES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    googleSub: text('google_sub').unique(),
    fullname: text('fullname').notNull(),
    avatar: text('avatar'),
    role: roleEnum('role').notNull().default('STUDENT'),
    bio: text('bio').notNull().default(''),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    links: jsonb('links')
      .$type<ProfileLink[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    lookingForTeam: boolean('looking_for_team').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    // Emails are compared lower-cased everywhere (DESIGN §5); the database holds the rule too.
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    // The superadmin user directory pages through users by name then email, all of them or
    // one role at a time: each index hands a page over in order without sorting the table.
    // Its substring search (ILIKE '%…%') cannot use a btree; see decision 040.
    index('users_fullname_email_idx').on(t.fullname, t.email),
    index('users_role_fullname_email_idx').on(t.role, t.fullname, t.email),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
