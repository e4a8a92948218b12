// What the detailed health and /metrics know without asking the database (decision 110):
// a bounded ring of database round trips (a periodic probe and each detailed call), responses
// and 5xx of the last minute counted per second, and the event loop's delay. One monitor per
// app, started when it is ready and stopped when it closes.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';

/** A timed value. */
export interface Sample {
  at: number;
  value: number;
}

/** The last `capacity` samples, oldest overwritten first: memory stays fixed whatever the traffic. */
export class SampleRing {
  private readonly slots: (Sample | undefined)[];
  private next = 0;

  constructor(readonly capacity: number) {
    this.slots = Array.from({ length: capacity }, () => undefined);
  }

  push(at: number, value: number): void {
    this.slots[this.next] = { at, value };
    this.next = (this.next + 1) % this.capacity;
  }

  /** How many samples are held (at most `capacity`). */
  get size(): number {
    return this.slots.reduce((n, s) => (s ? n + 1 : n), 0);
  }

  /** The values taken at `since` or later. */
  valuesSince(since: number): number[] {
    const values: number[] = [];
    for (const sample of this.slots) if (sample && sample.at >= since) values.push(sample.value);
    return values;
  }
}

/** The nearest-rank percentile `p` (0–100) of `values`; null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(Math.ceil((p / 100) * sorted.length), 1);
  return sorted[rank - 1]!;
}

/**
 * Counts events per second over the last `seconds` seconds in a fixed ring of counters, so
 * the count "of the last minute" is exact to the second and memory never grows.
 */
export class SecondCounter {
  private readonly counts: number[];
  private readonly stamps: number[];

  constructor(readonly seconds = 60) {
    this.counts = Array.from({ length: seconds }, () => 0);
    this.stamps = Array.from({ length: seconds }, () => -1);
  }

  add(nowMs: number, by = 1): void {
    const second = Math.floor(nowMs / 1000);
    const slot = second % this.seconds;
    if (this.stamps[slot] !== second) {
      this.stamps[slot] = second;
      this.counts[slot] = 0;
    }
    this.counts[slot]! += by;
  }

  /** Events of the last `seconds` seconds, the current one included. */
  total(nowMs: number): number {
    const second = Math.floor(nowMs / 1000);
    let sum = 0;
    for (let i = 0; i < this.seconds; i++) {
      if (this.stamps[i]! > second - this.seconds) sum += this.counts[i]!;
    }
    return sum;
  }
}

export interface HealthMonitorOptions {
  /** How often the database is probed in the background. */
  probeIntervalMs: number;
  /** Round trips kept for the p99 (the probe's and the calls'). */
  latencySamples: number;
  /** The p99 reads the samples of this many last seconds. */
  latencyWindowSeconds: number;
  /** Wall clock, replaceable in tests. */
  now: () => number;
}

export const HEALTH_MONITOR_DEFAULTS: HealthMonitorOptions = {
  probeIntervalMs: 10_000,
  // 5 minutes of probes at one per 10 s is 30; the rest is room for detailed calls.
  latencySamples: 256,
  latencyWindowSeconds: 300,
  now: Date.now,
};

/** The event loop's delay is kept per minute: the p99 shown is this minute's or the last one's. */
const EVENT_LOOP_WINDOW_MS = 60_000;

/** One answered request, as the app's onResponse hook saw it. */
export interface ResponseRecord {
  method: string;
  /** The route's pattern (e.g. /api/v1/teams/:id), or "unmatched". */
  route: string;
  statusCode: number;
  seconds: number;
}

export interface HealthMonitor {
  readonly options: HealthMonitorOptions;
  readonly handle: DbHandle;
  start(): void;
  stop(): void;
  /** One `select 1` round trip in ms, recorded; null when the database did not answer. */
  probe(): Promise<number | null>;
  /** Counts one response (the app's onResponse hook) and tells the listeners. */
  recordResponse(response: ResponseRecord): void;
  /** Also tells `listener` of every response (/metrics' histogram). */
  onResponse(listener: (response: ResponseRecord) => void): void;
  latencyP99(): { valueMs: number | null; samples: number };
  requestsPerMinute(): number;
  serverErrorsPerMinute(): number;
  eventLoopDelayP99Ms(): number | null;
  /** The latency ring, for tests. */
  readonly latencies: SampleRing;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function createHealthMonitor(
  handle: DbHandle,
  overrides: Partial<HealthMonitorOptions> = {},
): HealthMonitor {
  const options: HealthMonitorOptions = { ...HEALTH_MONITOR_DEFAULTS, ...overrides };
  const latencies = new SampleRing(options.latencySamples);
  const responses = new SecondCounter(60);
  const serverErrors = new SecondCounter(60);
  let timer: NodeJS.Timeout | undefined;
  let loop: IntervalHistogram | undefined;
  let loopWindowStart = 0;
  let previousLoopP99: number | null = null;
  let probing: Promise<number | null> | null = null;
  const listeners: ((response: ResponseRecord) => void)[] = [];

  async function probe(): Promise<number | null> {
    const started = performance.now();
    try {
      await executeNamed(handle.db, 'health', sql`select 1`);
      const ms = round2(performance.now() - started);
      latencies.push(options.now(), ms);
      return ms;
    } catch {
      return null;
    }
  }

  function rollEventLoopWindow() {
    if (!loop) return;
    const now = options.now();
    if (now - loopWindowStart < EVENT_LOOP_WINDOW_MS) return;
    previousLoopP99 = loop.count > 0 ? loop.percentile(99) / 1e6 : null;
    loop.reset();
    loopWindowStart = now;
  }

  return {
    options,
    handle,
    latencies,
    start() {
      if (timer) return;
      loop = monitorEventLoopDelay({ resolution: 20 });
      loop.enable();
      loopWindowStart = options.now();
      timer = setInterval(() => {
        rollEventLoopWindow();
        // One probe at a time: a database that hangs does not pile them up.
        probing ??= probe().finally(() => (probing = null));
      }, options.probeIntervalMs);
      // The probe never keeps the process alive on its own.
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      loop?.disable();
      loop = undefined;
    },
    probe,
    recordResponse(response) {
      const now = options.now();
      responses.add(now);
      if (response.statusCode >= 500) serverErrors.add(now);
      for (const listener of listeners) listener(response);
    },
    onResponse(listener) {
      listeners.push(listener);
    },
    latencyP99() {
      const values = latencies.valuesSince(options.now() - options.latencyWindowSeconds * 1000);
      const p99 = percentile(values, 99);
      return { valueMs: p99 === null ? null : round2(p99), samples: values.length };
    },
    requestsPerMinute: () => responses.total(options.now()),
    serverErrorsPerMinute: () => serverErrors.total(options.now()),
    eventLoopDelayP99Ms() {
      rollEventLoopWindow();
      const current = loop && loop.count > 0 ? loop.percentile(99) / 1e6 : null;
      const worst = Math.max(current ?? -1, previousLoopP99 ?? -1);
      return worst < 0 ? null : round2(worst);
    },
  };
}
