import { describe, expect, it } from 'vitest';
import { validateRoster } from '../../../src/modules/csv/validate-roster.js';
import { generatedRoster } from './csv-api.js';

describe('validateRoster', () => {
  it('lets the process answer other work between chunks of a long roster', async () => {
    let rowsDone = 0;
    const seenByOtherWork: number[] = [];
    // Stands for a request arriving while the roster is checked: it runs on the event loop.
    const timer = setInterval(() => seenByOtherWork.push(rowsDone), 0);
    try {
      const result = await validateRoster(generatedRoster(5000), {
        rowCount: 5000,
        progressEvery: 1000,
        onProgress: async (n) => {
          rowsDone = n;
        },
      });
      expect(result.rows.emails).toHaveLength(5000);
    } finally {
      clearInterval(timer);
    }
    // Other work ran before the last chunk, not only once everything was read.
    expect(seenByOtherWork.some((n) => n < 5000)).toBe(true);
  });

  it('keeps the cells of rejected rows and reads a corrected report', async () => {
    const result = await validateRoster(
      "row,email,fullname,studentId,reason\n3,'-dash@example.edu,'=Dash,'+S2,Bad\n4,bad,Bad Name,S4,Bad\n",
      { rowCount: 2 },
    );
    expect(result.rows).toEqual({
      emails: ['-dash@example.edu'],
      fullnames: ['=Dash'],
      studentIds: ['+S2'],
      sections: [null],
    });
    expect(result.errors).toEqual([
      {
        row: 3,
        email: 'bad',
        fullname: 'Bad Name',
        studentId: 'S4',
        reason: 'Not a valid email address',
      },
    ]);
  });

  // Issue 34 item 10 (decision 142): a roster's names are stored on one line, without markup.
  it('keeps a name on one line and takes its tags out', async () => {
    const result = await validateRoster(
      'email,fullname\nkim@example.edu,"Kim\r\nPark\t"\nlee@example.edu,<b>Lee</b> Chen\n',
      { rowCount: 2 },
    );
    expect(result.rows.fullnames).toEqual(['Kim Park', 'Lee Chen']);
    expect(result.errors).toEqual([]);
  });
});
