/**
 * The shared limits and value lists, without zod: the web app imports these in its entry chunk
 * (route loaders, page sizes), and a module of plain values lets the bundler leave every schema
 * out of it (decision 095). The schema modules import them from here; the package index
 * re-exports them, so `import { MAX_PAGE_LIMIT } from '@teamup/shared'` is unchanged.
 */

// roles
export const ROLES = ['STUDENT', 'ORG_ADMIN', 'SUPERADMIN'] as const;

// api
export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 20;

// auth
export const SKILL_MAX = 15;
export const LINK_MAX = 10;

// organizations
export const ORG_NAME_MAX = 120;
export const ORG_SLUG_MAX = 60;
export const ORG_DESCRIPTION_MAX = 2000;

// courses
export const COURSE_CODE_MAX = 32;
export const COURSE_TITLE_MAX = 200;
export const COURSE_TERM_MAX = 60;
export const COURSE_DESCRIPTION_MAX = 5000;
export const TEAM_SIZE_LIMIT = 50;
export const COURSE_ARCHIVED_FILTERS = ['active', 'archived', 'all'] as const;

// enrollments
export const ENROLLMENT_STATUSES = ['PENDING', 'ACTIVE', 'INACTIVE'] as const;

// csv
/** Limits of a roster upload (issue: CSV enrollment). */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 20_000;
/** Accepted header names, compared trimmed and case-insensitively. */
export const CSV_COLUMNS = {
  email: ['email', 'e-mail', 'email address'],
  fullname: ['fullname', 'full name', 'name'],
  studentId: ['studentid', 'student id', 'student_id', 'student number'],
  /** Issue 36: the course section (decision 154). */
  section: ['section', 'course section', 'section name', 'class section'],
} as const;
/** Longest accepted cell values; a longer one rejects its row (same limit as manual add). */
export const CSV_FIELD_MAX = { fullname: 120, studentId: 64, section: 60 } as const;
/** Longest course section (issue 36, decision 154): the roster's, a manual add's, the LMS's. */
export const SECTION_MAX = 60;
export const CSV_UPLOAD_STATUSES = ['QUEUED', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;

// teams
export const TEAM_NAME_MAX = 80;
export const TEAM_DESCRIPTION_MAX = 1000;
export const TEAM_MESSAGE_MAX = 500;
export const NOTICE_BODY_MAX = 2000;

// profile
/** SPEC §9: activity log default page size. */
export const ACTIVITY_LOG_PAGE_SIZE = DEFAULT_PAGE_LIMIT;

// Community (issue 12)
/** Who may see a student's profile: students sharing an ACTIVE course, or their organizations. */
export const PROFILE_VISIBILITIES = ['CLASSMATES', 'ORGANIZATION'] as const;
export const HEADLINE_MAX = 120;
export const LOOKING_NOTE_MAX = 280;
export const WANTED_SKILL_MAX = 10;
export const SKILL_TEXT_MAX = 40;

/**
 * Issue 24 (decision 122): a student files at most this many join requests to one team, and a
 * team sends one student at most this many invitations, in any window of this many minutes; the
 * next answers 429 (JOIN_REQUEST_THROTTLED, INVITATION_THROTTLED) with Retry-After. The server's
 * TEAM_ASK_LIMIT may change the count (benchmarks repeat asks on purpose).
 */
export const REPEAT_FILINGS_MAX = 5;
export const REPEAT_FILINGS_WINDOW_MINUTES = 60;
