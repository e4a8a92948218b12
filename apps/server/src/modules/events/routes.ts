import { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EVENTS_HEARTBEAT_SECONDS,
  EVENTS_MAX_STREAMS_PER_USER,
  EVENTS_REPLAY_LIMIT,
  eventsQuerySchema,
} from '@teamup/shared';
import { defineRoute } from '../../lib/route.js';
import { requireAuth, runDeferredCheck } from '../../plugins/auth.js';
import { unauthenticated } from '../../plugins/errors.js';
import { notificationsAfter } from '../notifications/service.js';
import type { EventHub } from './hub.js';
import { openingOf } from './queries.js';

/** How long a client waits before it reconnects after the stream ended (SSE `retry:`). */
export const EVENTS_RETRY_MS = 3_000;

const headersSchema = z.object({
  /** The seq of the last notification received (sent by EventSource on reconnect). */
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'A notification seq (digits)')
    .optional(),
});

/** GET /events: the signed-in user's live stream (Server-Sent Events, decisions 111 and 113). */
export async function eventRoutes(app: FastifyInstance, options: { hub: EventHub }) {
  const { hub } = options;
  // The server waits for open connections before the onClose hooks run: end the streams first.
  app.addHook('preClose', async () => hub.endAll('shutdown'));

  defineRoute(app, {
    method: 'GET',
    url: '/events',
    config: { access: 'authenticated' },
    schema: {
      tags: ['events'],
      summary: 'My live stream: notifications and what changed, as Server-Sent Events',
      description: [
        '`text/event-stream`. `event: notification` (data: a Notification, `id:` its seq), `event: changed` (data: `{ teamIds, courseIds, enrollments }`: refetch what they name; none named: refetch everything). A comment line opens the stream, then one every ' +
          `${EVENTS_HEARTBEAT_SECONDS} s.`,
        `\`Last-Event-ID\` (header) or \`lastEventId\` (query): the notifications after that seq are sent first (at most ${EVENTS_REPLAY_LIMIT}; more missed: a "changed" event naming nothing).`,
        `The stream ends when the session is revoked or expires, when the access token expires (reconnect with a fresh one), and when the user opens more than ${EVENTS_MAX_STREAMS_PER_USER} on this server (the oldest ends). A request without a network connection of its own (a test's inject) gets the opening and the replay, then the stream ends.`,
      ].join('\n\n'),
      querystring: eventsQuerySchema,
      headers: headersSchema,
      produces: ['text/event-stream'],
      response: { 200: z.string() },
    },
    handler: async (request, reply) => {
      // The opening checks hold a pooled connection, not a read lane: then none until it ends.
      const check = request.deferredCheck;
      const auth = check ? await runDeferredCheck(request, check, app.db) : requireAuth(request);
      const opening = await openingOf(app.db, auth.userId, auth.sessionId);
      if (!opening) throw unauthenticated('Session not found');
      reply
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')

        .header('vary', 'Authorization')
        .type('text/event-stream; charset=utf-8');
      if (request.method === 'HEAD') return reply.send('');

      const ids = [request.query.lastEventId, request.headers['last-event-id']].filter(
        (v): v is string => v !== undefined,
      );
      const lastSeq = ids.length > 0 ? Math.max(...ids.map(Number)) : null;

      const body = new PassThrough();
      const raw = reply.raw;
      const stream = hub.open({
        userId: auth.userId,
        role: auth.role,
        sessionId: auth.sessionId,
        expiresAt: new Date(
          Math.min(auth.tokenExpiresAt.getTime(), opening.sessionExpiresAt.getTime()),
        ),
        scope: opening.scope,
        sink: {
          write: (chunk) => body.write(chunk),
          end: () => body.end(),
          buffered: () => body.writableLength + body.readableLength + raw.writableLength,
        },
      });
      raw.on('close', () => hub.closed(stream));
      body.write(`retry: ${EVENTS_RETRY_MS}\n: connected\n\n`);
      // A stream is piped as it is; the schema's string only documents the text for the docs.
      reply.send(body as unknown as string);

      try {
        if (lastSeq === null) hub.replayed(stream, null, [], false);
        else {
          const replay = await notificationsAfter(
            app.db,
            auth.userId,
            lastSeq,
            EVENTS_REPLAY_LIMIT,
          );
          hub.replayed(stream, lastSeq, replay, replay.length >= EVENTS_REPLAY_LIMIT);
        }
      } catch (error) {
        request.log.error({ err: error }, 'event stream replay');
        hub.replayed(stream, lastSeq, [], true);
      }
      // No socket to hold (app.inject): what there is now, then the end.
      if (!(request.raw.socket instanceof Socket)) hub.end(stream, 'once');
      return reply;
    },
  });
}
