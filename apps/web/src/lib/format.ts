// Counts and days written the same way on every screen (issue 24: "1 superadmins", a chart axis
// in ISO dates while the rest of the app writes "Oct 28, 2026").

/** "1 team", "3 teams", "1,200 students": a count with its noun in the right number. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

// Days come from the server as UTC dates (YYYY-MM-DD): formatted in UTC, so a browser west of
// Greenwich does not show the day before.
const dayFormat = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A UTC day ("2026-10-28") as the app writes dates elsewhere ("Oct 28, 2026"). Anything else is
 * written as it is: chart libraries also call their formatters with values of their own.
 */
export function formatDay(day: unknown): string {
  const date = new Date(`${String(day)}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? String(day ?? '') : dayFormat.format(date);
}

/**
 * The survey's answers in one phrase, the same wherever they are counted (issue 35): "24
 * submitted, 4 drafts, 2 not started".
 */
export function answerCounts(c: { submitted: number; drafts: number; notStarted: number }): string {
  return `${c.submitted.toLocaleString('en')} submitted, ${countOf(c.drafts, 'draft')}, ${c.notStarted.toLocaleString('en')} not started`;
}
