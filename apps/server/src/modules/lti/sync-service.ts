// Roster sync from the LMS (issue 28, decision 138): the course's context membership (NRPS 2.0)
// becomes its enrollments and staff. New learners are enrolled (ACTIVE when Teamup knows them
// from a launch, else PENDING by email, else a new account tied to their LMS id); learners gone
// from the LMS become INACTIVE through the enrollment rules (they leave their team); staff
// roles follow the LMS. Only what the LMS put there is taken away: an enrollment or appointment
// made by hand or by CSV stays.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LtiSyncChange, LtiSyncResult } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import {
  adminCourseScope,
  courseRefusal,
  iso,
  type AdminCaller,
} from '../../lib/admin-course-sql.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, conflict } from '../../plugins/errors.js';
import { organizationDomainSet, placeholderEmail, vouchedBy } from '../../lib/lti-identity.js';
import { readMembership, type NrpsMember } from './nrps.js';
import type { ServiceTokenClient } from './service-token.js';
import { PLATFORM_COLUMNS } from './store.js';
import { LtiError, type LtiPlatform } from './types.js';

export type RosterSync = (
  caller: AdminCaller,
  courseId: string,
  preview: boolean,
) => Promise<LtiSyncResult>;

export interface RosterSyncDeps {
  db: DbOrTx & { transaction: <T>(fn: (tx: DbOrTx) => Promise<T>) => Promise<T> };
  tokens: ServiceTokenClient;
  /** The enrollment rules' status change (leaving the team on INACTIVE), as the caller. */
  setStatus: (
    tx: DbOrTx,
    caller: AdminCaller,
    enrollmentId: string,
    status: 'ACTIVE' | 'INACTIVE',
  ) => Promise<unknown>;
  log: FastifyBaseLogger;
}

interface ContextRow {
  platform: LtiPlatform;
  course_id: string;
  organization_id: string;
  memberships_url: string | null;
  last_synced_at: string | null;
}

interface EnrollmentRow {
  id: string;
  user_id: string | null;
  email: string;
  status: 'PENDING' | 'ACTIVE' | 'INACTIVE';
  removed: boolean;
  from_lms: boolean;
  fullname: string;
  section: string | null;
}

interface StaffRow {
  id: string;
  user_id: string | null;
  email: string | null;
  role: 'INSTRUCTOR' | 'TEACHING_ASSISTANT';
  source: string;
  fullname: string;
}

/** What a sync does, worked out before anything is written (the preview is this alone). */
interface Plan {
  changes: LtiSyncChange[];
  /** Members Teamup has no account for and no email of: an account tied to their LMS id. */
  newPeople: NrpsMember[];
  enroll: { member: NrpsMember; userId: string | null; email: string }[];
  /** The LMS's email of each member Teamup creates an LMS-only account for. */
  lmsEmails: Map<string, string | null>;
  reactivate: { enrollmentId: string; member: NrpsMember }[];
  deactivate: EnrollmentRow[];
  staff: {
    member: NrpsMember;
    userId: string | null;
    /** A vouched address (inside the organization's domains), else null: no claim by email. */
    email: string | null;
    role: 'INSTRUCTOR' | 'TEACHING_ASSISTANT';
  }[];
  staffRemoved: StaffRow[];
  unchanged: number;
  /** Issue 36: enrollments whose section the roster names differently. */
  sections: { enrollmentId: string; section: string }[];
}

const nameOf = (m: NrpsMember) =>
  (m.name ?? ([m.givenName, m.familyName].filter(Boolean).join(' ') || m.email) ?? m.userId).slice(
    0,
    120,
  );

async function contextOf(db: DbOrTx, caller: AdminCaller, courseId: string) {
  const [row] = await queryRows<ContextRow>(
    db,
    sql`select c.id as course_id, c.organization_id, x.memberships_url,
        ${iso(sql`x.last_synced_at`)} as last_synced_at,
        (select row_to_json(p) from (select ${PLATFORM_COLUMNS} from lti_platforms p
          where p.id = x.platform_id) p) as platform
      from courses c join organizations o on o.id = c.organization_id
      left join lti_contexts x on x.course_id = c.id
      where c.id = ${courseId} and ${adminCourseScope(caller)}`,
  );
  if (!row) throw courseRefusal(caller);
  if (!row.platform || !row.memberships_url) {
    throw conflict(
      'NO_LMS_ROSTER',
      'This course is not linked to an LMS course with a roster service: open Teamup from the LMS course once as its instructor',
    );
  }
  return row as ContextRow & { memberships_url: string };
}

