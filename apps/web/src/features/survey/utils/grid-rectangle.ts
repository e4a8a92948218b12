/** A cell of the availability grid: its day (0 = Monday) and its hour of the day. */
export type GridCell = { day: number; hour: number };

/**
 * The hours a drag from `start` to `end` covers: the rectangle between the two cells (every
 * day between them, every hour between them), as d * 24 + h, whichever way the drag went.
 */
export function rectangleHours(start: GridCell, end: GridCell): number[] {
  const [d0, d1] = [Math.min(start.day, end.day), Math.max(start.day, end.day)];
  const [h0, h1] = [Math.min(start.hour, end.hour), Math.max(start.hour, end.hour)];
  const hours: number[] = [];
  for (let d = d0; d <= d1; d++) for (let h = h0; h <= h1; h++) hours.push(d * 24 + h);
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
): number[] {
  const next = new Set(before);
  for (const h of rectangleHours(start, end)) {
    if (on) next.add(h);
    else next.delete(h);
  }
  return [...next].sort((a, b) => a - b);
}
