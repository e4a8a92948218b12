// What a verified launch does in Teamup (issue 28, decision 138), in one transaction: finds or
// creates the person by (platform, sub), finds or creates the course of the context, gives the
// person their place in it (staff or an ACTIVE enrollment), and hands out a one-time code.
import { sql } from 'drizzle-orm';
import { COURSE_CODE_MAX, COURSE_TITLE_MAX } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { recordAudit } from '../../lib/audit.js';
import { linkPendingStaff } from '../../lib/course-staff.js';
import { issueLoginCode } from '../../lib/lti-login-code.js';
import {
  createLmsOnlyAccount,
  launchRefusalFor,
  organizationOwnsEmail,
  recordLinkEvent,
  type LinkRefusal,
} from '../../lib/lti-identity.js';
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

export { placeholderEmail } from '../../lib/lti-identity.js';

function displayName(launch: LtiLaunch): string {
  const parts = [launch.givenName, launch.familyName].filter(Boolean).join(' ');
  return (launch.name ?? (parts || null) ?? launch.email?.split('@')[0] ?? 'LMS user').slice(
    0,
    120,
  );
}

export interface LaunchOptions {
  /** SUPERADMIN_EMAILS: accounts a launch never opens, nor creates. */
  superadminEmails: readonly string[];
}

interface Person {
  userId: string;
  /** The platform vouched for the launch's email (inside its organization's domains). */
  vouched: boolean;
}

/**
 * The Teamup user of this platform's `sub` (decision 141). A known identity opens its account,
 * unless that account is a superadmin's: then the identity moves to a new LMS-only account.
 * A first launch links an existing account only by a vouched email (inside the organization's
 * domains) of an account with no superadmin role and no admin or staff role in another
 * organization; it creates an account with that address when nobody has it. Anything else
 * starts an LMS-only account (placeholder address, no mail) that claims nothing by email; a
 * refusal is recorded where the organization's admins read it.
 */
