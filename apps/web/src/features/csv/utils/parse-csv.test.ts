import { detectDelimiter, parseCsv, stripBom } from './parse-csv';

describe('stripBom', () => {
  it('drops a leading byte order mark and nothing else', () => {
    expect(stripBom('\uFEFFemail')).toBe('email');
    expect(stripBom('email\uFEFF')).toBe('email\uFEFF');
  });
});

describe('detectDelimiter', () => {
  it('picks the separator used more often in the header line', () => {
    expect(detectDelimiter('email,fullname,studentId\na;b;c;d;e')).toBe(',');
    expect(detectDelimiter('email;fullname;studentId\na,b,c,d,e')).toBe(';');
  });

  it('ignores separators inside quotes and defaults to a comma', () => {
    expect(detectDelimiter('"name, full";email\n')).toBe(';');
    expect(detectDelimiter('email\r\nx;y;z')).toBe(',');
  });
});

describe('parseCsv', () => {
  it('splits records on LF, CRLF and CR without a record for the final newline', () => {
    expect(parseCsv('a,b\nc,d\r\ne,f\rg,h\n', ',').records).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('reads quoted fields with delimiters, newlines and doubled quotes', () => {
    const { records, unclosedQuote } = parseCsv(
      'email,fullname\n"a@x.edu","Chen, Maya"\nb@x.edu,"Line one\nline two ""quoted"""\n',
      ',',
    );
    expect(unclosedQuote).toBe(false);
    expect(records).toEqual([
      ['email', 'fullname'],
      ['a@x.edu', 'Chen, Maya'],
      ['b@x.edu', 'Line one\nline two "quoted"'],
    ]);
  });

  it('keeps a stray quote inside an unquoted field', () => {
    expect(parseCsv('o"brien@x.edu;O"Brien', ';').records).toEqual([['o"brien@x.edu', 'O"Brien']]);
  });

  it('keeps blank lines and empty trailing cells as records', () => {
    expect(parseCsv('email,name\n\na@x.edu,\n', ',').records).toEqual([
      ['email', 'name'],
      [''],
      ['a@x.edu', ''],
    ]);
  });

  it('reports a quoted field that is never closed', () => {
    const { records, unclosedQuote } = parseCsv('email,name\na@x.edu,"Maya\n', ',');
    expect(unclosedQuote).toBe(true);
    expect(records.at(-1)).toEqual(['a@x.edu', 'Maya\n']);
  });

  it('stops after maxRecords', () => {
    expect(parseCsv('a\nb\nc\nd\n', ',', 2).records).toEqual([['a'], ['b']]);
  });

  it('reads an empty text as no records', () => {
    expect(parseCsv('', ',').records).toEqual([]);
  });
});
