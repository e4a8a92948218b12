import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  createSseParser,
  openEventStream,
  type EventStreamOptions,
  type StreamMessage,
} from './event-stream';

describe('createSseParser', () => {
  const parse = (...chunks: string[]) => {
    const messages: StreamMessage[] = [];
    const comments: string[] = [];
    const parser = createSseParser(
      (m) => messages.push(m),
      (c) => comments.push(c),
    );
    for (const chunk of chunks) parser.feed(chunk);
    return { messages, comments };
  };

  it('dispatches an event at the blank line with its name, data and id', () => {
    const { messages } = parse('event: notification\nid: 7\ndata: {"a":1}\n\n');
    expect(messages).toEqual([{ event: 'notification', data: '{"a":1}', id: '7' }]);
  });

  it('joins data lines, defaults the name to "message" and keeps the last id for later events', () => {
    const { messages } = parse('id: 3\ndata: one\ndata:two\n\ndata: three\n\n');
    expect(messages).toEqual([
      { event: 'message', data: 'one\ntwo', id: '3' },
      { event: 'message', data: 'three', id: '3' },
    ]);
  });

  it('reads events split anywhere across chunks, CRLF split between chunks included', () => {
    const { messages } = parse('eve', 'nt: changed\r', '\ndata: {"x"', ':2}\r\n', '\r\n');
    expect(messages).toEqual([{ event: 'changed', data: '{"x":2}', id: undefined }]);
  });

  it('reads lines ended by a lone CR', () => {
    const { messages } = parse('event: unread\rdata: 3\r\r');
    expect(messages).toEqual([{ event: 'unread', data: '3', id: undefined }]);
  });

  it('passes comments (the heartbeat, the end reason) aside and skips events without data', () => {
    const { messages, comments } = parse(': heartbeat\n\nevent: nothing\n\n: end replaced\n\n');
    expect(messages).toEqual([]);
    expect(comments).toEqual(['heartbeat', 'end replaced']);
  });
});

describe('backoffDelay', () => {
  it('doubles from the base up to the cap, jittered between half and all of it', () => {
    expect(backoffDelay(0, () => 1)).toBe(1_000);
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(3, () => 1)).toBe(8_000);
    expect(backoffDelay(10, () => 1)).toBe(30_000);
    expect(backoffDelay(10, () => 0)).toBe(15_000);
  });
});

/** A response whose body the test writes to and ends. */
function streamResponse(status = 200) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

type Call = { url: string; headers: Record<string, string>; signal: AbortSignal };

function fakeFetch() {
  const calls: Call[] = [];
  const pending: ((r: Response) => void)[] = [];
  const fetch = vi.fn((url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(url),
      headers: init?.headers as Record<string, string>,
      signal: init?.signal as AbortSignal,
    });
    return new Promise<Response>((resolve, reject) => {
      pending.push(resolve);
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('aborted', 'AbortError')),
      );
    });
  });
  /** Answers the oldest unanswered call. */
  const answer = (response: Response) => {
    const resolve = pending.shift();
    if (!resolve) throw new Error('no pending call');
    resolve(response);
  };
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, answer };
}

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