async function personOf(
  tx: DbOrTx,
  platform: LtiPlatform,
  launch: LtiLaunch,
  options: LaunchOptions,
): Promise<Person> {
  const email = launch.email?.trim().toLowerCase() || null;
  const vouched = await organizationOwnsEmail(tx, platform.organizationId, email);
  const [known] = await queryRows<{
    user_id: string;
    email: string;
    role: string;
    link_source: string;
  }>(
    tx,
    sql`update lti_identities i set last_launch_at = now(), email = coalesce(${email}, i.email)
      from users u where u.id = i.user_id and i.platform_id = ${platform.id} and i.sub = ${launch.sub}
      returning i.user_id, i.link_source, u.email, u.role`,
  );
  if (known) {
    // Held at every launch, so that a link made before this rule (or a role gained since)
    // cannot keep opening the account: never a superadmin; never someone with an admin or
    // staff role in another organization, unless the person linked it themselves.
    const refusal =
      known.role === 'SUPERADMIN' || options.superadminEmails.includes(known.email)
        ? 'SUPERADMIN'
        : known.link_source === 'PERSON'
          ? null
          : await launchRefusalFor(
              tx,
              { id: known.user_id, email: known.email, role: known.role },
              platform.organizationId,
              options.superadminEmails,
            );
    if (!refusal) {
      return { userId: known.user_id, vouched: vouched && known.email === email };
    }
    const userId = await createLmsOnlyAccount(tx, platform, launch.sub, displayName(launch), true);
    await tx.execute(sql`update lti_identities set user_id = ${userId}, link_source = 'NEW',
        linked_at = now() where platform_id = ${platform.id} and sub = ${launch.sub}`);
    await recordLinkEvent(tx, {
      action: 'LTI_LINK_REFUSED',
      platform,
      actorId: null,
      targetUserId: known.user_id,
      via: 'LAUNCH',
      lmsEmail: email,
      reason: refusal,
      detail: { lmsOnlyAccountId: userId },
    });
    return { userId, vouched: false };
  }

  let userId: string | null = null;
  let source: 'NEW' | 'VOUCHED_EMAIL' = 'NEW';
  let refusal: LinkRefusal | null = null;
  let refusedUserId: string | null = null;
  if (email) {
    const [existing] = await queryRows<{ id: string; email: string; role: string }>(
      tx,
      sql`select id, email, role from users where email = ${email}`,
    );
    if (existing) {
      refusal = vouched
        ? await launchRefusalFor(tx, existing, platform.organizationId, options.superadminEmails)
        : 'OUTSIDE_DOMAINS';
      if (refusal) refusedUserId = existing.id;
      else {
        userId = existing.id;
        source = 'VOUCHED_EMAIL';
      }
    } else if (vouched && !options.superadminEmails.includes(email)) {
      // Nobody has the address yet: the organization vouches for it, so the account gets it.
      const [created] = await queryRows<{ id: string }>(
        tx,
        sql`insert into users (email, fullname, role, last_sign_in_at)
          values (${email}, ${displayName(launch)}, 'STUDENT', now())
          on conflict (email) do nothing returning id`,
      );
      const [row] = created
        ? [created]
        : await queryRows<{ id: string }>(tx, sql`select id from users where email = ${email}`);
      userId = row!.id;
      source = 'VOUCHED_EMAIL';
    } else if (!vouched) {
      // An address nobody has yet, outside the domains: still no claim on what waits for it.
      const [waiting] = await queryRows<{ yes: boolean }>(
        tx,
        sql`select (exists (select 1 from enrollments where email = ${email} and user_id is null)
          or exists (select 1 from course_staff where email = ${email} and user_id is null)
          or exists (select 1 from organization_admins oa join users u on u.id = oa.user_id
            where u.email = ${email})) as yes`,
      );
      if (waiting?.yes) refusal = 'OUTSIDE_DOMAINS';
    } else refusal = 'SUPERADMIN';
  }
  if (!userId) userId = await createLmsOnlyAccount(tx, platform, launch.sub, displayName(launch));
  await tx.execute(sql`insert into lti_identities (platform_id, sub, user_id, email, link_source)
    values (${platform.id}, ${launch.sub}, ${userId}, ${email}, ${source})
    on conflict do nothing`);
  const [linked] = await queryRows<{ user_id: string; link_source: string }>(
    tx,
    sql`select user_id, link_source from lti_identities
      where platform_id = ${platform.id} and sub = ${launch.sub}`,
  );
  if (linked!.user_id === userId) {
    if (source === 'VOUCHED_EMAIL' && refusedUserId === null) {
      await recordLinkEvent(tx, {
        action: 'LTI_IDENTITY_LINKED',
        platform,
        actorId: null,
        targetUserId: userId,
        via: 'LAUNCH_EMAIL',
        lmsEmail: email,
      });
    } else if (refusal) {
      await recordLinkEvent(tx, {
        action: 'LTI_LINK_REFUSED',
        platform,
        actorId: null,
        targetUserId: refusedUserId,
        via: 'LAUNCH_EMAIL',
        lmsEmail: email,
        reason: refusal,
        detail: { lmsOnlyAccountId: userId },
      });
    }
  }
  return { userId: linked!.user_id, vouched: source === 'VOUCHED_EMAIL' };
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

/**
 * What the organization has waiting for a vouched address: its own courses' pending
 * enrollments and staff appointments (never another organization's: decision 141).
 */
async function claimVouched(tx: DbOrTx, platform: LtiPlatform, userId: string, deps: LaunchDeps) {
  const [user] = await queryRows<{ id: string; email: string }>(
    tx,
    sql`select id, email from users where id = ${userId}`,
  );
  await deps.claimEnrollments(tx, user!, platform.organizationId);
  await linkPendingStaff(tx, user!, platform.organizationId);
}

interface Place {
  staffRole: 'INSTRUCTOR' | 'TEACHING_ASSISTANT' | null;
  staffSource: string | null;
  enrollmentId: string | null;
  enrollmentSource: string | null;
  /** The course's roster was synced from the LMS at least once. */
  synced: boolean;
}

async function placeOf(tx: DbOrTx, courseId: string, userId: string): Promise<Place> {
  const [row] = await queryRows<Place>(
    tx,
    sql`select
        (select role from course_staff where course_id = ${courseId} and user_id = ${userId})
          as "staffRole",
        (select source from course_staff where course_id = ${courseId} and user_id = ${userId})
          as "staffSource",
        (select id from enrollments where course_id = ${courseId} and user_id = ${userId}
          and removed_at is null and status <> 'INACTIVE' limit 1) as "enrollmentId",
        (select source::text from enrollments where course_id = ${courseId} and user_id = ${userId}
          and removed_at is null and status <> 'INACTIVE' limit 1) as "enrollmentSource",
        exists (select 1 from lti_contexts where course_id = ${courseId}
          and last_synced_at is not null) as synced`,
  );
  return row!;
}

/** Staff of the course in the launch's role (never lowered from instructor by a TA launch). */
async function placeStaff(
  tx: DbOrTx,
  platform: LtiPlatform,
  courseId: string,
  userId: string,
  role: 'INSTRUCTOR' | 'TEACHING_ASSISTANT',
) {
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
async function enrollLearner(tx: DbOrTx, courseId: string, userId: string, section: string | null) {
  const [user] = await queryRows<{ email: string; fullname: string }>(
    tx,
    sql`select email, fullname from users where id = ${userId}`,
  );
  // By the account only: an enrollment by email is claimed at sign-in or by a vouched launch.
  const [existing] = await queryRows<{ id: string; status: string; removed: boolean }>(
    tx,
    sql`select id, status, removed_at is not null as removed from enrollments
      where course_id = ${courseId} and user_id = ${userId} limit 1 for update`,
  );
  if (existing) {
    if (existing.status !== 'ACTIVE' || existing.removed) {
      await tx.execute(sql`update enrollments set status = 'ACTIVE', user_id = ${userId},
          removed_at = null, activated_at = coalesce(activated_at, now()), updated_at = now()
        where id = ${existing.id}`);
    }
    // Issue 36: the LMS's section, when the launch names one, is the student's section.
    if (section) {
      await tx.execute(sql`update enrollments set section = ${section}, updated_at = now()
        where id = ${existing.id} and section is distinct from ${section}`);
    }
    return;
  }
  await tx.execute(sql`insert into enrollments
      (course_id, email, user_id, fullname, section, status, source, activated_at)
    values (${courseId}, ${user!.email}, ${userId}, ${user!.fullname}, ${section}, 'ACTIVE', 'LTI', now())
    on conflict do nothing`);
}

/**
 * One role per course (issue 34, item 11). Once the course's roster has been synced, a place
 * the LMS made (an LTI enrollment or appointment) is the platform's statement of membership and
 * a launch does not change it: a Moodle non-editing teacher whom the roster lists as Learner
 * stays a student however his launches name him. Otherwise the launch's role applies, and
 * never beside another: becoming staff leaves the student enrollment (INACTIVE, which leaves
 * the team through the enrollment rules), and a staff member's learner launch keeps them staff.
 */
async function place(
  tx: DbOrTx,
  platform: LtiPlatform,
  courseId: string,
  userId: string,
  role: LtiContextRole,
  deactivate: LaunchDeps['deactivate'],
  section: string | null,
): Promise<LtiContextRole> {
  const now = await placeOf(tx, courseId, userId);
  const rosterSaid =
    now.synced &&
    ((now.staffRole !== null && now.staffSource === 'LTI') ||
      (now.enrollmentId !== null && now.enrollmentSource === 'LTI'));
  if (rosterSaid) {
    if (now.staffRole) return now.staffRole;
    await enrollLearner(tx, courseId, userId, section);
    return 'LEARNER';
  }
  if (role === 'LEARNER') {
    if (now.staffRole) return now.staffRole;
    await enrollLearner(tx, courseId, userId, section);
    return 'LEARNER';
  }
  await placeStaff(tx, platform, courseId, userId, role);
  if (now.enrollmentId) await deactivate(tx, userId, now.enrollmentId);
  const after = await placeOf(tx, courseId, userId);
  return after.staffRole ?? role;
}

export interface LaunchDeps extends LaunchOptions {
  /** The enrollment rules' INACTIVE (leaving the team), as the launching person. */
  deactivate: (tx: DbOrTx, userId: string, enrollmentId: string) => Promise<unknown>;
  /** The enrollment rules' claim of PENDING enrollments by address, in one organization. */
  claimEnrollments: (
    tx: DbOrTx,
    user: { id: string; email: string },
    organizationId: string,
  ) => Promise<unknown>;
}

/** Applies a verified launch; throws LtiError for a launch Teamup cannot place. */
export async function applyLaunch(
  tx: DbOrTx,
  platform: LtiPlatform,
  launch: LtiLaunch,
  deps: LaunchDeps,
): Promise<LaunchOutcome> {
  const launched = launch.contextRole;
  if (!launched) {
    throw new LtiError(
      'LTI_LAUNCH_INVALID',
      'no_course_role',
      'Your role in this course is not one Teamup works with (instructor, teaching assistant or learner). Ask your instructor.',
    );
  }
  const person = await personOf(tx, platform, launch, deps);
  const { userId } = person;
  if (person.vouched) await claimVouched(tx, platform, userId, deps);
  const { courseId, created } = await courseOf(tx, platform, launch, userId);
  const role = await place(
    tx,
    platform,
    courseId,
    userId,
    launched,
    deps.deactivate,
    launch.section ?? null,
  );
  const target = role === 'LEARNER' ? `/courses/${courseId}` : `/admin/courses/${courseId}`;
  const code = await issueLoginCode(tx, userId, target);
  return { userId, courseId, role, target, code, courseCreated: created };
}
