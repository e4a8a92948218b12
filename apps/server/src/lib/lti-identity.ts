// Who an LMS launch is (issue 34, decision 141). An identity is what its issuer vouches for: a
// platform's (issuer, client, `sub`), which is the platform row and the `sub`. Its email claim
// counts only inside the email domains its organization owns, and even then never opens a
// superadmin's account or the account of someone with an admin or staff role in another
// organization. Everything else starts a separate LMS-only account, which the person may link
// to their Teamup account themselves (profile-identities.ts).
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LINK_REFUSAL_TEXTS } from '@teamup/shared';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';
import { recordAudit } from './audit.js';
import type { LtiPlatform } from '../modules/lti/types.js';

/** The placeholder address of an LMS-only account: unique per (platform, sub), gets no mail. */
export function placeholderEmail(platform: Pick<LtiPlatform, 'id'>, sub: string): string {
  const hash = createHash('sha256').update(`${platform.id}\n${sub}`).digest('hex').slice(0, 24);
  return `lti-${hash}@lti.invalid`;
}

export const PLACEHOLDER_DOMAIN = 'lti.invalid';

export function isPlaceholderEmail(email: string): boolean {
  return email.endsWith(`@${PLACEHOLDER_DOMAIN}`);
}

/** The part after the last @, lower-cased; null for something that is not an address. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return null;
  return email.slice(at + 1).toLowerCase();
}

/** Whether `organizationId` owns the domain of `email` (an exact domain: no subdomains). */
export async function organizationOwnsEmail(
  db: DbOrTx,
  organizationId: string,
  email: string | null | undefined,
): Promise<boolean> {
  const domain = email ? emailDomain(email) : null;
  if (!domain) return false;
  const [row] = await queryRows<{ yes: boolean }>(
    db,
    sql`select exists (select 1 from organization_domains
      where organization_id = ${organizationId} and domain = ${domain}) as yes`,
  );
  return row?.yes === true;
}

/** The domains an organization owns, for checking many addresses at once (the roster sync). */
export async function organizationDomainSet(
  db: DbOrTx,
  organizationId: string,
): Promise<Set<string>> {
  const rows = await queryRows<{ domain: string }>(
    db,
    sql`select domain from organization_domains where organization_id = ${organizationId}`,
  );
  return new Set(rows.map((r) => r.domain));
}

export function vouchedBy(domains: ReadonlySet<string>, email: string | null | undefined): boolean {
  const domain = email ? emailDomain(email) : null;
  return domain !== null && domains.has(domain);
}

/** Why an account may not be opened by a launch of `organizationId`'s platforms, or null. */
export type LinkRefusal =
  'OUTSIDE_DOMAINS' | 'SUPERADMIN' | 'OTHER_ORGANIZATION_ADMIN' | 'OTHER_ORGANIZATION_STAFF';

export const LINK_REFUSAL_TEXT: Record<LinkRefusal, string> = LINK_REFUSAL_TEXTS;

export async function launchRefusalFor(
  db: DbOrTx,
  user: { id: string; email: string; role: string },
  organizationId: string,
  superadminEmails: readonly string[],
): Promise<LinkRefusal | null> {
  if (user.role === 'SUPERADMIN' || superadminEmails.includes(user.email)) return 'SUPERADMIN';
  const [row] = await queryRows<{ admin: boolean; staff: boolean }>(
    db,
    sql`select
        exists (select 1 from organization_admins oa
          where oa.user_id = ${user.id} and oa.organization_id <> ${organizationId}) as admin,
        exists (select 1 from course_staff cs join courses c on c.id = cs.course_id
          where cs.user_id = ${user.id} and c.organization_id <> ${organizationId}) as staff`,
  );
  if (row?.admin) return 'OTHER_ORGANIZATION_ADMIN';
  if (row?.staff) return 'OTHER_ORGANIZATION_STAFF';
  return null;
}

