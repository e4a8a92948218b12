import { countOf, formatDay } from './format';

describe('countOf', () => {
  it('writes one in the singular and every other count in the plural, with separators', () => {
    expect(countOf(1, 'superadmin')).toBe('1 superadmin');
    expect(countOf(0, 'superadmin')).toBe('0 superadmins');
    expect(countOf(2, 'query', 'queries')).toBe('2 queries');
    expect(countOf(1200, 'student')).toBe('1,200 students');
  });
});

describe('formatDay', () => {
  it('writes a UTC day as the rest of the app writes dates', () => {
    expect(formatDay('2026-07-31')).toBe('Jul 31, 2026');
    expect(formatDay('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDay('auto')).toBe('auto');
    expect(formatDay(undefined)).toBe('');
  });
});
