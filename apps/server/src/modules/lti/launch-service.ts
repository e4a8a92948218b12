// What a verified launch does in Teamup (issue 28, decision 138), in one transaction: finds or
// creates the person by (platform, sub), finds or creates the course of the context, gives the
// person their place in it (staff or an ACTIVE enrollment), and hands out a one-time code.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { COURSE_CODE_MAX, COURSE_TITLE_MAX } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { recordAudit } from '../../lib/audit.js';
import { linkPendingStaff } from '../../lib/course-staff.js';
import { issueLoginCode } from '../../lib/lti-login-code.js';
import type { LtiLaunch } from './launch.js';
import { LtiError, type LtiContextRole, type LtiPlatform } from './types.js';

export interface LaunchOutcome {
  userId: string;
  courseId: string;
  role: LtiContextRole;
  /** The web app's path the browser lands on. */
  target: string;
  /** The one-time code the browser exchanges at POST /auth/login/lti. */
  code: string;
  courseCreated: boolean;
}

/** The address of a person the platform gave none (or one this organization may not link). */
export function placeholderEmail(platform: Pick<LtiPlatform, 'id'>, sub: string): string {
  const hash = createHash('sha256').update(`${platform.id}\n${sub}`).digest('hex').slice(0, 24);
  return `lti-${hash}@lti.invalid`;
}

function displayName(launch: LtiLaunch): string {
  const parts = [launch.givenName, launch.familyName].filter(Boolean).join(' ');
  return (launch.name ?? (parts || null) ?? launch.email?.split('@')[0] ?? 'LMS user').slice(
    0,
    120,
  );
}

/**
 * The Teamup user of this platform's `sub`. A first launch links an existing account only when
 * the platform sent its email and that account already belongs to the platform's organization
 * (an admin of it, enrolled in or teaching one of its courses); otherwise a new account, with
 * the platform's email when no account has it, else a placeholder that receives no mail.
 */
async function personOf(tx: DbOrTx, platform: LtiPlatform, launch: LtiLaunch): Promise<string> {
  const [known] = await queryRows<{ user_id: string }>(
    tx,
    sql`update lti_identities set last_launch_at = now()
      where platform_id = ${platform.id} and sub = ${launch.sub} returning user_id`,
  );
  if (known) return known.user_id;
  const email = launch.email;
  let userId: string | null = null;
  let address = placeholderEmail(platform, launch.sub);
  if (email) {
    const [existing] = await queryRows<{ id: string; member: boolean }>(
      tx,
      sql`select u.id, (
          exists (select 1 from organization_admins oa
            where oa.user_id = u.id and oa.organization_id = ${platform.organizationId})
          or exists (select 1 from enrollments e join courses c on c.id = e.course_id
            where c.organization_id = ${platform.organizationId} and e.removed_at is null
              and (e.user_id = u.id or e.email = u.email))
          or exists (select 1 from course_staff cs join courses c on c.id = cs.course_id
            where c.organization_id = ${platform.organizationId} and cs.user_id = u.id)
        ) as member
        from users u where u.email = ${email}`,
    );
    if (existing?.member) userId = existing.id;
    else if (!existing) address = email;
  }
  if (!userId) {
    const [created] = await queryRows<{ id: string }>(
      tx,
      sql`insert into users (email, fullname, role, last_sign_in_at, email_undeliverable_at)
        values (${address}, ${displayName(launch)}, 'STUDENT', now(),
          ${address.endsWith('@lti.invalid') ? sql`now()` : sql`null`})
        on conflict (email) do nothing returning id`,
    );
    if (created) userId = created.id;
    else {
      // Two first launches of one person at once: the other made the account.
      const [raced] = await queryRows<{ id: string }>(
        tx,
        sql`select id from users where email = ${address}`,
      );
      userId = raced!.id;
    }
  }
  await tx.execute(sql`insert into lti_identities (platform_id, sub, user_id)
    values (${platform.id}, ${launch.sub}, ${userId}) on conflict do nothing`);
  const [linked] = await queryRows<{ user_id: string }>(
    tx,
    sql`select user_id from lti_identities where platform_id = ${platform.id} and sub = ${launch.sub}`,
  );
  return linked!.user_id;
}

const CODE_CHARS = /[^A-Za-z0-9 ._-]+/g;

