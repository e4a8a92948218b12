import { getDomain } from 'tldts';
import { z } from 'zod';
import { importedName, singleLineText } from '@teamup/shared';
import { parseJson, platformRequest } from './http.js';
import type { Outbound } from './outbound.js';
import { mapLisRoles } from './roles.js';
import { sectionOfMember } from './section.js';
import type { ServiceTokenClient } from './service-token.js';
import {
  LtiError,
  NRPS_MEDIA_TYPE,
  NRPS_SCOPE,
  type LtiContextRole,
  type LtiPlatform,
} from './types.js';

/**
 * Names and Role Provisioning Service 2.0: the context's membership, every page of it
 * (`Link: <…>; rel="next"`), as one flat list.
 */

export const NRPS_MAX_PAGES = 200;
/** One page of members (a platform's page size is rarely above 1,000 of ~1 KB each). */
export const NRPS_MAX_PAGE_BYTES = 4 * 1024 * 1024;

export interface NrpsMember {
  userId: string;
  status: 'Active' | 'Inactive' | 'Deleted';
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  /** Lower-cased; null when not shared or not an address. */
  email: string | null;
  roles: string[];
  contextRole: LtiContextRole | null;
  /** Issue 36: the member's course section, when the platform sends one (lti/section.ts). */
  section: string | null;
}

export interface Membership {
  context: { id: string; title: string | null; label: string | null } | null;
  members: NrpsMember[];
  pages: number;
  /** Entries the platform sent that are not usable members (no user_id, say). */
  skipped: number;
}

// On one line and bounded; a person's name also loses any markup (decision 142).
const lineOf = (clean: (value: string) => string) =>
  z
    .unknown()
    .optional()
    .transform((v) => {
      const text = typeof v === 'string' ? clean(v).slice(0, 255).trim() : '';
      return text || null;
    });
const text = lineOf(singleLineText);
const personName = lineOf(importedName);
const emailSchema = z.email();

const memberSchema = z.object({
  user_id: z.string().trim().min(1).max(255),
  // NRPS 2.0: status is optional and means Active when absent.
  status: z.enum(['Active', 'Inactive', 'Deleted']).default('Active'),
  name: personName,
  given_name: personName,
  family_name: personName,
  email: z
    .unknown()
    .optional()
    .transform((v) =>
      typeof v === 'string' && emailSchema.safeParse(v.trim()).success
        ? v.trim().toLowerCase()
        : null,
    ),
  roles: z.array(z.string()).max(100).default([]),
});

const containerSchema = z.object({
  context: z
    .object({ id: z.string().min(1), title: text.optional(), label: text.optional() })
    .optional(),
  members: z.array(z.unknown()),
});

/** The `rel="next"` target of a Link header (RFC 8288), resolved against the page's URL. */
export function nextLink(header: string | null, base: string): string | null {
  if (!header) return null;
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]*)*)/g)) {
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (rels.includes('next')) {
      try {
        return new URL(match[1] ?? '', base).toString();
      } catch {
        return null;
      }
    }
  }
  return null;
}

function failed(reason: string, message: string): LtiError {
  return new LtiError('LTI_SERVICE_FAILED', reason, message);
}

/**
 * The sites a platform is registered with: the registrable domains (eTLD+1) of its issuer,
 * authorization, token and key set URLs, or the host itself for an address or a name without
 * one. Canvas hosted by Instructure is registered with canvas.instructure.com and
 * sso.canvaslms.com, and serves a course's roster from the institution's
 * <school>.instructure.com: the same site as its issuer.
 */
export function platformSites(
  platform: Pick<LtiPlatform, 'issuer' | 'authorizationUrl' | 'tokenUrl' | 'jwksUrl'>,
): Set<string> {
  const sites = new Set<string>();
  for (const value of [
    platform.issuer,
    platform.authorizationUrl,
    platform.tokenUrl,
    platform.jwksUrl,
  ]) {
    const site = siteOf(value);
    if (site) sites.add(site);
  }
  return sites;
}

