// The course section an LMS names (issue 36, decision 154): the LIS claim's
// `course_section_sourcedid` of a launch, or of an NRPS member (as the member's own field, or
// in the launch message the platform attaches to the member). One line, at most 60
// characters; anything else (missing, not text, empty) is no section. Never refuses a launch.
import { SECTION_MAX, singleLineText } from '@teamup/shared';

export const LIS_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/lis';

function clean(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = singleLineText(value).slice(0, SECTION_MAX).trim();
  return text || null;
}

/** The section of an LIS claim object (`{ course_section_sourcedid }`), or null. */
export function sectionOfLis(lis: unknown): string | null {
  if (!lis || typeof lis !== 'object') return null;
  return clean((lis as Record<string, unknown>).course_section_sourcedid);
}

/** An NRPS member's section: its own `lis_course_section_sourcedid`, or its message's claim. */
export function sectionOfMember(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object') return null;
  const member = raw as Record<string, unknown>;
  const own = clean(member.lis_course_section_sourcedid);
  if (own) return own;
  const messages = Array.isArray(member.message) ? (member.message as unknown[]) : [];
  for (const m of messages) {
    const found =
      m && typeof m === 'object' ? sectionOfLis((m as Record<string, unknown>)[LIS_CLAIM]) : null;
    if (found) return found;
  }
  return null;
}
