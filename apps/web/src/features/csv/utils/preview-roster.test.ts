import { CSV_MAX_BYTES, CSV_MAX_ROWS } from '@teamup/shared';
import {
  blockingProblem,
  columnOf,
  formatBytes,
  previewRosterFile,
  previewRosterText,
} from './preview-roster';

const messages = (text: string) => previewRosterText(text).problems.map((p) => p.message);

describe('columnOf', () => {
  it('matches the accepted header names, trimmed and ignoring case', () => {
    expect(columnOf('  E-Mail ')).toBe('email');
    expect(columnOf('Email Address')).toBe('email');
    expect(columnOf('Full Name')).toBe('fullname');
    expect(columnOf('Student_ID')).toBe('studentId');
    expect(columnOf('Notes')).toBeNull();
  });
});

describe('previewRosterText', () => {
  it('maps the header, reads the first rows and counts the student rows', () => {
    const preview = previewRosterText(
      '\uFEFFE-mail;Name;Student Number;Notes\r\nmaya@x.edu;Maya Chen;S1;\r\nomar@x.edu;"Haddad; Omar";S2;x\r\n\r\n',
    );
    expect(preview.delimiter).toBe(';');
    expect(preview.headers.map((h) => [h.header, h.column])).toEqual([
      ['E-mail', 'email'],
      ['Name', 'fullname'],
      ['Student Number', 'studentId'],
      ['Notes', null],
    ]);
    expect(preview.rowCount).toBe(2);
    expect(preview.rows).toEqual([
      { row: 2, cells: ['maya@x.edu', 'Maya Chen', 'S1', ''], issue: null },
      { row: 3, cells: ['omar@x.edu', 'Haddad; Omar', 'S2', 'x'], issue: null },
    ]);
    expect(preview.problems).toEqual([]);
  });

  it('flags the rows the server will reject, with spreadsheet row numbers', () => {
    const preview = previewRosterText(
      [
        'email,fullname,studentId',
        'maya@x.edu,Maya,S1',
        'not-an-email,Broken,S2',
        '',
        ',No Email,S3',
        'MAYA@X.EDU,Maya again,S1',
        `long@x.edu,${'n'.repeat(121)},S4`,
        `id@x.edu,Id,${'9'.repeat(65)}`,
        'ok@x.edu,Fine,S5',
      ].join('\n'),
    );
    expect(preview.rowIssues).toEqual([
      { row: 3, email: 'not-an-email', reason: 'Not a valid email address' },
      { row: 4, email: '', reason: 'Blank line' },
      { row: 5, email: '', reason: 'Email is missing' },
      { row: 6, email: 'MAYA@X.EDU', reason: 'Duplicate of row 2' },
      { row: 7, email: 'long@x.edu', reason: 'Full name is longer than 120 characters' },
      { row: 8, email: 'id@x.edu', reason: 'Student ID is longer than 64 characters' },
    ]);
    expect(preview.rows.map((r) => r.issue)).toEqual([
      null,
      'Not a valid email address',
      'Blank line',
      'Email is missing',
      'Duplicate of row 2',
      'Full name is longer than 120 characters',
      'Student ID is longer than 64 characters',
      null,
    ]);
    // Row problems do not stop the upload: the other rows are still applied.
    expect(blockingProblem(preview)).toBeNull();
  });

  it('reads a corrected rejected-rows report as the server does', () => {
    // The report's own columns row and reason are ignored; the quote it put before
    // formula-like cells comes off, so '-dash@x.edu is the valid -dash@x.edu.
    const preview = previewRosterText(
      [
        'row,email,fullname,studentId,reason',
        "3,'-dash@x.edu,'-Dash,'+S2,Not a valid email address",
        "4,'=1+2,Formula,S3,Not a valid email address",
      ].join('\r\n'),
    );
    expect(preview.headers.map((h) => h.column)).toEqual([
      null,
      'email',
      'fullname',
      'studentId',
      null,
    ]);
    expect(preview.rows.map((r) => r.issue)).toEqual([null, 'Not a valid email address']);
    expect(blockingProblem(preview)).toBeNull();
  });

  it('shows at most ten rows but checks them all', () => {
    const lines = ['email', ...Array.from({ length: 30 }, (_, i) => `s${i}@x.edu`), 'bad'];
    const preview = previewRosterText(lines.join('\n'));
    expect(preview.rows).toHaveLength(10);
    expect(preview.rowCount).toBe(31);
    expect(preview.rowIssues).toEqual([
      { row: 32, email: 'bad', reason: 'Not a valid email address' },
    ]);
  });

  it('refuses a file without an email column, naming its columns', () => {
    const preview = previewRosterText('name,studentId\nMaya,S1\n');
    expect(blockingProblem(preview)?.message).toBe(
      'The file has no email column. The first row must name the columns, e.g. email,fullname,studentId; this file’s first row is: name, studentId.',
    );
    expect(preview.rowIssues).toEqual([]);
  });

  it('refuses an empty file, a whitespace-only file and a header without rows', () => {
    expect(messages('')).toEqual(['The file is empty.']);
    expect(messages('\uFEFF \n\n')).toEqual(['The file is empty.']);
    expect(messages('email,fullname\n\n\n')).toEqual([
      'The file has a header row but no students under it.',
    ]);
  });

  it('refuses two columns that hold the same field', () => {
    expect(messages('email,fullname,E-mail\na@x.edu,A,b@x.edu')).toEqual([
      'Columns 1 (“email”) and 3 (“E-mail”) both hold email; keep one of them.',
    ]);
  });

  it('refuses an unclosed quote', () => {
    expect(messages('email,name\na@x.edu,"Maya\n')).toEqual([
      'The file is not valid CSV: a quoted field is never closed (look for a stray " near the end).',
    ]);
  });

  it(`refuses more than ${CSV_MAX_ROWS} rows, trailing blank lines not counted`, () => {
    const rows = (n: number) =>
      ['email', ...Array.from({ length: n }, (_, i) => `s${i}@x.edu`)].join('\n');
    expect(blockingProblem(previewRosterText(`${rows(CSV_MAX_ROWS)}\n\n\n`))).toBeNull();
    expect(messages(rows(CSV_MAX_ROWS + 1))).toEqual([
      'The file has 20,001 rows; at most 20,000 can be uploaded at once. Split it into smaller files.',
    ]);
  });
});

