import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  attachmentHeader,
  neutralise,
  rejectedRowsCsv,
  reportFileName,
} from '../../../src/modules/csv/error-report.js';
import { makeWorld } from '../../fixtures.js';
import { API, bearer, buildTestApp, signIn } from '../../helper.js';
import { courseEnrollments, fixture, uploadRoster, waitForUpload } from './csv-api.js';

describe('rejected rows report', () => {
  it.each(['=1+2', '+cmd', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'neutralises %j with a leading quote',
    (value) => {
      expect(neutralise(value)).toBe(`'${value}`);
    },
  );

  it.each(['a@b.edu', '', 'Blank line', "'quoted", ' =not first'])('leaves %j alone', (value) => {
    expect(neutralise(value)).toBe(value);
  });

  it('writes a BOM, a header, CRLF lines and quotes and neutralises every text cell', () => {
    expect(
      rejectedRowsCsv([
        {
          row: 2,
          email: 'a,b@x.edu',
          fullname: 'Doe, Jane',
          studentId: 'S1',
          reason: 'Not a valid email address',
        },
        {
          row: 3,
          email: '=HYPERLINK("x")',
          fullname: '+Plus',
          studentId: '@id',
          reason: 'Duplicate of row 2',
        },
        { row: 4, email: '-1', fullname: '\t=tab', studentId: '\r=cr', reason: 'Line\nbreak' },
      ]),
    ).toBe(
      '\uFEFFrow,email,fullname,studentId,reason\r\n' +
        '2,"a,b@x.edu","Doe, Jane",S1,Not a valid email address\r\n' +
        '3,"\'=HYPERLINK(""x"")",\'+Plus,\'@id,Duplicate of row 2\r\n' +
        '4,\'-1,\'\t=tab,"\'\r=cr","Line\nbreak"\r\n',
    );
    expect(rejectedRowsCsv([])).toBe('\uFEFFrow,email,fullname,studentId,reason\r\n');
  });

  it('names the file after the upload and keeps the header safe', () => {
    expect(reportFileName('fall 2026.csv')).toBe('fall 2026-rejected-rows.csv');
    expect(reportFileName('.csv')).toBe('roster-rejected-rows.csv');
    expect(attachmentHeader('Liste élèves "A".csv')).toBe(
      `attachment; filename="Liste _l_ves _A_.csv"; filename*=UTF-8''Liste%20%C3%A9l%C3%A8ves%20%22A%22.csv`,
    );
    expect(attachmentHeader("it's (1).csv")).toContain("filename*=UTF-8''it%27s%20%281%29.csv");
  });

  describe('GET /csv/status/{id}/errors.csv', () => {
    let app: FastifyInstance;

    beforeAll(async () => {
      app = await buildTestApp({}, { csvWorker: { pollIntervalMs: 50 } });
    });

    it('downloads the rejected rows, safe to open in a spreadsheet', async () => {
      const w = await makeWorld();
      const { token } = await signIn(app, w.adminA.email);
      const id = await uploadRoster(
        app,
        token,
        w.courseA.id,
        fixture('roster-bad-rows.csv'),
        'week1.csv',
      );
      await waitForUpload(app, token, id);
      const res = await app.inject({
        method: 'GET',
        url: `${API}/csv/status/${id}/errors.csv`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="week1-rejected-rows.csv"; filename*=UTF-8''week1-rejected-rows.csv`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(res.body).toBe(
        '\uFEFFrow,email,fullname,studentId,reason\r\n' +
          '3,not-an-email,Bad One,,Not a valid email address\r\n' +
          '4,"\'=HYPERLINK(""http://evil.example"")",Formula,,Not a valid email address\r\n' +
          '5,,Nobody Here,,Email is missing\r\n' +
          "6,'@at.example.edu,At Sign,,Not a valid email address\r\n",
      );
    });

    it('gives a report that, corrected, uploads as it is: row and reason are ignored', async () => {
      const w = await makeWorld();
      const { token } = await signIn(app, w.adminA.email);
      const first = await uploadRoster(app, token, w.courseA.id, fixture('roster-to-fix.csv'));
      expect((await waitForUpload(app, token, first)).counts).toMatchObject({
        pending: 1,
        rejected: 2,
      });
      const res = await app.inject({
        method: 'GET',
        url: `${API}/csv/status/${first}/errors.csv`,
        headers: bearer(token),
      });
      // The cells as the file had them; the formula-like ones behind a quote.
      expect(res.body).toBe(
        '\uFEFFrow,email,fullname,studentId,reason\r\n' +
          "3,ada.lovelace@example,'-Ada Lovelace,'+S2,Not a valid email address\r\n" +
          "4,,Grace Hopper,'@S3,Email is missing\r\n",
      );

      // What an admin does in a spreadsheet: fix the emails, keep everything else, save.
      const fixed = res.rawPayload
        .toString('utf8')
        .replace('ada.lovelace@example,', 'ada.lovelace@example.edu,')
        .replace('4,,Grace', '4,grace.hopper@example.edu,Grace');
      const second = await uploadRoster(app, token, w.courseA.id, fixed, 'fixed.csv');
      const result = await waitForUpload(app, token, second);
      expect(result).toMatchObject({
        status: 'COMPLETED',
        counts: { rowsRead: 2, pending: 2, alreadyEnrolled: 0, rejected: 0 },
        errors: [],
      });
      // The quote that kept the spreadsheet from running the cells is gone again.
      const added = (await courseEnrollments(w.courseA.id)).filter((e) =>
        ['ada.lovelace@example.edu', 'grace.hopper@example.edu'].includes(e.email),
      );
      expect(added.map((e) => [e.email, e.fullname, e.studentId])).toEqual([
        ['ada.lovelace@example.edu', '-Ada Lovelace', '+S2'],
        ['grace.hopper@example.edu', 'Grace Hopper', '@S3'],
      ]);
    });
  });
});
