import { CSV_COLUMNS } from '@teamup/shared';
import { describe, expect, it } from 'vitest';
import {
  decodeRoster,
  detectDelimiter,
  inspectRoster,
  mapColumns,
  RosterFileError,
} from '../../../src/modules/csv/parse-roster.js';
import { validateRoster } from '../../../src/modules/csv/validate-roster.js';
import { fixture } from './csv-api.js';

describe('parse-roster', () => {
  it('decodes UTF-8 with and without a BOM', () => {
    expect(decodeRoster(Buffer.from('\ufeffemail\n'))).toBe('email\n');
    expect(decodeRoster(Buffer.from('email\nzoë@x.edu\n'))).toBe('email\nzoë@x.edu\n');
    expect(() => decodeRoster(fixture('latin1.csv'))).toThrow(RosterFileError);
  });

  it.each([
    ['email,name\n', ','],
    ['email;name;id\n', ';'],
    ['"a;b",email\n', ','],
    ['"Email, work";Name\n', ';'],
    ['email\n', ','],
    ['email;name\na,b,c,d,e\n', ';'],
  ])('detects the delimiter of %j from the header line', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('accepts every documented spelling of every column, any case, padded', () => {
    for (const [column, names] of Object.entries(CSV_COLUMNS)) {
      for (const name of names) {
        const header = ['Email', 'x'];
        header[column === 'email' ? 0 : 1] = `  ${name.toUpperCase()} `;
        const mapped = mapColumns(header);
        expect(mapped[column as keyof typeof mapped], name).toBe(column === 'email' ? 0 : 1);
      }
    }
  });

  it('maps missing optional columns to null and ignores unknown ones', () => {
    expect(mapColumns(['Notes', 'EMAIL'])).toEqual({
      email: 1,
      fullname: null,
      studentId: null,
      section: null,
    });
  });

  it('counts data rows without the header or trailing blank lines', async () => {
    const roster = await inspectRoster(Buffer.from('email\r\na@x.edu\r\n\r\nb@x.edu\r\n\r\n\r\n'));
    expect(roster).toMatchObject({ delimiter: ',', rowCount: 3, columns: { email: 0 } });
  });

  it('numbers rows as a spreadsheet does, even when a quoted cell spans lines', async () => {
    const text = 'name,email\n"two\nlines",bad\n"x",also bad\n';
    const { errors, rowsRead } = await validateRoster(text, { rowCount: 2 });
    expect(rowsRead).toBe(2);
    expect(errors.map((e) => e.row)).toEqual([2, 3]);
  });

  it('reports progress every so many rows', async () => {
    const lines = ['email', ...Array.from({ length: 25 }, (_, i) => `p${i}@x.edu`)];
    const seen: number[] = [];
    const result = await validateRoster(lines.join('\n'), {
      rowCount: 25,
      progressEvery: 10,
      onProgress: async (n) => {
        seen.push(n);
      },
    });
    expect(seen).toEqual([10, 20]);
    expect(result.rows.emails).toHaveLength(25);
  });
});
