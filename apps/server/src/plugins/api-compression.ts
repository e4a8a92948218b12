import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addVary } from '../lib/vary.js';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Below this many bytes a compressed answer saves less than its headers (decision 090). */
export const API_COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli quality 4: about as fast as gzip's default level and smaller. The files of the web app
 * are compressed once at build time at quality 11; an answer is compressed per request.
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/** The encoding to send for an Accept-Encoding header: br, else gzip, else none. */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses JSON answers of the API of 1 KB or more, brotli or gzip as the client accepts
 * (decision 127; decision 090 left them plain). Streams (the live stream, CSV exports) and
 * answers that already carry an encoding are left alone; every JSON answer says
 * `Vary: Accept-Encoding`.
 */
export const apiCompressionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook(
      'onSend',
      async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
        if (!/^application\/json\b/.test(String(reply.getHeader('content-type') ?? ''))) {
          return payload;
        }
        addVary(reply, 'Accept-Encoding');
        if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
        const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
        if (body.length < API_COMPRESS_FROM_BYTES) return payload;
        const encoding = pickEncoding(request.headers['accept-encoding']);
        if (!encoding) return payload;
        const compressed =
          encoding === 'br'
            ? await brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              })
            : await gz(body, { level: GZIP_LEVEL });
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        return compressed;
      },
    );
  },
  { name: 'api-compression' },
);
