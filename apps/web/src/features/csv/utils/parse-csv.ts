/**
 * A small, tolerant CSV reader for the preview in the browser. It follows what the server's
 * reader (csv-parse with relaxed quotes and column counts) makes of a roster, so the preview
 * shows the rows the upload will have: the server still checks everything again.
 */

export type Delimiter = ',' | ';';

export interface ParsedCsv {
  /** Every record, header first; a blank line is a record with one empty cell. */
  records: string[][];
  /** A quoted field ran to the end of the text: the server refuses such a file. */
  unclosedQuote: boolean;
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Spreadsheets in locales with a decimal comma export with semicolons. The header line says
 * which one this file uses: whichever separator occurs more often outside quotes (as the server
 * decides).
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

/**
 * Splits text into records. A quote opens a quoted field only at the start of a field; `""`
 * inside one is a quote; a stray quote inside an unquoted field (O"Brien) is kept as it is.
 * CRLF, LF and CR all end a record; the newline after the last record does not start another.
 * `maxRecords` stops early, for a preview of a large file.
 */
export function parseCsv(text: string, delimiter: Delimiter, maxRecords = Infinity): ParsedCsv {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  let fieldStart = true;
  let i = 0;

  const endField = () => {
    record.push(field);
    field = '';
    fieldStart = true;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };

  while (i < text.length && records.length < maxRecords) {
    const char = text[i]!;
    if (inQuotes) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
      } else {
        field += char;
      }
      i++;
      continue;
    }
    if (char === '"' && fieldStart) {
      inQuotes = true;
      fieldStart = false;
    } else if (char === delimiter) {
      endField();
    } else if (char === '\r' || char === '\n') {
      endRecord();
      if (char === '\r' && text[i + 1] === '\n') i++;
    } else {
      field += char;
      fieldStart = false;
    }
    i++;
  }

  const unclosedQuote = inQuotes;
  // Text after the last newline is a record; the newline itself ends the file, not a new row.
  if (records.length < maxRecords && (field !== '' || record.length > 0 || inQuotes)) endRecord();
  return { records, unclosedQuote };
}
