// A Server-Sent Events reader for the live stream's tests: real HTTP on the app's
// loopback port, as the web app reads it. Events are collected as they arrive; `next` waits
// for one that matches, `ended` resolves when the server ends the stream.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { API } from '../../helper.js';

export interface SseEvent {
  event: string;
  id?: string;
  data: string;
  /** When it was parsed (performance.now()). */
  at: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: string[];
  /** Waits for the first event (collected or to come) that matches; rejects after `ms`. */
  next(match: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream (with the last comment, e.g. "end revoked"). */
  ended: Promise<string | undefined>;
  isEnded(): boolean;
  close(): void;
  /** The body of a refusal (not 200). */
  text?: string;
}

/** The base URL of an app listening on an ephemeral loopback port. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

export async function openStream(
  base: string,
  token: string,
  options: { lastEventId?: number; query?: string } = {},
): Promise<SseStream> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  // A connection of its own (agent: false), closed with the stream: no kept-alive socket of
  // the client outlives a test and holds up the server's close.
  const request = http.get(`${base}${API}/events${options.query ?? ''}`, {
    headers,
    agent: false,
  });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  request.on('error', () => undefined);
  const status = res.statusCode ?? 0;
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (typeof value === 'string') responseHeaders.set(name, value);
  }
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const wake = () => {
    for (const w of [...waiters]) w();
  };

  if (status !== 200) {
    let text = '';
    res.setEncoding('utf8');
    for await (const chunk of res) text += chunk as string;
    return {
      status,
      headers: responseHeaders,
      events,
      comments,
      text,
      next: () => Promise.reject(new Error(`refused: ${status} ${text}`)),
      ended: Promise.resolve(undefined),
      isEnded: () => true,
      close: () => undefined,
    };
  }

  const ended = (async () => {
    res.setEncoding('utf8');
    let buffer = '';
    try {
      for await (const value of res) {
        buffer += value as string;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: 'message', data: '', at: performance.now() };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) {
              event.event = line.slice(7);
              isEvent = true;
            } else if (line.startsWith('data: ')) {
              event.data = line.slice(6);
              isEvent = true;
            }
          }
          if (isEvent) events.push(event);
        }
        wake();
      }
    } catch {
      // Destroyed by close().
    } finally {
      done = true;
      wake();
    }
    return comments.at(-1);
  })();

  return {
    status,
    headers: responseHeaders,
    events,
    comments,
    ended,
    isEnded: () => done,
    close: () => request.destroy(),
    next(match, ms = 3_000) {
      return new Promise<SseEvent>((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            cleanup();
            resolve(found);
          } else if (done) {
            cleanup();
            reject(new Error(`the stream ended; events: ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event in ${ms} ms; events: ${JSON.stringify(events)}`));
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** Resolves with true when `promise` settles within `ms`, else false. */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
