import { z } from 'zod';
import { MAX_PAGE_LIMIT, DEFAULT_PAGE_LIMIT } from './constants.js';

/** Error codes of the envelope (DESIGN §5). Later features add their own conflict codes here. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'BAD_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'INVALID_TOKEN',
  'SESSION_REVOKED',
  'REFRESH_TOKEN_REUSED',
  // Organizations, courses, enrollments
  'SLUG_TAKEN',
  'ALREADY_ADMIN',
  'COURSE_CODE_TAKEN',
  'COURSE_ARCHIVED',
  'ALREADY_ENROLLED',
  'ENROLLMENT_PENDING',
  'NOT_ENROLLED',
  // CSV enrollment
  'CSV_INVALID',
  // Teams (DESIGN §7)
  'TEAM_FULL',
  'ALREADY_IN_TEAM',
  'DEADLINE_PASSED',
  'TEAM_NAME_TAKEN',
  'TEAM_DISBANDED',
  'TEAM_CLOSED',
  'NOT_TEAM_LEADER',
  'NOT_TEAM_MEMBER',
  'ALREADY_REQUESTED',
  'ALREADY_INVITED',
  'REQUEST_NOT_PENDING',
  'INVITATION_NOT_PENDING',
  'OWN_REQUEST',
  'CANNOT_REMOVE_SELF',
  'MAX_SIZE_TOO_SMALL',
  'NOT_APPLICANT',
  'NOT_INVITEE',
  'NOT_NOTICE_AUTHOR',
  'STUDENT_TEAM_CHANGED',
  // Issue 15, auto-placement: the course changed since the preview (decision 116).
  'STALE_PROPOSAL',
  // Issue 15, team health: a nudge with nothing to say, or too soon after the last (decision 118).
  'NOTHING_TO_NUDGE',
  'NUDGE_TOO_SOON',
  // Issue 24: the same join request or invitation filed too often in a short time (429).
  'JOIN_REQUEST_THROTTLED',
  'INVITATION_THROTTLED',
  // Issue 26, email: the teamless reminder within 24 h of the last; an expired or forged unsubscribe link.
  'REMINDER_TOO_SOON',
  'NOTHING_TO_REMIND',
  'INVALID_UNSUBSCRIBE_TOKEN',
  // Issue 27, the formation survey: edited by someone else since read; answered outside its dates.
  'SURVEY_CHANGED',
  'SURVEY_NOT_OPEN',
  'SURVEY_CLOSED',
  // Issue 28, course staff: already staff in that role; the course's limit; a student of the course.
  'ALREADY_STAFF',
  'STAFF_LIMIT',
  'ENROLLED_AS_STUDENT',
  // Issue 28, LTI: an issuer and client ID registered already; a course with no LMS roster.
  'PLATFORM_TAKEN',
  'NO_LMS_ROSTER',
  'LMS_UNAVAILABLE',
  // A course linked to another LMS course already (decision 140).
  'COURSE_LINKED',
  // Issue 34: a cookie-authenticated call (refresh, logout) made by another site's page (decision 142).
  'CROSS_SITE_REQUEST',
  // Issue 34 (decision 141): email domains and linking LMS identities.
  'DOMAIN_TAKEN',
  'NOT_LMS_ONLY',
  'LINK_REFUSED',
  'LINK_CONFLICT',
  'LAST_SIGN_IN',
  // Issue 35 (decision 149): an Idempotency-Key sent again with another request; one still at work.
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
] as const;

/**
 * The header every call that creates or applies something takes (DESIGN §5, decision 149): a
 * repeat with the same key, by the same person, within IDEMPOTENCY_KEY_TTL_HOURS gets the first
 * answer and does nothing again.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** On a repeated call's answer: `true`, the answer is the first call's. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** Printable ASCII without spaces, as the IETF draft's keys and UUIDs are. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorDetailSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  details: z.array(errorDetailSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** `{ success: true, data, message? }` around any data schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    message: z.string().optional(),
  });
}
export type Envelope<T> = { success: true; data: T; message?: string };

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  });
}
export type Paginated<T> = { items: T[]; page: number; limit: number; total: number };

export const uuidParamSchema = z.object({ id: z.uuid() });