async function planSync(db: DbOrTx, ctx: ContextRow, members: NrpsMember[]): Promise<Plan> {
  const subs = members.map((m) => m.userId);
  const [domains, identities, enrollmentRows, staffRows] = await Promise.all([
    organizationDomainSet(db, ctx.organization_id),
    queryRows<{ sub: string; user_id: string; email: string }>(
      db,
      sql`select i.sub, i.user_id, u.email from lti_identities i join users u on u.id = i.user_id
        where i.platform_id = ${ctx.platform.id} and ${
          subs.length === 0
            ? sql`false`
            : sql`i.sub in (${sql.join(
                subs.map((s) => sql`${s}`),
                sql`, `,
              )})`
        }`,
    ),
    queryRows<EnrollmentRow>(
      db,
      sql`select e.id, e.user_id, e.email, e.status, e.removed_at is not null as removed,
          e.fullname, e.section, (e.source = 'LTI' or exists (select 1 from lti_identities i
            where i.platform_id = ${ctx.platform.id} and i.user_id = e.user_id)) as from_lms
        from enrollments e where e.course_id = ${ctx.course_id}`,
    ),
    queryRows<StaffRow>(
      db,
      sql`select cs.id, cs.user_id, cs.email, cs.role, cs.source,
          coalesce(u.fullname, cs.fullname) as fullname
        from course_staff cs left join users u on u.id = cs.user_id
        where cs.course_id = ${ctx.course_id}`,
    ),
  ]);
  const userOfSub = new Map(identities.map((i) => [i.sub, i]));
  const byUser = new Map(enrollmentRows.filter((e) => e.user_id).map((e) => [e.user_id!, e]));
  const byEmail = new Map(enrollmentRows.map((e) => [e.email, e]));
  const staffByUser = new Map(staffRows.filter((s) => s.user_id).map((s) => [s.user_id!, s]));
  const staffByEmail = new Map(staffRows.filter((s) => s.email).map((s) => [s.email!, s]));
  const plan: Plan = {
    changes: [],
    newPeople: [],
    enroll: [],
    lmsEmails: new Map(),
    reactivate: [],
    deactivate: [],
    staff: [],
    staffRemoved: [],
    unchanged: 0,
    sections: [],
  };
  const learners = new Set<string>();
  const staffKept = new Set<string>();
  const seen = new Set<string>();
  // Members the roster makes staff leave their student place (one role per course).
  const leaving = new Set<string>();
  for (const m of members) {
    if (m.status !== 'Active' || !m.contextRole || seen.has(m.userId)) continue;
    seen.add(m.userId);
    const known = userOfSub.get(m.userId);
    // Decision 141: the roster's email counts only inside the organization's domains. Anyone
    // else is enrolled by their LMS identity (an LMS-only account), never by email.
    const vouched = !known && vouchedBy(domains, m.email);
    const userId = known?.user_id ?? null;
    const email = known ? known.email : vouched ? m.email! : null;
    if (!known && !vouched) {
      plan.newPeople.push(m);
      plan.lmsEmails.set(m.userId, m.email ?? null);
    }
    const byAddress = (map: Map<string, EnrollmentRow> | Map<string, StaffRow>) =>
      (known || vouched) && email ? map.get(email) : undefined;
    const change = (kind: LtiSyncChange['kind']) =>
      plan.changes.push({ kind, name: nameOf(m), email: m.email, role: m.contextRole });
    if (m.contextRole === 'LEARNER') {
      const staffRow =
        (userId && staffByUser.get(userId)) || (byAddress(staffByEmail) as StaffRow | undefined);
      if (staffRow && staffRow.source !== 'LTI') {
        // Appointed by hand: a staff member stays one, and is not enrolled beside it.
        staffKept.add(staffRow.id);
        plan.unchanged++;
        continue;
      }
      const row =
        (userId && byUser.get(userId)) || (byAddress(byEmail) as EnrollmentRow | undefined);
      if (row) learners.add(row.id);
      if (row && m.section && row.section !== m.section) {
        plan.sections.push({ enrollmentId: row.id, section: m.section });
      }
      if (!row) {
        plan.enroll.push({ member: m, userId, email: email ?? '' });
        change('ENROLL');
      } else if (row.removed || row.status === 'INACTIVE') {
        plan.reactivate.push({ enrollmentId: row.id, member: m });
        change('REACTIVATE');
      } else plan.unchanged++;
      continue;
    }
    const role = m.contextRole;
    const row =
      (userId && staffByUser.get(userId)) || (byAddress(staffByEmail) as StaffRow | undefined);
    if (row) staffKept.add(row.id);
    if (!row || row.role !== role) {
      plan.staff.push({ member: m, userId, email: known ? null : email, role });
      change('STAFF');
    } else plan.unchanged++;
    const student =
      (userId && byUser.get(userId)) || (byAddress(byEmail) as EnrollmentRow | undefined);
    if (student && student.status === 'ACTIVE' && !student.removed) leaving.add(student.id);
  }
  for (const e of enrollmentRows) {
    const gone = e.from_lms && !learners.has(e.id);
    if (e.status === 'ACTIVE' && !e.removed && !learners.has(e.id) && (gone || leaving.has(e.id))) {
      plan.deactivate.push(e);
      plan.changes.push({ kind: 'DEACTIVATE', name: e.fullname, email: e.email, role: 'LEARNER' });
    }
  }
  for (const s of staffRows) {
    if (s.source === 'LTI' && !staffKept.has(s.id)) {
      plan.staffRemoved.push(s);
      plan.changes.push({ kind: 'STAFF_REMOVED', name: s.fullname, email: s.email, role: s.role });
    }
  }
  return plan;
}

