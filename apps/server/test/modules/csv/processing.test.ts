import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, enrollments } from '../../../src/db/schema/index.js';
import { makeEnrollment, makeUser, makeWorld } from '../../fixtures.js';
import { API, bearer, buildTestApp, getWorkerDb, signIn } from '../../helper.js';
import { courseEnrollments, dbCounts, fixture, uploadRoster, waitForUpload } from './csv-api.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('CSV roster processing', () => {
  let app: FastifyInstance;
  let w: Awaited<ReturnType<typeof makeWorld>>;
  let token: string;

  beforeAll(async () => {
    app = await buildTestApp({}, { csvWorker: { pollIntervalMs: 50 } });
  });

  beforeEach(async () => {
    w = await makeWorld();
    token = (await signIn(app, w.adminA.email)).token;
  });

  const run = async (content: Buffer | string, fileName?: string, courseId = w.courseA.id) => {
    const id = await uploadRoster(app, token, courseId, content, fileName);
    return waitForUpload(app, token, id);
  };

  it('answers QUEUED at once, then completes with the full result', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${API}/csv/uploads`,
      headers: bearer(token),
    });
    expect(res.json().data.total).toBe(0);

    const id = await uploadRoster(
      app,
      token,
      w.courseA.id,
      fixture('roster-basic.csv'),
      'fall.csv',
    );
    const result = await waitForUpload(app, token, id);
    expect(result).toEqual({
      id,
      courseId: w.courseA.id,
      courseCode: 'A101',
      courseTitle: 'Course A',
      organizationId: w.orgA.id,
      organizationName: 'Org A',
      fileName: 'fall.csv',
      status: 'COMPLETED',
      progress: 100,
      counts: {
        rowsRead: 3,
        created: 0,
        pending: 3,
        alreadyEnrolled: 0,
        reactivated: 0,
        rejected: 0,
      },
      uploadedBy: { id: w.adminA.id, fullname: w.adminA.fullname, email: w.adminA.email },
      createdAt: expect.stringMatching(ISO),
      startedAt: expect.stringMatching(ISO),
      finishedAt: expect.stringMatching(ISO),
      failureMessage: null,
      errors: [],
      errorsTotal: 0,
    });
    const rows = await courseEnrollments(w.courseA.id);
    const added = rows.filter((r) => r.email !== w.student.email);
    expect(
      added.map((r) => ({
        email: r.email,
        fullname: r.fullname,
        studentId: r.studentId,
        status: r.status,
        source: r.source,
        userId: r.userId,
        createdBy: r.createdBy,
        activatedAt: r.activatedAt,
      })),
    ).toEqual([
      {
        email: 'ada@example.edu',
        fullname: 'Ada Lovelace',
        studentId: 'S001',
        status: 'PENDING',
        source: 'CSV',
        userId: null,
        createdBy: w.adminA.id,
        activatedAt: null,
      },
      {
        email: 'alan@example.edu',
        fullname: 'Alan Turing',
        studentId: 'S003',
        status: 'PENDING',
        source: 'CSV',
        userId: null,
        createdBy: w.adminA.id,
        activatedAt: null,
      },
      {
        email: 'grace@example.edu',
        fullname: 'Grace Hopper',
        studentId: 'S002',
        status: 'PENDING',
        source: 'CSV',
        userId: null,
        createdBy: w.adminA.id,
        activatedAt: null,
      },
    ]);
  });

  it('enrolls people with an account as ACTIVE and the others as PENDING, like a manual add', async () => {
    const ada = await makeUser({ email: 'ada@example.edu', fullname: 'Ada L.' });
    const result = await run(fixture('roster-basic.csv'));
    expect(result.counts).toEqual({
      rowsRead: 3,
      created: 1,
      pending: 2,
      alreadyEnrolled: 0,
      reactivated: 0,
      rejected: 0,
    });
    const [adaRow] = (await courseEnrollments(w.courseA.id)).filter((r) => r.email === ada.email);
    expect(adaRow).toMatchObject({ status: 'ACTIVE', userId: ada.id, source: 'CSV' });
    expect(adaRow!.activatedAt).toBeInstanceOf(Date);
  });

  it('creates no duplicates when the same roster is uploaded twice', async () => {
    await run(fixture('roster-basic.csv'));
    const before = await dbCounts();
    const second = await run(fixture('roster-basic.csv'));
    expect(second.status).toBe('COMPLETED');
    expect(second.counts).toEqual({
      rowsRead: 3,
      created: 0,
      pending: 0,
      alreadyEnrolled: 3,
      reactivated: 0,
      rejected: 0,
    });
    const after = await dbCounts();
    expect(after.enrollments).toBe(before.enrollments);
    expect(after.audits).toBe(before.audits);
  });

  it('leaves ACTIVE and PENDING enrollments as they are and brings back INACTIVE and removed ones', async () => {
    const { db } = await getWorkerDb();
    const grace = await makeUser({ email: 'grace@example.edu' });
    const alan = await makeUser({ email: 'alan@example.edu' });
    const active = await makeEnrollment(w.courseA.id, {
      email: 'ada@example.edu',
      fullname: 'Kept Name',
      status: 'PENDING',
    });
    const inactive = await makeEnrollment(w.courseA.id, {
      email: grace.email,
      userId: grace.id,
      status: 'INACTIVE',
    });
    const removed = await makeEnrollment(w.courseA.id, { email: alan.email, status: 'PENDING' });
    await db
      .update(enrollments)
      .set({ removedAt: new Date() })
      .where(eq(enrollments.id, removed.id));

    const result = await run(fixture('roster-basic.csv'));
    expect(result.counts).toEqual({
      rowsRead: 3,
      created: 0,
      pending: 0,
      alreadyEnrolled: 1,
      reactivated: 2,
      rejected: 0,
    });
    const byEmail = new Map((await courseEnrollments(w.courseA.id)).map((r) => [r.email, r]));
    expect(byEmail.get('ada@example.edu')).toMatchObject({
      id: active.id,
      status: 'PENDING',
      fullname: 'Kept Name',
      source: 'MANUAL',
    });
    expect(byEmail.get('grace@example.edu')).toMatchObject({
      id: inactive.id,
      status: 'ACTIVE',
      userId: grace.id,
      source: 'CSV',
      fullname: 'Grace Hopper',
      studentId: 'S002',
    });
    // A removed enrollment of someone who has an account since comes back linked and ACTIVE.
    expect(byEmail.get('alan@example.edu')).toMatchObject({
      id: removed.id,
      status: 'ACTIVE',
      userId: alan.id,
      removedAt: null,
      createdBy: w.adminA.id,
    });

    const audits = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.courseId, w.courseA.id))
      .orderBy(asc(auditEvents.action));
    expect(
      audits.map((a) => ({
        action: a.action,
        actorId: a.actorId,
        enrollmentId: a.enrollmentId,
        organizationId: a.organizationId,
        targetUserId: a.targetUserId,
        data: a.data,
      })),
    ).toEqual([
      {
        action: 'RESTORED',
        actorId: w.adminA.id,
        enrollmentId: removed.id,
        organizationId: w.orgA.id,
        targetUserId: alan.id,
        data: {
          email: 'alan@example.edu',
          from: 'PENDING',
          to: 'ACTIVE',
          source: 'CSV',
          uploadId: result.id,
        },
      },
      {
        action: 'STATUS_CHANGED',
        actorId: w.adminA.id,
        enrollmentId: inactive.id,
        organizationId: w.orgA.id,
        targetUserId: grace.id,
        data: {
          email: 'grace@example.edu',
          from: 'INACTIVE',
          to: 'ACTIVE',
          source: 'CSV',
          uploadId: result.id,
        },
      },
    ]);
  });

  it('records one ENROLLED audit event per new enrollment, naming the upload', async () => {
    const result = await run(fixture('roster-basic.csv'));
    const { db } = await getWorkerDb();
    const audits = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.courseId, w.courseA.id), eq(auditEvents.action, 'ENROLLED')));
    expect(audits).toHaveLength(3);
    const rows = await courseEnrollments(w.courseA.id);
    for (const audit of audits) {
      const enrollment = rows.find((r) => r.id === audit.enrollmentId)!;
      expect(audit).toMatchObject({ actorId: w.adminA.id, organizationId: w.orgA.id });
      expect(audit.data).toEqual({
        email: enrollment.email,
        status: 'PENDING',
        source: 'CSV',
        uploadId: result.id,
      });
    }
  });

  it('reads a BOM, other header spellings and keeps accents', async () => {
    const result = await run(fixture('roster-bom.csv'));
    expect(result.counts).toMatchObject({ rowsRead: 2, pending: 2, rejected: 0 });
    const names = (await courseEnrollments(w.courseA.id)).map((r) => r.fullname);
    expect(names).toEqual(expect.arrayContaining(['Zoë Ångström', 'José Núñez']));
  });

  it('reads semicolon-separated files', async () => {
    const result = await run(fixture('roster-semicolon.csv'));
    expect(result.counts).toMatchObject({ rowsRead: 2, pending: 2, rejected: 0 });
    const rows = await courseEnrollments(w.courseA.id);
    expect(rows.find((r) => r.email === 'semi.one@example.edu')).toMatchObject({
      fullname: 'Müller, Anna',
      studentId: '1001',
    });
    expect(rows.find((r) => r.email === 'semi.two@example.edu')).toMatchObject({
      fullname: 'Smith; John',
    });
  });

  it('reads quoted fields: commas, doubled quotes and line breaks inside them', async () => {
    const result = await run(fixture('roster-quoted.csv'));
    expect(result.counts).toMatchObject({ rowsRead: 3, pending: 3, rejected: 0 });
    const rows = await courseEnrollments(w.courseA.id);
    expect(rows.find((r) => r.email === 'jane.doe@example.edu')).toMatchObject({
      fullname: 'Doe, Jane',
      studentId: null,
    });
    expect(rows.find((r) => r.email === 'pat.obrien@example.edu')).toMatchObject({
      fullname: 'O"Brien, Pat',
      studentId: 'S-2',
    });
    expect(rows.find((r) => r.email === 'line.break@example.edu')!.fullname).toBe('Line Break');
  });

  it('rejects later duplicates of an email whatever their case, naming the first row', async () => {
    const result = await run(fixture('roster-duplicates.csv'));
    expect(result.counts).toEqual({
      rowsRead: 4,
      created: 0,
      pending: 2,
      alreadyEnrolled: 0,
      reactivated: 0,
      rejected: 2,
    });
    expect(result.errors).toEqual([
      {
        row: 4,
        email: 'sam.same@example.edu',
        fullname: 'Sam Again',
        studentId: '',
        reason: 'Duplicate of row 2',
      },
      {
        row: 5,
        email: 'SAM.SAME@EXAMPLE.EDU',
        fullname: 'Sam Third',
        studentId: '',
        reason: 'Duplicate of row 2',
      },
    ]);
    const sam = (await courseEnrollments(w.courseA.id)).find(
      (r) => r.email === 'sam.same@example.edu',
    );
    expect(sam).toMatchObject({ fullname: 'Sam First' });
  });

  it('rejects blank lines with their row number but ignores blank lines at the end', async () => {
    const result = await run(fixture('roster-blank-lines.csv'));
    expect(result.counts).toMatchObject({ rowsRead: 6, pending: 3, rejected: 3 });
    expect(result.errors).toEqual([
      { row: 3, email: '', fullname: '', studentId: '', reason: 'Blank line' },
      { row: 5, email: '', fullname: '', studentId: '', reason: 'Blank line' },
      { row: 6, email: '', fullname: '', studentId: '', reason: 'Blank line' },
    ]);
  });

  it('rejects malformed and missing emails and applies the rest', async () => {
    const result = await run(fixture('roster-bad-rows.csv'));
    expect(result.status).toBe('COMPLETED');
    expect(result.counts).toEqual({
      rowsRead: 6,
      created: 0,
      pending: 2,
      alreadyEnrolled: 0,
      reactivated: 0,
      rejected: 4,
    });
    expect(result.errors).toEqual([
      {
        row: 3,
        email: 'not-an-email',
        fullname: 'Bad One',
        studentId: '',
        reason: 'Not a valid email address',
      },
      {
        row: 4,
        email: '=HYPERLINK("http://evil.example")',
        fullname: 'Formula',
        studentId: '',
        reason: 'Not a valid email address',
      },
      { row: 5, email: '', fullname: 'Nobody Here', studentId: '', reason: 'Email is missing' },
      {
        row: 6,
        email: '@at.example.edu',
        fullname: 'At Sign',
        studentId: '',
        reason: 'Not a valid email address',
      },
    ]);
    const emails = (await courseEnrollments(w.courseA.id)).map((r) => r.email);
    expect(emails).toEqual(expect.arrayContaining(['good@example.edu', 'good.two@example.edu']));
    expect(emails).toHaveLength(3);
  });

  it('rejects over-long names and student ids per row', async () => {
    const longName = 'N'.repeat(121);
    const result = await run(
      `email,fullname,studentId\nok@example.edu,${'N'.repeat(120)},S1\nlong@example.edu,${longName},S2\nid@example.edu,Id,${'9'.repeat(65)}\n`,
    );
    expect(result.counts).toMatchObject({ pending: 1, rejected: 2 });
    // The rejected cells are kept whole, so the downloaded report can be fixed and re-uploaded.
    expect(result.errors).toEqual([
      {
        row: 3,
        email: 'long@example.edu',
        fullname: longName,
        studentId: 'S2',
        reason: 'Full name is longer than 120 characters',
      },
      {
        row: 4,
        email: 'id@example.edu',
        fullname: 'Id',
        studentId: '9'.repeat(65),
        reason: 'Student ID is longer than 64 characters',
      },
    ]);
  });

  it('lower-cases emails and trims cells', async () => {
    await run('Email , FULLNAME\n  Mixed.Case@Example.EDU  ,  Spaced Name  \n');
    const row = (await courseEnrollments(w.courseA.id)).find((r) => r.email.startsWith('mixed'));
    expect(row).toMatchObject({ email: 'mixed.case@example.edu', fullname: 'Spaced Name' });
  });

  it('activates the PENDING enrollments of a roster at the student’s first sign-in', async () => {
    await run(fixture('roster-basic.csv'));
    const signedIn = await signIn(app, 'Grace@Example.edu', 'Grace Hopper');
    const body = signedIn.response.json();
    expect(body.data.activatedEnrollments).toEqual([
      expect.objectContaining({ courseId: w.courseA.id, courseCode: 'A101' }),
    ]);
    const grace = (await courseEnrollments(w.courseA.id)).find(
      (r) => r.email === 'grace@example.edu',
    );
    expect(grace).toMatchObject({ status: 'ACTIVE', userId: expect.any(String) });
  });
});
