import type { CsvUpload, CsvUploadResult } from '@teamup/shared';
import { uuid } from './data';

/** Generators for the CSV enrollment feature (roster uploads and their results). */

export function createCsvUpload(overrides: Partial<CsvUpload> = {}): CsvUpload {
  return {
    id: uuid(),
    courseId: uuid(),
    courseCode: 'CS-401',
    courseTitle: 'Software Engineering Project',
    organizationId: uuid(),
    organizationName: 'Northfield University',
    fileName: 'roster.csv',
    status: 'COMPLETED',
    progress: 100,
    counts: {
      rowsRead: 5,
      created: 2,
      pending: 1,
      alreadyEnrolled: 0,
      reactivated: 0,
      rejected: 2,
    },
    uploadedBy: { id: uuid(), fullname: 'Alan Turing', email: 'alan.turing@northfield.edu' },
    createdAt: '2026-09-05T10:00:00.000Z',
    startedAt: '2026-09-05T10:00:01.000Z',
    finishedAt: '2026-09-05T10:00:02.000Z',
    failureMessage: null,
    ...overrides,
  };
}

export function createCsvUploadResult(overrides: Partial<CsvUploadResult> = {}): CsvUploadResult {
  return {
    ...createCsvUpload(),
    errors: [
      {
        row: 4,
        email: 'not-an-email',
        fullname: 'Broken Row',
        studentId: 'S1003',
        reason: 'Not a valid email address',
      },
      {
        row: 6,
        email: 'MAYA.CHEN@student.northfield.edu',
        fullname: 'Maya Again',
        studentId: 'S1001',
        reason: 'Duplicate of row 2',
      },
    ],
    // All of them unless a test says otherwise (the server sends at most 100).
    errorsTotal: overrides.errors?.length ?? 2,
    ...overrides,
  };
}
