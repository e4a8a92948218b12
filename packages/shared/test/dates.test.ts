import { describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGE, dateTimeField } from '../src/index.js';

describe('dateTimeField', () => {
  const field = dateTimeField();
  const messages = (v: string) => field.safeParse(v).error?.issues.map((i) => i.message) ?? [];

  it('takes an ISO date-time with an offset inside years 1000–9999 (in UTC)', () => {
    for (const v of ['1000-01-01T00:00:00Z', '2026-11-27T10:00:00+01:00', '9999-12-31T23:59:59Z']) {
      expect(messages(v), v).toEqual([]);
    }
  });

  it('refuses a date outside the range, also when the offset moves it across', () => {
    for (const v of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+14:00',
      '1000-01-01T00:00:00+00:01',
      '9999-12-31T23:59:59-14:00',
    ]) {
      expect(messages(v), v).toEqual([DATE_RANGE_MESSAGE]);
    }
  });

  it('says only that a malformed text is not a date', () => {
    expect(messages('yesterday')).toEqual(['Enter a date and time']);
    expect(messages('2026-01-01T00:00:00')).toEqual(['Enter a date and time']);
  });
});
