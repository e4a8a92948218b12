import {
  CSV_FIELD_MAX,
  emailInputSchema,
  importedName,
  singleLineText,
  unguardCsvCell,
  type CsvRowError,
} from '@teamup/shared';
import {
  detectDelimiter,
  isBlankRecord,
  mapColumns,
  readRecords,
  type ColumnIndexes,
} from './parse-roster.js';

/** The rows to apply, as parallel arrays: the shape `unnest()` takes them in. */
export interface ValidRows {
  emails: string[];
  fullnames: (string | null)[];
  studentIds: (string | null)[];
  /** Issue 36: each row's section, null where the file has none (an existing one is kept). */
  sections: (string | null)[];
}

export interface ValidatedRoster {
  rows: ValidRows;
  errors: CsvRowError[];
  rowsRead: number;
}

export interface ValidateOptions {
  /** Data records to read (the upload counted them); trailing blank lines come after. */
  rowCount: number;
  /** Called every `progressEvery` rows, awaited: the worker reports progress and renews its lease. */
  onProgress?: (rowsDone: number) => Promise<void>;
  progressEvery?: number;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function cell(record: readonly string[], index: number | null): string {
  return index === null ? '' : (record[index] ?? '').trim();
}

/**
 * Checks every row of a roster: a valid, not yet seen email makes a row to apply; anything
 * else becomes an error with the spreadsheet's row number (the header is row 1). Duplicates
 * are compared lower-cased, as emails are everywhere.
 */
export async function validateRoster(
  text: string,
  options: ValidateOptions,
): Promise<ValidatedRoster> {
  const { rowCount, onProgress, progressEvery = 1000 } = options;
  const rows: ValidRows = { emails: [], fullnames: [], studentIds: [], sections: [] };
  const errors: CsvRowError[] = [];
  const firstRowOf = new Map<string, number>();
  let columns: ColumnIndexes | null = null;
  let rowsRead = 0;

  for await (const record of readRecords(text, detectDelimiter(text))) {
    if (!columns) {
      columns = mapColumns(record);
      continue;
    }
    if (rowsRead === rowCount) break;
    rowsRead++;
    const row = rowsRead + 1;
    const rawEmail = cell(record, columns.email);
    const rawFullname = cell(record, columns.fullname);
    const rawStudentId = cell(record, columns.studentId);
    const rawSection = cell(record, columns.section);
    // The rejected rows keep the cells as the file had them: the report is the file, fixed.
    const reject = (reason: string) =>
      errors.push({
        row,
        email: rawEmail,
        fullname: rawFullname,
        studentId: rawStudentId,
        reason,
      });

    if (isBlankRecord(record)) reject('Blank line');
    else if (rawEmail === '') reject('Email is missing');
    else {
      const parsed = emailInputSchema.safeParse(unguardCsvCell(rawEmail));
      // One line, no markup, as every stored name (decision 142).
      const fullname = importedName(unguardCsvCell(rawFullname));
      const studentId = unguardCsvCell(rawStudentId);
      const section = singleLineText(unguardCsvCell(rawSection));
      if (!parsed.success) reject('Not a valid email address');
      else if (firstRowOf.has(parsed.data)) {
        reject(`Duplicate of row ${firstRowOf.get(parsed.data)}`);
      } else if (fullname.length > CSV_FIELD_MAX.fullname) {
        reject(`Full name is longer than ${CSV_FIELD_MAX.fullname} characters`);
      } else if (studentId.length > CSV_FIELD_MAX.studentId) {
        reject(`Student ID is longer than ${CSV_FIELD_MAX.studentId} characters`);
      } else if (section.length > CSV_FIELD_MAX.section) {
        reject(`Section is longer than ${CSV_FIELD_MAX.section} characters`);
      } else {
        firstRowOf.set(parsed.data, row);
        rows.emails.push(parsed.data);
        rows.fullnames.push(fullname || null);
        rows.studentIds.push(studentId || null);
        rows.sections.push(section || null);
      }
    }
    if (rowsRead % progressEvery === 0) {
      // The parser hands out records as microtasks: without a turn of the event loop, a big
      // roster would keep this process from answering any request (status polls included)
      // until it is read through.
      await yieldToEventLoop();
      if (onProgress) await onProgress(rowsRead);
    }
  }
  return { rows, errors, rowsRead };
}
