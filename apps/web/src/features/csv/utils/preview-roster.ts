import {
  CSV_COLUMNS,
  CSV_FIELD_MAX,
  CSV_MAX_BYTES,
  CSV_MAX_ROWS,
  emailInputSchema,
  unguardCsvCell,
} from '@teamup/shared';
import { detectDelimiter, parseCsv, stripBom, type Delimiter } from './parse-csv';

export type RosterColumn = keyof typeof CSV_COLUMNS;

/** What the upload will do with one column of the file. */
export interface HeaderMapping {
  index: number;
  header: string;
  /** null: the column is ignored. */
  column: RosterColumn | null;
}

export interface RowIssue {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  email: string;
  reason: string;
}

export interface PreviewRow {
  row: number;
  cells: string[];
  /** Why the server will reject this row; null when it will be applied. */
  issue: string | null;
}

export interface Problem {
  /** A blocking problem makes the server refuse the whole file: Upload stays disabled. */
  blocking: boolean;
  message: string;
}

export interface RosterPreview {
  fileName: string;
  size: number;
  delimiter: Delimiter | null;
  headers: HeaderMapping[];
  rows: PreviewRow[];
  /** Student rows in the file; null when the file was too large to read whole. */
  rowCount: number | null;
  /** Rows the server will reject one by one (the rest are still applied). */
  rowIssues: RowIssue[];
  problems: Problem[];
}

export const PREVIEW_ROWS = 10;
/** A file over the limit is never read whole; its start is enough to show what it holds. */
const PARTIAL_READ_BYTES = 64 * 1024;

export const COLUMN_LABELS: Record<RosterColumn, string> = {
  email: 'Email',
  fullname: 'Full name',
  studentId: 'Student ID',
  section: 'Section',
};

const NOT_TEXT =
  'The file is not UTF-8 text. Save the spreadsheet as “CSV UTF-8 (comma delimited)” and choose that file.';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  // 5 MB, not 5.0 MB; 1.5 MB stays as it is.
  return `${Number(value.toFixed(1))} ${unit}`;
}

const count = (n: number) => n.toLocaleString('en-US');

export function columnOf(header: string): RosterColumn | null {
  const name = header.trim().toLowerCase();
  for (const column of Object.keys(CSV_COLUMNS) as RosterColumn[]) {
    if ((CSV_COLUMNS[column] as readonly string[]).includes(name)) return column;
  }
  return null;
}

