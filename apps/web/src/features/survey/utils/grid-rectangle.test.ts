import { paintRectangle, rectangleHours } from './grid-rectangle';

describe('the availability grid drag', () => {
  it('covers the rectangle from the first cell to the current one, in any direction', () => {
    // Monday 9:00 to Wednesday 11:00: three days by three hours, not a staircase.
    const rect = rectangleHours({ day: 0, hour: 9 }, { day: 2, hour: 11 });
    expect(rect).toEqual([9, 10, 11, 33, 34, 35, 57, 58, 59]);
    expect(rectangleHours({ day: 2, hour: 11 }, { day: 0, hour: 9 }).sort((a, b) => a - b)).toEqual(
      rect,
    );
    expect(rectangleHours({ day: 3, hour: 14 }, { day: 3, hour: 14 })).toEqual([3 * 24 + 14]);
  });

  it('paints free or busy over what was there, and a shrinking drag gives cells back', () => {
    const before = [10, 24 + 15];
    const wide = paintRectangle(before, { day: 0, hour: 9 }, { day: 1, hour: 10 }, true);
    expect(wide).toEqual([9, 10, 33, 34, 39]);
    // Back to the first column: Tuesday's cells return to what they were.
    expect(paintRectangle(before, { day: 0, hour: 9 }, { day: 0, hour: 10 }, true)).toEqual([
      9, 10, 39,
    ]);
    expect(
      paintRectangle([9, 10, 33, 34], { day: 0, hour: 9 }, { day: 1, hour: 9 }, false),
    ).toEqual([10, 34]);
  });
});
