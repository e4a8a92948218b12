import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CSV_STATUS_CELL_MAX,
  CSV_STATUS_ERRORS_BYTES,
  CSV_STATUS_ERRORS_MAX,
  type CsvRowError,
  type CsvUpload,
  type CsvUploadAccepted,
  type CsvUploadResult,
  type CsvUploadPhase,
  type CsvUploadStatus,
  type csvAdminUploadListQuerySchema,
  type csvUploadListQuerySchema,
} from '@teamup/shared';
import type { DbOrTx } from '../../db/client.js';
import { courses, csvUploads, organizations, users } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/like-pattern.js';
import {
  adminScope,
  courseInScope,
  courseIsInScope,
  courseScopeCondition,
  outOfScope,
} from '../../lib/org-scope.js';
import type { AuthContext } from '../../plugins/auth.js';
import { AppError, conflict } from '../../plugins/errors.js';
import { inspectRoster, RosterFileError } from './parse-roster.js';

type Caller = Pick<AuthContext, 'userId' | 'role'>;
type ListQuery = z.output<typeof csvUploadListQuerySchema>;
type AdminListQuery = z.output<typeof csvAdminUploadListQuerySchema>;

export interface UploadInput {
  courseId: string;
  fileName: string;
  bytes: Uint8Array;
}

const DEFAULT_FILE_NAME = 'roster.csv';

/** What the client said the file was called, reduced to a plain name fit for display. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.slice(0, 200) || DEFAULT_FILE_NAME;
}

/**
 * Accepts a roster for a course of the caller's organizations: file-level problems are refused
 * here, with nothing stored; the rows are checked and applied by the worker. The decoded file
 * is stored in the job row, so any process can run the job.
 */
export async function acceptUpload(
  db: DbOrTx,
  caller: Caller,
  input: UploadInput,
): Promise<CsvUploadAccepted & { rowCount: number; fileName: string }> {
  const scope = await adminScope(db, caller);
  const [course] = await db
    .select({
      id: courses.id,
      code: courses.code,
      organizationId: courses.organizationId,
      archivedAt: courses.archivedAt,
    })
    .from(courses)
    .innerJoin(organizations, eq(organizations.id, courses.organizationId))
    .where(and(eq(courses.id, input.courseId), isNull(organizations.deletedAt)))
    .limit(1);
  if (!course || !courseIsInScope(scope, course.organizationId, course.id)) {
    throw outOfScope(scope, 'Course not found');
  }
  if (course.archivedAt) {
    throw conflict('COURSE_ARCHIVED', `${course.code} is archived; its enrollments cannot change`);
  }

  let roster;
  try {
    roster = await inspectRoster(input.bytes);
  } catch (error) {
    if (error instanceof RosterFileError) throw new AppError(400, 'CSV_INVALID', error.message);
    throw error;
  }

  const fileName = cleanFileName(input.fileName);
  const [row] = await db
    .insert(csvUploads)
    .values({
      courseId: course.id,
      organizationId: course.organizationId,
      uploadedBy: caller.userId,
      fileName,
      content: roster.text,
      totalRows: roster.rowCount,
    })
    .returning({ id: csvUploads.id, status: csvUploads.status });
  return { id: row!.id, status: row!.status, rowCount: roster.rowCount, fileName };
}

// ---------------------------------------------------------------------------------------
// Reading uploads

const uploadColumns = {
  id: csvUploads.id,
  courseId: csvUploads.courseId,
  courseCode: courses.code,
  courseTitle: courses.title,
  organizationId: csvUploads.organizationId,
  organizationName: organizations.name,
  fileName: csvUploads.fileName,
  status: csvUploads.status,
  totalRows: csvUploads.totalRows,
  processedRows: csvUploads.processedRows,
  created: csvUploads.createdCount,
  pending: csvUploads.pendingCount,
  alreadyEnrolled: csvUploads.alreadyEnrolledCount,
  reactivated: csvUploads.reactivatedCount,
  rejected: csvUploads.rejectedCount,
  uploaderId: users.id,
  uploaderFullname: users.fullname,
  uploaderEmail: users.email,
  createdAt: csvUploads.createdAt,
  startedAt: csvUploads.startedAt,
  finishedAt: csvUploads.finishedAt,
  failureMessage: csvUploads.failureMessage,
};

// The stored file and the error list stay out of lists: a page of uploads could be megabytes.
function selectUploads(db: DbOrTx) {
  return db
    .select(uploadColumns)
    .from(csvUploads)
    .innerJoin(courses, eq(courses.id, csvUploads.courseId))
    .innerJoin(organizations, eq(organizations.id, csvUploads.organizationId))
    .leftJoin(users, eq(users.id, csvUploads.uploadedBy));
}

