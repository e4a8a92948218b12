/**
 * A Server-Sent Events client over fetch (decision 114): the stream is authenticated with the same
 * bearer token as every call, which EventSource cannot send. Generic on purpose: lib knows neither
 * the auth feature nor what the events mean; the caller passes the token, the 401 rule and the
 * message handler.
 */

/** One dispatched event: `event:` (default "message"), the joined `data:` lines, the last `id:`. */
export type StreamMessage = { event: string; data: string; id: string | undefined };

/**
 * The SSE wire format (WHATWG HTML §9.2.6): lines end in CRLF, LF or CR; a blank line dispatches;
 * a line starting with ":" is a comment (the heartbeat); "field: value" drops one leading space;
 * an event with no data is not dispatched. Chunks may split anywhere, even inside CRLF.
 */
export function createSseParser(
  onMessage: (message: StreamMessage) => void,
  onComment?: (text: string) => void,
) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let lastId: string | undefined;
  let pendingCr = false;

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) {
        onMessage({ event: event || 'message', data: data.join('\n'), id: lastId });
      }
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) {
      onComment?.(text.slice(1).trimStart());
      return;
    }
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) {
      id = value;
      lastId = id;
    }
    // "retry" and unknown fields are ignored: the client keeps its own backoff.
  };

  return {
    feed(chunk: string) {
      let text = chunk;
      // A CR that ended the previous chunk already ended its line; skip the LF of its CRLF.
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === '\n') i += 1;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** A new connection starts with no partial event (the last event id is the caller's). */
    reset() {
      buffer = '';
      event = '';
      data = [];
      pendingCr = false;
    },
  };
}

/** What the caller decides after a 401: try again now (a fresh token), later, or stop. */
export type UnauthorizedOutcome = 'retry' | 'backoff' | 'stop';

export type EventStreamOptions = {
  url: string;
  /** The current access token; null stops the stream (signed out). */
  getToken: () => string | null | undefined;
  onMessage: (message: StreamMessage) => void;
  /** Called when a connection opens (200), e.g. to refetch what may have been missed. */
  onOpen?: (reconnected: boolean) => void;
  /** The 401 rule: refresh the token if it can be, else end the session (SPEC §8). */
  onUnauthorized: (token: string) => Promise<UnauthorizedOutcome>;
  /** Backoff: base and cap in ms; the delay is min(cap, base * 2^n) with jitter in [½, 1]. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  fetch?: typeof fetch;
};

export const STREAM_BASE_DELAY_MS = 1_000;
export const STREAM_MAX_DELAY_MS = 30_000;

/** The delay before attempt n (0-based) after a failure: exponential, capped, jittered. */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  base = STREAM_BASE_DELAY_MS,
  cap = STREAM_MAX_DELAY_MS,
): number {
  const full = Math.min(cap, base * 2 ** Math.min(attempt, 30));
  return Math.round(full * (0.5 + random() / 2));
}

/** The larger of two event ids, as numbers when both are (the server's ids are seqs). */
function higherId(current: string | undefined, next: string | undefined): string | undefined {
  if (next === undefined || next === '') return current;
  if (current === undefined) return next;
  const a = Number(current);
  const b = Number(next);
  if (Number.isFinite(a) && Number.isFinite(b)) return b > a ? next : current;
  return next;
}

export type EventStream = {
  /** Drop the current connection and open a new one at once (e.g. the token changed). */
  restart: () => void;
  /** Close for good: no reconnect. */
  stop: () => void;
  /** The highest event id seen, sent as Last-Event-ID on every reconnect. */
  readonly lastEventId: string | undefined;
  readonly stopped: boolean;
  /** Closed by the server because newer streams of the user took its place: waits for restart(). */
  readonly idle: boolean;
};

/**
 * The server's last words before it closes a stream (`: end <reason>`). "replaced": the user
 * opened more streams than allowed and this, the oldest, was closed; reconnecting at once would
 * close another tab's stream in turn, so the stream waits until restarted (the tab is shown).
 */
export const END_COMMENT = /^end (\S+)/;
export const WAIT_REASONS = new Set(['replaced']);

/**
 * Opens the stream and keeps it open: a connection that ends or fails is reopened after a backoff
 * with jitter (reset once a connection opens), carrying Last-Event-ID; 204 stops for good (SSE's
 * "do not reconnect"); 401 asks the caller.
 */
export function openEventStream(options: EventStreamOptions): EventStream {
  const {
    url,
    getToken,
    onMessage,
    onOpen,
    onUnauthorized,
    baseDelayMs = STREAM_BASE_DELAY_MS,
    maxDelayMs = STREAM_MAX_DELAY_MS,
    random = Math.random,
  } = options;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  let stopped = false;
  let lastEventId: string | undefined;
  let attempt = 0;
  let opened = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  let idle = false;
  let endReason: string | undefined;

  const parser = createSseParser(
    (message) => {
      lastEventId = higherId(lastEventId, message.id);
      onMessage(message);
    },
    (comment) => {
      endReason = END_COMMENT.exec(comment)?.[1] ?? endReason;
    },
  );

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void connect(), delay);
  };

  const retryLater = () => {
    const delay = backoffDelay(attempt, random, baseDelayMs, maxDelayMs);
    attempt += 1;
    schedule(delay);
  };

  async function connect(): Promise<void> {
    clearTimeout(timer);
    if (stopped) return;
    idle = false;
    const token = getToken();
    if (!token) {
      stop();
      return;
    }
    generation += 1;
    const mine = generation;
    controller?.abort();
    const abort = new AbortController();
    controller = abort;
    const current = () => mine === generation && !stopped;

    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${token}`,
    };
    if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;

    let response: Response;
    try {
      response = await doFetch(url, {
        headers,
        credentials: 'include',
        cache: 'no-store',
        signal: abort.signal,
      });
    } catch {
      if (current()) retryLater();
      return;
    }
    if (!current()) return;

    if (response.status === 401) {
      void response.body?.cancel().catch(() => {});
      const outcome = await onUnauthorized(token);
      if (!current()) return;
      if (outcome === 'retry') schedule(0);
      else if (outcome === 'backoff') retryLater();
      else stop();
      return;
    }
    if (response.status === 204) {
      stop();
      return;
    }
    if (!response.ok || !response.body) {
      void response.body?.cancel().catch(() => {});
      retryLater();
      return;
    }

    attempt = 0;
    endReason = undefined;
    parser.reset();
    onOpen?.(opened);
    opened = true;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (!current()) return;
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      if (!current()) return;
    }
    if (endReason !== undefined && WAIT_REASONS.has(endReason)) {
      idle = true;
      return;
    }
    // The server ended the stream (token expired, restart, revoked session): open a new one with
    // whatever token the store holds by then; a dead session answers 401 and the caller decides.
    retryLater();
  }

  function stop() {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
    controller = null;
  }

  void connect();

  return {
    restart: () => {
      if (stopped) return;
      attempt = 0;
      void connect();
    },
    stop,
    get lastEventId() {
      return lastEventId;
    },
    get stopped() {
      return stopped;
    },
    get idle() {
      return idle;
    },
  };
}
