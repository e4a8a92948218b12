import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, ErrorEnvelope } from '@teamup/shared';
import type { Config } from '../config.js';
import { edgeCorsHeaders, edgeSecurityHeaders } from './security.js';

/**
 * Answers for requests refused before routing, in the envelope and without echoing the URL or
 * any header back (decision 080). Fastify's defaults put the path in the message; Node's
 * parser answers without a body.
 */

type EdgeConfig = Pick<Config, 'PUBLIC_URL'>;

function envelope(code: ErrorCode, message: string): ErrorEnvelope {
  return { success: false, code, message };
}

/** Fastify's `frameworkErrors`: a URL that does not decode, a too long path parameter. */
export function frameworkErrorHandler(config: EdgeConfig) {
  const security = edgeSecurityHeaders(config);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [status, body] =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, envelope('URI_TOO_LONG', 'The URL is too long')]
        : error.code === 'FST_ERR_BAD_URL'
          ? [400, envelope('VALIDATION_ERROR', 'The URL is not valid')]
          : [400, envelope('BAD_REQUEST', 'The request is not valid')];
    request.log.info({ code: body.code, status }, body.message);
    const origin = request.headers.origin;
    return reply
      .status(status)
      .headers({ ...security, ...edgeCorsHeaders(config, origin), 'cache-control': 'no-store' })
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body));
  };
}

/** A request line longer than this, when the parser overflowed, was the URL's fault. */
const LONG_REQUEST_LINE = 2048;

/**
 * Whether Node's header overflow (HPE_HEADER_OVERFLOW counts the request line too) came from
 * the URL: the chunk being parsed still held the request line, and it is long.
 */
export function overflowIsUrl(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet)) return false;
  const text = packet.toString('latin1');
  const end = text.indexOf('\r\n');
  if (end === -1) return /^[A-Z]+ \S/.test(text) || !text.includes(' ');
  const head = text.slice(0, end);
  return head.length > LONG_REQUEST_LINE && / HTTP\/\d\.\d$/.test(head) && !head.includes(': ');
}

type ClientError = Error & { code?: string; rawPacket?: unknown };

function rawAnswer(error: ClientError): [number, ErrorEnvelope] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return overflowIsUrl(error.rawPacket)
        ? [414, envelope('URI_TOO_LONG', 'The URL is too long')]
        : [431, envelope('HEADERS_TOO_LARGE', 'The request headers are too large')];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, envelope('PAYLOAD_TOO_LARGE', 'The request body is too large')];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, envelope('REQUEST_TIMEOUT', 'The request took too long to arrive')];
    default:
      return [400, envelope('BAD_REQUEST', 'The request is not valid HTTP')];
  }
}

/** Fastify's `clientErrorHandler`: what Node's HTTP parser refuses, answered on the socket. */
export function clientErrorHandler(config: EdgeConfig) {
  const security = edgeSecurityHeaders(config);
  return function onClientError(
    this: { log: FastifyRequest['log'] },
    error: ClientError,
    socket: Socket,
  ) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, body] = rawAnswer(error);
    this.log.debug({ code: body.code, status, parserError: error.code }, 'client error');
    if (socket.writable) {
      const json = JSON.stringify(body);
      const headers = {
        ...security,
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(json)),
        connection: 'close',
      };
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${json}`);
    }
    socket.destroy(error);
  };
}
