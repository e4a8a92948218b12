import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  CSV_MAX_BYTES,
  csvAdminUploadListQuerySchema,
  csvUploadAcceptedSchema,
  csvUploadListQuerySchema,
  csvUploadResultSchema,
  csvUploadSchema,
  envelope,
  paginated,
  uuidParamSchema,
  type ErrorDetail,
} from '@teamup/shared';
import { defineRoute, COURSE_STAFF } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import { AppError, badRequest } from '../../plugins/errors.js';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../plugins/input-text.js';
import { attachmentHeader, rejectedRowsCsv, reportFileName } from './error-report.js';
import * as service from './service.js';

const TAGS = ['csv'];
const uploadListEnvelope = envelope(paginated(csvUploadSchema));
const MAX_MB = CSV_MAX_BYTES / (1024 * 1024);

export interface CsvRoutesOptions {
  /** Tells the local worker a job is waiting, so it starts now instead of at its next poll. */
  onQueued: () => void;
}

interface UploadForm {
  courseId: string | undefined;
  file: { fileName: string; bytes: Buffer } | undefined;
}

function tooLarge(): AppError {
  return new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The file is larger than ${MAX_MB} MB. Split the roster into smaller files.`,
  );
}

/** Reads the form: the `courseId` field and the `file` part, in whichever order they come. */
async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the roster as multipart/form-data with the fields courseId and file',
    );
  }
  const form: UploadForm = { courseId: undefined, file: undefined };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read in full even when unwanted: the form's remaining fields come after it.
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !form.file) {
          form.file = { fileName: part.filename, bytes };
        }
      } else if (part.fieldname === 'courseId' && typeof part.value === 'string') {
        form.courseId = part.value.trim();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') {
      throw badRequest('Send one file per upload', [{ path: 'file', message: 'Only one file' }]);
    }
    // Too many parts or fields: the error handler's 413.
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw error;
    // Anything else the parser throws (no boundary, a truncated body, a malformed part
    // header) is the caller's malformed form, refused before anything is stored.
    request.log.info({ parserError: code ?? (error as Error).message }, 'malformed multipart');
    throw badRequest('The upload is not a valid multipart form: send the fields courseId and file');
  }
  return form;
}

function checkForm(form: UploadForm): { courseId: string; fileName: string; bytes: Buffer } {
  const details: ErrorDetail[] = [];
  if (!form.courseId) details.push({ path: 'courseId', message: 'Choose a course' });
  else if (hasUnstorableText(form.courseId)) {
    details.push({ path: 'courseId', message: UNSTORABLE_TEXT_MESSAGE });
  } else if (!z.uuid().safeParse(form.courseId).success) {
    details.push({ path: 'courseId', message: 'Invalid UUID' });
  }
  if (!form.file) details.push({ path: 'file', message: 'Attach a CSV file' });
  else if (hasUnstorableText(form.file.fileName)) {
    details.push({ path: 'file', message: `File name: ${UNSTORABLE_TEXT_MESSAGE}` });
  }
  if (details.length > 0) throw badRequest('The upload is not valid', details);
  return { courseId: form.courseId!, ...form.file! };
}

/** /csv/* and /admin/csv-uploads (SPEC §7): roster uploads and their results. */
export async function csvRoutes(app: FastifyInstance, opts: CsvRoutesOptions) {
  // Only this plugin's routes accept multipart; fileSize makes busboy stop at the limit.
  await app.register(multipart, {
    limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/csv/upload',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: 'Upload a roster (multipart: courseId, file); processed in the background',
      description: [
        `Form fields: \`courseId\` (uuid) and \`file\` (CSV, UTF-8, comma or semicolon separated, at most ${MAX_MB} MB and 20,000 rows).`,
        'Columns: `email` (required), `fullname`, `studentId`, `section` (issue 36: the course section, at most 60 characters); headers are matched case-insensitively.',
        'Answers 202 with the upload id at once; follow it with GET /csv/status/{id}.',
        'A file that cannot be used at all is refused with 400 CSV_INVALID and nothing is stored.',
      ].join('\n\n'),
      consumes: ['multipart/form-data'],
      response: { 202: envelope(csvUploadAcceptedSchema) },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const input = checkForm(await readUploadForm(request));
      const accepted = await service.acceptUpload(app.db, auth, input);
      opts.onQueued();
      return reply.status(202).send({
        success: true as const,
        data: { id: accepted.id, status: accepted.status },
        message: `${accepted.fileName} is queued: ${accepted.rowCount} ${accepted.rowCount === 1 ? 'row' : 'rows'}`,
      });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/csv/status/:id',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: 'An upload: status, progress and counts; its first rejected rows once it is done',
      description: [
        'Polled while an upload runs, so it stays small whatever the file: `errors` holds the first 100 rejected rows in file order (fewer if they are long; cells longer than 256 characters are cut and end with …) and `errorsTotal` counts them all.',
        'Every rejected row, whole, is in the report: GET /csv/status/{id}/errors.csv.',
      ].join('\n\n'),
      params: uuidParamSchema,
      response: { 200: envelope(csvUploadResultSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        service.getUploadStatus(db, caller, request.params.id),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/csv/status/:id/errors.csv',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary:
        'The rejected rows of an upload as a CSV file (row, email, fullname, studentId, reason)',
      description: [
        "The cells of each rejected row as the file had them, its spreadsheet row number and the reason. The columns are the roster's own, so the file, corrected, can be uploaded again: an upload ignores `row` and `reason`.",
        'Cells that a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) are prefixed with a quote, which an upload takes off again.',
      ].join('\n\n'),
      params: uuidParamSchema,
      produces: ['text/csv'],
      response: { 200: z.string() },
    },
    handler: async (request, reply) => {
      const upload = await signedInRead(request, (db, caller) =>
        service.getUploadResult(db, caller, request.params.id),
      );
      // A string with a non-JSON content type bypasses the JSON serializer.
      return reply
        .header('content-disposition', attachmentHeader(reportFileName(upload.fileName)))
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(rejectedRowsCsv(upload.errors));
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/csv/uploads',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: 'Uploads of all my organizations, newest first',
      description:
        'Filters: `courseId`, `organizationId`, `status`, and `phase` (`running`: queued or processing; `finished`). The web app follows the running ones with it.',
      querystring: csvUploadListQuerySchema,
      response: { 200: uploadListEnvelope },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        service.listUploads(db, caller, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/csv-uploads',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: 'The upload history of all my organizations, searchable, newest first',
      description:
        "The filters of GET /csv/uploads, plus `uploadedBy` (`me` or a user id) and `q`: text found in the file name, the course code or title, or the uploader's name or email.",
      querystring: csvAdminUploadListQuerySchema,
      response: { 200: uploadListEnvelope },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        service.listAdminUploads(db, caller, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/csv/course/:courseId',
    config: { access: COURSE_STAFF },
    schema: {
      tags: TAGS,
      summary: "One course's uploads, newest first",
      params: z.object({ courseId: z.uuid() }),
      querystring: csvUploadListQuerySchema.omit({ courseId: true, organizationId: true }),
      response: { 200: uploadListEnvelope },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        service.listCourseUploads(db, caller, request.params.courseId, request.query),
      ),
    }),
  });
}