/** A course code from the context's label (or title), unique in the organization. */
async function freeCourseCode(tx: DbOrTx, organizationId: string, launch: LtiLaunch) {
  const base =
    (launch.context.label ?? launch.context.title ?? 'LMS course')
      .replace(CODE_CHARS, ' ')
      .replace(/^[^A-Za-z0-9]+/, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, COURSE_CODE_MAX - 4) || 'LMS';
  const taken = await queryRows<{ code: string }>(
    tx,
    sql`select code from courses where organization_id = ${organizationId}
      and (code = ${base} or code like ${`${base}-%`})`,
  );
  const used = new Set(taken.map((r) => r.code));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

function currentTerm(now = new Date()): string {
  const month = now.getUTCMonth();
  const season = month < 5 ? 'Spring' : month < 8 ? 'Summer' : 'Fall';
  return `${season} ${now.getUTCFullYear()}`;
}

/**
 * The course of the launch's context. An instructor's first launch creates it (teams of 2 to
 * 5, deadline in 30 days, all editable); anyone else is told to wait for their instructor. A
 * transaction lock on the context makes two first launches at once create one course.
 */
async function courseOf(
  tx: DbOrTx,
  platform: LtiPlatform,
  launch: LtiLaunch,
  userId: string,
): Promise<{ courseId: string; created: boolean }> {
  const find = () =>
    queryRows<{ course_id: string }>(
      tx,
      sql`update lti_contexts set updated_at = now(),
          title = ${launch.context.title ?? ''}, label = ${launch.context.label ?? ''},
          memberships_url = coalesce(${launch.nrps?.url ?? null}, memberships_url)
        where platform_id = ${platform.id} and context_id = ${launch.context.id}
        returning course_id`,
    );
  const [known] = await find();
  if (known) return { courseId: known.course_id, created: false };
  if (launch.contextRole !== 'INSTRUCTOR') {
    throw new LtiError(
      'LTI_LAUNCH_INVALID',
      'course_not_set_up',
      'Teamup is not set up for this course yet: your instructor opens it from the course first. Try again after they have.',
    );
  }
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`lti-context:${platform.id}:${launch.context.id}`}))`,
  );
  const [raced] = await find();
  if (raced) return { courseId: raced.course_id, created: false };
  const code = await freeCourseCode(tx, platform.organizationId, launch);
  const title = (launch.context.title ?? launch.context.label ?? 'LMS course').slice(
    0,
    COURSE_TITLE_MAX,
  );
  const [course] = await queryRows<{ id: string }>(
    tx,
    sql`insert into courses (organization_id, code, title, term, description, team_size_min,
        team_size_max, team_formation_deadline, created_by)
      values (${platform.organizationId}, ${code}, ${title}, ${currentTerm()}, '', 2, 5,
        now() + interval '30 days', ${userId})
      returning id`,
  );
  await tx.execute(sql`insert into lti_contexts
      (platform_id, context_id, course_id, deployment_id, title, label, memberships_url)
    values (${platform.id}, ${launch.context.id}, ${course!.id}, ${launch.deploymentId},
      ${launch.context.title ?? ''}, ${launch.context.label ?? ''}, ${launch.nrps?.url ?? null})`);
  await recordAudit(tx, {
    action: 'COURSE_CREATED',
    actorId: userId,
    organizationId: platform.organizationId,
    courseId: course!.id,
    data: { code, title, term: currentTerm(), source: 'LTI', platform: platform.name },
  });
  return { courseId: course!.id, created: true };
}

/** Staff of the course in the launch's role (never lowered from instructor by a TA launch). */
async function placeStaff(
  tx: DbOrTx,
  platform: LtiPlatform,
  courseId: string,
  userId: string,
  role: 'INSTRUCTOR' | 'TEACHING_ASSISTANT',
) {
  // An appointment by email waiting for this person becomes theirs first (as at sign-in).
  const [user] = await queryRows<{ email: string }>(
    tx,
    sql`select email from users where id = ${userId}`,
  );
  await linkPendingStaff(tx, { id: userId, email: user!.email });
  const [row] = await queryRows<{ inserted: boolean; role: string }>(
    tx,
    sql`insert into course_staff (course_id, user_id, email, role, source)
      select ${courseId}, u.id, case when u.email like '%@lti.invalid' then null else u.email end,
        ${role}, 'LTI'
      from users u where u.id = ${userId}
      on conflict (course_id, user_id) where user_id is not null
      do update set role = excluded.role, updated_at = now()
        where course_staff.role <> excluded.role and course_staff.source = 'LTI'
      returning (xmax = 0) as inserted, role`,
  );
  if (row?.inserted) {
    await recordAudit(tx, {
      action: 'COURSE_STAFF_APPOINTED',
      actorId: userId,
      organizationId: platform.organizationId,
      courseId,
      targetUserId: userId,
      data: { role, source: 'LTI', platform: platform.name },
    });
  }
}

/** An ACTIVE enrollment of the learner (a PENDING or INACTIVE one of theirs becomes ACTIVE). */
async function enrollLearner(tx: DbOrTx, courseId: string, userId: string) {
  const [user] = await queryRows<{ email: string; fullname: string }>(
    tx,
    sql`select email, fullname from users where id = ${userId}`,
  );
  const [existing] = await queryRows<{ id: string; status: string; removed: boolean }>(
    tx,
    sql`select id, status, removed_at is not null as removed from enrollments
      where course_id = ${courseId} and (user_id = ${userId} or email = ${user!.email})
      order by user_id is null limit 1 for update`,
  );
  if (existing) {
    if (existing.status !== 'ACTIVE' || existing.removed) {
      await tx.execute(sql`update enrollments set status = 'ACTIVE', user_id = ${userId},
          removed_at = null, activated_at = coalesce(activated_at, now()), updated_at = now()
        where id = ${existing.id}`);
    }
    return;
  }
  await tx.execute(sql`insert into enrollments
      (course_id, email, user_id, fullname, status, source, activated_at)
    values (${courseId}, ${user!.email}, ${userId}, ${user!.fullname}, 'ACTIVE', 'LTI', now())
    on conflict do nothing`);
}

/** Applies a verified launch; throws LtiError for a launch Teamup cannot place. */
export async function applyLaunch(
  tx: DbOrTx,
  platform: LtiPlatform,
  launch: LtiLaunch,
): Promise<LaunchOutcome> {
  const role = launch.contextRole;
  if (!role) {
    throw new LtiError(
      'LTI_LAUNCH_INVALID',
      'no_course_role',
      'Your role in this course is not one Teamup works with (instructor, teaching assistant or learner). Ask your instructor.',
    );
  }
  const userId = await personOf(tx, platform, launch);
  const { courseId, created } = await courseOf(tx, platform, launch, userId);
  if (role === 'LEARNER') await enrollLearner(tx, courseId, userId);
  else await placeStaff(tx, platform, courseId, userId, role);
  const target = role === 'LEARNER' ? `/courses/${courseId}` : `/admin/courses/${courseId}`;
  const code = await issueLoginCode(tx, userId, target);
  return { userId, courseId, role, target, code, courseCreated: created };
}
