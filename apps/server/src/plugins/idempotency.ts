import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import {
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@teamup/shared';
import { queryRows } from '../db/query-rows.js';
import { AppError, badRequest } from './errors.js';

/**
 * `Idempotency-Key` (DESIGN §5, issue 35, decision 149). A signed-in call that changes
 * something (POST, PUT, PATCH, DELETE) and carries the header is done once per person and key:
 *
 * - The first call claims the key (a row with no answer yet) before its handler runs, and its
 *   answer is kept when it is below 500: a success, and a refusal too (the same request would
 *   be refused the same way).
 * - A repeat with the same method, path and body gets that answer, with `Idempotent-Replayed:
 *   true`, and its handler does not run. A repeat that arrives while the first is still at work
 *   (a double click) waits for the first answer, up to WAIT_MS, then gets 409
 *   IDEMPOTENCY_IN_PROGRESS.
 * - The same key with another method, path or body is refused: 422 IDEMPOTENCY_KEY_REUSED.
 * - An answer of 500 or more, or one that is a stream, is not kept: the claim is dropped, so a
 *   retry runs again.
 * - Keys are kept IDEMPOTENCY_KEY_TTL_HOURS (the retention job deletes older rows); an older key
 *   starts afresh. A claim left without an answer for ABANDONED_MS (the process stopped under
 *   it) may be taken again.
 *
 * Public calls (sign-in, refresh, LTI) ignore the header: they have no person to scope a key to,
 * and their answers carry credentials that must never be handed out twice.
 */

/** How long a repeat waits for the first call's answer. */
export const IDEMPOTENCY_WAIT_MS = 20_000;
const POLL_MS = 50;
/** A claim with no answer this old was left by a process that stopped. */
export const IDEMPOTENCY_ABANDONED_MS = 5 * 60_000;
/** Larger answers are not kept (none of the app's writes answers with so much). */
export const IDEMPOTENCY_MAX_BODY_BYTES = 1024 * 1024;

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Claim {
  userId: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed, whose answer the onSend hook keeps. */
    idempotencyClaim: Claim | null;
  }
}

interface KeyRow {
  method: string;
  path: string;
  fingerprint: string;
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
  age_ms: number | string;
}

function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256');
  hash.update(`${request.method} ${request.url}\n`);
  if (/^multipart\//i.test(request.headers['content-type'] ?? '')) {
    // The form is read by the handler, after this: its size stands for it (a browser's two
    // sends of one form differ only in the boundary, which has the same length).
    hash.update(`multipart ${request.headers['content-length'] ?? ''}`);
  } else {
    hash.update(JSON.stringify(request.body ?? null));
  }
  return hash.digest('hex');
}

const reused = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request; send a new key for a new action.',
  );
const inProgress = () =>
  new AppError(
    409,
    'IDEMPOTENCY_IN_PROGRESS',
    'The same action is still being done; wait a moment and look again before repeating it.',
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('idempotencyClaim', null);

    async function claim(userId: string, key: string, request: FastifyRequest, print: string) {
      const rows = await queryRows<{ claimed: number }>(
        app.db,
        sql`INSERT INTO idempotency_keys (user_id, key, method, path, fingerprint)
            VALUES (${userId}, ${key}, ${request.method}, ${request.url}, ${print})
            ON CONFLICT (user_id, key) DO UPDATE
              SET method = EXCLUDED.method, path = EXCLUDED.path,
                  fingerprint = EXCLUDED.fingerprint, status_code = NULL, content_type = NULL,
                  response_body = NULL, created_at = now(), completed_at = NULL
              WHERE idempotency_keys.created_at
                      < now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS}::int)
                 OR (idempotency_keys.status_code IS NULL AND idempotency_keys.created_at
                      < now() - make_interval(secs => ${IDEMPOTENCY_ABANDONED_MS / 1000}::int))
            RETURNING 1 AS claimed`,
      );
      return rows.length > 0;
    }

    async function read(userId: string, key: string): Promise<KeyRow | undefined> {
      const [row] = await queryRows<KeyRow>(
        app.db,
        sql`SELECT method, path, fingerprint, status_code, content_type, response_body,
                   extract(epoch FROM now() - created_at) * 1000 AS age_ms
            FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`,
      );
      return row;
    }

    function replay(reply: FastifyReply, row: KeyRow) {
      reply.code(row.status_code ?? 200);
      reply.header('content-type', row.content_type ?? 'application/json; charset=utf-8');
      reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      reply.header('cache-control', 'no-store');
      return reply.send(row.response_body ?? '');
    }

    app.addHook('preHandler', async (request, reply) => {
      if (!CHANGING.has(request.method)) return;
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      const auth = request.auth;
      if (!auth) return; // a public call: see above
      const key = Array.isArray(header) ? header.join(',') : header;
      if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
        throw badRequest('The Idempotency-Key header must be 1 to 255 visible ASCII characters', [
          {
            path: 'headers.idempotency-key',
            message: 'Expected 1 to 255 visible ASCII characters',
          },
        ]);
      }
      const print = fingerprintOf(request);
      const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
      for (;;) {
        if (await claim(auth.userId, key, request, print)) {
          request.idempotencyClaim = { userId: auth.userId, key };
          return;
        }
        const row = await read(auth.userId, key);
        if (!row) continue; // the first call failed and let its claim go: try to claim it
        if (
          row.method !== request.method ||
          row.path !== request.url ||
          row.fingerprint !== print
        ) {
          throw reused();
        }
        if (row.status_code !== null) return replay(reply, row);
        if (Date.now() >= deadline) throw inProgress();
        await sleep(POLL_MS);
      }
    });

    async function release(claimed: Claim) {
      await app.db.execute(
        sql`DELETE FROM idempotency_keys
            WHERE user_id = ${claimed.userId} AND key = ${claimed.key} AND status_code IS NULL`,
      );
    }

    app.addHook('onSend', async (request, reply, payload) => {
      const claimed = request.idempotencyClaim;
      if (!claimed) return payload;
      request.idempotencyClaim = null;
      const text =
        typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : payload === null || payload === undefined
              ? ''
              : null;
      const keep =
        reply.statusCode < 500 &&
        text !== null &&
        Buffer.byteLength(text) <= IDEMPOTENCY_MAX_BODY_BYTES;
      try {
        if (!keep) {
          await release(claimed);
          return payload;
        }
        const contentType = reply.getHeader('content-type');
        await app.db.execute(
          sql`UPDATE idempotency_keys
              SET status_code = ${reply.statusCode}, response_body = ${text},
                  content_type = ${typeof contentType === 'string' ? contentType : null},
                  completed_at = now()
              WHERE user_id = ${claimed.userId} AND key = ${claimed.key}`,
        );
      } catch (error) {
        // The answer itself stands; a repeat then waits, and after ABANDONED_MS runs again.
        request.log.error({ err: error }, 'could not keep the answer of an idempotent call');
      }
      return payload;
    });

    // An answer that never reached onSend (the connection closed first) lets its claim go.
    app.addHook('onResponse', async (request) => {
      const claimed = request.idempotencyClaim;
      if (!claimed) return;
      request.idempotencyClaim = null;
      await release(claimed).catch((error: unknown) =>
        request.log.error({ err: error }, 'could not release an idempotency claim'),
      );
    });
  },
  { name: 'idempotency', dependencies: ['db', 'auth'] },
);