/** Accounts for members Teamup cannot reach otherwise (no launch yet, no email). */
async function createPeople(
  tx: DbOrTx,
  platform: LtiPlatform,
  people: NrpsMember[],
  lmsEmails: Map<string, string | null>,
) {
  const ids = new Map<string, string>();
  for (const m of people) {
    const email = placeholderEmail(platform, m.userId);
    await tx.execute(sql`insert into users (email, fullname, role, email_undeliverable_at)
      values (${email}, ${nameOf(m)}, 'STUDENT', now()) on conflict (email) do nothing`);
    const [user] = await queryRows<{ id: string }>(
      tx,
      sql`select id from users where email = ${email}`,
    );
    await tx.execute(sql`insert into lti_identities (platform_id, sub, user_id, email)
      values (${platform.id}, ${m.userId}, ${user!.id}, ${lmsEmails.get(m.userId) ?? null})
      on conflict do nothing`);
    // A launch at the same moment may have made the identity first: use its account.
    const [linked] = await queryRows<{ user_id: string }>(
      tx,
      sql`select user_id from lti_identities where platform_id = ${platform.id} and sub = ${m.userId}`,
    );
    ids.set(m.userId, linked!.user_id);
  }
  return ids;
}

async function applyPlan(
  tx: DbOrTx,
  deps: RosterSyncDeps,
  caller: AdminCaller,
  ctx: ContextRow,
  plan: Plan,
) {
  const created = await createPeople(tx, ctx.platform, plan.newPeople, plan.lmsEmails);
  const userFor = async (member: NrpsMember, userId: string | null) =>
    userId ?? created.get(member.userId) ?? null;
  // Every new enrollment in one statement, and their audit entries in one more.
  const rows = [];
  for (const { member, userId: known, email } of plan.enroll) {
    const userId = await userFor(member, known);
    rows.push({
      email: email || placeholderEmail(ctx.platform, member.userId),
      user_id: userId,
      fullname: nameOf(member),
      section: member.section,
      status: userId ? 'ACTIVE' : 'PENDING',
    });
  }
  if (rows.length > 0) {
    const inserted = await queryRows<{
      id: string;
      email: string;
      user_id: string | null;
      status: string;
    }>(
      tx,
      sql`insert into enrollments (course_id, email, user_id, fullname, section, status, source,
          activated_at, created_by)
        select ${ctx.course_id}, r.email, r.user_id, r.fullname, r.section, r.status, 'LTI',
          case when r.user_id is null then null else now() end, ${caller.userId}
        from json_to_recordset(${JSON.stringify(rows)}::json)
          as r(email text, user_id uuid, fullname text, section text, status enrollment_status)
        on conflict do nothing returning id, email, user_id, status`,
    );
    await recordAudit(
      tx,
      ...inserted.map((row) => ({
        action: 'ENROLLED',
        actorId: caller.userId,
        organizationId: ctx.organization_id,
        courseId: ctx.course_id,
        enrollmentId: row.id,
        targetUserId: row.user_id,
        data: { email: row.email, status: row.status, source: 'LTI' },
      })),
    );
  }
  for (const { enrollmentId } of plan.reactivate) {
    const [row] = await queryRows<{ user_id: string | null; removed: boolean }>(
      tx,
      sql`select user_id, removed_at is not null as removed from enrollments
        where id = ${enrollmentId} for update`,
    );
    if (row?.removed) {
      await tx.execute(sql`update enrollments set removed_at = null, updated_at = now(),
          status = case when user_id is null then 'PENDING'::enrollment_status else 'ACTIVE'::enrollment_status end
        where id = ${enrollmentId}`);
      await recordAudit(tx, {
        action: 'RESTORED',
        actorId: caller.userId,
        organizationId: ctx.organization_id,
        courseId: ctx.course_id,
        enrollmentId,
        targetUserId: row.user_id,
        data: { source: 'LTI' },
      });
    } else if (row) {
      await deps.setStatus(tx, caller, enrollmentId, 'ACTIVE');
    }
  }
  for (const e of plan.deactivate) await deps.setStatus(tx, caller, e.id, 'INACTIVE');
  // Issue 36: the sections the roster names, in one statement.
  if (plan.sections.length > 0) {
    await tx.execute(sql`update enrollments e set section = x.section, updated_at = now()
      from json_to_recordset(${JSON.stringify(
        plan.sections.map((s) => ({ id: s.enrollmentId, section: s.section })),
      )}::json) as x(id uuid, section text)
      where e.id = x.id and e.course_id = ${ctx.course_id}`);
  }
  for (const { member, userId: known, email, role } of plan.staff) {
    const userId = await userFor(member, known);
    await tx.execute(sql`delete from course_staff where course_id = ${ctx.course_id}
      and ((${userId}::uuid is not null and user_id = ${userId}::uuid)
        or (${email}::text is not null and email = ${email}::text))`);
    await tx.execute(sql`insert into course_staff (course_id, user_id, email, role, source, fullname)
      values (${ctx.course_id}, ${userId}, ${email}, ${role}, 'LTI', ${nameOf(member)})`);
    await recordAudit(tx, {
      action: 'COURSE_STAFF_APPOINTED',
      actorId: caller.userId,
      organizationId: ctx.organization_id,
      courseId: ctx.course_id,
      targetUserId: userId,
      data: { email, role, source: 'LTI' },
    });
  }
  for (const s of plan.staffRemoved) {
    await tx.execute(sql`delete from course_staff where id = ${s.id}`);
    await recordAudit(tx, {
      action: 'COURSE_STAFF_REMOVED',
      actorId: caller.userId,
      organizationId: ctx.organization_id,
      courseId: ctx.course_id,
      targetUserId: s.user_id,
      data: { email: s.email, role: s.role, source: 'LTI' },
    });
  }
  const [synced] = await queryRows<{ at: string }>(
    tx,
    sql`update lti_contexts set last_synced_at = now() where course_id = ${ctx.course_id}
      returning ${iso(sql`last_synced_at`)} as at`,
  );
  await recordAudit(tx, {
    action: 'LTI_ROSTER_SYNCED',
    actorId: caller.userId,
    organizationId: ctx.organization_id,
    courseId: ctx.course_id,
    data: {
      enrolled: plan.enroll.length,
      reactivated: plan.reactivate.length,
      deactivated: plan.deactivate.length,
      staffChanged: plan.staff.length + plan.staffRemoved.length,
    },
  });
  return synced?.at ?? null;
}

