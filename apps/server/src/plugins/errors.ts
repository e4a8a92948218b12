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
  429: 'RATE_LIMITED',
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
    return fail(status, CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR', error.message);
  }
  return fail(500, 'INTERNAL_ERROR', 'Internal server error');
}

function validation(message: string) {
  return fail(400, 'VALIDATION_ERROR', message);
}

function fail(status: number, code: ErrorCode, message: string) {
  return { status, body: { success: false as const, message, code } };
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
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);
