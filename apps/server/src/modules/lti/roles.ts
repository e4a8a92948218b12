import type { LtiContextRole } from './types.js';

/**
 * LIS roles (LTI Core 1.3, appendix A.2) to what a person is in a course.
 *
 * Only context (membership) roles count: a system or institution role such as
 * `…/lis/v2/institution/person#Instructor` says nothing about this course and maps to
 * nothing. Context roles come as full URIs, `…/lis/v2/membership#Instructor`, or as sub-roles,
 * `…/lis/v2/membership/Instructor#TeachingAssistant`; A.2.3 also lets a platform send the
 * simple name of a context role ("Instructor"), which we accept. LTI 1.1 URNs are not LTI 1.3
 * and are not accepted.
 *
 * A platform sends a sub-role together with its principal role (a teaching assistant is
 * `membership#Instructor` and `membership/Instructor#TeachingAssistant`), so the more specific
 * teaching-assistant sub-role wins over a plain Instructor. Administrator of the context is
 * the course's owner whatever else is sent. Graders are assistants: they mark, they do not
 * run the course.
 */
const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
const MEMBERSHIP_SUB = 'http://purl.imsglobal.org/vocab/lis/v2/membership/';

/** Splits a context role into [principal, sub-role | null], or null for any other role. */
function contextRole(uri: string): [string, string | null] | null {
  const role = uri.trim();
  if (role.startsWith(MEMBERSHIP)) return [role.slice(MEMBERSHIP.length), null];
  if (role.startsWith(MEMBERSHIP_SUB)) {
    const [principal = '', sub = ''] = role.slice(MEMBERSHIP_SUB.length).split('#');
    return principal && sub ? [principal, sub] : null;
  }
  // A simple name: a bare word, never a URI of another vocabulary.
  if (/^[A-Za-z]+$/.test(role)) return [role, null];
  return null;
}

function isAssistantSubRole(sub: string): boolean {
  // TeachingAssistant and its section/offering/group/template variants, and Grader.
  return sub.startsWith('TeachingAssistant') || sub === 'Grader';
}

export function mapLisRoles(roles: readonly string[]): LtiContextRole | null {
  let administrator = false;
  let instructor = false;
  let assistant = false;
  let learner = false;
  for (const uri of roles) {
    const parsed = contextRole(uri);
    if (!parsed) continue;
    const [principal, sub] = parsed;
    if (principal === 'Administrator') administrator = true;
    else if (principal === 'Instructor' && sub !== null && isAssistantSubRole(sub)) {
      assistant = true;
    } else if (principal === 'Instructor') instructor = true;
    // Not in A.2.3, but sent by some platforms and by LTI 1.1 habit as a principal role.
    // Issue 34: with any sub-role of its own too (a Moodle non-editing teacher mapped to it).
    else if (principal === 'TeachingAssistant') assistant = true;
    else if (principal === 'Learner') learner = true;
  }
  if (administrator) return 'INSTRUCTOR';
  if (assistant) return 'TEACHING_ASSISTANT';
  if (instructor) return 'INSTRUCTOR';
  if (learner) return 'LEARNER';
  return null;
}