describe('openEventStream', () => {
  let token: string | null;
  beforeEach(() => {
    vi.useFakeTimers();
    token = 'token-1';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function open(overrides: Partial<EventStreamOptions> = {}) {
    const net = fakeFetch();
    const messages: StreamMessage[] = [];
    const onUnauthorized = vi.fn<EventStreamOptions['onUnauthorized']>(async () => 'stop');
    const onOpen = vi.fn();
    const stream = openEventStream({
      url: '/api/v1/events',
      getToken: () => token,
      onMessage: (m) => messages.push(m),
      onOpen,
      onUnauthorized,
      random: () => 1,
      fetch: net.fetch,
      ...overrides,
    });
    return { stream, net, messages, onUnauthorized, onOpen };
  }

  it('sends the bearer token and hands the parsed events over', async () => {
    const { net, messages, stream } = open();
    expect(net.calls[0]?.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      Accept: 'text/event-stream',
    });
    expect(net.calls[0]?.headers['Last-Event-ID']).toBeUndefined();
    const body = streamResponse();
    net.answer(body.response);
    body.send('event: notification\nid: 4\ndata: {}\n\n');
    await flush();
    expect(messages).toEqual([{ event: 'notification', data: '{}', id: '4' }]);
    expect(stream.lastEventId).toBe('4');
    stream.stop();
  });

  it('reconnects after the server ends the stream, with Last-Event-ID the highest seq seen', async () => {
    const { net, stream, onOpen } = open();
    const first = streamResponse();
    net.answer(first.response);
    first.send(
      'event: notification\nid: 12\ndata: {}\n\nevent: notification\nid: 11\ndata: {}\n\n',
    );
    first.end();
    await flush();
    expect(net.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(net.calls).toHaveLength(2);
    expect(net.calls[1]?.headers['Last-Event-ID']).toBe('12');
    net.answer(streamResponse().response);
    await flush();
    expect(onOpen.mock.calls).toEqual([[false], [true]]);
    stream.stop();
  });

  it('backs off with growing delays while the server cannot be reached, then resets', async () => {
    const net = fakeFetch();
    let failures = 0;
    const failing = vi.fn((url: RequestInfo | URL, init?: RequestInit) => {
      if (failures < 3) {
        failures += 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return net.fetch(url, init);
    });
    const { stream } = open({ fetch: failing as unknown as typeof fetch });
    await flush();
    expect(failing).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(failing).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(failing).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(failing).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(failing).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(failing).toHaveBeenCalledTimes(4);
    // Connected: a later end waits the base delay again.
    const body = streamResponse();
    net.answer(body.response);
    await flush();
    body.end();
    await flush();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(failing).toHaveBeenCalledTimes(5);
    stream.stop();
  });

  it('restarts at once with the fresh token when asked (the token changed)', async () => {
    const { net, stream } = open();
    net.answer(streamResponse().response);
    await flush();
    token = 'token-2';
    stream.restart();
    await flush();
    expect(net.calls).toHaveLength(2);
    expect(net.calls[0]?.signal.aborted).toBe(true);
    expect(net.calls[1]?.headers.Authorization).toBe('Bearer token-2');
    stream.stop();
  });

  it('on 401 asks the caller: retry reconnects at once, stop ends for good', async () => {
    const { net, stream, onUnauthorized } = open();
    onUnauthorized.mockImplementationOnce(async () => {
      token = 'token-2';
      return 'retry';
    });
    net.answer(new Response(null, { status: 401 }));
    await flush();
    expect(onUnauthorized).toHaveBeenCalledWith('token-1');
    expect(net.calls).toHaveLength(2);
    expect(net.calls[1]?.headers.Authorization).toBe('Bearer token-2');
    net.answer(new Response(null, { status: 401 }));
    await flush();
    expect(stream.stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.calls).toHaveLength(2);
  });

  it('stops when signed out (no token) and on stop(), closing the open connection', async () => {
    const { net, stream } = open();
    net.answer(streamResponse().response);
    await flush();
    stream.stop();
    expect(net.calls[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.calls).toHaveLength(1);

    token = null;
    const second = open();
    await flush();
    expect(second.net.calls).toHaveLength(0);
    expect(second.stream.stopped).toBe(true);
  });

  it('treats 204 as "do not reconnect"', async () => {
    const { net, stream } = open();
    net.answer(new Response(null, { status: 204 }));
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(stream.stopped).toBe(true);
    expect(net.calls).toHaveLength(1);
  });

  it('waits, without reconnecting, when the server replaced it with newer streams', async () => {
    const { net, stream } = open();
    const body = streamResponse();
    net.answer(body.response);
    await flush();
    body.send(': end replaced\n\n');
    body.end();
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.calls).toHaveLength(1);
    expect(stream.idle).toBe(true);
    stream.restart();
    await flush();
    expect(net.calls).toHaveLength(2);
    expect(stream.idle).toBe(false);
    stream.stop();
  });
});
