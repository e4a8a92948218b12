// Weekly availability across time zones (issue 36, decision 153). An AVAILABILITY question's grid
// is in one zone (the course's); a student answers in their own, and the answer stores the zone
// with its hours. Both are weekly grids of 168 hours (hour h of day d is d * 24 + h, Monday = 0),
// so converting is a shift by the difference of the two zones' UTC offsets, taken at ONE instant:
// the survey's closing time (the week the teams start meeting), else the time of the reading.
// A later daylight-saving change moves a converted hour by one; that is accepted and stated.
// No Temporal: the offset comes from Intl.DateTimeFormat's wall-clock parts.

/** The grid's hours in a week. */
const WEEK_HOURS = 168;
const WEEK_MINUTES = WEEK_HOURS * 60;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC in minutes at instant `at` (ms), east positive: Asia/Kolkata 330. */
export function zoneOffsetMinutes(timeZone: string, at: number): number {
  if (timeZone === 'UTC') return 0;
  const whole = Math.floor(at / 1000) * 1000;
  const parts = formatter(timeZone).formatToParts(new Date(whole));
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour') % 24,
    get('minute'),
    get('second'),
  );
  return Math.round((wall - whole) / 60_000);
}

/**
 * Minutes to add to a time read in zone `from` to read it in zone `to`, at instant `at`:
 * from Asia/Kolkata to UTC, −330 (10:00 in Kolkata is 04:30 UTC).
 */
export function zoneShiftMinutes(from: string, to: string, at: number): number {
  if (from === to) return 0;
  return zoneOffsetMinutes(to, at) - zoneOffsetMinutes(from, at);
}

/**
 * The instant whose offsets convert a survey's answers: its closing time when it has one (the
 * teams meet in the weeks after it), else `now`.
 */
export function scheduleInstant(closesAt: string | null | undefined, now: number): number {
  const t = closesAt ? Date.parse(closesAt) : NaN;
  return Number.isFinite(t) ? t : now;
}

const mod = (x: number, m: number) => ((x % m) + m) % m;

/**
 * The hours of the other grid that hour `hour` of a grid overlaps once shifted by `shift`
 * minutes: one hour when the shift is whole hours, else the two it straddles (in order).
 */
export function overlappedHours(hour: number, shift: number): number[] {
  const start = mod(hour * 60 + shift, WEEK_MINUTES);
  const first = Math.floor(start / 60);
  return start % 60 === 0 ? [first] : [first, mod(first + 1, WEEK_HOURS)];
}

/**
 * A student's free hours (in their zone) read in the grid's zone, `shift` = zoneShiftMinutes(
 * student's zone, grid's zone): a grid hour is free when every hour of theirs it overlaps is free
 * (with a half-hour difference, two consecutive free hours make one whole free hour of the grid).
 * Sorted; the week wraps (Sunday 23:00 is followed by Monday 00:00).
 */
export function toGridHours(hours: readonly number[], shift: number): number[] {
  if (shift % WEEK_MINUTES === 0) return [...new Set(hours)].sort((a, b) => a - b);
  const free = new Set(hours);
  const out: number[] = [];
  for (let k = 0; k < WEEK_HOURS; k++) {
    // The student's hours that grid hour k overlaps: the grid shifted back.
    if (overlappedHours(k, -shift).every((j) => free.has(j))) out.push(k);
  }
  return out;
}

/**
 * The hours of the week, in a zone `shift` minutes from the grid's (shift = zoneShiftMinutes(that
 * zone, grid's zone)), that overlap the grid's daily window fromHour ≤ h < toHour: what a student
 * in that zone is shown and may mark. The window may wrap midnight there (UTC 08–20 is 13:30–01:30
 * in Kolkata).
 */
export function windowHoursIn(fromHour: number, toHour: number, shift: number): Set<number> {
  const out = new Set<number>();
  for (let j = 0; j < WEEK_HOURS; j++) {
    if (overlappedHours(j, shift).some((k) => k % 24 >= fromHour && k % 24 < toHour)) out.add(j);
  }
  return out;
}

/** The hours of the day (0–23) of {@link windowHoursIn}, in clock order (the same every day). */
export function windowRowsIn(fromHour: number, toHour: number, shift: number): number[] {
  const rows = new Set<number>();
  for (const j of windowHoursIn(fromHour, toHour, shift)) rows.add(j % 24);
  return [...rows].sort((a, b) => a - b);
}

/** "+05:30", "−03:00", "+00:00": an offset in minutes as people write it. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Every IANA zone this runtime knows, with "UTC" first (Intl.supportedValuesOf may omit it). */
export function knownTimeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  let zones: string[] = [];
  try {
    zones = intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}