function siteOf(value: string): string | null {
  let host: string;
  try {
    host = new URL(value).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (!host) return null;
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/**
 * Refuses a roster URL off the platform's registered sites: the platform's bearer token goes
 * only where the platform was registered to be.
 */
export function assertOnPlatformSites(url: string, platform: LtiPlatform): void {
  const site = siteOf(url);
  if (!site || !platformSites(platform).has(site)) {
    let host = 'an address that is not a URL';
    try {
      host = new URL(url).host;
    } catch {
      // Said as not a URL.
    }
    throw failed(
      'roster_off_platform',
      `${platform.name}'s launch gave a roster address on ${host}, which is not a site this platform is registered with, so Teamup did not read it. Check the platform's URLs on the LMS page.`,
    );
  }
}

export interface ReadMembershipOptions {
  /** The launch's context_memberships_url. */
  url: string;
  platform: LtiPlatform;
  tokens: ServiceTokenClient;
  /** Default: the token client's (one guard for the token and the pages). */
  outbound?: Outbound;
  maxPages?: number;
  timeoutMs?: number;
}

export async function readMembership(options: ReadMembershipOptions): Promise<Membership> {
  const outbound = options.outbound ?? options.tokens.outbound;
  const maxPages = options.maxPages ?? NRPS_MAX_PAGES;
  const { platform } = options;
  assertOnPlatformSites(options.url, platform);
  const origin = new URL(options.url).origin;
  const byId = new Map<string, NrpsMember>();
  const seen = new Set<string>();
  let context: Membership['context'] = null;
  let skipped = 0;
  let pages = 0;
  let retried = false;
  let url: string | null = options.url;

  while (url) {
    if (pages >= maxPages) {
      throw failed(
        'too_many_pages',
        `${platform.name}'s roster has more than ${maxPages} pages; Teamup stopped reading it.`,
      );
    }
    // The bearer token goes only where the roster is: a next link elsewhere is refused.
    if (new URL(url).origin !== origin) {
      throw failed('foreign_next_link', `${platform.name}'s roster pointed to another site.`);
    }
    if (seen.has(url)) {
      throw failed('link_loop', `${platform.name}'s roster pages lead in a circle.`);
    }
    const token = await options.tokens.getToken(platform, [NRPS_SCOPE]);
    const response = await platformRequest(
      outbound,
      url,
      { headers: { accept: NRPS_MEDIA_TYPE, authorization: `Bearer ${token}` } },
      {
        code: 'LTI_SERVICE_FAILED',
        what: 'the course roster',
        timeoutMs: options.timeoutMs,
        maxBytes: NRPS_MAX_PAGE_BYTES,
      },
    );
    if (response.status === 401 && !retried) {
      // The token may have been revoked or expired early: one fresh token, once per read.
      retried = true;
      options.tokens.invalidate(platform, [NRPS_SCOPE]);
      continue;
    }
    if (response.status !== 200) {
      throw failed(
        response.status === 401 || response.status === 403 ? 'roster_refused' : 'roster_failed',
        response.status === 401 || response.status === 403
          ? `${platform.name} did not let Teamup read the course roster. Check that the roster service (Names and Role Provisioning) is enabled for Teamup.`
          : `${platform.name} could not give the course roster. Try again later.`,
      );
    }
    const page = containerSchema.safeParse(parseJson(response.text));
    if (!page.success) {
      throw failed(
        'roster_unreadable',
        `${platform.name} sent a course roster Teamup cannot read.`,
      );
    }
    if (!context && page.data.context) {
      context = {
        id: page.data.context.id,
        title: page.data.context.title ?? null,
        label: page.data.context.label ?? null,
      };
    }
    for (const raw of page.data.members) {
      const member = memberSchema.safeParse(raw);
      if (!member.success) {
        skipped += 1;
        continue;
      }
      const m = member.data;
      // A person on two pages (the roster changed while being read) counts once, last wins.
      byId.set(m.user_id, {
        userId: m.user_id,
        status: m.status,
        name: m.name ?? ([m.given_name, m.family_name].filter(Boolean).join(' ') || null),
        givenName: m.given_name,
        familyName: m.family_name,
        email: m.email,
        roles: m.roles,
        contextRole: mapLisRoles(m.roles),
        section: sectionOfMember(raw),
      });
    }
    seen.add(url);
    pages += 1;
    url = nextLink(response.headers.get('link'), url);
  }
  return { context, members: [...byId.values()], pages, skipped };
}
