import { Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { SURVEY_DAY_LABELS } from '@teamup/shared';
import { useRef, useState, type KeyboardEvent } from 'react';
import { paintRectangle, type GridCell } from '../utils/grid-rectangle';
import classes from './availability-grid.module.css';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAYS = SURVEY_DAY_LABELS.length;

type AvailabilityGridProps = {
  /** Names the grid (the question's prompt). */
  label: string;
  /**
   * The hours of the day shown, in clock order (issue 36: the course's window read in the
   * student's zone; it can wrap midnight, as 0–1 and 13–23).
   */
  rows: readonly number[];
  /** Free hours, d * 24 + h. */
  value: readonly number[];
  onChange: (hours: number[]) => void;
  disabled?: boolean;
  describedBy?: string;
};

/**
 * A week of hour cells, each a toggle button (aria-pressed). Click a cell, or drag to paint the
 * rectangle from the first cell to the current one; the arrow
 * keys move between cells (one tab stop for the whole grid), Space or Enter toggles. On a phone
 * the grid scrolls sideways inside its box rather than squeezing seven columns.
 */
export function AvailabilityGrid({
  label,
  rows,
  value,
  onChange,
  disabled = false,
  describedBy,
}: AvailabilityGridProps) {
  const free = new Set(value);
  const hours = rows;
  const [focus, setFocus] = useState({ day: 0, row: 0 });
  // While the pointer is down: the cell it started on, whether the drag makes cells free or busy,
  // and the free hours before it began. A drag paints the rectangle from its first cell to the
  // one under the pointer (issue 35), not the cells it happened to cross.
  const painting = useRef<{ start: GridCell; on: boolean; before: readonly number[] } | null>(null);
  // The cell a pointer press toggled: its click that follows must not toggle it back.
  const pressed = useRef<number | null>(null);
  const cells = useRef(new Map<string, HTMLButtonElement>());
  const latest = useRef(value);
  latest.current = value;

  const set = (hour: number, on: boolean) => {
    const current = new Set(latest.current);
    if (on === current.has(hour)) return;
    if (on) current.add(hour);
    else current.delete(hour);
    const next = [...current].sort((a, b) => a - b);
    latest.current = next;
    onChange(next);
  };

  const moveFocus = (day: number, row: number) => {
    const d = Math.min(DAYS - 1, Math.max(0, day));
    const r = Math.min(hours.length - 1, Math.max(0, row));
    setFocus({ day: d, row: r });
    cells.current.get(`${d}:${r}`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent, day: number, row: number) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [day - 1, row],
      ArrowRight: [day + 1, row],
      ArrowUp: [day, row - 1],
      ArrowDown: [day, row + 1],
      Home: [0, row],
      End: [DAYS - 1, row],
    };
    if (e.key === 'Enter' || e.key === ' ') pressed.current = null;
    const to = moves[e.key];
    if (!to) return;
    e.preventDefault();
    moveFocus(to[0], to[1]);
  };

  const stopPainting = () => {
    painting.current = null;
  };

  return (
    <Box className={classes.scroller} onPointerUp={stopPainting} onPointerLeave={stopPainting}>
      <table className={classes.grid} aria-label={label} aria-describedby={describedBy}>
        <thead>
          <tr>
            <th scope="col">
              <VisuallyHidden>Hour</VisuallyHidden>
            </th>
            {SURVEY_DAY_LABELS.map((d, i) => (
              <th key={d} scope="col">
                <abbr title={DAY_NAMES[i]} className={classes.day}>
                  {d}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {hours.map((h, row) => (
            // A row after a gap (the window wrapped midnight) is set apart by a line.
            <tr key={h} data-gap={row > 0 && hours[row - 1] !== h - 1 ? true : undefined}>
              <th scope="row" className={classes.hour}>
                {`${String(h).padStart(2, '0')}:00`}
              </th>
              {SURVEY_DAY_LABELS.map((_, day) => {
                const hour = day * 24 + h;
                const on = free.has(hour);
                const focused = focus.day === day && focus.row === row;
                return (
                  <td key={day}>
                    <UnstyledButton
                      ref={(el: HTMLButtonElement | null) => {
                        if (el) cells.current.set(`${day}:${row}`, el);
                        else cells.current.delete(`${day}:${row}`);
                      }}
                      className={classes.cell}
                      data-free={on || undefined}
                      aria-pressed={on}
                      aria-label={`${DAY_NAMES[day]} ${h}:00 to ${h + 1}:00`}
                      tabIndex={focused ? 0 : -1}
                      disabled={disabled}
                      onFocus={() => setFocus({ day, row })}
                      onKeyDown={(e: KeyboardEvent) => onKeyDown(e, day, row)}
                      onClick={() => {
                        // A pointer press already toggled the cell; a key press has not.
                        if (pressed.current === hour) pressed.current = null;
                        else set(hour, !latest.current.includes(hour));
                      }}
                      onPointerDown={(e) => {
                        if (disabled || e.button !== 0) return;
                        painting.current = {
                          start: { day, hour: h },
                          on: !on,
                          before: latest.current,
                        };
                        pressed.current = hour;
                        set(hour, !on);
                        // Touch captures the pointer on its first cell: release it so the cells it
                        // passes get their own pointerenter.
                        (e.target as Element).releasePointerCapture?.(e.pointerId);
                      }}
                      onPointerEnter={() => {
                        const drag = painting.current;
                        if (drag === null || disabled) return;
                        const next = paintRectangle(
                          drag.before,
                          drag.start,
                          { day, hour: h },
                          drag.on,
                          hours,
                        );
                        latest.current = next;
                        onChange(next);
                      }}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <Group gap="md" mt={6} wrap="wrap" aria-hidden>
        <Group gap={6} wrap="nowrap">
          <span className={classes.cell} data-free data-legend />
          <Text size="xs">Free</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <span className={classes.cell} data-legend />
          <Text size="xs">Busy</Text>
        </Group>
      </Group>
    </Box>
  );
}
