import { CSV_FORMULA_START } from '@teamup/shared';

// Spreadsheet-safe CSV files for download: the upload error report (modules/csv, decision 050)
// and the formation dashboard's export (decision 108) write through these.

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
 * A CSV file: a BOM so spreadsheets read it as UTF-8, CRLF line ends (RFC 4180), every text
 * cell neutralised and quoted when needed. Numbers are numbers, never formulas.
 */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const lines = [header.join(','), ...rows.map((cells) => cells.map(csvCell).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
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
