// GET /csv/status/{id} is polled every few seconds: it stays under 100 KB whatever the file
// (decision 083); every rejected row stays in the errors.csv report.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CSV_STATUS_CELL_MAX,
  CSV_STATUS_ERRORS_BYTES,
  CSV_STATUS_ERRORS_MAX,
  type CsvRowError,
  type CsvUploadResult,
} from '@teamup/shared';
import { statusErrors } from '../../../src/modules/csv/service.js';
import { makeWorld } from '../../fixtures.js';
import { API, bearer, buildTestApp, signIn } from '../../helper.js';
import { uploadRoster, waitForUpload } from './csv-api.js';

const STATUS_LIMIT_BYTES = 100 * 1024;

function rejected(row: number, cell = 'x'): CsvRowError {
  return { row, email: cell, fullname: cell, studentId: cell, reason: 'Not a valid email address' };
}

describe('statusErrors', () => {
  it('keeps the first 100 rows in file order, untouched when they are short', () => {
    const errors = Array.from({ length: 250 }, (_, i) => rejected(i + 2));
    const shown = statusErrors(errors);
    expect(shown).toHaveLength(CSV_STATUS_ERRORS_MAX);
    expect(shown[0]).toEqual(errors[0]);
    expect(shown.at(-1)).toEqual(errors[99]);
    expect(statusErrors(errors.slice(0, 3))).toEqual(errors.slice(0, 3));
    expect(statusErrors([])).toEqual([]);
  });

  it('cuts long cells, counting characters, not UTF-16 units', () => {
    const long = '😀'.repeat(CSV_STATUS_CELL_MAX + 10);
    const [shown] = statusErrors([rejected(2, long)]);
    expect(Array.from(shown!.email)).toHaveLength(CSV_STATUS_CELL_MAX);
    expect(shown!.email.endsWith('😀…')).toBe(true);
    const exact = 'a'.repeat(CSV_STATUS_CELL_MAX);
    expect(statusErrors([rejected(2, exact)])[0]!.fullname).toBe(exact);
  });

  it('stops before the byte budget, even short of 100 rows', () => {
    // Control characters take 6 bytes each in JSON (\u0001).
    const heavy = '\u0001'.repeat(CSV_STATUS_CELL_MAX * 2);
    const shown = statusErrors(Array.from({ length: 100 }, (_, i) => rejected(i + 2, heavy)));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(CSV_STATUS_ERRORS_MAX);
    expect(Buffer.byteLength(JSON.stringify(shown))).toBeLessThanOrEqual(CSV_STATUS_ERRORS_BYTES);
    expect(shown.map((e) => e.row)).toEqual(Array.from({ length: shown.length }, (_, i) => i + 2));
  });
});

describe('GET /csv/status/{id} with many rejected rows', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({}, { csvWorker: { pollIntervalMs: 50 } });
  });

  async function statusOf(token: string, id: string) {
    const res = await app.inject({
      method: 'GET',
      url: `${API}/csv/status/${id}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return { bytes: res.rawPayload.length, data: res.json<{ data: CsvUploadResult }>().data };
  }

  async function reportLines(token: string, id: string) {
    const res = await app.inject({
      method: 'GET',
      url: `${API}/csv/status/${id}/errors.csv`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return res.body.trimEnd().split('\r\n');
  }

  it('20,000 bad rows: the first 100 and the total, under 100 KB; the report has them all', async () => {
    const w = await makeWorld();
    const { token } = await signIn(app, w.adminA.email);
    // Cells as long as a valid row's may be, so each rejected row weighs what it can (about
    // 200 bytes): 4 MB in all.
    const name = 'N'.repeat(100);
    const studentId = 'S'.repeat(60);
    const lines = ['email,fullname,studentId'];
    for (let i = 0; i < 20_000; i++) lines.push(`not-an-email-${i},${name},${studentId}`);
    const id = await uploadRoster(app, token, w.courseA.id, lines.join('\n'), 'all-bad.csv');
    const done = await waitForUpload(app, token, id, 120_000);
    expect(done.status).toBe('COMPLETED');

    const { bytes, data } = await statusOf(token, id);
    expect(bytes).toBeLessThan(STATUS_LIMIT_BYTES);
    expect(data.counts).toMatchObject({ rowsRead: 20_000, rejected: 20_000, pending: 0 });
    expect(data.errorsTotal).toBe(20_000);
    expect(data.errors).toHaveLength(CSV_STATUS_ERRORS_MAX);
    expect(data.errors[0]).toEqual({
      row: 2,
      email: 'not-an-email-0',
      fullname: name,
      studentId,
      reason: 'Not a valid email address',
    });
    expect(data.errors.at(-1)!.row).toBe(101);

    const report = await reportLines(token, id);
    expect(report).toHaveLength(20_001);
    expect(report.at(-1)).toBe(
      `20001,not-an-email-19999,${name},${studentId},Not a valid email address`,
    );
  }, 180_000);

  it('rows with huge cells: cut for the status call, whole in the report', async () => {
    const w = await makeWorld();
    const { token } = await signIn(app, w.adminA.email);
    const huge = 'é'.repeat(10_000);
    const lines = ['email,fullname,studentId'];
    for (let i = 0; i < 120; i++) lines.push(`bad-${i},${huge},${huge}`);
    const id = await uploadRoster(app, token, w.courseA.id, lines.join('\n'));
    await waitForUpload(app, token, id, 60_000);

    const { bytes, data } = await statusOf(token, id);
    expect(bytes).toBeLessThan(STATUS_LIMIT_BYTES);
    expect(data.errorsTotal).toBe(120);
    expect(data.errors.length).toBeGreaterThan(0);
    expect(data.errors.length).toBeLessThan(CSV_STATUS_ERRORS_MAX);
    expect(data.errors[0]!.fullname).toBe(`${'é'.repeat(CSV_STATUS_CELL_MAX - 1)}…`);
    expect(data.errors[0]!.email).toBe('bad-0');

    const report = await reportLines(token, id);
    expect(report).toHaveLength(121);
    expect(report[1]).toBe(`2,bad-0,${huge},${huge},Not a valid email address`);
  }, 120_000);

  it('a few rejected rows: all of them, and a total that says so', async () => {
    const w = await makeWorld();
    const { token } = await signIn(app, w.adminA.email);
    const id = await uploadRoster(
      app,
      token,
      w.courseA.id,
      'email,fullname\nok@example.edu,Ok\nnope,Nope\n,Nobody\n',
    );
    await waitForUpload(app, token, id);
    const { data } = await statusOf(token, id);
    expect(data.errorsTotal).toBe(2);
    expect(data.errors.map((e) => [e.row, e.reason])).toEqual([
      [3, 'Not a valid email address'],
      [4, 'Email is missing'],
    ]);
  });
});
