// The LMS courses (LTI contexts) of an organization, and linking one to an existing course
// instead of the course its instructor's first launch created (issue 28, decision 139).
import { sql } from 'drizzle-orm';
import type { LtiContextLinkResult, LtiContextView } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { iso } from '../../lib/admin-course-sql.js';
import { recordAudit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { adminScope, inScope, type Caller } from '../../lib/org-scope.js';
import { conflict, notFound } from '../../plugins/errors.js';

const VIEW = sql`json_build_object('id', x.id, 'platformId', p.id, 'platformName', p.name,
  'organizationId', p.organization_id, 'contextId', x.context_id, 'title', x.title,
  'label', x.label,
  'course', json_build_object('id', c.id, 'code', c.code, 'title', c.title,
    'archived', c.archived_at is not null),
  'hasRoster', x.memberships_url is not null,
  'lastSyncedAt', ${iso(sql`x.last_synced_at`)}, 'createdAt', ${iso(sql`x.created_at`)})`;

const FROM = sql`lti_contexts x join lti_platforms p on p.id = x.platform_id
  join courses c on c.id = x.course_id join organizations o on o.id = p.organization_id`;

/** The LMS courses of the organizations I run (of one, when named), newest first. */
export async function listContexts(
  db: DbOrTx,
  caller: Caller,
  organizationId: string | undefined,
): Promise<{ items: LtiContextView[] }> {
  const scope = await adminScope(db, caller);
  const ids = scope.all ? null : scope.organizationIds;
  if (organizationId && !inScope(scope, organizationId)) throw notFound('Organization not found');
  if (ids && ids.length === 0) return { items: [] };
  const [row] = await queryRows<{ items: LtiContextView[] | null }>(
    db,
    sql`select json_agg(${VIEW} order by x.created_at desc, x.id) as items from ${FROM}
      where o.deleted_at is null
        and ${organizationId ? sql`p.organization_id = ${organizationId}` : sql`true`}
        and ${
          ids
            ? sql`p.organization_id in (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : sql`true`
        }`,
  );
  return { items: row?.items ?? [] };
}

async function contextView(db: DbOrTx, id: string): Promise<LtiContextView> {
  const [row] = await queryRows<{ v: LtiContextView }>(
    db,
    sql`select ${VIEW} as v from ${FROM} where x.id = ${id}`,
  );
  return row!.v;
}

interface CourseRow {
  id: string;
  code: string;
  title: string;
  organization_id: string;
  archived: boolean;
}

/**
 * Links the LMS course to `courseId` (a course of the same organization with no LMS course of
 * its own). The LMS's students and staff of the course it leaves come along (the rest of the
 * roster comes with the next sync), and that course, when nothing but launches ever happened in
 * it (no team, no enrollment or staff added otherwise, no survey), is archived; otherwise it
 * stays as it is, no longer linked.
 */
export async function linkContext(
  tx: DbOrTx,
  caller: Caller,
  contextId: string,
  courseId: string,
): Promise<LtiContextLinkResult> {
  const scope = await adminScope(tx, caller);
  const [context] = await queryRows<{
    id: string;
    course_id: string;
    organization_id: string;
    title: string;
    label: string;
    platform_name: string;
  }>(
    tx,
    sql`select x.id, x.course_id, p.organization_id, x.title, x.label, p.name as platform_name
      from lti_contexts x join lti_platforms p on p.id = x.platform_id
      join organizations o on o.id = p.organization_id
      where x.id = ${contextId} and o.deleted_at is null
      for update of x`,
  );
  if (!context || !inScope(scope, context.organization_id)) {
    throw notFound('LMS course not found');
  }
  const [target] = await queryRows<CourseRow>(
    tx,
    sql`select id, code, title, organization_id, archived_at is not null as archived
      from courses where id = ${courseId} for update`,
  );
  if (!target || target.organization_id !== context.organization_id) {
    throw notFound('Course not found');
  }
  if (context.course_id === target.id) {
    return { context: await contextView(tx, contextId), former: null, carriedOver: zero() };
  }
  if (target.archived) {
    throw conflict('COURSE_ARCHIVED', `${target.code} is archived: restore it first`);
  }
  const [taken] = await queryRows<{ title: string; label: string }>(
    tx,
    sql`select title, label from lti_contexts where course_id = ${target.id}`,
  );
  if (taken) {
    throw conflict(
      'COURSE_LINKED',
      `${target.code} is already linked to the LMS course “${taken.label || taken.title}”`,
    );
  }
  const [former] = await queryRows<CourseRow>(
    tx,
    sql`select id, code, title, organization_id, archived_at is not null as archived
      from courses where id = ${context.course_id} for update`,
  );

  try {
    await tx.execute(sql`update lti_contexts set course_id = ${target.id}, last_synced_at = null,
        sync_claimed_at = null, updated_at = now() where id = ${contextId}`);
  } catch (error) {
    // Another admin linked a different LMS course to it meanwhile.
    if (isUniqueViolation(error, 'lti_contexts_course_idx')) {
      throw conflict('COURSE_LINKED', `${target.code} is already linked to an LMS course`);
    }
    throw error;
  }
  const students = await carryEnrollments(tx, caller, former!, target);
  const staff = await carryStaff(tx, caller, former!, target);
  const archived = !former!.archived && (await onlyLaunchesHappened(tx, former!.id));
  if (archived) {
    await tx.execute(sql`update courses set archived_at = now(), updated_at = now()
      where id = ${former!.id}`);
    await recordAudit(tx, {
      action: 'COURSE_ARCHIVED',
      actorId: caller.userId,
      organizationId: former!.organization_id,
      courseId: former!.id,
      data: { reason: 'LMS_COURSE_LINKED_ELSEWHERE', linkedTo: target.code },
    });
  }
  await recordAudit(tx, {
    action: 'LTI_CONTEXT_LINKED',
    actorId: caller.userId,
    organizationId: target.organization_id,
    courseId: target.id,
    data: {
      lmsCourse: context.label || context.title,
      platform: context.platform_name,
      from: former!.code,
      fromArchived: archived,
      students,
      staff,
    },
  });
  return {
    context: await contextView(tx, contextId),
    former: {
      id: former!.id,
      code: former!.code,
      title: former!.title,
      archived: archived || former!.archived,
    },
    carriedOver: { students, staff },
  };
}

const zero = () => ({ students: 0, staff: 0 });

/** The former course's LMS learners (active or pending) get the same enrollment here. */
async function carryEnrollments(tx: DbOrTx, caller: Caller, from: CourseRow, to: CourseRow) {
  const inserted = await queryRows<{ id: string; email: string; user_id: string | null }>(
    tx,
    sql`insert into enrollments (course_id, email, user_id, fullname, status, source,
        activated_at, created_by)
      select ${to.id}, e.email, e.user_id, e.fullname, e.status, 'LTI', e.activated_at,
        ${caller.userId}
      from enrollments e
      where e.course_id = ${from.id} and e.source = 'LTI' and e.removed_at is null
        and e.status in ('ACTIVE', 'PENDING')
        and not exists (select 1 from enrollments t where t.course_id = ${to.id}
          and (t.email = e.email or (e.user_id is not null and t.user_id = e.user_id)))
      on conflict do nothing
      returning id, email, user_id`,
  );
  if (inserted.length > 0) {
    await recordAudit(
      tx,
      ...inserted.map((row) => ({
        action: 'ENROLLED',
        actorId: caller.userId,
        organizationId: to.organization_id,
        courseId: to.id,
        enrollmentId: row.id,
        targetUserId: row.user_id,
        data: { email: row.email, source: 'LTI', from: from.code },
      })),
    );
  }
  return inserted.length;
}

/** The former course's staff from the LMS become this course's, unless they are already. */
async function carryStaff(tx: DbOrTx, caller: Caller, from: CourseRow, to: CourseRow) {
  const inserted = await queryRows<{ user_id: string | null; email: string | null; role: string }>(
    tx,
    sql`insert into course_staff (course_id, user_id, email, role, source, fullname)
      select ${to.id}, s.user_id, s.email, s.role, 'LTI', s.fullname
      from course_staff s
      where s.course_id = ${from.id} and s.source = 'LTI'
        and not exists (select 1 from course_staff t where t.course_id = ${to.id}
          and ((s.user_id is not null and t.user_id = s.user_id)
            or (s.email is not null and t.email = s.email)))
      on conflict do nothing
      returning user_id, email, role`,
  );
  if (inserted.length > 0) {
    await recordAudit(
      tx,
      ...inserted.map((row) => ({
        action: 'COURSE_STAFF_APPOINTED',
        actorId: caller.userId,
        organizationId: to.organization_id,
        courseId: to.id,
        targetUserId: row.user_id,
        data: { email: row.email, role: row.role, source: 'LTI', from: from.code },
      })),
    );
  }
  return inserted.length;
}

/** No team ever, no enrollment or staff from anything but the LMS, no survey. */
async function onlyLaunchesHappened(tx: DbOrTx, courseId: string): Promise<boolean> {
  const [row] = await queryRows<{ untouched: boolean }>(
    tx,
    sql`select not exists (select 1 from teams where course_id = ${courseId})
        and not exists (select 1 from enrollments where course_id = ${courseId}
          and source <> 'LTI')
        and not exists (select 1 from course_staff where course_id = ${courseId}
          and source <> 'LTI')
        and not exists (select 1 from course_surveys where course_id = ${courseId}) as untouched`,
  );
  return row?.untouched ?? false;
}