function selectUploadResults(db: DbOrTx) {
  return db
    .select({ ...uploadColumns, errors: csvUploads.errors })
    .from(csvUploads)
    .innerJoin(courses, eq(courses.id, csvUploads.courseId))
    .innerJoin(organizations, eq(organizations.id, csvUploads.organizationId))
    .leftJoin(users, eq(users.id, csvUploads.uploadedBy));
}

/**
 * The status call's read: the first CSV_STATUS_ERRORS_MAX rejected rows and their count, cut
 * out by the database, so a poll never loads the whole list (megabytes for 20,000 rows).
 */
function selectUploadStatuses(db: DbOrTx) {
  const firstErrors = `$[0 to ${CSV_STATUS_ERRORS_MAX - 1}]`;
  return db
    .select({
      ...uploadColumns,
      errors: sql<
        StoredRowError[]
      >`jsonb_path_query_array(${csvUploads.errors}, ${firstErrors}::jsonpath)`,
      errorsTotal: sql<number>`jsonb_array_length(${csvUploads.errors})`.mapWith(Number),
    })
    .from(csvUploads)
    .innerJoin(courses, eq(courses.id, csvUploads.courseId))
    .innerJoin(organizations, eq(organizations.id, csvUploads.organizationId))
    .leftJoin(users, eq(users.id, csvUploads.uploadedBy));
}

type UploadRow = Awaited<ReturnType<typeof selectUploads>>[number];

/**
 * 0–100. Validation is most of the work before the single apply transaction, so it fills the
 * bar to 95; the rest arrives with COMPLETED.
 */
export function progressOf(row: {
  status: CsvUploadStatus;
  totalRows: number;
  processedRows: number;
}): number {
  if (row.status === 'COMPLETED' || row.status === 'FAILED') return 100;
  if (row.status === 'QUEUED' || row.totalRows === 0) return 0;
  return Math.min(95, Math.floor((row.processedRows / row.totalRows) * 95));
}

function toUpload(row: UploadRow): CsvUpload {
  return {
    id: row.id,
    courseId: row.courseId,
    courseCode: row.courseCode,
    courseTitle: row.courseTitle,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    fileName: row.fileName,
    status: row.status,
    progress: progressOf(row),
    counts: {
      rowsRead: row.totalRows,
      created: row.created,
      pending: row.pending,
      alreadyEnrolled: row.alreadyEnrolled,
      reactivated: row.reactivated,
      rejected: row.rejected,
    },
    uploadedBy:
      row.uploaderId && row.uploaderFullname !== null && row.uploaderEmail !== null
        ? { id: row.uploaderId, fullname: row.uploaderFullname, email: row.uploaderEmail }
        : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    failureMessage: row.failureMessage,
  };
}

function visible(scope: Awaited<ReturnType<typeof adminScope>>): SQL {
  return and(
    isNull(organizations.deletedAt),
    courseScopeCondition(scope, csvUploads.organizationId, csvUploads.courseId),
  )!;
}

/** Rows rejected before the errors kept the name and student ID cells lack them. */
type StoredRowError = Omit<CsvRowError, 'fullname' | 'studentId'> &
  Partial<Pick<CsvRowError, 'fullname' | 'studentId'>>;

function withAllCells(e: StoredRowError): CsvRowError {
  return { ...e, fullname: e.fullname ?? '', studentId: e.studentId ?? '' };
}

/** An upload with every rejected row, whole: what the errors.csv report is made of. */
export type CsvUploadReport = CsvUpload & { errors: CsvRowError[] };

/**
 * An upload with all its per-row errors, if the caller administers its organization (the
 * errors.csv report; the status call uses getUploadStatus).
 */
export async function getUploadResult(
  db: DbOrTx,
  caller: Caller,
  id: string,
): Promise<CsvUploadReport> {
  const scope = await adminScope(db, caller);
  const [row] = await selectUploadResults(db)
    .where(and(eq(csvUploads.id, id), visible(scope)))
    .limit(1);
  if (!row) throw outOfScope(scope, 'Upload not found');
  return { ...toUpload(row), errors: (row.errors as StoredRowError[]).map(withAllCells) };
}

function clipCell(value: string): string {
  const chars = Array.from(value);
  return chars.length <= CSV_STATUS_CELL_MAX
    ? value
    : `${chars.slice(0, CSV_STATUS_CELL_MAX - 1).join('')}…`;
}

