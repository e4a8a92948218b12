import type { FastifyBaseLogger } from 'fastify';
import {
  EVENTS_CHANNEL,
  EVENTS_HEARTBEAT_SECONDS,
  EVENTS_MAX_STREAMS_PER_USER,
  REFETCH_ALL_EVENT,
  type ChangedEvent,
  type Notification,
  type NotificationKind,
  type Role,
  type UnreadCount,
} from '@teamup/shared';
import type { Db, DbHandle } from '../../db/client.js';
import { notificationsBySeq } from '../notifications/service.js';
import { parsePayload, type ChangedPayload } from './payloads.js';
import { liveSessions, scopesOf, unreadCounts, type Scope } from './queries.js';

/**
 * The live stream's hub in this process (issue 14, decisions 111 and 113): LISTENs on
 * EVENTS_CHANNEL through the handle (one connection per handle on PostgreSQL; in process on
 * PGlite), knows the open streams of this app and hands each event to the streams it concerns.
 */
export interface EventHubOptions {
  /** Between heartbeats (a comment line on every stream, and the sessions' check). */
  heartbeatMs: number;
  /** Open streams per user in this process; one more closes the oldest. */
  maxStreamsPerUser: number;
  /** A stream whose client reads slower than this much is waiting for it is ended. */
  maxBufferedBytes: number;
}

const DEFAULTS: EventHubOptions = {
  heartbeatMs: EVENTS_HEARTBEAT_SECONDS * 1000,
  maxStreamsPerUser: EVENTS_MAX_STREAMS_PER_USER,
  maxBufferedBytes: 1024 * 1024,
};

/** Kinds that change what a user is enrolled in: their scope is read again. */
const ENROLLMENT_KINDS: ReadonlySet<NotificationKind> = new Set([
  'ENROLLMENT_ACTIVATED',
  'ENROLLMENT_ADDED',
]);

/** setTimeout's largest delay; a later expiry is checked by the heartbeat until it is near. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type EndReason =
  | 'revoked'
  | 'expired'
  | 'session-ended'
  | 'replaced'
  | 'slow-client'
  | 'shutdown'
  | 'once'
  | 'client-gone';

/** Where a stream's text goes (the response), and how it is finished. */
export interface StreamSink {
  write(chunk: string): void;
  end(): void;
  /** Bytes written but not yet taken by the client. */
  buffered(): number;
}

export interface StreamInit {
  userId: string;
  role: Role;
  sessionId: string;
  /** The earlier of the access token's and the session's expiry. */
  expiresAt: Date;
  scope: Scope;
  sink: StreamSink;
}

export interface Stream extends StreamInit {
  readonly id: number;
  ended: EndReason | null;
  /** Live notifications held back while the replay is written (null once it is). */
  held: Notification[] | null;
  /** What the client has up to (Last-Event-ID, then the replay): not sent again live. */
  skipUpTo: number;
  timer: NodeJS.Timeout | null;
}

export interface EventHub {
  start(): Promise<void>;
  /** Ends every stream and stops listening (the app's close). */
  stop(): Promise<void>;
  /** Ends every stream now (before the server waits for its connections to close). */
  endAll(reason: EndReason): void;
  /** Registers a stream; the oldest of the user's is ended beyond the limit. */
  open(init: StreamInit): Stream;
  /**
   * Writes the replay of the notifications after `afterSeq` (the client's Last-Event-ID, null:
   * none), then what arrived meanwhile; later, live ones up to the last replayed are dropped.
   */
  replayed(
    stream: Stream,
    afterSeq: number | null,
    replay: Notification[],
    refetchAll: boolean,
  ): void;
  end(stream: Stream, reason: EndReason): void;
  /** The client went away: forget the stream without writing to it. */
  closed(stream: Stream): void;
  readonly db: Db;
}

