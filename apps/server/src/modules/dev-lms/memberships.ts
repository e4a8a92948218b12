import { devLmsUrls } from '../../db/seed-lti.js';
import { LMS_ROLES, type LmsCourse } from './directory.js';

/**
 * Names and Role Provisioning Service 2.0 (membership container) of a development LMS course:
 * every member with their LIS roles. `limit` pages it (`Link: <…>; rel="next"`), `role` keeps
 * the members with that role (a full URI or a simple name such as `Learner`), as the spec lets
 * a tool ask.
 */

export const NRPS_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
const MAX_LIMIT = 1000;

const ACCEPTED = new Set(['*/*', 'application/*', 'application/json', NRPS_MEDIA_TYPE]);

/** Whether an Accept header admits the membership container (no header admits anything). */
export function acceptsMembership(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept
    .split(',')
    .some((part) => ACCEPTED.has((part.split(';')[0] ?? '').trim().toLowerCase()));
}

export interface MembershipPage {
  container: Record<string, unknown>;
  /** The next page's address, when there is one. */
  next: string | null;
}

function positive(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

export function membershipPage(
  course: LmsCourse,
  publicUrl: string,
  query: Record<string, string | undefined>,
): MembershipPage {
  const url = devLmsUrls(publicUrl).membershipsUrl(course.id);
  const role = query.role?.trim();
  const members = course.members.filter(
    (m) => !role || LMS_ROLES[m.role].uris.some((uri) => uri === role || uri.endsWith(`#${role}`)),
  );
  const limit = Math.min(positive(query.limit) ?? members.length, MAX_LIMIT) || 1;
  const page = positive(query.page) ?? 1;
  const slice = members.slice((page - 1) * limit, page * limit);
  const here = new URL(url);
  const next = new URL(url);
  for (const [name, value] of Object.entries({ role, limit: query.limit })) {
    if (value) {
      here.searchParams.set(name, value);
      next.searchParams.set(name, value);
    }
  }
  if (page > 1) here.searchParams.set('page', String(page));
  next.searchParams.set('page', String(page + 1));
  return {
    container: {
      id: here.toString(),
      context: { id: course.id, label: course.label, title: course.title },
      members: slice.map(({ person, role: r, status }) => ({
        user_id: person.id,
        status,
        name: person.name,
        given_name: person.givenName,
        family_name: person.familyName,
        email: person.email,
        roles: [...LMS_ROLES[r].uris],
      })),
    },
    next: page * limit < members.length ? next.toString() : null,
  };
}
