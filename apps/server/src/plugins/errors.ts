import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorDetail, ErrorEnvelope } from '@teamup/shared';

/** A failure the caller may see as it is: status, envelope code, message and field details. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Response headers the answer needs, such as a 429's Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new AppError(400, 'VALIDATION_ERROR', message, details);
export const unauthenticated = (message = 'Authentication required') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  414: 'URI_TOO_LONG',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

const GENERIC_MESSAGE: Record<number, string> = {
  400: 'The request is not valid',
  404: 'Not found',
  413: 'The request body is too large',
  414: 'The URL is too long',
  415: 'Unsupported content type',
};

const PART_PREFIX: Record<string, string> = {
  body: '',
  querystring: 'query.',
  params: 'params.',
  headers: 'headers.',
};

type ValidationIssue = {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
};

function toDetails(issues: ValidationIssue[], part: string | undefined): ErrorDetail[] {
  const prefix = PART_PREFIX[part ?? 'body'] ?? '';
  return issues.flatMap((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean).join('.');
    const at = (p: string) => `${prefix}${p}`.replace(/\.$/, '');
    // An unknown field is reported where it is, so a form can point at it.
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      return (issue.params.keys as string[]).map((key) => ({
        path: at(path ? `${path}.${key}` : key),
        message: 'Unknown field',
      }));
    }
    return [{ path: at(path), message: issue.message ?? 'Invalid value' }];
  });
}

function envelopeFor(error: FastifyError & { details?: ErrorDetail[] }): {
  status: number;
  body: ErrorEnvelope;
} {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: {
        success: false,
        message: error.message,
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      status: 400,
      body: {
        success: false,
        message: 'The request is not valid',
        code: 'VALIDATION_ERROR',
        details: toDetails(error.validation as ValidationIssue[], error.validationContext),
      },
    };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return validation('The request body is not valid JSON');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validation('The request body is empty but its content type is JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return fail(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return fail(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
  }
  // JSON.parse failures from the body parser carry a 400 but no fastify code.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return validation('The request body is not valid JSON');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own messages may quote the request (a header, a content type, the URL).
    const message = error.code?.startsWith('FST_')
      ? (GENERIC_MESSAGE[status] ?? 'The request is not valid')
      : error.message;
    return fail(status, CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR', message);
  }
  return fail(500, 'INTERNAL_ERROR', 'Internal server error');
}

function validation(message: string) {
  return fail(400, 'VALIDATION_ERROR', message);
}

function fail(status: number, code: ErrorCode, message: string) {
  return { status, body: { success: false as const, message, code } };
}

// ---------------------------------------------------------------------------------------
// Logging errors without the data they carry

/** Fields of driver errors that hold row values: the statement's parameters, pg's `detail`. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail']);
const REDACTED = '[redacted]';
const MAX_CAUSES = 8;

/**
 * `text` without the statement's values: drizzle's `params: a,b` line, and each value quoted
 * on its own (`invalid input syntax for type uuid: "..."`). A stack keeps its frames as they are.
 */
function withoutParams(text: string, params: unknown): string {
  if (!Array.isArray(params) || params.length === 0) return text;
  const frames = text.indexOf('\n    at ');
  const head = frames === -1 ? text : text.slice(0, frames);
  const tail = frames === -1 ? '' : text.slice(frames);
  let out = head.split(`params: ${params.map(String).join(',')}`).join(`params: ${REDACTED}`);
  const values = params
    .map((value) => (value instanceof Date ? value.toISOString() : String(value)))
    .filter((value) => value.length >= 3)
    .sort((a, b) => b.length - a.length);
  for (const value of values) out = out.split(value).join(REDACTED);
  return out + tail;
}

type Loggable = {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
};

const isErrorList = (value: unknown): value is Error[] =>
  Array.isArray(value) && value.length > 0 && value.every((v) => v instanceof Error);

function serializeOne(error: Error, depth: number, params: unknown): Loggable {
  const record = error as Error & Record<string, unknown>;
  // The statement's values show in this error's text and in its causes' (PGlite repeats them).
  const values = record.params ?? record.parameters ?? params;
  const out: Loggable = {
    type: error.constructor?.name || error.name,
    message: withoutParams(error.message, values),
    stack: withoutParams(error.stack ?? '', values),
  };
  for (const key of Object.keys(record)) {
    if (key === 'cause' || key in out) continue;
    const value = record[key];
    if (VALUE_FIELDS.has(key)) {
      if (value !== undefined) out[key] = REDACTED;
    } else if (typeof value === 'string') {
      out[key] = withoutParams(value, values);
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      out[key] = value;
    } else if (isErrorList(value) && depth < MAX_CAUSES) {
      // An AggregateError's `errors` (e.g. a connection refused on each address).
      out[key] = value.map((inner) => serializeOne(inner, depth + 1, values));
    }
    // Any other field is left out: an object an error carries is a client (pg's pool puts the
    // failed connection on it, with its secret key), a request or a row (issue 24).
  }
  if (record.cause instanceof Error && depth < MAX_CAUSES) {
    out.cause = serializeOne(record.cause, depth + 1, values);
  } else if (record.cause !== undefined) {
    out.cause = typeof record.cause === 'string' ? withoutParams(record.cause, values) : REDACTED;
  }
  return out;
}

/**
 * The logger's `err` serializer: an error with its causes, minus the values a database error
 * carries (drizzle's DrizzleQueryError has the statement's `params` in its fields and its
 * message; pg's `detail` quotes the row), which hold names and emails, and minus any object
 * it carries (only its text, number and boolean fields are kept).
 */
export function serializeError(error: Error): Loggable {
  if (!(error instanceof Error)) return error as unknown as Loggable;
  return serializeOne(error, 0, undefined);
}

/** The one error handler: every failure leaves as `{ success: false, message, code, details? }`. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, body } = envelopeFor(error);
      if (status >= 500) {
        // The caller sees only "Internal server error"; the log keeps the cause with the
        // request id that pino attaches to request.log.
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ code: body.code, status }, body.message);
      }
      if (error instanceof AppError && error.headers) reply.headers(error.headers);
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);
