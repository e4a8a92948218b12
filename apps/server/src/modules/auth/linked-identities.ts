// Linking by the person (issue 34, decision 141). An LMS-only account (a launch whose email no
// domain vouched for) becomes the person's Teamup account when they prove both sides in one
// browser: signed in by the LMS (the session) and by Google (an ID token). Its LMS identities
// and its places in courses move to the Teamup account, and the LMS-only account goes. Unlink
// moves an identity off an account onto a new LMS-only account. Every step is audited.
import { sql } from 'drizzle-orm';
import type { LinkedIdentities } from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { iso } from '../../lib/admin-course-sql.js';
import {
  createLmsOnlyAccount,
  isPlaceholderEmail,
  LINK_REFUSAL_TEXT,
  recordLinkEvent,
  type LinkRefusal,
} from '../../lib/lti-identity.js';
import { AppError, conflict, notFound } from '../../plugins/errors.js';

interface AccountRow {
  id: string;
  email: string;
  fullname: string;
  role: string;
  google_sub: string | null;
}

async function accountOf(db: DbOrTx, userId: string): Promise<AccountRow | null> {
  const [row] = await queryRows<AccountRow>(
    db,
    sql`select id, email, fullname, role, google_sub from users where id = ${userId}`,
  );
  return row ?? null;
}

const lmsOnly = (a: Pick<AccountRow, 'email' | 'google_sub'>) =>
  a.google_sub === null && isPlaceholderEmail(a.email);

export async function listLinkedIdentities(db: DbOrTx, userId: string): Promise<LinkedIdentities> {
  const account = await accountOf(db, userId);
  const items = await queryRows<LinkedIdentities['items'][number]>(
    db,
    sql`select i.id, p.name as "platformName", o.name as "organizationName",
        i.email as "lmsEmail", i.link_source as source,
        ${iso(sql`i.linked_at`)} as "linkedAt", ${iso(sql`i.last_launch_at`)} as "lastLaunchAt"
      from lti_identities i join lti_platforms p on p.id = i.platform_id
      join organizations o on o.id = p.organization_id
      where i.user_id = ${userId}
      order by i.last_launch_at desc, i.id`,
  );
  return {
    lmsOnly: account ? lmsOnly(account) : false,
    google: account?.google_sub != null,
    items,
  };
}

interface IdentityRow {
  platform_id: string;
  sub: string;
  email: string | null;
  platform_name: string;
  organization_id: string;
}

async function identitiesOf(tx: DbOrTx, userId: string): Promise<IdentityRow[]> {
  return queryRows<IdentityRow>(
    tx,
    sql`select i.platform_id, i.sub, i.email, p.name as platform_name, p.organization_id
      from lti_identities i join lti_platforms p on p.id = i.platform_id
      where i.user_id = ${userId} order by i.created_at for update of i`,
  );
}

const platformOf = (row: IdentityRow) => ({
  id: row.platform_id,
  name: row.platform_name,
  organizationId: row.organization_id,
});

/** What may stop a link, checked before anything moves; recorded by the caller when refused. */
export type LinkCheck =
  | { ok: true }
  | {
      ok: false;
      status: 403 | 409;
      code: 'LINK_REFUSED' | 'LINK_CONFLICT';
      message: string;
      reason: LinkRefusal | 'LINK_CONFLICT';
    };

/**
 * Where both accounts hold a place in one course, the LMS-only account's place goes if nothing
 * hangs on it (a student place with no team, survey answers, requests or invitations, or a
 * staff place beside the Teamup account's staff place); otherwise the link is refused with the
 * course named, and nothing changes.
 */
