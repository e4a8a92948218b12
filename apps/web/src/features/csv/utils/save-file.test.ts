import { rosterTemplateCsv } from './roster-template';
import { previewRosterText } from './preview-roster';
import { fileNameFromDisposition } from '@/lib/save-file';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, falls back to the plain one', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="M_ller-rejected-rows.csv"; filename*=UTF-8''M%C3%BCller-rejected-rows.csv`,
      ),
    ).toBe('Müller-rejected-rows.csv');
    expect(fileNameFromDisposition('attachment; filename="roster-rejected-rows.csv"')).toBe(
      'roster-rejected-rows.csv',
    );
    expect(fileNameFromDisposition(undefined)).toBeNull();
    expect(fileNameFromDisposition('inline')).toBeNull();
  });
});

describe('rosterTemplateCsv', () => {
  it('is a roster the preview accepts: the four columns and two valid students', () => {
    const preview = previewRosterText(rosterTemplateCsv());
    expect(preview.headers.map((h) => h.column)).toEqual([
      'email',
      'fullname',
      'studentId',
      'section',
    ]);
    expect(preview.rowCount).toBe(2);
    expect(preview.problems).toEqual([]);
    expect(preview.rowIssues).toEqual([]);
  });
});
