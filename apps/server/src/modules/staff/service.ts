// Course staff (issue 28, decision 137): the organization's admins appoint a course's
// instructors and teaching assistants by email; the staff see the list; anyone signed in sees
// the courses they teach.
import { sql } from 'drizzle-orm';
import {
  COURSE_STAFF_MAX,
  type AppointCourseStaffBody,
  type CourseStaffList,
  type CourseStaffMember,
  type TeachingCourses,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import {
  adminCourseScope,
  courseRefusal,
  iso,
  type AdminCaller,
} from '../../lib/admin-course-sql.js';
import { recordAudit } from '../../lib/audit.js';
import { conflict, notFound } from '../../plugins/errors.js';

const MEMBER_JSON = sql`json_build_object(
    'id', cs.id, 'courseId', cs.course_id, 'role', cs.role,
    'status', case when cs.user_id is null then 'PENDING' else 'ACTIVE' end,
    'email', coalesce(u.email, cs.email), 'userId', cs.user_id,
    'fullname', coalesce(u.fullname, cs.fullname), 'avatar', u.avatar,
    'source', cs.source, 'createdAt', ${iso(sql`cs.created_at`)})`;

interface CourseRow {
  id: string;
  organization_id: string;
  code: string;
}

/** The course if the caller may administer it (an admin, or its staff at the route's level). */
async function scopedCourse(db: DbOrTx, caller: AdminCaller, courseId: string) {
  const [course] = await queryRows<CourseRow>(
    db,
    sql`select c.id, c.organization_id, c.code from courses c
      join organizations o on o.id = c.organization_id
      where c.id = ${courseId} and ${adminCourseScope(caller)}`,
  );
  if (!course) throw courseRefusal(caller);
  return course;
}

/** GET /admin/courses/{courseId}/staff: instructors first, then by name. */
export async function listStaff(
  db: DbOrTx,
  caller: AdminCaller,
  courseId: string,
): Promise<CourseStaffList> {
  const [row] = await queryRows<{ items: CourseStaffMember[] | null }>(
    db,
    sql`select (select json_agg(${MEMBER_JSON}
          order by cs.role, coalesce(u.fullname, cs.fullname), coalesce(u.email, cs.email), cs.id)
        from course_staff cs left join users u on u.id = cs.user_id
        where cs.course_id = c.id) as items
      from courses c join organizations o on o.id = c.organization_id
      where c.id = ${courseId} and ${adminCourseScope(caller)}`,
  );
  if (!row) throw courseRefusal(caller);
  return { items: row.items ?? [] };
}

async function memberById(db: DbOrTx, id: string): Promise<CourseStaffMember> {
  const [row] = await queryRows<{ m: CourseStaffMember }>(
    db,
    sql`select ${MEMBER_JSON} as m from course_staff cs left join users u on u.id = cs.user_id
      where cs.id = ${id}`,
  );
  return row!.m;
}

/**
 * POST /admin/courses/{courseId}/staff, in a transaction: appoints the address, or changes the
 * role of someone already appointed. An address with an account is linked at once (ACTIVE);
 * otherwise the appointment waits for its first sign-in. The course's row lock serializes
 * appointments, so the limit holds and two admins appointing one address make one row.
 */
export async function appointStaff(
  tx: DbOrTx,
  caller: AdminCaller,
  courseId: string,
  body: AppointCourseStaffBody,
): Promise<{ member: CourseStaffMember; created: boolean }> {
  const course = await scopedCourse(tx, caller, courseId);
  await tx.execute(sql`select 1 from courses where id = ${courseId} for update`);
  const email = body.email.toLowerCase();
  const [found] = await queryRows<{ user_id: string | null; enrolled: boolean }>(
    tx,
    sql`select u.id as user_id, exists (select 1 from enrollments e
        where e.course_id = ${courseId} and e.removed_at is null
          and (e.email = ${email} or e.user_id = u.id)) as enrolled
      from (select 1) one left join users u on u.email = ${email}`,
  );
  const userId = found?.user_id ?? null;
  if (found?.enrolled) {
    throw conflict(
      'ENROLLED_AS_STUDENT',
      `${email} is enrolled in ${course.code} as a student; remove the enrollment before appointing them`,
    );
  }
  const [existing] = await queryRows<{ id: string; role: string }>(
    tx,
    sql`select cs.id, cs.role from course_staff cs
      where cs.course_id = ${courseId}
        and (cs.email = ${email} ${userId ? sql`or cs.user_id = ${userId}` : sql``})
      order by cs.user_id is null limit 1`,
  );
  if (existing) {
    if (existing.role === body.role) {
      throw conflict('ALREADY_STAFF', `${email} is already on the staff of ${course.code}`);
    }
    await tx.execute(sql`update course_staff set role = ${body.role}, updated_at = now()
      where id = ${existing.id}`);
    await recordAudit(tx, {
      action: 'COURSE_STAFF_ROLE_CHANGED',
      actorId: caller.userId,
      organizationId: course.organization_id,
      courseId,
      targetUserId: userId,
      data: { email, from: existing.role, to: body.role },
    });
    return { member: await memberById(tx, existing.id), created: false };
  }
  const [counted] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from course_staff where course_id = ${courseId}`,
  );
  if ((counted?.n ?? 0) >= COURSE_STAFF_MAX) {
    throw conflict('STAFF_LIMIT', `A course can have at most ${COURSE_STAFF_MAX} staff`);
  }
  const [inserted] = await queryRows<{ id: string }>(
    tx,
    sql`insert into course_staff (course_id, email, user_id, role, source, appointed_by)
      values (${courseId}, ${email}, ${userId}, ${body.role}, 'MANUAL', ${caller.userId})
      returning id`,
  );
  await recordAudit(tx, {
    action: 'COURSE_STAFF_APPOINTED',
    actorId: caller.userId,
    organizationId: course.organization_id,
    courseId,
    targetUserId: userId,
    data: { email, role: body.role },
  });
  return { member: await memberById(tx, inserted!.id), created: true };
}

/** DELETE /admin/courses/{courseId}/staff/{staffId}, in a transaction. */
export async function removeStaff(
  tx: DbOrTx,
  caller: AdminCaller,
  courseId: string,
  staffId: string,
): Promise<CourseStaffMember> {
  const course = await scopedCourse(tx, caller, courseId);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from course_staff where id = ${staffId} and course_id = ${courseId} for update`,
  );
  if (!row) throw notFound('Staff member not found');
  const member = await memberById(tx, staffId);
  await tx.execute(sql`delete from course_staff where id = ${staffId}`);
  await recordAudit(tx, {
    action: 'COURSE_STAFF_REMOVED',
    actorId: caller.userId,
    organizationId: course.organization_id,
    courseId,
    targetUserId: member.userId,
    data: { email: member.email, role: member.role },
  });
  return member;
}

/** GET /staff/courses: the live courses the caller teaches, with their headline figures. */
export async function teachingCourses(db: DbOrTx, userId: string): Promise<TeachingCourses> {
  const [row] = await queryRows<{ items: TeachingCourses['items'] | null }>(
    db,
    sql`select json_agg(json_build_object(
        'id', c.id, 'code', c.code, 'title', c.title, 'term', c.term,
        'organizationId', o.id, 'organizationName', o.name, 'role', cs.role,
        'archived', c.archived_at is not null,
        'activeStudents', c.active_count,
        'teams', (select coalesce(sum(n), 0) from unnest(c.live_team_sizes) as n)::int,
        'studentsWithoutTeam', greatest(c.active_count - c.placed_count, 0))
        order by c.archived_at is not null, c.team_formation_deadline desc, c.code, c.id) as items
      from course_staff cs
      join courses c on c.id = cs.course_id
      join organizations o on o.id = c.organization_id and o.deleted_at is null
      where cs.user_id = ${userId}`,
  );
  return { items: row?.items ?? [] };
}
