import type { CsvRowError } from '@teamup/shared';
import { csvDocument } from '../../lib/csv-file.js';

// The cell escaping and the attachment header live in lib/csv-file.ts (the formation
// dashboard's export writes through them too); re-exported for this module's callers.
export { attachmentHeader, neutralise } from '../../lib/csv-file.js';

/**
 * The header of the report. `email`, `fullname` and `studentId` are the roster's own columns,
 * so the report, fixed, uploads as it is; an upload ignores columns it does not know (`row`,
 * `reason`).
 */
export const REJECTED_ROWS_HEADER = 'row,email,fullname,studentId,reason';

/**
 * The rejected rows as a CSV file: a BOM so spreadsheets read it as UTF-8, CRLF line ends
 * (RFC 4180), every text cell neutralised. Row numbers are numbers, never formulas.
 */
export function rejectedRowsCsv(errors: readonly CsvRowError[]): string {
  return csvDocument(
    REJECTED_ROWS_HEADER.split(','),
    errors.map((e) => [e.row, e.email, e.fullname, e.studentId, e.reason]),
  );
}

/** `roster.csv` → `roster-rejected-rows.csv`, safe inside a Content-Disposition header. */
export function reportFileName(uploadFileName: string): string {
  const base = uploadFileName.replace(/\.[^.]*$/, '') || 'roster';
  return `${base}-rejected-rows.csv`;
}