describe('previewRosterFile', () => {
  const file = (parts: BlobPart[], name = 'roster.csv', type = 'text/csv') =>
    new File(parts, name, { type });

  it('reads a UTF-8 file with a BOM', async () => {
    const preview = await previewRosterFile(
      file([new Uint8Array([0xef, 0xbb, 0xbf]), 'email,fullname\nlena@x.edu,Lena Müller\n']),
    );
    expect(preview.headers[0]).toEqual({ index: 0, header: 'email', column: 'email' });
    expect(preview.rows[0]?.cells).toEqual(['lena@x.edu', 'Lena Müller']);
    expect(preview.problems).toEqual([]);
  });

  it('accepts a .csv whatever type the system reports, and plain text', async () => {
    const body = 'email\na@x.edu\n';
    for (const f of [
      file([body], 'roster.CSV', 'application/vnd.ms-excel'),
      file([body], 'roster.txt', ''),
      file([body], 'export', 'text/plain'),
    ]) {
      expect((await previewRosterFile(f)).problems).toEqual([]);
    }
  });

  it('refuses a file that is not CSV by its name and type', async () => {
    const preview = await previewRosterFile(
      file(['PK\u0003\u0004'], 'roster.xlsx', 'application/vnd.openxmlformats'),
    );
    expect(blockingProblem(preview)?.message).toMatch(/“roster.xlsx” is not a CSV file/);
    expect(preview.headers).toEqual([]);
  });

  it('refuses text that is not UTF-8 (Latin-1, UTF-16)', async () => {
    const latin1 = file([new Uint8Array([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0x4d, 0xfc, 0x0a])]);
    const utf16 = file([new Uint8Array([0xff, 0xfe, 0x65, 0x00, 0x6d, 0x00])]);
    for (const f of [latin1, utf16]) {
      expect(blockingProblem(await previewRosterFile(f))?.message).toMatch(/not UTF-8 text/);
    }
  });

  it('refuses a file over 5 MB but still shows its columns and first rows', async () => {
    const line = 'student.with.a.long.address@northfield.example.edu,Some Student Name,S000001\n';
    const body = `email,fullname,studentId\n${line.repeat(Math.ceil(CSV_MAX_BYTES / line.length) + 10)}`;
    const preview = await previewRosterFile(file([body]));
    expect(preview.problems[0]).toEqual({
      blocking: true,
      message: `The file is ${formatBytes(body.length)}; at most 5 MB can be uploaded. Split the roster into smaller files.`,
    });
    expect(preview.headers.map((h) => h.column)).toEqual(['email', 'fullname', 'studentId']);
    expect(preview.rows).toHaveLength(10);
    expect(preview.rowCount).toBeNull();
  });
});

describe('formatBytes', () => {
  it('uses B, KB and MB without a useless decimal', () => {
    expect(formatBytes(320)).toBe('320 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(CSV_MAX_BYTES)).toBe('5 MB');
  });
});
