// Every date-time a caller sends (a query or a body) goes through dateTimeField, so one range
// holds everywhere (decision 123): PostgreSQL refuses year 0 (SQLSTATE 22008) and JS prints
// years after 9999 as "+010000-…", which no other part of the app reads back.
import { z } from 'zod';

export const DATE_YEAR_MIN = 1000;
export const DATE_YEAR_MAX = 9999;
/** The first and the last accepted instants, in UTC (an offset can move a year across). */
export const DATE_MIN_MS = Date.UTC(DATE_YEAR_MIN, 0, 1);
export const DATE_MAX_MS = Date.UTC(DATE_YEAR_MAX + 1, 0, 1) - 1;
export const DATE_RANGE_MESSAGE = `Enter a date between the years ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`;

/** True when the ISO text names an instant inside the accepted range. */
export function isDateInRange(iso: string): boolean {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) && ms >= DATE_MIN_MS && ms <= DATE_MAX_MS;
}

/** An ISO 8601 date-time with an offset, between the years 1000 and 9999 once in UTC. */
export function dateTimeField(message = 'Enter a date and time') {
  return z.iso
    .datetime({ offset: true, message, abort: true })
    .refine(isDateInRange, { message: DATE_RANGE_MESSAGE });
}