function isBlank(record: readonly string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

/** A .csv or plain-text file; spreadsheets on Windows report .csv as application/vnd.ms-excel. */
export function isCsvLike(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.(csv|txt)$/i.test(file.name) || file.type === 'text/csv' || file.type === 'text/plain';
}

function mapHeaders(header: readonly string[], problems: Problem[]): HeaderMapping[] {
  const seen = new Map<RosterColumn, number>();
  return header.map((cell, index) => {
    const column = columnOf(cell);
    if (column && seen.has(column)) {
      const earlier = seen.get(column)!;
      problems.push({
        blocking: true,
        message: `Columns ${earlier + 1} (“${header[earlier]!.trim()}”) and ${index + 1} (“${cell.trim()}”) both hold ${COLUMN_LABELS[column].toLowerCase()}; keep one of them.`,
      });
      return { index, header: cell.trim(), column: null };
    }
    if (column) seen.set(column, index);
    return { index, header: cell.trim(), column };
  });
}

/** The checks the server makes per row, in the same order, with the same reasons. */
function checkRows(
  records: readonly string[][],
  headers: readonly HeaderMapping[],
): { issues: (string | null)[]; rowIssues: RowIssue[] } {
  const indexOf = (column: RosterColumn) => headers.find((h) => h.column === column)?.index;
  const emailAt = indexOf('email');
  const nameAt = indexOf('fullname');
  const idAt = indexOf('studentId');
  // As the server reads a cell: trimmed, without the quote a rejected-rows report put before a
  // formula-like value.
  const cell = (record: readonly string[], at: number | undefined) =>
    at === undefined ? '' : unguardCsvCell((record[at] ?? '').trim());

  const firstRowOf = new Map<string, number>();
  const issues: (string | null)[] = [];
  const rowIssues: RowIssue[] = [];
  records.forEach((record, i) => {
    const row = i + 2;
    const email = cell(record, emailAt);
    let reason: string | null = null;
    if (isBlank(record)) reason = 'Blank line';
    else if (email === '') reason = 'Email is missing';
    else {
      const parsed = emailInputSchema.safeParse(email);
      if (!parsed.success) reason = 'Not a valid email address';
      else if (firstRowOf.has(parsed.data))
        reason = `Duplicate of row ${firstRowOf.get(parsed.data)}`;
      else if (cell(record, nameAt).length > CSV_FIELD_MAX.fullname) {
        reason = `Full name is longer than ${CSV_FIELD_MAX.fullname} characters`;
      } else if (cell(record, idAt).length > CSV_FIELD_MAX.studentId) {
        reason = `Student ID is longer than ${CSV_FIELD_MAX.studentId} characters`;
      } else firstRowOf.set(parsed.data, row);
    }
    issues.push(reason);
    if (reason) rowIssues.push({ row, email, reason });
  });
  return { issues, rowIssues };
}

type TextPreviewOptions = {
  fileName?: string;
  size?: number;
  /** The text is only the start of a larger file: rows are not counted. */
  partial?: boolean;
};

/** Everything the page shows about a roster before it is uploaded, from its decoded text. */
export function previewRosterText(
  rawText: string,
  { fileName = 'roster.csv', size = rawText.length, partial = false }: TextPreviewOptions = {},
): RosterPreview {
  const preview: RosterPreview = {
    fileName,
    size,
    delimiter: null,
    headers: [],
    rows: [],
    rowCount: null,
    rowIssues: [],
    problems: [],
  };
  const text = stripBom(rawText);
  if (text.trim() === '') {
    preview.problems.push({ blocking: true, message: 'The file is empty.' });
    return preview;
  }
  const delimiter = detectDelimiter(text);
  preview.delimiter = delimiter;
  let { records, unclosedQuote } = parseCsv(text, delimiter);
  if (partial) {
    // The cut may fall inside the last record.
    records = records.slice(0, -1);
    unclosedQuote = false;
  }
  const [header = [], ...body] = records;
  // Trailing blank lines are what editors leave at the end of a file, not rows of the roster.
  let last = body.length;
  while (last > 0 && isBlank(body[last - 1]!)) last--;
  const rows = body.slice(0, last);

  preview.headers = mapHeaders(header, preview.problems);
  if (!preview.headers.some((h) => h.column === 'email')) {
    const names = preview.headers.map((h) => h.header).filter(Boolean);
    preview.problems.push({
      blocking: true,
      message:
        'The file has no email column. The first row must name the columns, e.g. email,fullname,studentId' +
        (names.length > 0 ? `; this file’s first row is: ${names.join(', ').slice(0, 200)}.` : '.'),
    });
  }
  if (unclosedQuote) {
    preview.problems.push({
      blocking: true,
      message:
        'The file is not valid CSV: a quoted field is never closed (look for a stray " near the end).',
    });
  }
  if (!partial) {
    preview.rowCount = rows.length;
    if (rows.length === 0) {
      preview.problems.push({
        blocking: true,
        message: 'The file has a header row but no students under it.',
      });
    } else if (rows.length > CSV_MAX_ROWS) {
      preview.problems.push({
        blocking: true,
        message: `The file has ${count(rows.length)} rows; at most ${count(CSV_MAX_ROWS)} can be uploaded at once. Split it into smaller files.`,
      });
    }
  }

  const hasEmail = preview.headers.some((h) => h.column === 'email');
  const { issues, rowIssues } = hasEmail
    ? checkRows(rows, preview.headers)
    : { issues: [], rowIssues: [] };
  preview.rowIssues = rowIssues;
  preview.rows = rows.slice(0, PREVIEW_ROWS).map((cells, i) => ({
    row: i + 2,
    cells,
    issue: issues[i] ?? null,
  }));
  return preview;
}

function decode(bytes: Uint8Array, fatal: boolean): string | null {
  // NUL never occurs in text; UTF-16 files and binaries are full of it.
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

async function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  // Older engines (and some test environments) only have FileReader.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Reads a chosen file and previews it. A file over the size limit is read only in part: the
 * page can still show its columns while saying why it cannot be uploaded.
 */
export async function previewRosterFile(file: File): Promise<RosterPreview> {
  const base = { fileName: file.name, size: file.size };
  if (!isCsvLike(file)) {
    return {
      ...previewRosterText('', base),
      problems: [
        {
          blocking: true,
          message: `“${file.name}” is not a CSV file. In your spreadsheet choose Save as › CSV UTF-8 (.csv), then choose that file.`,
        },
      ],
    };
  }
  const tooLarge = file.size > CSV_MAX_BYTES;
  const bytes = await readBytes(tooLarge ? file.slice(0, PARTIAL_READ_BYTES) : file);
  const text = decode(bytes, !tooLarge);
  const preview =
    text === null
      ? { ...previewRosterText('', base), problems: [{ blocking: true, message: NOT_TEXT }] }
      : previewRosterText(text, { ...base, partial: tooLarge });
  if (tooLarge) {
    preview.problems.unshift({
      blocking: true,
      message: `The file is ${formatBytes(file.size)}; at most ${formatBytes(CSV_MAX_BYTES)} can be uploaded. Split the roster into smaller files.`,
    });
  }
  return preview;
}

export function blockingProblem(preview: RosterPreview | null): Problem | null {
  return preview?.problems.find((p) => p.blocking) ?? null;
}
