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
import { fixture, uploadRoster, waitForUpload } from './csv-api.js';

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

  it('writes a BOM, a header, CRLF lines and quotes cells that need it', () => {
    expect(
      rejectedRowsCsv([
        { row: 2, email: 'a,b@x.edu', reason: 'Not a valid email address' },
        { row: 3, email: '=HYPERLINK("x")', reason: 'Duplicate of row 2' },
        { row: 4, email: '-1', reason: 'Line\nbreak' },
      ]),
    ).toBe(
      '\uFEFFrow,email,reason\r\n' +
        '2,"a,b@x.edu",Not a valid email address\r\n' +
        '3,"\'=HYPERLINK(""x"")",Duplicate of row 2\r\n' +
        '4,\'-1,"Line\nbreak"\r\n',
    );
    expect(rejectedRowsCsv([])).toBe('\uFEFFrow,email,reason\r\n');
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
        '\uFEFFrow,email,reason\r\n' +
          '3,not-an-email,Not a valid email address\r\n' +
          '4,"\'=HYPERLINK(""http://evil.example"")",Not a valid email address\r\n' +
          '5,,Email is missing\r\n' +
          "6,'@at.example.edu,Not a valid email address\r\n",
      );
    });
  });
});
