import type { FastifyInstance } from 'fastify';
import { CSV_MAX_BYTES, CSV_MAX_ROWS } from '@teamup/shared';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeCourse, makeWorld } from '../../fixtures.js';
import { API, bearer, buildTestApp, signIn } from '../../helper.js';
import {
  dbCounts,
  fixture,
  multipartBody,
  upload,
  uploadParts,
  uploadRow,
  uploadStatus,
} from './csv-api.js';

// No worker here: an accepted upload stays QUEUED, so what the upload itself stored is visible.
describe('POST /csv/upload: what is accepted and what is refused', () => {
  let app: FastifyInstance;
  let w: Awaited<ReturnType<typeof makeWorld>>;
  let token: string;

  beforeAll(async () => {
    app = await buildTestApp({}, { csvWorker: false });
  });

  beforeEach(async () => {
    w = await makeWorld();
    token = (await signIn(app, w.adminA.email)).token;
  });

  const send = (content: Buffer | string, fileName = 'roster.csv') =>
    upload(app, token, uploadParts(w.courseA.id, content, fileName));

  /** The refusal, after checking that nothing at all was stored. */
  async function refused(content: Buffer | string, status = 400) {
    const before = await dbCounts();
    const res = await send(content);
    expect(res.statusCode, res.body).toBe(status);
    expect(await dbCounts()).toEqual(before);
    return res.json<{ success: boolean; code: string; message: string }>();
  }

  describe('accepted', () => {
    it('answers 202 with the id and QUEUED, and stores the job', async () => {
      const res = await send(fixture('roster-basic.csv'), 'fall-2026.csv');
      expect(res.statusCode).toBe(202);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: 'fall-2026.csv is queued: 3 rows',
        data: { id: expect.any(String), status: 'QUEUED' },
      });
      const row = await uploadRow(body.data.id);
      expect(row).toMatchObject({
        courseId: w.courseA.id,
        organizationId: w.orgA.id,
        uploadedBy: w.adminA.id,
        fileName: 'fall-2026.csv',
        status: 'QUEUED',
        totalRows: 3,
        attempts: 0,
        leaseExpiresAt: null,
      });
      expect(row.content).toBe(fixture('roster-basic.csv').toString('utf8'));

      const status = await uploadStatus(app, token, body.data.id);
      expect(status).toMatchObject({
        status: 'QUEUED',
        progress: 0,
        startedAt: null,
        finishedAt: null,
        counts: { rowsRead: 3, created: 0, pending: 0, alreadyEnrolled: 0, rejected: 0 },
        errors: [],
      });
    });

    it('stores a file with a BOM without it', async () => {
      const res = await send(fixture('roster-bom.csv'));
      expect(res.statusCode).toBe(202);
      const row = await uploadRow(res.json().data.id);
      expect(row.content.startsWith('Email,Full Name')).toBe(true);
      expect(row.totalRows).toBe(2);
    });

    it.each([
      ['roster-semicolon.csv', 2],
      ['roster-quoted.csv', 3],
      ['roster-duplicates.csv', 4],
      ['roster-blank-lines.csv', 6],
      ['roster-bad-rows.csv', 6],
    ])('accepts %s (%i rows; row problems are reported later)', async (name, rows) => {
      const res = await send(fixture(name));
      expect(res.statusCode).toBe(202);
      expect((await uploadRow(res.json().data.id)).totalRows).toBe(rows);
    });

    it('takes the fields in any order and keeps only the base name of the file', async () => {
      const res = await upload(app, token, [
        {
          name: 'file',
          fileName: 'C:\\Users\\me\\Desktop\\class list.csv',
          content: 'email\na@b.edu\n',
        },
        { name: 'courseId', value: w.courseA.id },
      ]);
      expect(res.statusCode).toBe(202);
      expect((await uploadRow(res.json().data.id)).fileName).toBe('class list.csv');
    });

    it(`accepts ${CSV_MAX_ROWS.toLocaleString('en-US')} rows, blank lines at the end not counted`, async () => {
      const file = fixture('roster-20000-rows.csv');
      const res = await send(Buffer.concat([file, Buffer.from('\n\n')]));
      expect(res.statusCode).toBe(202);
      expect((await uploadRow(res.json().data.id)).totalRows).toBe(CSV_MAX_ROWS);
    });

    // Generated in memory: only the size matters (fixtures/README.md).
    it('accepts a file of exactly 5 MB', async () => {
      const header = 'email,notes\n';
      const rows = 1000;
      const rowLength = Math.floor((CSV_MAX_BYTES - header.length) / rows);
      const lines = Array.from({ length: rows }, (_, i) => {
        const start = `s${i}@example.edu,`;
        return `${start}${'x'.repeat(rowLength - start.length - 1)}\n`;
      });
      let content = header + lines.join('');
      content += 'y'.repeat(CSV_MAX_BYTES - Buffer.byteLength(content));
      expect(Buffer.byteLength(content)).toBe(CSV_MAX_BYTES);
      const res = await send(content);
      expect(res.statusCode, res.body).toBe(202);
    });
  });

  describe('refused as a whole, nothing stored', () => {
    it('a file without an email column', async () => {
      expect(await refused(fixture('no-email-column.csv'))).toEqual({
        success: false,
        code: 'CSV_INVALID',
        message:
          'The file has no "email" column. The first row must name the columns, e.g. email,fullname,studentId; this file\'s first row is: name, student id.',
      });
    });

    it('an empty file', async () => {
      expect(await refused(fixture('empty.csv'))).toMatchObject({
        code: 'CSV_INVALID',
        message: 'The file is empty.',
      });
      expect(await refused(' \r\n\n  ')).toMatchObject({ message: 'The file is empty.' });
    });

    it('a header with no students under it', async () => {
      expect(await refused(fixture('header-only.csv'))).toMatchObject({
        code: 'CSV_INVALID',
        message: 'The file has a header row but no students under it.',
      });
      expect(await refused('email\n\n,\n')).toMatchObject({
        message: 'The file has a header row but no students under it.',
      });
    });

    it.each([
      ['a Latin-1 file', fixture('latin1.csv')],
      ['a binary file', fixture('not-text.png')],
      ['text with a NUL byte', Buffer.from('email\nnul\u0000@example.edu\n')],
      ['a UTF-16 file', Buffer.from('\ufeffemail\na@b.edu\n', 'utf16le')],
    ])('%s', async (_name, content) => {
      expect(await refused(content)).toEqual({
        success: false,
        code: 'CSV_INVALID',
        message:
          'The file is not UTF-8 text. Save the spreadsheet as "CSV UTF-8 (comma delimited)" and upload that file.',
      });
    });

    it('a quoted field that never closes', async () => {
      expect(await refused(fixture('unclosed-quote.csv'))).toMatchObject({
        code: 'CSV_INVALID',
        message: expect.stringContaining('a quoted field is never closed'),
      });
    });

    it('two columns that both hold the email', async () => {
      expect(await refused('Email,Name,E-Mail\na@b.edu,A,a@b.edu\n')).toMatchObject({
        code: 'CSV_INVALID',
        message: 'Columns 1 ("Email") and 3 ("E-Mail") both hold email; keep one of them.',
      });
    });

    it(`more than ${CSV_MAX_ROWS.toLocaleString('en-US')} rows`, async () => {
      expect(await refused(fixture('roster-20001-rows.csv'))).toEqual({
        success: false,
        code: 'CSV_INVALID',
        message:
          'The file has 20,001 rows; at most 20,000 can be uploaded at once. Split it into smaller files.',
      });
    });

    // Generated in memory: only the size matters (fixtures/README.md).
    it('a file over 5 MB (413)', async () => {
      const content = Buffer.alloc(CSV_MAX_BYTES + 1, 'a');
      content.write('email\n');
      expect(await refused(content, 413)).toEqual({
        success: false,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The file is larger than 5 MB. Split the roster into smaller files.',
      });
    });
  });

  describe('refused as a request', () => {
    async function invalid(parts: Parameters<typeof upload>[2]) {
      const before = await dbCounts();
      const res = await upload(app, token, parts);
      expect(res.statusCode).toBe(400);
      expect(await dbCounts()).toEqual(before);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      return body.details as { path: string; message: string }[];
    }

    it('without a file', async () => {
      expect(await invalid([{ name: 'courseId', value: w.courseA.id }])).toEqual([
        { path: 'file', message: 'Attach a CSV file' },
      ]);
    });

    it('with the file under another field name', async () => {
      expect(
        await invalid([
          { name: 'courseId', value: w.courseA.id },
          { name: 'roster', fileName: 'r.csv', content: 'email\na@b.edu\n' },
        ]),
      ).toEqual([{ path: 'file', message: 'Attach a CSV file' }]);
    });

    it('without a course', async () => {
      expect(
        await invalid([{ name: 'file', fileName: 'r.csv', content: fixture('roster-basic.csv') }]),
      ).toEqual([{ path: 'courseId', message: 'Choose a course' }]);
    });

    it('with a course id that is not a UUID, and no file', async () => {
      expect(await invalid([{ name: 'courseId', value: 'CS101' }])).toEqual([
        { path: 'courseId', message: 'Invalid UUID' },
        { path: 'file', message: 'Attach a CSV file' },
      ]);
    });

    it('with two files', async () => {
      const before = await dbCounts();
      const res = await upload(app, token, [
        ...uploadParts(w.courseA.id, fixture('roster-basic.csv')),
        { name: 'file', fileName: 'second.csv', content: fixture('roster-basic.csv') },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'file', message: 'Only one file' }],
      });
      expect(await dbCounts()).toEqual(before);
    });

    it('sent as JSON instead of a form (415)', async () => {
      const res = await app.inject({
        method: 'POST',
        url: `${API}/csv/upload`,
        headers: bearer(token),
        payload: { courseId: w.courseA.id, file: 'email\na@b.edu' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('for an archived course (409)', async () => {
      const archived = await makeCourse(w.orgA.id, { code: 'OLD1', archived: true });
      const before = await dbCounts();
      const res = await upload(app, token, uploadParts(archived.id, fixture('roster-basic.csv')));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        code: 'COURSE_ARCHIVED',
        message: 'OLD1 is archived; its enrollments cannot change',
      });
      expect(await dbCounts()).toEqual(before);
    });

    it('for a course that does not exist (404)', async () => {
      const res = await upload(
        app,
        token,
        uploadParts('00000000-0000-4000-8000-000000000000', fixture('roster-basic.csv')),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Course not found' });
    });

    it('checks the course before the file: a foreign course is 404 even for a bad file', async () => {
      const admin = (await signIn(app, w.adminB.email)).token;
      const res = await upload(app, admin, uploadParts(w.courseA.id, fixture('empty.csv')));
      expect(res.statusCode).toBe(404);
    });

    it('with a malformed multipart body', async () => {
      const body = multipartBody(uploadParts(w.courseA.id, 'email\na@b.edu\n'));
      const res = await app.inject({
        method: 'POST',
        url: `${API}/csv/upload`,
        headers: { ...body.headers, ...bearer(token) },
        payload: body.payload.subarray(0, 60),
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });
  });
});
