import { knownTimeZones } from '@teamup/shared';

let zones: string[] | null = null;

/**
 * The time zones a select offers (issue 36): this browser's list, UTC first, computed once;
 * `current` is kept first when the list does not have it (a zone another browser knows).
 */
export function zonesWith(current: string): string[] {
  zones ??= knownTimeZones();
  return zones.includes(current) ? zones : [current, ...zones];
}
