// Days and weeks come from the server as UTC dates (YYYY-MM-DD): formatted in UTC, so a browser
// west of Greenwich does not show the day before.
const shortDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTime = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

const time = new Intl.DateTimeFormat('en', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

const atMidnight = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** "Nov 25": chart axes. */
export const formatShortDay = (day: string) => shortDay.format(atMidnight(day));
/** "Wed, Nov 25, 2026": tables. */
export const formatLongDay = (day: string) => longDay.format(atMidnight(day));
/** "Nov 25 – Nov 29": a week cut to the range. */
export const formatWeek = (from: string, to: string) =>
  from === to ? formatShortDay(from) : `${formatShortDay(from)} – ${formatShortDay(to)}`;
/** An ISO time as "Nov 25, 04:08 PM UTC". */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** An ISO time as "17:58" (UTC). */
export const formatTime = (iso: string) => time.format(new Date(iso));
/** A share (0 to 1) as a percentage; "–" when there is none. */
export const formatRate = (rate: number | null) =>
  rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`;
export const formatCount = (n: number) => n.toLocaleString('en');
