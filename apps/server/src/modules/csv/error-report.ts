import type { CsvRowError } from '@teamup/shared';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection); a
 * leading quote makes it plain text. Tab and CR count too: some spreadsheets strip them and
 * then see the formula behind them.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralise(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : neutralise(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The rejected rows as a CSV file: a BOM so spreadsheets read it as UTF-8, CRLF line ends
 * (RFC 4180), every text cell neutralised. Row numbers are numbers, never formulas.
 */
export function rejectedRowsCsv(errors: readonly CsvRowError[]): string {
  const lines = [
    'row,email,reason',
    ...errors.map((e) => [csvCell(e.row), csvCell(e.email), csvCell(e.reason)].join(',')),
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
