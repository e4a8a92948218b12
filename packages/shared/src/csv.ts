import { z } from 'zod';
import { CSV_UPLOAD_STATUSES } from './constants.js';
import { paginationQuerySchema } from './api.js';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection). Files
 * this app writes (the rejected rows) put a quote before such a cell; tab and CR count too,
 * because some spreadsheets strip them and then see the formula behind them (OWASP).
 */
export const CSV_FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as read from an uploaded roster: the quote this app put before a formula-like cell
 * when it wrote the rejected rows is taken off again, so a downloaded, corrected report
 * uploads the values it showed (an email like `-x@y.edu` or a name like `@home`).
 */
export function unguardCsvCell(cell: string): string {
  return cell.startsWith("'") && CSV_FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

export const csvUploadStatusSchema = z.enum(CSV_UPLOAD_STATUSES);
export type CsvUploadStatus = z.infer<typeof csvUploadStatusSchema>;

export const csvRowErrorSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1, the first student row 2. */
  row: z.number().int(),
  /**
   * The row's cells as the file had them (outer spaces trimmed), so the rejected rows can be
   * downloaded, fixed and uploaded again without retyping anything.
   */
  email: z.string(),
  fullname: z.string(),
  studentId: z.string(),
  reason: z.string(),
});
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;

export const csvCountsSchema = z.object({
  /** Data rows in the file (blank lines included, the header not). */
  rowsRead: z.number().int(),
  /** New enrollments of people who already have an account: ACTIVE at once. */
  created: z.number().int(),
  /** New enrollments of people with no account yet: PENDING until their first sign-in. */
  pending: z.number().int(),
  alreadyEnrolled: z.number().int(),
  /** INACTIVE or removed enrollments made active again by the roster. */
  reactivated: z.number().int(),
  rejected: z.number().int(),
});
export type CsvCounts = z.infer<typeof csvCountsSchema>;

export const csvUploadSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseCode: z.string(),
  courseTitle: z.string(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  fileName: z.string(),
  status: csvUploadStatusSchema,
  /** 0–100. */
  progress: z.number().int(),
  counts: csvCountsSchema,
  uploadedBy: z.object({ id: z.uuid(), fullname: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why a FAILED upload applied nothing. */
  failureMessage: z.string().nullable(),
});
export type CsvUpload = z.infer<typeof csvUploadSchema>;

/**
 * Most rejected rows the status call carries (GET /csv/status/{id} is polled every few seconds
 * while an upload runs); all of them are in the report, GET /csv/status/{id}/errors.csv.
 */
export const CSV_STATUS_ERRORS_MAX = 100;
/**
 * Longest cell of a rejected row in the status call: longer ones are cut and end with `…`.
 * Any cell that could be valid (an email, a name, a student ID) is shorter; the report keeps
 * every cell whole.
 */
export const CSV_STATUS_CELL_MAX = 256;
/**
 * Most bytes the rejected rows take in the status call: rows stop before this, even short of
 * CSV_STATUS_ERRORS_MAX, so the answer stays small whatever the file holds.
 */
export const CSV_STATUS_ERRORS_BYTES = 64 * 1024;

export const csvUploadResultSchema = csvUploadSchema.extend({
  /**
   * The first rejected rows in file order: at most CSV_STATUS_ERRORS_MAX (fewer if they are
   * long), cells cut at CSV_STATUS_CELL_MAX characters. The full list is the errors.csv report.
   */
  errors: z.array(csvRowErrorSchema),
  /** How many rows were rejected in all; `errors` is the whole list when it has this many. */
  errorsTotal: z.number().int(),
});
export type CsvUploadResult = z.infer<typeof csvUploadResultSchema>;

export const csvUploadAcceptedSchema = z.object({
  id: z.uuid(),
  status: csvUploadStatusSchema,
});
export type CsvUploadAccepted = z.infer<typeof csvUploadAcceptedSchema>;

/** `running`: QUEUED or PROCESSING; `finished`: COMPLETED or FAILED. */
export const CSV_UPLOAD_PHASES = ['running', 'finished'] as const;
export type CsvUploadPhase = (typeof CSV_UPLOAD_PHASES)[number];

/** GET /csv/uploads (and /csv/course/{courseId} without the course and organization). */
export const csvUploadListQuerySchema = paginationQuerySchema.extend({
  courseId: z.uuid().optional(),
  organizationId: z.uuid().optional(),
  status: csvUploadStatusSchema.optional(),
  phase: z.enum(CSV_UPLOAD_PHASES).optional(),
});
export type CsvUploadListQuery = z.input<typeof csvUploadListQuerySchema>;

/**
 * GET /admin/csv-uploads: the organization-wide history an admin searches, so it also filters
 * by who uploaded (`me` or a user id) and by a text found in the file name, the course code
 * or title, or the uploader's name or email.
 */
export const csvAdminUploadListQuerySchema = csvUploadListQuerySchema.extend({
  uploadedBy: z.union([z.literal('me'), z.uuid()]).optional(),
  q: z.string().trim().max(100).optional(),
});
export type CsvAdminUploadListQuery = z.input<typeof csvAdminUploadListQuerySchema>;

/**
 * What an upload did, in the one wording the notification, the toast, the result's counts and
 * the history all use (issue 24), one sentence: "3 students added: 1 enrolled, 2 pending
 * sign-in; 1 row rejected." Added = enrolled now (an account exists) + pending sign-in (none yet) +
 * reactivated.
 */
export const CSV_COUNT_WORDS = {
  created: 'enrolled',
  pending: 'pending sign-in',
  reactivated: 'reactivated',
  alreadyEnrolled: 'already enrolled',
  rejected: 'rejected',
} as const;

const countText = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function csvCountsSummary(
  counts: Pick<CsvCounts, 'created' | 'pending' | 'reactivated' | 'alreadyEnrolled' | 'rejected'>,
): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const added = counts.created + counts.pending + counts.reactivated;
  const parts = [
    added > 0
      ? `${countText(added, 'student')} added: ${[
          `${n(counts.created)} ${CSV_COUNT_WORDS.created}`,
          `${n(counts.pending)} ${CSV_COUNT_WORDS.pending}`,
          ...(counts.reactivated > 0
            ? [`${n(counts.reactivated)} ${CSV_COUNT_WORDS.reactivated}`]
            : []),
        ].join(', ')}`
      : 'No student added',
    ...(counts.alreadyEnrolled > 0
      ? [`${n(counts.alreadyEnrolled)} ${CSV_COUNT_WORDS.alreadyEnrolled}`]
      : []),
    ...(counts.rejected > 0
      ? [`${countText(counts.rejected, 'row')} ${CSV_COUNT_WORDS.rejected}`]
      : []),
  ];
  return `${parts.join('; ')}.`;
}
