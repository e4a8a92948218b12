import { CSV_FORMULA_START, type CsvRowError } from '@teamup/shared';

/**
 * A leading quote makes a cell a spreadsheet would run as a formula plain text (OWASP, CSV
 * injection). An upload takes that quote off again (`unguardCsvCell`).
 */
export function neutralise(value: string): string {
  return CSV_FORMULA_START.test(value) ? `'${value}` : value;
}

function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : neutralise(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
  const lines = [
    REJECTED_ROWS_HEADER,
    ...errors.map((e) =>
      [e.row, e.email, e.fullname, e.studentId, e.reason].map(csvCell).join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `roster.csv` → `roster-rejected-rows.csv`, safe inside a Content-Disposition header. */
export function reportFileName(uploadFileName: string): string {
  const base = uploadFileName.replace(/\.[^.]*$/, '') || 'roster';
  return `${base}-rejected-rows.csv`;
}

/** encodeURIComponent leaves ' ( ) * as they are; RFC 5987 values may not contain them. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** An attachment header that survives any file name: ASCII fallback plus RFC 5987 UTF-8. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
