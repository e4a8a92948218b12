// A student's team history in a course (issue 15, decision 118): their membership periods,
// oldest first, with today's team names. One statement each, who may look included.
import { sql, type SQL } from 'drizzle-orm';
import type { MembershipEndReason, TeamHistory } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';
import { notFound } from '../../plugins/errors.js';
import {
  adminCourseScope,
  iso,
  refusalInCourse,
  rowsOf,
  type AdminCaller,
} from './course-health-sql.js';

interface HistoryRow {
  items: {
    teamId: string;
    teamName: string;
    joinedAt: string;
    leftAt: string | null;
    leftReason: MembershipEndReason | null;
    teamDisbanded: boolean;
  }[];
}

/** The periods of `userId` in `courseId`, when `visible` (a condition on the course `c`) holds. */
function historyStatement(db: DbOrTx, courseId: string, userId: string, visible: SQL) {
  return rowsOf<HistoryRow>(
    executeNamed(
      db,
      'team_history',
      sql`select (select coalesce(json_agg(json_build_object(
            'teamId', p.team_id, 'teamName', t.name,
            'joinedAt', ${iso(sql`p.joined_at`)},
            'leftAt', case when p.left_at is null then null else ${iso(sql`p.left_at`)} end,
            'leftReason', p.left_reason,
            'teamDisbanded', t.disbanded_at is not null
          ) order by p.joined_at, p.left_at nulls last, p.id), '[]'::json)
          from team_membership_periods p join teams t on t.id = p.team_id
          where p.course_id = c.id and p.user_id = ${userId}) as items
      from courses c join organizations o on o.id = c.organization_id
      where c.id = ${courseId} and ${visible}`,
    ),
  );
}

/**
 * GET /student/courses/{courseId}/team-history: the caller's own periods. As for every student
 * course call (GET /student/courses/{courseId}), a course where they have no enrollment (or a
 * removed one) is 404, whatever their role.
 */
export async function myTeamHistory(
  db: DbOrTx,
  userId: string,
  courseId: string,
): Promise<TeamHistory> {
  const [row] = await historyStatement(
    db,
    courseId,
    userId,
    sql`o.deleted_at is null and exists(select 1 from enrollments e
      where e.course_id = c.id and e.user_id = ${userId} and e.removed_at is null)`,
  );
  if (!row) throw notFound('Course not found');
  return { items: row.items };
}

/**
 * GET /admin/courses/{courseId}/students/{userId}/team-history: a course of the caller's
 * organizations (else 404) and a student who is or was enrolled in it (a removed enrollment
 * included, since its history ends with ENROLLMENT_ENDED) or has periods there (else 404).
 */
export async function studentTeamHistory(
  db: DbOrTx,
  caller: AdminCaller,
  courseId: string,
  userId: string,
): Promise<TeamHistory> {
  const [row] = await historyStatement(
    db,
    courseId,
    userId,
    sql`${adminCourseScope(caller)} and (
      exists(select 1 from enrollments e where e.course_id = c.id and e.user_id = ${userId})
      or exists(select 1 from team_membership_periods p
        where p.course_id = c.id and p.user_id = ${userId}))`,
  );
  if (!row) throw await refusalInCourse(db, caller, courseId, 'Student not found in this course');
  return { items: row.items };
}
