// Issue 36 (decision 153): a student's hours in their zone, read in the grid's zone.
import { describe, expect, it } from 'vitest';
import {
  offsetText,
  overlappedHours,
  scheduleInstant,
  surveyQuestionsSchema,
  toGridHours,
  windowHoursIn,
  windowRowsIn,
  zoneOffsetMinutes,
  zoneShiftMinutes,
} from '../src/index.js';

const JAN = Date.UTC(2027, 0, 15, 12);
const JUL = Date.UTC(2027, 6, 15, 12);
const h = (day: number, hour: number) => day * 24 + hour;

describe('zone offsets', () => {
  it('reads offsets east and west, half-hour ones and daylight saving', () => {
    expect(zoneOffsetMinutes('UTC', JAN)).toBe(0);
    expect(zoneOffsetMinutes('Asia/Kolkata', JAN)).toBe(330);
    expect(zoneOffsetMinutes('Asia/Kathmandu', JAN)).toBe(345);
    expect(zoneOffsetMinutes('America/New_York', JAN)).toBe(-300);
    expect(zoneOffsetMinutes('America/New_York', JUL)).toBe(-240);
    expect(zoneOffsetMinutes('Europe/Paris', JUL)).toBe(120);
    expect(zoneOffsetMinutes('Australia/Sydney', JAN)).toBe(660);
    expect(zoneOffsetMinutes('Australia/Sydney', JUL)).toBe(600);
  });

  it('gives the shift from a zone to another at one instant', () => {
    expect(zoneShiftMinutes('Asia/Kolkata', 'UTC', JAN)).toBe(-330);
    expect(zoneShiftMinutes('America/New_York', 'Europe/Paris', JAN)).toBe(360);
    expect(zoneShiftMinutes('Europe/Paris', 'Europe/Paris', JAN)).toBe(0);
  });

  it('takes the survey closing time as the instant, else now', () => {
    expect(scheduleInstant('2027-01-15T12:00:00Z', 5)).toBe(JAN);
    expect(scheduleInstant(null, 5)).toBe(5);
  });

  it('writes offsets as people do', () => {
    expect(offsetText(330)).toBe('+05:30');
    expect(offsetText(-240)).toBe('−04:00');
    expect(offsetText(0)).toBe('+00:00');
  });
});

describe('toGridHours', () => {
  it('moves whole hours, wrapping the week both ways', () => {
    // New York (UTC−5 in January) Monday 20:00 is Tuesday 01:00 UTC; Sunday 22:00 is Monday 03:00.
    const shift = zoneShiftMinutes('America/New_York', 'UTC', JAN);
    expect(toGridHours([h(0, 20), h(6, 22)], shift)).toEqual([h(0, 3), h(1, 1)]);
    // Tokyo (UTC+9) Monday 02:00 is Sunday 17:00 UTC.
    expect(toGridHours([h(0, 2)], zoneShiftMinutes('Asia/Tokyo', 'UTC', JAN))).toEqual([h(6, 17)]);
  });

  it('with a half-hour zone, a grid hour is free only when both hours it straddles are', () => {
    const shift = zoneShiftMinutes('Asia/Kolkata', 'UTC', JAN); // −330
    // Kolkata 14:00–17:00 on Wednesday is 08:30–11:30 UTC: 09–10 and 10–11 are whole.
    expect(toGridHours([h(2, 14), h(2, 15), h(2, 16)], shift)).toEqual([h(2, 9), h(2, 10)]);
    // One free hour alone covers no whole hour of the grid.
    expect(toGridHours([h(2, 14)], shift)).toEqual([]);
    // The other way: UTC hours read in Kolkata's grid.
    expect(toGridHours([h(2, 9), h(2, 10)], 330)).toEqual([h(2, 15)]);
  });

  it('keeps hours as they are in the same zone', () => {
    expect(toGridHours([5, 3, 3], 0)).toEqual([3, 5]);
  });

  it('names the one or two hours an hour overlaps', () => {
    expect(overlappedHours(h(0, 10), -60)).toEqual([h(0, 9)]);
    expect(overlappedHours(h(0, 0), -30)).toEqual([h(6, 23), h(0, 0)]);
    expect(overlappedHours(h(6, 23), 30)).toEqual([h(6, 23), h(0, 0)]);
  });
});

describe('the window in another zone', () => {
  it('wraps midnight: UTC 08–20 is 13:30–01:30 in Kolkata', () => {
    const shift = zoneShiftMinutes('Asia/Kolkata', 'UTC', JAN);
    expect(windowRowsIn(8, 20, shift)).toEqual([0, 1, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    const hours = windowHoursIn(8, 20, shift);
    // Monday 00:00–01:00 in Kolkata is Sunday 18:30–19:30 UTC: inside Sunday's window.
    expect(hours.has(h(0, 0))).toBe(true);
    expect(hours.has(h(0, 2))).toBe(false);
    expect(hours.size).toBe(13 * 7);
  });

  it('moves by whole hours without partial rows', () => {
    const shift = zoneShiftMinutes('America/New_York', 'Europe/Paris', JUL); // +360
    expect(windowRowsIn(9, 17, shift)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('is the window itself in the same zone', () => {
    expect(windowRowsIn(9, 12, 0)).toEqual([9, 10, 11]);
  });
});

describe('availability question settings', () => {
  const base = {
    id: '00000000-0000-4000-8000-000000000001',
    type: 'AVAILABILITY' as const,
    prompt: 'When?',
    weight: 3,
    goal: 'SIMILAR' as const,
    required: true,
    fromHour: 9,
    toHour: 11,
    hoursNeeded: 4,
  };
  const issues = (q: object) =>
    surveyQuestionsSchema.safeParse([q]).error?.issues.map((i) => [i.path.join('.'), i.message]) ??
    [];

  it('takes a stored question without the new fields as UTC, 1-hour blocks, no rule', () => {
    const parsed = surveyQuestionsSchema.parse([base]);
    expect(parsed[0]).toEqual({ ...base, help: '' });
  });

  it('takes a zone, a meeting length and a minimum', () => {
    expect(
      issues({ ...base, timeZone: 'Asia/Kolkata', meetingHours: 2, minSharedHours: 4 }),
    ).toEqual([]);
  });

  it('refuses an unknown zone, a block longer than the day, a minimum above the week', () => {
    expect(issues({ ...base, timeZone: 'Mars/Olympus' })[0]?.[0]).toBe('0.timeZone');
    expect(issues({ ...base, meetingHours: 3 })).toEqual([
      ['0.meetingHours', 'Longer than the 2 hours shown each day'],
    ]);
    expect(issues({ ...base, meetingHours: 5 })[0]?.[0]).toBe('0.meetingHours');
    expect(issues({ ...base, minSharedHours: 15 })).toEqual([
      ['0.minSharedHours', 'More than the 14 hours the grid shows a week'],
    ]);
    expect(issues({ ...base, minSharedHours: -1 })[0]?.[0]).toBe('0.minSharedHours');
  });
});