async function coursesInConflict(
  tx: DbOrTx,
  from: string,
  to: string,
): Promise<{ dropEnrollments: string[]; dropStaff: string[]; blocked: string[] }> {
  const rows = await queryRows<{
    course_id: string;
    code: string;
    from_enrollment: string | null;
    from_staff: string | null;
    to_staff: boolean;
    busy: boolean;
  }>(
    tx,
    sql`with places as (
        select course_id, user_id from enrollments where removed_at is null
          and user_id in (${from}, ${to})
        union select course_id, user_id from course_staff where user_id in (${from}, ${to})),
      shared as (select course_id from places group by course_id having count(distinct user_id) = 2)
      select s.course_id, c.code,
        (select id from enrollments e where e.course_id = s.course_id and e.user_id = ${from}
          and e.removed_at is null limit 1) as from_enrollment,
        (select id from course_staff cs where cs.course_id = s.course_id and cs.user_id = ${from})
          as from_staff,
        exists (select 1 from course_staff cs where cs.course_id = s.course_id
          and cs.user_id = ${to}) as to_staff,
        (exists (select 1 from team_members m where m.course_id = s.course_id and m.user_id = ${from})
          or exists (select 1 from survey_responses r where r.course_id = s.course_id
            and r.user_id = ${from})
          or exists (select 1 from join_requests j where j.course_id = s.course_id
            and j.user_id = ${from} and j.status = 'PENDING')
          or exists (select 1 from invitations v where v.course_id = s.course_id
            and v.invitee_id = ${from} and v.status = 'PENDING')) as busy
      from shared s join courses c on c.id = s.course_id
      order by c.code`,
  );
  const result = {
    dropEnrollments: [] as string[],
    dropStaff: [] as string[],
    blocked: [] as string[],
  };
  for (const row of rows) {
    if (row.from_staff && !row.from_enrollment && row.to_staff) {
      result.dropStaff.push(row.from_staff);
    } else if (row.from_enrollment && !row.from_staff && !row.busy) {
      result.dropEnrollments.push(row.from_enrollment);
    } else result.blocked.push(row.code);
  }
  return result;
}

export async function checkLink(
  tx: DbOrTx,
  fromUserId: string,
  target: AccountRow,
  superadminEmails: readonly string[],
): Promise<LinkCheck> {
  if (target.role === 'SUPERADMIN' || superadminEmails.includes(target.email)) {
    return {
      ok: false,
      status: 403,
      code: 'LINK_REFUSED',
      reason: 'SUPERADMIN',
      message: 'A Teamup superadmin account cannot be opened from an LMS, so it cannot be linked.',
    };
  }
  const { blocked } = await coursesInConflict(tx, fromUserId, target.id);
  if (blocked.length > 0) {
    return {
      ok: false,
      status: 409,
      code: 'LINK_CONFLICT',
      reason: 'LINK_CONFLICT',
      message: `Both accounts take part in ${blocked.join(', ')}. Ask the course's instructor to remove the one you do not use there, then link again.`,
    };
  }
  return { ok: true };
}

/** Refuses unless the signed-in account is LMS-only (the only kind that can be linked). */
export async function assertLmsOnly(db: DbOrTx, userId: string): Promise<AccountRow> {
  const account = await accountOf(db, userId);
  if (!account || !lmsOnly(account)) {
    throw conflict(
      'NOT_LMS_ONLY',
      'This account has its own sign-in already: there is nothing to link. Open Teamup from your LMS and link from there.',
    );
  }
  return account;
}

/** Records a refused link in its own transaction (the caller's rolls back). */
export async function recordRefusedLink(
  db: DbOrTx,
  fromUserId: string,
  targetUserId: string | null,
  reason: LinkRefusal | 'LINK_CONFLICT',
): Promise<void> {
  const identities = await queryRows<IdentityRow>(
    db,
    sql`select i.platform_id, i.sub, i.email, p.name as platform_name, p.organization_id
      from lti_identities i join lti_platforms p on p.id = i.platform_id
      where i.user_id = ${fromUserId}`,
  );
  for (const row of identities) {
    await recordLinkEvent(db, {
      action: 'LTI_LINK_REFUSED',
      platform: platformOf(row),
      actorId: fromUserId,
      targetUserId,
      via: 'PERSON',
      lmsEmail: row.email,
      reason,
    });
  }
}

/**
 * Moves the LMS-only account `from` into `to`: its identities (linked by the person now), its
 * places in courses with everything that hangs on them, and its notifications; then the
 * LMS-only account is deleted (its sessions with it). Run after checkLink passed, in the
 * transaction that opens the Teamup account's session.
 */