function clipRow(e: CsvRowError): CsvRowError {
  return {
    row: e.row,
    email: clipCell(e.email),
    fullname: clipCell(e.fullname),
    studentId: clipCell(e.studentId),
    reason: clipCell(e.reason),
  };
}

/**
 * The rejected rows the status call shows (decision 083): in file order, each cell cut at
 * CSV_STATUS_CELL_MAX characters, and no more rows than fit in CSV_STATUS_ERRORS_BYTES of JSON.
 */
export function statusErrors(errors: readonly CsvRowError[]): CsvRowError[] {
  const shown: CsvRowError[] = [];
  let bytes = 2;
  for (const e of errors.slice(0, CSV_STATUS_ERRORS_MAX)) {
    const row = clipRow(e);
    const size = Buffer.byteLength(JSON.stringify(row)) + 1;
    if (bytes + size > CSV_STATUS_ERRORS_BYTES) break;
    bytes += size;
    shown.push(row);
  }
  return shown;
}

/**
 * An upload as the status call shows it, if the caller administers its organization: its
 * first rejected rows (statusErrors) and how many there are in all.
 */
export async function getUploadStatus(
  db: DbOrTx,
  caller: Caller,
  id: string,
): Promise<CsvUploadResult> {
  const scope = await adminScope(db, caller);
  const [row] = await selectUploadStatuses(db)
    .where(and(eq(csvUploads.id, id), visible(scope)))
    .limit(1);
  if (!row) throw outOfScope(scope, 'Upload not found');
  return {
    ...toUpload(row),
    errors: statusErrors(row.errors.map(withAllCells)),
    errorsTotal: row.errorsTotal,
  };
}

const PHASE_STATUSES: Record<CsvUploadPhase, CsvUploadStatus[]> = {
  running: ['QUEUED', 'PROCESSING'],
  finished: ['COMPLETED', 'FAILED'],
};

/** The filters every list takes: course, organization, status and phase. */
function listFilters(query: Partial<ListQuery>): SQL[] {
  const conditions: SQL[] = [];
  if (query.courseId) conditions.push(eq(csvUploads.courseId, query.courseId));
  if (query.organizationId) conditions.push(eq(csvUploads.organizationId, query.organizationId));
  if (query.status) conditions.push(eq(csvUploads.status, query.status));
  if (query.phase) conditions.push(inArray(csvUploads.status, PHASE_STATUSES[query.phase]));
  return conditions;
}

async function listWhere(db: DbOrTx, where: SQL, page: number, limit: number) {
  const [rows, [counted]] = await Promise.all([
    selectUploads(db)
      .where(where)
      .orderBy(desc(csvUploads.createdAt), desc(csvUploads.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: count() })
      .from(csvUploads)
      .innerJoin(courses, eq(courses.id, csvUploads.courseId))
      .innerJoin(organizations, eq(organizations.id, csvUploads.organizationId))
      .leftJoin(users, eq(users.id, csvUploads.uploadedBy))
      .where(where),
  ]);
  return { items: rows.map(toUpload), page, limit, total: counted?.total ?? 0 };
}

/** Uploads of every organization the caller administers, newest first (GET /csv/uploads). */
export async function listUploads(db: DbOrTx, caller: Caller, query: ListQuery) {
  const scope = await adminScope(db, caller);
  return listWhere(db, and(visible(scope), ...listFilters(query))!, query.page, query.limit);
}

/**
 * The organization-wide history of the admin console (GET /admin/csv-uploads): the same
 * uploads, also searchable by uploader and by text.
 */
export async function listAdminUploads(db: DbOrTx, caller: Caller, query: AdminListQuery) {
  const scope = await adminScope(db, caller);
  const conditions: SQL[] = [visible(scope), ...listFilters(query)];
  if (query.uploadedBy) {
    const uploader = query.uploadedBy === 'me' ? caller.userId : query.uploadedBy;
    conditions.push(eq(csvUploads.uploadedBy, uploader));
  }
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(csvUploads.fileName, pattern),
        ilike(courses.code, pattern),
        ilike(courses.title, pattern),
        ilike(users.fullname, pattern),
        ilike(users.email, pattern),
      )!,
    );
  }
  return listWhere(db, and(...conditions)!, query.page, query.limit);
}

/** One course's uploads (404 unless the caller administers its organization). */
export async function listCourseUploads(
  db: DbOrTx,
  caller: Caller,
  courseId: string,
  query: Omit<ListQuery, 'courseId' | 'organizationId'>,
) {
  const scope = await adminScope(db, caller);
  await courseInScope(db, scope, courseId);
  const conditions = [visible(scope), ...listFilters({ ...query, courseId })];
  return listWhere(db, and(...conditions)!, query.page, query.limit);
}
