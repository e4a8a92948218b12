import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * An answer sent before the request's body has arrived (a 413 over the body limit, a 401 before
 * the body is read) must reach a client that is still sending it (issue 24, decision 123).
 * Fastify answers a body error with `Connection: close`; Node closes the socket once the answer
 * is written, the rest of the body meets a closed socket, and the client's next write fails
 * (EPIPE, ECONNRESET), losing the answer waiting in its socket. So the rest of the body is read
 * and dropped first, as far as DRAIN_MAX_BYTES and DRAIN_MAX_MS allow; past them the answer
 * goes anyway (a client sending that much after a refusal is not owed it).
 */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
export const DRAIN_MAX_MS = 10_000;

/** Reads the rest of the body and drops it; true when it all came within the limits. */
export function drainBody(
  raw: IncomingMessage,
  maxBytes = DRAIN_MAX_BYTES,
  maxMs = DRAIN_MAX_MS,
): Promise<boolean> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (whole: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onFail);
      raw.off('close', onClose);
      resolve(whole);
    };
    const onData = (chunk: Buffer | string) => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onFail = () => finish(false);
    const onClose = () => finish(raw.complete);
    const timer = setTimeout(() => finish(false), maxMs);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onFail);
    raw.once('close', onClose);
    raw.resume();
  });
}

export const bodyDrainPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.raw.complete) return payload;
      const whole = await drainBody(request.raw);
      // Left unread: the connection cannot carry another request.
      if (!whole) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'body-drain' },
);