/** A new LMS-only account: the placeholder address, marked undeliverable, a student. */
export async function createLmsOnlyAccount(
  tx: DbOrTx,
  platform: Pick<LtiPlatform, 'id'>,
  sub: string,
  fullname: string,
  /** Another account's identity moved here (unlink, refused link): a fresh address. */
  fresh = false,
): Promise<string> {
  const base = placeholderEmail(platform, sub);
  const address = fresh ? base.replace('@', `-${randomBytes(4).toString('hex')}@`) : base;
  const [created] = await queryRows<{ id: string }>(
    tx,
    sql`insert into users (email, fullname, role, email_undeliverable_at)
      values (${address}, ${fullname.slice(0, 120) || 'LMS user'}, 'STUDENT', now())
      on conflict (email) do nothing returning id`,
  );
  if (created) return created.id;
  // Two first launches (or a launch and a sync) of one person at once: the other made it.
  const [raced] = await queryRows<{ id: string }>(
    tx,
    sql`select id from users where email = ${address}`,
  );
  return raced!.id;
}

export interface LinkEvent {
  action: 'LTI_IDENTITY_LINKED' | 'LTI_IDENTITY_UNLINKED' | 'LTI_LINK_REFUSED';
  platform: Pick<LtiPlatform, 'id' | 'name' | 'organizationId'>;
  actorId: string | null;
  targetUserId: string | null;
  /** LAUNCH_EMAIL | PERSON | UNLINK | LAUNCH (a known identity moved off a superadmin). */
  via: string;
  lmsEmail: string | null;
  reason?: LinkRefusal | 'LINK_CONFLICT' | null;
  detail?: Record<string, unknown>;
}

/** A link, unlink or refused link: in the audit log, where the organization's LMS page reads it. */
export async function recordLinkEvent(tx: DbOrTx, event: LinkEvent): Promise<void> {
  await recordAudit(tx, {
    action: event.action,
    actorId: event.actorId,
    organizationId: event.platform.organizationId,
    targetUserId: event.targetUserId,
    data: {
      platformId: event.platform.id,
      platform: event.platform.name,
      via: event.via,
      lmsEmail: event.lmsEmail,
      reason: event.reason ?? null,
      ...event.detail,
    },
  });
}

/**
 * Google vouches for an address that an LMS-made account already carries (issue 34, item 3:
 * an account made by a launch before decision 141 could take an address no domain vouched
 * for). The LMS identities whose organization does not own that address's domain stop opening
 * the account: each moves to a new LMS-only account, recorded as a refused link. The person
 * can link them back from their profile. Runs in the sign-in's transaction; returns how many
 * moved.
 */
export async function detachUnvouchedIdentities(
  tx: DbOrTx,
  user: { id: string; email: string; fullname: string },
): Promise<number> {
  const domain = emailDomain(user.email);
  const rows = await queryRows<{
    platform_id: string;
    sub: string;
    email: string | null;
    name: string;
    organization_id: string;
  }>(
    tx,
    sql`select i.platform_id, i.sub, i.email, p.name, p.organization_id
      from lti_identities i join lti_platforms p on p.id = i.platform_id
      where i.user_id = ${user.id} and i.link_source <> 'PERSON'
        and not exists (select 1 from organization_domains d
          where d.organization_id = p.organization_id and d.domain = ${domain ?? ''})
      for update of i`,
  );
  for (const row of rows) {
    const platform = { id: row.platform_id, name: row.name, organizationId: row.organization_id };
    const moved = await createLmsOnlyAccount(tx, platform, row.sub, user.fullname, true);
    await tx.execute(sql`update lti_identities set user_id = ${moved}, link_source = 'NEW',
        linked_at = now() where platform_id = ${row.platform_id} and sub = ${row.sub}`);
    await recordLinkEvent(tx, {
      action: 'LTI_LINK_REFUSED',
      platform,
      actorId: null,
      targetUserId: user.id,
      via: 'GOOGLE_SIGN_IN',
      lmsEmail: row.email,
      reason: 'OUTSIDE_DOMAINS',
      detail: { lmsOnlyAccountId: moved },
    });
  }
  return rows.length;
}