export function createRosterSync(deps: RosterSyncDeps): RosterSync {
  return async (caller, courseId, preview) => {
    const ctx = await contextOf(deps.db, caller, courseId);
    let membership;
    try {
      membership = await readMembership({
        url: ctx.memberships_url!,
        platform: ctx.platform,
        tokens: deps.tokens,
      });
    } catch (error) {
      if (error instanceof LtiError) {
        throw new AppError(
          502,
          'LMS_UNAVAILABLE',
          `The LMS roster could not be read: ${error.message}`,
        );
      }
      throw error;
    }
    const result = (plan: Plan, applied: boolean, lastSyncedAt: string | null): LtiSyncResult => ({
      applied,
      members: membership.members.length,
      enrolled: plan.enroll.length,
      reactivated: plan.reactivate.length,
      deactivated: plan.deactivate.length,
      staffChanged: plan.staff.length + plan.staffRemoved.length,
      unchanged: plan.unchanged,
      changes: plan.changes.slice(0, 200),
      lastSyncedAt,
    });
    if (preview) {
      return result(await planSync(deps.db, ctx, membership.members), false, ctx.last_synced_at);
    }
    return deps.db.transaction(async (tx) => {
      // One sync of a course at a time: the second plans on what the first wrote.
      await tx.execute(sql`select 1 from lti_contexts where course_id = ${courseId} for update`);
      const plan = await planSync(tx, ctx, membership.members);
      const at = await applyPlan(tx, deps, caller, ctx, plan);
      deps.log.info({ courseId, changes: plan.changes.length }, 'LMS roster synced');
      return result(plan, true, at);
    });
  };
}
