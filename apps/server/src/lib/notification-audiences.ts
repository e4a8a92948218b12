// Whom a person's notifications can reach (issue 35, item 15), for the profile's preferences: the
// kinds shown there are the groups of these audiences (NOTIFICATION_KIND_GROUPS). The settings of
// every kind are kept and accepted whatever this says; only what the profile shows follows it.
import { sql, type SQL } from 'drizzle-orm';
import type { NotificationAudience } from '@teamup/shared';

/**
 * The audiences of the user `u` as a text[]: STUDENT when enrolled in a course (not removed) or a
 * student account that neither teaches nor runs anything (a new student, not yet in a course);
 * COURSE_STAFF when on a course's staff, an organization's admin or a superadmin; EVERYONE always.
 */
export const audiencesSql = (u: string): SQL => {
  const id = sql.raw(`${u}.id`);
  const role = sql.raw(`${u}.role`);
  const staff = sql`(exists (select 1 from course_staff cs where cs.user_id = ${id})
    or exists (select 1 from organization_admins oa where oa.user_id = ${id})
    or ${role} in ('ORG_ADMIN', 'SUPERADMIN'))`;
  return sql`array_remove(array[
      case when exists (select 1 from enrollments ae where ae.user_id = ${id}
          and ae.removed_at is null)
        or (${role} = 'STUDENT' and not ${staff}) then 'STUDENT' end,
      case when ${staff} then 'COURSE_STAFF' end,
      'EVERYONE'], null)`;
};

export const audiencesOf = (stored: unknown): NotificationAudience[] =>
  Array.isArray(stored) ? (stored as NotificationAudience[]) : ['EVERYONE'];
