/** A cell of the availability grid: its day (0 = Monday) and its hour of the day. */
export type GridCell = { day: number; hour: number };

/**
 * The hours a drag from `start` to `end` covers: the rectangle between the two cells (every
 * day between them, every hour between them), as d * 24 + h, whichever way the drag went.
 * `rows`: the hours of the day the grid shows, in its order (issue 36: in another time zone the
 * window can wrap midnight, 0–1 and 13–23); the rectangle takes the rows between the two cells.
 */
export function rectangleHours(start: GridCell, end: GridCell, rows?: readonly number[]): number[] {
  const [d0, d1] = [Math.min(start.day, end.day), Math.max(start.day, end.day)];
  let between: number[];
  if (rows) {
    const [r0, r1] = [rows.indexOf(start.hour), rows.indexOf(end.hour)];
    between = rows.slice(Math.min(r0, r1), Math.max(r0, r1) + 1);
  } else {
    const [h0, h1] = [Math.min(start.hour, end.hour), Math.max(start.hour, end.hour)];
    between = Array.from({ length: h1 - h0 + 1 }, (_, i) => h0 + i);
  }
  const hours: number[] = [];
  for (let d = d0; d <= d1; d++) for (const h of between) hours.push(d * 24 + h);
  return hours;
}

/**
 * The free hours while a drag is under way: what was free when it began (`before`), with the
 * rectangle from the first cell to the current one made free (`on`) or busy. Going back shrinks
 * the rectangle, and the cells it leaves return to what they were.
 */
export function paintRectangle(
  before: readonly number[],
  start: GridCell,
  end: GridCell,
  on: boolean,
  rows?: readonly number[],
): number[] {
  const next = new Set(before);
  for (const h of rectangleHours(start, end, rows)) {
    if (on) next.add(h);
    else next.delete(h);
  }
  return [...next].sort((a, b) => a - b);
}