/** One Server-Sent Event. JSON never holds a raw line break, so `data:` is one line. */
export function sseEvent(event: string, data: unknown, id?: number): string {
  return `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
}

export function createEventHub(
  handle: DbHandle,
  log: FastifyBaseLogger,
  overrides: Partial<EventHubOptions> = {},
): EventHub {
  const options: EventHubOptions = { ...DEFAULTS, ...overrides };
  const db = handle.db;
  const streams = new Set<Stream>();
  const byUser = new Map<string, Stream[]>();
  const bySession = new Map<string, Set<Stream>>();
  let nextId = 1;
  let unlisten: (() => Promise<void>) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let stopped = false;

  // ---- writing

  const write = (stream: Stream, chunk: string) => {
    if (stream.ended) return;
    stream.sink.write(chunk);
    if (stream.sink.buffered() > options.maxBufferedBytes) end(stream, 'slow-client');
  };

  const sendNotification = (stream: Stream, notification: Notification) => {
    if (stream.held) stream.held.push(notification);
    else if (notification.seq > stream.skipUpTo) {
      write(stream, sseEvent('notification', notification, notification.seq));
    }
  };

  const sendChanged = (stream: Stream, event: ChangedEvent) => {
    write(stream, sseEvent('changed', event));
  };

  // ---- streams

  function forget(stream: Stream) {
    if (!streams.delete(stream)) return;
    if (stream.timer) clearTimeout(stream.timer);
    stream.timer = null;
    const own = byUser.get(stream.userId);
    if (own) {
      const rest = own.filter((s) => s !== stream);
      if (rest.length > 0) byUser.set(stream.userId, rest);
      else byUser.delete(stream.userId);
    }
    const sessionStreams = bySession.get(stream.sessionId);
    sessionStreams?.delete(stream);
    if (sessionStreams?.size === 0) bySession.delete(stream.sessionId);
  }

  function end(stream: Stream, reason: EndReason) {
    if (stream.ended) return;
    stream.ended = reason;
    forget(stream);
    try {
      stream.sink.write(`: end ${reason}\n\n`);
      stream.sink.end();
    } catch (error) {
      log.debug({ err: error }, 'event stream end');
    }
  }

  function armExpiry(stream: Stream) {
    const delay = stream.expiresAt.getTime() - Date.now();
    if (delay <= 0) {
      end(stream, 'expired');
      return;
    }
    if (delay > MAX_TIMER_MS) return; // the heartbeat's check sees it first
    stream.timer = setTimeout(() => end(stream, 'expired'), delay);
    stream.timer.unref();
  }

  function open(init: StreamInit): Stream {
    const stream: Stream = {
      ...init,
      id: nextId++,
      ended: null,
      held: [],
      skipUpTo: 0,
      timer: null,
    };
    streams.add(stream);
    const own = [...(byUser.get(init.userId) ?? []), stream];
    byUser.set(init.userId, own);
    let sessionStreams = bySession.get(init.sessionId);
    if (!sessionStreams) bySession.set(init.sessionId, (sessionStreams = new Set()));
    sessionStreams.add(stream);
    // Oldest first: the ones beyond the limit are the oldest.
    for (const old of own.slice(0, Math.max(0, own.length - options.maxStreamsPerUser))) {
      end(old, 'replaced');
    }
    armExpiry(stream);
    return stream;
  }

  function replayed(
    stream: Stream,
    afterSeq: number | null,
    replay: Notification[],
    refetchAll: boolean,
  ) {
    const held = stream.held ?? [];
    stream.held = null;
    stream.skipUpTo = Math.max(afterSeq ?? 0, ...replay.map((n) => n.seq));
    for (const notification of replay) {
      write(stream, sseEvent('notification', notification, notification.seq));
    }
    // NOTIFY reaches the hub after its commit: what it holds may be in the replay already.
    for (const notification of held) sendNotification(stream, notification);
    if (refetchAll) sendChanged(stream, REFETCH_ALL_EVENT);
  }

  function endAll(reason: EndReason) {
    for (const stream of [...streams]) end(stream, reason);
  }

  // ---- scopes: read again for the users a payload names, batched per tick

  let scopeQueue: Map<string, (() => void)[]> | null = null;

  /** Reads the scopes of these users again (one statement per tick), then calls `then`. */
  function reloadScopes(userIds: Iterable<string>, then?: () => void) {
    const local = [...userIds].filter((id) => byUser.has(id));
    if (local.length === 0) {
      then?.();
      return;
    }
    if (!scopeQueue) {
      scopeQueue = new Map();
      setImmediate(flushScopes);
    }
    for (const id of local) {
      const waiting = scopeQueue.get(id) ?? [];
      scopeQueue.set(id, waiting);
    }
    if (then) scopeQueue.get(local[0]!)!.push(then);
  }

  function flushScopes() {
    const queue = scopeQueue;
    scopeQueue = null;
    if (!queue || stopped) return;
    const then = [...queue.values()].flat();
    scopesOf(db, [...queue.keys()])
      .then((scopes) => {
        for (const [userId, scope] of scopes) {
          for (const stream of byUser.get(userId) ?? []) stream.scope = scope;
        }
      })
      .catch((error: unknown) => log.error({ err: error }, 'event streams: scopes'))
      .finally(() => {
        for (const fn of then) fn();
      });
  }

  // ---- notifications: the rows of a tick's payloads read in one statement

  let seqQueue: number[] | null = null;

  function queueNotifications(pairs: [string, number][]) {
    const seqs = pairs.filter(([userId]) => byUser.has(userId)).map(([, seq]) => seq);
    if (seqs.length === 0) return;
    if (!seqQueue) {
      seqQueue = [];
      setImmediate(flushNotifications);
    }
    seqQueue.push(...seqs);
  }

  function flushNotifications() {
    const seqs = seqQueue ?? [];
    seqQueue = null;
    if (seqs.length === 0 || stopped) return;
    notificationsBySeq(db, seqs)
      .then((rows) => {
        const rescope = new Set<string>();
        for (const { userId, notification } of rows) {
          for (const stream of byUser.get(userId) ?? []) sendNotification(stream, notification);
          if (ENROLLMENT_KINDS.has(notification.kind)) rescope.add(userId);
        }
        if (rescope.size > 0) reloadScopes(rescope);
      })
      .catch((error: unknown) => log.error({ err: error }, 'event streams: notifications'));
  }

  // ---- unread: counts after reads elsewhere (another tab), read in one statement per tick

  let unreadQueue: Set<string> | null = null;

  function queueUnread(userIds: string[]) {
    const present = userIds.filter((userId) => byUser.has(userId));
    if (present.length === 0) return;
    if (!unreadQueue) {
      unreadQueue = new Set();
      setImmediate(flushUnread);
    }
    for (const userId of present) unreadQueue.add(userId);
  }

  function flushUnread() {
    const userIds = [...(unreadQueue ?? [])];
    unreadQueue = null;
    if (userIds.length === 0 || stopped) return;
    unreadCounts(db, userIds)
      .then((counts) => {
        for (const [userId, unread] of counts) {
          for (const stream of byUser.get(userId) ?? []) {
            write(stream, sseEvent('unread', { unread } satisfies UnreadCount));
          }
        }
      })
      .catch((error: unknown) => log.error({ err: error }, 'event streams: unread counts'));
  }

  // ---- changed: to whoever can see the course

  function concerns(stream: Stream, p: ChangedPayload): boolean {
    return (
      stream.role === 'SUPERADMIN' ||
      stream.scope.organizations.has(p.o) ||
      stream.scope.courses.has(p.c) ||
      (p.u?.includes(stream.userId) ?? false)
    );
  }

  function changed(p: ChangedPayload) {
    const teamIds = p.tm ?? [];
    const sent = new Set<Stream>();
    const send = (stream: Stream) => {
      sent.add(stream);
      const named = p.u ? p.u.includes(stream.userId) : stream.scope.courses.has(p.c);
      sendChanged(stream, { teamIds, courseIds: [p.c], enrollments: named });
    };
    for (const stream of streams) if (concerns(stream, p)) send(stream);
    if (p.u) {
      // Their enrollments changed: what reaches them from now on follows.
      reloadScopes(p.u);
    } else {
      // Too many to name: a student of this process who was just enrolled in the course is
      // not in it in their scope yet. Read the students' scopes again, then tell the new ones.
      const students = new Set<string>();
      for (const stream of streams) {
        if (stream.role === 'STUDENT' && !stream.scope.courses.has(p.c)) {
          students.add(stream.userId);
        }
      }
      reloadScopes(students, () => {
        for (const userId of students) {
          for (const stream of byUser.get(userId) ?? []) {
            if (!sent.has(stream) && stream.scope.courses.has(p.c)) send(stream);
          }
        }
      });
    }
  }

  // ---- the channel

  function onPayload(text: string) {
    if (stopped || streams.size === 0) return;
    const payload = parsePayload(text);
    if (!payload) {
      log.warn({ payload: text.slice(0, 200) }, 'event streams: unknown payload');
      return;
    }
    switch (payload.t) {
      case 'n':
        queueNotifications(payload.n);
        break;
      case 'c':
        changed(payload);
        break;
      case 's':
        for (const stream of [...(bySession.get(payload.s) ?? [])]) end(stream, 'revoked');
        break;
      case 'r':
        queueUnread(payload.u);
        break;
    }
  }

  /** Back after a lost connection: anything may have been missed. */
  function onReconnect() {
    log.warn({ streams: streams.size }, 'event streams: listening again; streams refetch');
    for (const stream of streams) sendChanged(stream, REFETCH_ALL_EVENT);
    reloadScopes(byUser.keys());
  }

  // ---- heartbeat: a comment on every stream, and every stream's session in one statement

  function beat() {
    if (streams.size === 0) return;
    for (const stream of [...streams]) write(stream, ': heartbeat\n\n');
    const sessionIds = [...bySession.keys()];
    liveSessions(db, sessionIds)
      .then((live) => {
        const now = Date.now();
        for (const sessionId of sessionIds) {
          const found = live.get(sessionId);
          for (const stream of [...(bySession.get(sessionId) ?? [])]) {
            if (!found || !found.live) end(stream, 'session-ended');
            else if (stream.expiresAt.getTime() <= now) end(stream, 'expired');
            else {
              if (!stream.timer) armExpiry(stream);
              stream.role = found.role;
            }
          }
        }
      })
      .catch((error: unknown) => log.error({ err: error }, 'event streams: sessions check'));
  }

  return {
    db,
    async start() {
      stopped = false;
      if (handle.listen) {
        unlisten = await handle.listen(EVENTS_CHANNEL, {
          onPayload,
          onReconnect,
          onError: (error) => log.warn({ err: error }, 'event streams: listening connection'),
        });
      }
      heartbeat = setInterval(beat, options.heartbeatMs);
      heartbeat.unref();
    },
    async stop() {
      stopped = true;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      endAll('shutdown');
      const stopListening = unlisten;
      unlisten = null;
      await stopListening?.().catch((error: unknown) =>
        log.warn({ err: error }, 'event streams: unlisten'),
      );
    },
    endAll,
    open,
    replayed,
    end,
    closed(stream) {
      stream.ended ??= 'client-gone';
      forget(stream);
    },
  };
}