export async function mergeLmsOnlyAccount(
  tx: DbOrTx,
  from: string,
  to: AccountRow,
): Promise<{ platforms: string[]; organizationIds: string[] }> {
  const identities = await identitiesOf(tx, from);
  const { dropEnrollments, dropStaff } = await coursesInConflict(tx, from, to.id);
  for (const id of dropEnrollments) {
    await tx.execute(sql`delete from enrollments where id = ${id}`);
  }
  for (const id of dropStaff) await tx.execute(sql`delete from course_staff where id = ${id}`);
  // The LMS-only account's address was a placeholder: the rows carry the person's now, unless
  // the course already has a (removed) row of it, which keeps its own.
  await tx.execute(sql`update enrollments e set user_id = ${to.id},
      email = case when exists (select 1 from enrollments o where o.course_id = e.course_id
        and o.email = ${to.email}) then e.email else ${to.email} end, updated_at = now()
    where e.user_id = ${from}`);
  await tx.execute(sql`update course_staff set user_id = ${to.id}, email = null, updated_at = now()
    where user_id = ${from}`);
  await tx.execute(sql`update team_members set user_id = ${to.id} where user_id = ${from}`);
  await tx.execute(
    sql`update team_membership_periods set user_id = ${to.id} where user_id = ${from}`,
  );
  await tx.execute(sql`update teams set leader_id = ${to.id} where leader_id = ${from}`);
  await tx.execute(sql`update join_requests set user_id = ${to.id} where user_id = ${from}`);
  await tx.execute(sql`update invitations set invitee_id = ${to.id} where invitee_id = ${from}`);
  await tx.execute(sql`update survey_responses set user_id = ${to.id} where user_id = ${from}`);
  await tx.execute(sql`update notifications set user_id = ${to.id} where user_id = ${from}`);
  await tx.execute(sql`update lti_identities set user_id = ${to.id}, link_source = 'PERSON',
      linked_at = now() where user_id = ${from}`);
  for (const row of identities) {
    await recordLinkEvent(tx, {
      action: 'LTI_IDENTITY_LINKED',
      platform: platformOf(row),
      actorId: to.id,
      targetUserId: to.id,
      via: 'PERSON',
      lmsEmail: row.email,
    });
  }
  await tx.execute(sql`delete from users where id = ${from}`);
  return {
    platforms: [...new Set(identities.map((i) => i.platform_name))],
    organizationIds: [...new Set(identities.map((i) => i.organization_id))],
  };
}

/**
 * Unlink: the identity stops opening this account; the next launch from that LMS opens a new
 * LMS-only account (which the person may link again). The account's course places stay.
 */
export async function unlinkIdentity(
  tx: DbOrTx,
  userId: string,
  identityId: string,
): Promise<{ platform: string; organizationId: string }> {
  const [row] = await queryRows<IdentityRow & { fullname: string }>(
    tx,
    sql`select i.platform_id, i.sub, i.email, p.name as platform_name, p.organization_id,
        u.fullname
      from lti_identities i join lti_platforms p on p.id = i.platform_id
      join users u on u.id = i.user_id
      where i.id = ${identityId} and i.user_id = ${userId} for update of i`,
  );
  if (!row) throw notFound('Linked LMS account not found');
  const account = await accountOf(tx, userId);
  if (account && lmsOnly(account)) {
    throw conflict(
      'LAST_SIGN_IN',
      'This account is opened only by this LMS: unlinking it would leave no way to sign in. Link it to your Teamup account instead.',
    );
  }
  const moved = await createLmsOnlyAccount(tx, platformOf(row), row.sub, row.fullname, true);
  await tx.execute(sql`update lti_identities set user_id = ${moved}, link_source = 'NEW',
      linked_at = now() where platform_id = ${row.platform_id} and sub = ${row.sub}`);
  await recordLinkEvent(tx, {
    action: 'LTI_IDENTITY_UNLINKED',
    platform: platformOf(row),
    actorId: userId,
    targetUserId: userId,
    via: 'PERSON',
    lmsEmail: row.email,
    detail: { lmsOnlyAccountId: moved },
  });
  return { platform: row.platform_name, organizationId: row.organization_id };
}

export { LINK_REFUSAL_TEXT };
export type { AccountRow };
export const linkRefusedError = (check: Extract<LinkCheck, { ok: false }>) =>
  new AppError(check.status, check.code, check.message);
