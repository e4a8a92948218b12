import { CsvError, parse } from 'csv-parse';
import { CSV_COLUMNS, CSV_MAX_ROWS } from '@teamup/shared';

/** A problem with the file as a whole: nothing of it can be used, nothing is stored. */
export class RosterFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RosterFileError';
  }
}

export type Delimiter = ',' | ';';
export type RosterColumn = keyof typeof CSV_COLUMNS;
/** Where each known column sits in a record; optional columns may be absent. */
export type ColumnIndexes = {
  email: number;
  fullname: number | null;
  studentId: number | null;
  /** Issue 36: the course section (optional). */
  section: number | null;
};

export interface RosterFile {
  /** The decoded file, BOM removed: what the job row stores and the worker reads again. */
  text: string;
  delimiter: Delimiter;
  columns: ColumnIndexes;
  /** Data records, blank ones included, trailing blank lines not. */
  rowCount: number;
}

const NOT_TEXT =
  'The file is not UTF-8 text. Save the spreadsheet as "CSV UTF-8 (comma delimited)" and upload that file.';

/**
 * Bytes to text, refusing anything that is not UTF-8: a Latin-1 export would otherwise turn
 * "Müller" into mojibake stored in the roster. NUL never occurs in text (UTF-16 files and
 * binaries are full of it) and TextDecoder alone would accept it.
 */
export function decodeRoster(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw new RosterFileError(NOT_TEXT);
  try {
    // ignoreBOM: false makes the decoder drop a leading BOM, so it never reaches a header.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new RosterFileError(NOT_TEXT);
  }
}

/**
 * Spreadsheets in locales with a decimal comma export with semicolons. The header line says
 * which one this file uses: whichever separator occurs more often outside quotes.
 */
export function detectDelimiter(text: string): Delimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Records of the file, header first; every record is one spreadsheet row. */
export function readRecords(text: string, delimiter: Delimiter): AsyncIterable<string[]> {
  const parser = parse({
    delimiter,
    // A short row is a row with empty optional cells; extra cells are ignored.
    relax_column_count: true,
    // A stray quote inside an unquoted name (O"Brien) is kept as it is.
    relax_quotes: true,
    skip_empty_lines: false,
  });
  parser.end(text);
  return parser;
}

export function isBlankRecord(record: readonly string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

function columnOf(header: string): RosterColumn | null {
  const name = header.trim().toLowerCase();
  for (const column of Object.keys(CSV_COLUMNS) as RosterColumn[]) {
    if ((CSV_COLUMNS[column] as readonly string[]).includes(name)) return column;
  }
  return null;
}

/** Maps the header record to column positions; throws when `email` is missing or repeated. */
export function mapColumns(header: readonly string[]): ColumnIndexes {
  const found: Partial<Record<RosterColumn, number>> = {};
  header.forEach((cell, index) => {
    const column = columnOf(cell);
    if (!column) return;
    const earlier = found[column];
    if (earlier !== undefined) {
      throw new RosterFileError(
        `Columns ${earlier + 1} ("${header[earlier]!.trim()}") and ${index + 1} ("${cell.trim()}") both hold ${column}; keep one of them.`,
      );
    }
    found[column] = index;
  });
  if (found.email === undefined) {
    const names = header.map((h) => h.trim()).filter(Boolean);
    throw new RosterFileError(
      `The file has no "email" column. The first row must name the columns, e.g. email,fullname,studentId` +
        (names.length > 0 ? `; this file's first row is: ${names.join(', ').slice(0, 200)}.` : '.'),
    );
  }
  return {
    email: found.email,
    fullname: found.fullname ?? null,
    studentId: found.studentId ?? null,
    section: found.section ?? null,
  };
}

function describeCsvError(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return 'The file is not valid CSV: a quoted field is never closed (look for a stray " near the end).';
  }
  const line = (error as { lines?: number }).lines;
  return `The file is not valid CSV${line ? ` (line ${line})` : ''}: ${error.message}`;
}

/**
 * File-level checks of an upload (UTF-8, a header with an email column, at least one and at
 * most CSV_MAX_ROWS rows, well-formed CSV). Row-level problems are left to the job, which
 * reports them per row.
 */
export async function inspectRoster(bytes: Uint8Array): Promise<RosterFile> {
  const text = decodeRoster(bytes);
  if (text.trim() === '') throw new RosterFileError('The file is empty.');
  const delimiter = detectDelimiter(text);

  let columns: ColumnIndexes | null = null;
  let records = 0;
  // Trailing blank lines are what editors leave at the end of a file, not rows of the roster.
  let lastNonBlank = 0;
  try {
    for await (const record of readRecords(text, delimiter)) {
      if (!columns) {
        columns = mapColumns(record);
        continue;
      }
      records++;
      if (!isBlankRecord(record)) lastNonBlank = records;
    }
  } catch (error) {
    if (error instanceof CsvError) throw new RosterFileError(describeCsvError(error));
    throw error;
  }
  if (!columns) throw new RosterFileError('The file is empty.');
  if (lastNonBlank === 0) {
    throw new RosterFileError('The file has a header row but no students under it.');
  }
  if (lastNonBlank > CSV_MAX_ROWS) {
    throw new RosterFileError(
      `The file has ${lastNonBlank.toLocaleString('en-US')} rows; at most ${CSV_MAX_ROWS.toLocaleString('en-US')} can be uploaded at once. Split it into smaller files.`,
    );
  }
  return { text, delimiter, columns, rowCount: lastNonBlank };
}
